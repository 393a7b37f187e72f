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
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
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
	// words ("the certification standards"); OtherIDs are the same, in the
	// same order, as message ids of content/i18n/staff, for the reader's
	// language.
	Others   []string
	OtherIDs []string
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
	// OldWhy and NewWhy say Old and New as message ids with arguments
	// (Why), for the reader's language.
	OldWhy, NewWhy games.Why
}

// SettingChange is one setting with its old and new value, in words.
type SettingChange struct {
	Game     string // "" for a setting of the whole house
	Label    string // "Fold forfeits Trips"
	Key      string // the key, for developers' logs only
	Old, New string
	// LabelWhy, OldWhy and NewWhy say Label, Old and New as message ids
	// with arguments (Why), for the reader's language; nil where some of
	// the words have no id (they are then read in English, whole).
	// LabelWhy is nil for a game's setting: the server names it by Key,
	// as the content page does (setting.<game>.<key>).
	LabelWhy, OldWhy, NewWhy games.Why
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
	c.Others, c.OtherIDs = otherFiles(old.Files, new.Files, nh.Name)
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
			if ow.Text != nw.Text {
				out = append(out, RowChange{Game: game, Kind: spec.Kind, Row: key, OldTable: o.Name, NewTable: n.Name,
					Old: ow.Text, New: nw.Text, OldWhy: ow.Why(), NewWhy: nw.Why()})
			}
		}
	}
	return out
}

// tableDifference says two pay tables of one kind by the rows they pay
// differently, each as the rule books write it: "flush 4 to 1, straight 3
// to 1" and "flush 5 to 1, straight 4 to 1". The rows are the hands
// catalogue's (row.<key>), the pays the books' words.
func tableDifference(o, n games.PayTable, currency string) (ow, nw *games.Words) {
	ow, nw = &games.Words{}, &games.Words{}
	var keys []string
	for _, t := range []games.PayTable{o, n} {
		for _, r := range t.Rows {
			if !slices.Contains(keys, r.Key) {
				keys = append(keys, r.Key)
			}
		}
	}
	for _, key := range keys {
		op, np := rowPays(o, key, currency), rowPays(n, key, currency)
		if op.Text == np.Text {
			continue
		}
		for _, w := range []struct {
			y, pays *games.Words
			pt      games.PayTable
		}{{ow, op, o}, {nw, np, n}} {
			if w.y.Text != "" {
				w.y.Say(", ", "approval.value.comma")
			}
			if !hasRow(w.pt, key) {
				// "straight not paid", as a casino writes it, not
				// "straight nothing".
				w.y.Say(games.RowWords(key)+" not paid", "book_text.row_unpaid", "Row", games.Phrase{ID: "row." + key})
				continue
			}
			w.y.Say(games.RowWords(key)+" ", "book_text.row_then", "Row", games.Phrase{ID: "row." + key})
			w.y.Append(w.pays)
		}
	}
	return ow, nw
}

// hasRow reports whether pay table pt has a row key.
func hasRow(pt games.PayTable, key string) bool {
	return slices.ContainsFunc(pt.Rows, func(r games.PayRow) bool { return r.Key == key })
}

// rowPays is what row key of pt pays, in words, or "nothing". Its ids are
// the rule books' own (content/i18n/rulebook), so that the approval page
// says a row as the book in the reader's language does.
func rowPays(pt games.PayTable, key, currency string) *games.Words {
	y := &games.Words{}
	for _, r := range pt.Rows {
		if r.Key != key {
			continue
		}
		switch {
		case r.Percent > 0:
			// Percent is in hundredths of a percent, written as an amount.
			y.Say(games.Money(r.Percent).String()+"% of the jackpot meter", "book_text.jackpot", "Percent", games.Money(r.Percent))
		case r.Amount > 0:
			sayMoney(y, currency, r.Amount)
		default:
			sayOdds(y, r.Odds)
		}
		return y
	}
	y.Say("nothing", "book_text.nothing")
	return y
}

