package rulebook

import (
	"bytes"
	"fmt"
	"maps"
	"path"
	"reflect"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/book"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// Changes is what one house's rules change from one version to the next, in
// the terms a manager approves them in: the sections of its rule books, the
// rows of its pay tables and its settings (Compare).
type Changes struct {
	Sections []SectionChange
	Rows     []RowChange
	Settings []SettingChange
	// Others are the changed rules files that none of the above shows, in
	// words ("the certification standards").
	Others []string
	// Languages are the changes to each translation of the books, in the
	// order of i18n.Offered: the sections whose translated title or text
	// came, went or changed. A section read in English in both versions
	// is not one (Sections shows it).
	Languages []LanguageChanges
}

// LanguageChanges are the sections of one language's books that changed.
type LanguageChanges struct {
	Lang     string // "it"
	Sections []SectionChange
}

// Empty reports whether nothing changed.
func (c Changes) Empty() bool {
	return len(c.Sections) == 0 && len(c.Rows) == 0 && len(c.Settings) == 0 && len(c.Others) == 0 && len(c.Languages) == 0
}

// SectionChange is a section of a book added, removed or changed.
type SectionChange struct {
	Game   string
	Change string        // FileAdded, FileRemoved or FileChanged
	Old    *book.Section // nil when added
	New    *book.Section // nil when removed
}

// RowChange is one row of one of the house's pay tables paying otherwise:
// its odds changed, the row came or went, or the house chose another table.
type RowChange struct {
	Game     string
	Kind     string // the table's kind: "trips"
	Row      string // the row's key: "flush"
	OldTable string // the table's name in each version: "B"
	NewTable string
	Old, New string // what the row pays, in words ("6 to 1"); "nothing" when it is not paid
}

// SettingChange is one setting with its old and new value, in words.
type SettingChange struct {
	Game     string // "" for a setting of the whole house
	Label    string // "Fold forfeits Trips"
	Key      string // the key, for developers' logs only
	Old, New string
}

// Compare lists what house's rules change from old to new. With old nil (or
// without the house) every section is new. Both must have the house's
// books: Load has built them.
func Compare(old, new *Book, house string) (Changes, error) {
	nh, err := new.House(house)
	if err != nil {
		return Changes{}, err
	}
	var oh *House
	if old != nil {
		oh = old.Houses[nh.Name]
	}
	var c Changes
	for _, lang := range translatedLangs() {
		lc := LanguageChanges{Lang: lang}
		for _, g := range GameSlugs {
			lc.Sections = append(lc.Sections, compareTranslations(g, lang, oh, nh)...)
		}
		if len(lc.Sections) > 0 {
			c.Languages = append(c.Languages, lc)
		}
	}
	for _, g := range GameSlugs {
		c.Sections = append(c.Sections, compareBooks(g, oh, nh)...)
		if oh == nil {
			continue
		}
		c.Rows = append(c.Rows, compareTables(g, oh, nh)...)
		c.Settings = append(c.Settings, compareSettings(g, oh.Settings(g), nh.Settings(g), nh)...)
	}
	if oh == nil {
		return c, nil
	}
	c.Settings = append(compareHouse(oh, nh), c.Settings...)
	c.Others = otherFiles(old.Files, new.Files, nh.Name)
	return c, nil
}

func compareBooks(game string, oh, nh *House) []SectionChange {
	var out []SectionChange
	nb := nh.Book(game)
	if nb == nil {
		return nil
	}
	var ob *book.Book
	if oh != nil {
		ob = oh.Book(game)
	}
	for i := range nb.Sections {
		ns := &nb.Sections[i]
		if ob == nil {
			out = append(out, SectionChange{Game: game, Change: FileAdded, New: ns})
			continue
		}
		os, ok := ob.Section(ns.ID)
		switch {
		case !ok:
			out = append(out, SectionChange{Game: game, Change: FileAdded, New: ns})
		case os.Title != ns.Title || os.Markdown != ns.Markdown:
			out = append(out, SectionChange{Game: game, Change: FileChanged, Old: &os, New: ns})
		}
	}
	if ob != nil {
		for i := range ob.Sections {
			if _, ok := nb.Section(ob.Sections[i].ID); !ok {
				out = append(out, SectionChange{Game: game, Change: FileRemoved, Old: &ob.Sections[i]})
			}
		}
	}
	return out
}

// compareTranslations lists the sections of game's book in lang whose
// translation came, went or changed. A version older than the translations
// has none: every translated section of the new one is new.
func compareTranslations(game, lang string, oh, nh *House) []SectionChange {
	own := func(h *House) *book.Book {
		if h == nil {
			return nil
		}
		if b := h.BookIn(game, lang); b != nil && b.Lang == lang {
			return b
		}
		return nil
	}
	nb, ob := own(nh), own(oh)
	if nb == nil {
		return nil
	}
	var out []SectionChange
	for i := range nb.Sections {
		ns := &nb.Sections[i]
		var os book.Section
		ok := false
		if ob != nil {
			os, ok = ob.Section(ns.ID)
		}
		was, is := ok && os.Lang == lang, ns.Lang == lang
		switch {
		case !was && !is:
		case !was:
			out = append(out, SectionChange{Game: game, Change: FileAdded, New: ns})
		case !is:
			out = append(out, SectionChange{Game: game, Change: FileRemoved, Old: &os})
		case os.Title != ns.Title || os.Markdown != ns.Markdown:
			out = append(out, SectionChange{Game: game, Change: FileChanged, Old: &os, New: ns})
		}
	}
	if ob != nil {
		for i := range ob.Sections {
			if _, ok := nb.Section(ob.Sections[i].ID); !ok && ob.Sections[i].Lang == lang {
				out = append(out, SectionChange{Game: game, Change: FileRemoved, Old: &ob.Sections[i]})
			}
		}
	}
	return out
}

func compareTables(game string, oh, nh *House) []RowChange {
	ot := houseTables(reflect.ValueOf(oh.Settings(game)).Elem())
	nt := houseTables(reflect.ValueOf(nh.Settings(game)).Elem())
	var out []RowChange
	for _, spec := range tableSpecs[game] {
		o, n := ot[spec.Kind], nt[spec.Kind]
		for _, key := range spec.Rows {
			ow, nw := rowPays(o, key, oh.Currency), rowPays(n, key, nh.Currency)
			if ow != nw {
				out = append(out, RowChange{Game: game, Kind: spec.Kind, Row: key, OldTable: o.Name, NewTable: n.Name, Old: ow, New: nw})
			}
		}
	}
	return out
}

// rowPays is what row key of pt pays, in words, or "nothing".
func rowPays(pt games.PayTable, key, currency string) string {
	for _, r := range pt.Rows {
		if r.Key != key {
			continue
		}
		switch {
		case r.Percent > 0:
			return games.Money(r.Percent).String() + "% of the jackpot meter"
		case r.Amount > 0:
			return strings.TrimSpace(currency + " " + r.Amount.String())
		}
		return book.OddsText(r.Odds)
	}
	return "nothing"
}

// compareSettings lists the settings of a game (two settings structs) that
// differ, the pay-table names left to the rows.
func compareSettings(game string, old, new any, h *House) []SettingChange {
	om := flatSettings(settingMap(reflect.ValueOf(old).Elem()), "")
	nm := flatSettings(settingMap(reflect.ValueOf(new).Elem()), "")
	var out []SettingChange
	for _, k := range slices.Sorted(maps.Keys(nm)) {
		ov, nv := settingWords(om[k], h.Currency), settingWords(nm[k], h.Currency)
		if ov != nv {
			out = append(out, SettingChange{Game: game, Key: game + "." + k, Label: SettingLabel(k), Old: ov, New: nv})
		}
	}
	return out
}

func flatSettings(m map[string]any, prefix string) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		if sub, ok := v.(map[string]any); ok {
			maps.Copy(out, flatSettings(sub, prefix+k+"."))
			continue
		}
		out[prefix+k] = v
	}
	return out
}

// compareHouse lists the house-wide settings that differ.
func compareHouse(oh, nh *House) []SettingChange {
	var out []SettingChange
	add := func(key, label, o, n string) {
		if o != n {
			out = append(out, SettingChange{Key: "house." + key, Label: label, Old: o, New: n})
		}
	}
	add("title", "The house's name", oh.Title, nh.Title)
	add("currency", "Currency", oh.Currency, nh.Currency)
	add("language", "The house's language", languageName(oh.Language), languageName(nh.Language))
	add("rounding", "Rounding of payments", roundingWords(oh.Rounding.Mode), roundingWords(nh.Rounding.Mode))
	add("smallest_chip", "Smallest chip", money(oh.Currency, oh.Rounding.Chip), money(nh.Currency, nh.Rounding.Chip))
	add("chips", "Chips", chipWords(oh), chipWords(nh))
	for _, g := range GameSlugs {
		ol, nl := oh.Limits[g], nh.Limits[g]
		add("limits."+g, "Table limits of "+gameNames[g], money(oh.Currency, ol.Min)+" to "+money(oh.Currency, ol.Max),
			money(nh.Currency, nl.Min)+" to "+money(nh.Currency, nl.Max))
	}
	logo := func(l *Logo) string {
		if l == nil {
			return "none"
		}
		return "a picture (" + strings.ToUpper(strings.TrimPrefix(path.Ext(l.File), ".")) + ")"
	}
	if ol, nl := logo(oh.Logo), logo(nh.Logo); ol != nl || oh.Logo != nil && nh.Logo != nil && !bytes.Equal(oh.Logo.Data, nh.Logo.Data) {
		out = append(out, SettingChange{Key: "house.logo", Label: "Logo", Old: ol, New: nl + map[bool]string{true: ", redrawn"}[ol == nl]})
	}
	return out
}