// Price is an amount in the house's currency given as a Why's argument:
// the reader's language writes the amount with its decimal mark, after the
// currency as the house writes it ("CHF 0,5").
type Price struct {
	Currency string
	Amount   games.Money
}

// String is the price in English: "CHF 0.5".
func (p Price) String() string { return money(p.Currency, p.Amount) }

// sayMoney appends an amount with the house's currency: "CHF 25000".
func sayMoney(y *games.Words, currency string, m games.Money) {
	y.Say(money(currency, m), "approval.value.money", "Money", Price{currency, m})
}

// sayOdds appends odds in words, as the rule books write them: "3 to 2".
// The numbers are int64s, which the reader's language groups.
func sayOdds(y *games.Words, o games.Odds) {
	y.Say(book.OddsText(o), "book_text.odds", "Paid", o.Win, "Staked", o.Per)
}

// compareSettings lists the settings of a game (two settings structs) that
// differ. A pay table the house chose (a key ending in _table) is said by
// the rows its two versions pay differently, never by the tables' names,
// which are the rules files' (issue 26).
func compareSettings(game string, old, new any, h *House) []SettingChange {
	om := flatSettings(settingMap(reflect.ValueOf(old).Elem()), "")
	nm := flatSettings(settingMap(reflect.ValueOf(new).Elem()), "")
	ot := houseTables(reflect.ValueOf(old).Elem())
	nt := houseTables(reflect.ValueOf(new).Elem())
	var out []SettingChange
	for _, k := range slices.Sorted(maps.Keys(nm)) {
		ov, nv := settingWords(k, om[k], h.Currency), settingWords(k, nm[k], h.Currency)
		if kind, ok := strings.CutSuffix(k, "_table"); ok && ov.Text != nv.Text {
			ov, nv = tableDifference(ot[kind], nt[kind], h.Currency)
		}
		if ov.Text != nv.Text {
			out = append(out, SettingChange{Game: game, Key: game + "." + k, Label: SettingLabel(k), Old: ov.Text, New: nv.Text,
				OldWhy: ov.Why(), NewWhy: nv.Why()})
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

// compareHouse lists the house-wide settings that differ. Each label is
// a message of content/i18n/staff (approval.house.*), and so is each value
// but the house's own names (its title, its currency, a language's name in
// itself), which every language writes as the house does.
func compareHouse(oh, nh *House) []SettingChange {
	var out []SettingChange
	add := func(key string, label *games.Words, o, n *games.Words) {
		if o.Text != n.Text {
			out = append(out, SettingChange{Key: "house." + key, Label: label.Text, Old: o.Text, New: n.Text,
				LabelWhy: label.Why(), OldWhy: o.Why(), NewWhy: n.Why()})
		}
	}
	said := func(english, id string, args ...any) *games.Words {
		y := &games.Words{}
		y.Say(english, id, args...)
		return y
	}
	name := func(s string) *games.Words { return said(s, "approval.value.name", "Name", s) }
	price := func(currency string, m games.Money) *games.Words {
		y := &games.Words{}
		sayMoney(y, currency, m)
		return y
	}
	add("title", said("The house's name", "approval.house.title"), name(oh.Title), name(nh.Title))
	add("currency", said("Currency", "approval.house.currency"), name(oh.Currency), name(nh.Currency))
	add("language", said("The house's language", "approval.house.language"), name(languageName(oh.Language)), name(languageName(nh.Language)))
	add("rounding", said("Rounding of payments", "approval.house.rounding"), roundingWords(oh.Rounding.Mode), roundingWords(nh.Rounding.Mode))
	add("smallest_chip", said("Smallest chip", "approval.house.smallest_chip"), price(oh.Currency, oh.Rounding.Chip), price(nh.Currency, nh.Rounding.Chip))
	add("chips", said("Chips", "approval.house.chips"), chipWords(oh), chipWords(nh))
	limits := func(currency string, l Limits) *games.Words {
		return said(money(currency, l.Min)+" to "+money(currency, l.Max), "approval.value.limits",
			"Min", Price{currency, l.Min}, "Max", Price{currency, l.Max})
	}
	for _, g := range GameSlugs {
		add("limits."+g, said("Table limits of "+gameNames[g], "approval.house.limits", "Game", gameNames[g]),
			limits(oh.Currency, oh.Limits[g]), limits(nh.Currency, nh.Limits[g]))
	}
	logo := func(l *Logo) *games.Words {
		if l == nil {
			return said("none", "approval.value.no_logo")
		}
		f := strings.ToUpper(strings.TrimPrefix(path.Ext(l.File), "."))
		return said("a picture ("+f+")", "approval.value.picture", "Format", f)
	}
	if ol, nl := logo(oh.Logo), logo(nh.Logo); ol.Text != nl.Text || oh.Logo != nil && nh.Logo != nil && !bytes.Equal(oh.Logo.Data, nh.Logo.Data) {
		if ol.Text == nl.Text {
			nl.Say(", redrawn", "approval.value.redrawn")
		}
		label := said("Logo", "approval.house.logo")
		out = append(out, SettingChange{Key: "house.logo", Label: label.Text, Old: ol.Text, New: nl.Text,
			LabelWhy: label.Why(), OldWhy: ol.Why(), NewWhy: nl.Why()})
	}
	return out
}

var gameNames = map[string]string{"uth": "Ultimate Texas Hold'em", "oracle": "Texas Oracle", "thrill": "7 Card Thrill", "lunar": "Lunar Poker"}

func money(currency string, m games.Money) string {
	return strings.TrimSpace(currency + " " + m.String())
}

func roundingWords(m games.RoundingMode) *games.Words {
	y := &games.Words{}
	switch m {
	case games.RoundUp:
		y.Say("up to the smallest chip", "approval.value.round_up")
	case games.RoundNearest:
		y.Say("to the nearest smallest chip", "approval.value.round_nearest")
	default:
		y.Say("down to the smallest chip", "approval.value.round_down")
	}
	return y
}

// chipWords lists the house's chips' values, without the currency: "1, 5, 25".
func chipWords(h *House) *games.Words {
	y := &games.Words{}
	for i, c := range h.Chips {
		if i > 0 {
			y.Say(", ", "approval.value.comma")
		}
		y.Say(c.Value.String(), "approval.value.amount", "Amount", c.Value)
	}
	return y
}

// settingWords writes the value v of setting key as a manager reads it,
// in English and as message ids (approval.value.*, approval.word.* for a
// value that is a word of the rules files, book_text.odds for odds). A
// table's name (a key ending in _table) is the content's own name, written
// as it is in every language, as the pay tables' names are. A value of a
// type this does not know is English whole.
func settingWords(key string, v any, currency string) *games.Words {
	y := &games.Words{}
	sayValue(y, key, v, currency)
	return y
}

func sayValue(y *games.Words, key string, v any, currency string) {
	switch v := v.(type) {
	case nil:
		y.Say("not set", "approval.value.not_set")
	case bool:
		if v {
			y.Say("yes", "approval.value.yes")
		} else {
			y.Say("no", "approval.value.no")
		}
	case games.Money:
		sayMoney(y, currency, v)
	case games.Odds:
		sayOdds(y, v)
	case lunar.AnteMultiple:
		// A fee as a multiple of the Ante: "1", "0.5".
		y.Say(v.String(), "approval.value.amount", "Amount", games.Money(v))
	case oracle.NoQualifyRule:
		if o, err := games.ParseOdds(string(v)); err == nil {
			sayOdds(y, o)
		} else {
			sayWord(y, string(v))
		}
	case string:
		if strings.HasSuffix(key, "_table") {
			y.Say(v, "approval.value.name", "Name", v)
			return
		}
		sayWord(y, v)
	case int, int64:
		// Settings' counts are small: written as digits, never grouped.
		y.Say(fmt.Sprint(v), "approval.value.name", "Name", fmt.Sprint(v))
	case map[string]thrill.Limit:
		sayWagerLimits(y, v, currency)
	case fmt.Stringer:
		y.English(v.String())
	default:
		rv := reflect.ValueOf(v)
		if rv.Kind() != reflect.Slice {
			y.English(fmt.Sprint(v))
			return
		}
		for i := range rv.Len() {
			if i > 0 {
				y.Say(", ", "approval.value.comma")
			}
			sayValue(y, key, rv.Index(i).Interface(), currency)
		}
	}
}

// sayWagerLimits appends 7 Card Thrill's limits per wager as a manager
// reads them, in the layout's order of the wagers: "Poker Bet: CHF 5 to
// CHF 500 · Special: at least CHF 1" (a Max of 0 is no upper limit). The
// wagers are named as the felt names them (wager.<name>). No limits at all
// is "not set", as an empty setting is.
func sayWagerLimits(y *games.Words, m map[string]thrill.Limit, currency string) {
	if len(m) == 0 {
		y.Say("not set", "approval.value.not_set")
		return
	}
	ws := slices.Clone(thrill.Wagers)
	for _, w := range slices.Sorted(maps.Keys(m)) {
		if !slices.Contains(ws, w) {
			ws = append(ws, w)
		}
	}
	first := true
	for _, w := range ws {
		l, ok := m[w]
		if !ok {
			continue
		}
		if !first {
			y.Say(" · ", "approval.value.dot")
		}
		first = false
		y.Say(thrill.WagerTitle(w), "wager."+w)
		y.Say(": ", "approval.value.colon")
		if l.Max == 0 {
			y.Say("at least "+money(currency, l.Min), "approval.value.at_least", "Min", Price{currency, l.Min})
			continue
		}
		y.Say(money(currency, l.Min)+" to "+money(currency, l.Max), "approval.value.limits",
			"Min", Price{currency, l.Min}, "Max", Price{currency, l.Max})
	}
}

// sayWord appends a word value of a setting ("void_and_redeal",
// "folds,right_to_left": one after the other), each word by its message
// approval.word.<word>; the English is valueWords'.
func sayWord(y *games.Words, s string) {
	for i, w := range strings.Split(s, ",") {
		if i > 0 {
			y.Say(", then ", "approval.value.then")
		}
		y.Say(valueWords(w), "approval.word."+w)
	}
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

// otherFiles names, in words and as message ids, the changed files that no
// section, row or setting shows.
func otherFiles(old, new map[string][]byte, house string) (words, ids []string) {
	seen := map[string]bool{}
	for _, fc := range Diff(old, new) {
		p := fc.Path
		var what, id string
		switch {
		case p == "certification.toml" || p == path.Join("houses", house, "certification.toml"):
			what, id = "The certification standards (what each exam holds and what passes it)", "approval.other.certification"
		case p == "drills.toml":
			what, id = "The practice levels and target times", "approval.other.drills"
		case strings.HasPrefix(p, "procedures/") || houseProcedures(p, house) || houseProcedures(p, DefaultHouse):
			what, id = "The ruling situations and sequences of play", "approval.other.procedures"
		}
		if what != "" && !seen[what] {
			seen[what] = true
			words, ids = append(words, what), append(ids, id)
		}
	}
	return words, ids
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

// TableDifference says two pay tables of one kind by the rows they pay
// differently, each as the rule books write it (tableDifference): the pay
// tables page names a table a house could choose by what sets it apart
// from the house's own, never by its rules-file name.
func TableDifference(o, n games.PayTable, currency string) (ow, nw *games.Words) {
	return tableDifference(o, n, currency)
}