var gameNames = map[string]string{"uth": "Ultimate Texas Hold'em", "oracle": "Texas Oracle", "thrill": "7 Card Thrill", "lunar": "Lunar Poker"}

func money(currency string, m games.Money) string {
	return strings.TrimSpace(currency + " " + m.String())
}

func roundingWords(m games.RoundingMode) string {
	switch m {
	case games.RoundUp:
		return "up to the smallest chip"
	case games.RoundNearest:
		return "to the nearest smallest chip"
	}
	return "down to the smallest chip"
}

func chipWords(h *House) string {
	parts := make([]string, len(h.Chips))
	for i, c := range h.Chips {
		parts[i] = c.Value.String()
	}
	return strings.Join(parts, ", ")
}

// settingWords writes a setting's value as a manager reads it.
func settingWords(v any, currency string) string {
	switch v := v.(type) {
	case nil:
		return "not set"
	case bool:
		if v {
			return "yes"
		}
		return "no"
	case games.Money:
		return money(currency, v)
	case games.Odds:
		return book.OddsText(v)
	case string:
		return valueWords(v)
	case fmt.Stringer:
		return v.String()
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Slice {
		parts := make([]string, rv.Len())
		for i := range parts {
			parts[i] = settingWords(rv.Index(i).Interface(), currency)
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprint(v)
}

// valueWords writes a setting's word value ("void_and_redeal",
// "folds,right_to_left") as words.
func valueWords(s string) string {
	s = strings.ReplaceAll(s, ",", ", then ")
	return strings.ReplaceAll(s, "_", " ")
}

// SettingLabel names a setting's key in words: "fold_forfeits_trips" is
// "Fold forfeits Trips". The kiosk shows settings to managers by it, never
// by the key.
func SettingLabel(key string) string {
	words := strings.Fields(strings.NewReplacer("_", " ", ".", " ").Replace(key))
	for i, w := range words {
		if r, ok := settingWordsMap[w]; ok {
			words[i] = r
		}
	}
	s := strings.Join(words, " ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// settingWordsMap spells out the words of setting keys that are short or
// are the names of bets.
var settingWordsMap = map[string]string{
	"noqual": "when the dealer does not qualify", "multisuper": "Multi Super", "pkob": "Pair of Kings or Better",
	"trips": "Trips", "ante": "Ante", "blind": "Blind", "bet": "BET", "super": "Super", "kj": "king-jack",
	"progressive": "Progressive",
}

// otherFiles names, in words, the changed files that no section, row or
// setting shows.
func otherFiles(old, new map[string][]byte, house string) []string {
	seen := map[string]bool{}
	var out []string
	for _, fc := range Diff(old, new) {
		p := fc.Path
		var what string
		switch {
		case p == "certification.toml" || p == path.Join("houses", house, "certification.toml"):
			what = "The certification standards (what each exam holds and what passes it)"
		case p == "drills.toml":
			what = "The practice levels and target times"
		case strings.HasPrefix(p, "procedures/") || houseProcedures(p, house) || houseProcedures(p, DefaultHouse):
			what = "The ruling situations and sequences of play"
		}
		if what != "" && !seen[what] {
			seen[what] = true
			out = append(out, what)
		}
	}
	return out
}

// houseProcedures reports whether p is house's procedures.toml or one of
// its translations (procedures.<lang>.toml).
func houseProcedures(p, house string) bool {
	dir, file := path.Split(p)
	return dir == "houses/"+house+"/" && strings.HasPrefix(file, "procedures.") && strings.HasSuffix(file, ".toml")
}

// languageName is a language as its own speakers name it: "Italiano".
func languageName(tag string) string {
	for _, l := range i18n.Offered {
		if l.Tag == tag {
			return l.Name
		}
	}
	return tag
}
