package rulebook

import (
	"errors"
	"io/fs"
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
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// loadBooks assembles every house's rule book of every game (package book,
// docs/book.md). It runs last: a book states the house's pay tables,
// settings, rulings and steps, so all of them must be loaded first.
//
// A rules tree without a books folder is a version the kiosk recorded
// before it had rule books: it loads without them (House.Books empty), so
// that what was made under it can still be shown. The shipped rules always
// have their books (TestBooksLoaded).
func loadBooks(fsys fs.FS, b *Book) error {
	if _, err := fs.Stat(fsys, book.Dir); errors.Is(err, fs.ErrNotExist) {
		for _, h := range b.Houses {
			h.Books, h.Translations = map[string]*book.Book{}, map[string]map[string]*book.Book{}
		}
		return nil
	}
	for _, name := range b.HouseNames() {
		h := b.Houses[name]
		h.Books, h.Translations = map[string]*book.Book{}, map[string]map[string]*book.Book{}
		dir := path.Join("houses", name)
		for _, slug := range GameSlugs {
			bk, err := book.Load(fsys, dir, bookEnv(h, b.Games[slug], i18n.Source))
			if err != nil {
				return err
			}
			h.Books[slug] = bk
		}
		// The house's own language first: a section another translation
		// lacks is read in it, before English.
		langs := translatedLangs()
		if i := slices.Index(langs, h.Language); i > 0 {
			langs = append([]string{h.Language}, slices.Delete(langs, i, i+1)...)
		}
		for _, lang := range langs {
			h.Translations[lang] = map[string]*book.Book{}
			for _, slug := range GameSlugs {
				var fallback *book.Book
				if h.Language != lang && h.Language != i18n.Source {
					fallback = h.Translations[h.Language][slug]
				}
				bk, err := book.Translate(fsys, dir, bookEnv(h, b.Games[slug], lang), h.Books[slug], fallback)
				if err != nil {
					return err
				}
				h.Translations[lang][slug] = bk
			}
		}
	}
	return nil
}

// BookIn returns the house's rule book of game in language lang (docs/i18n.md):
// its translation, sections it lacks read in the house's language or in
// English with a note; the English book for English or a language the kiosk
// does not offer. Nil for an unknown game.
func (h *House) BookIn(game, lang string) *book.Book {
	if bk := h.Translations[lang][game]; bk != nil {
		return bk
	}
	return h.Books[game]
}

// CiteIn is Cite in language lang: the section's number, and its title in
// that language.
func (h *House) CiteIn(game, lang, id string) (book.Ref, bool) {
	if bk := h.BookIn(game, lang); bk != nil {
		if r, ok := bk.Ref(id); ok {
			return r, true
		}
	}
	return book.Ref{Section: id}, false
}

// Book returns the house's rule book of game, or nil for an unknown game
// (or a rules version older than the books).
func (h *House) Book(game string) *book.Book { return h.Books[game] }

// Cite resolves a citation (a section id) in the house's book of game: "§2.3
// The Blind bet" and true, or the id itself and false where the book has no
// such section.
func (h *House) Cite(game, id string) (book.Ref, bool) {
	if bk := h.Books[game]; bk != nil {
		if r, ok := bk.Ref(id); ok {
			return r, true
		}
	}
	return book.Ref{Section: id}, false
}

// bookEnv is what the book of game g at house h is written with in
// language lang: the rulings and steps are the procedures' in that language
// (Procedures.SituationIn), item by item.
func bookEnv(h *House, g *Game, lang string) book.Env {
	settings := h.Settings(g.Slug)
	env := book.Env{
		Game: g.Slug, GameName: g.Name, Lang: lang,
		House:   book.House{Name: h.Title, Currency: h.Currency, Rounding: h.Rounding.Mode.String(), SmallestChip: h.Rounding.Chip},
		Set:     settingMap(reflect.ValueOf(settings).Elem()),
		Limits:  book.Limits{Min: h.Limits[g.Slug].Min, Max: h.Limits[g.Slug].Max},
		Tables:  houseTables(reflect.ValueOf(settings).Elem()),
		Specs:   tableSpecs[g.Slug],
		Rulings: map[string]book.Ruling{}, Sequences: map[string]book.Sequence{}, Withheld: map[string]bool{},
	}
	for _, c := range h.Chips {
		env.House.Chips = append(env.House.Chips, book.Chip{Value: c.Value, Label: c.Label})
	}
	if p := h.Procedures; p != nil {
		for _, s := range p.Situations {
			if (s.Game == g.Slug || s.Game == CommonSlug) && !p.Asks(g.Slug, s.ID) {
				// Its premise does not hold at this game (premise.go): the
				// book states no ruling on a situation that cannot arise.
				env.Withheld[s.ID] = true
				continue
			}
			l := p.LangOf(lang, s.ID)
			s = p.SituationIn(lang, s.ID)
			env.Rulings[s.ID] = book.Ruling{Game: s.Game, Title: s.Title, Text: fillExample(s.Ruling, s.Vars), Lang: l}
		}
		for _, q := range p.Sequences {
			if q.Game == g.Slug && !p.Asks(g.Slug, q.ID) {
				env.Withheld[q.ID] = true
				continue
			}
			q = p.SequenceIn(lang, q.ID)
			env.Sequences[q.ID] = book.Sequence{Game: q.Game, Title: q.Title, Steps: q.Steps}
		}
		for id := range p.Unresolved {
			env.Withheld[id] = true
		}
	}
	return env
}

// tableSpecs are the kinds of pay table of each game.
var tableSpecs = map[string][]games.TableSpec{
	uth.Slug: uth.TableSpecs, oracle.Slug: oracle.TableSpecs, thrill.Slug: thrill.TableSpecs, lunar.Slug: lunar.TableSpecs,
}

// Settings returns the house's settings of game (*uth.Settings …), or nil.
func (h *House) Settings(game string) any {
	switch game {
	case uth.Slug:
		return h.UTH
	case oracle.Slug:
		return h.Oracle
	case thrill.Slug:
		return h.Thrill
	case lunar.Slug:
		return h.Lunar
	}
	return nil
}

// settingMap is a settings struct as a book's .Set: each TOML key to its
// value, nested structs as nested maps; pay tables and "-" fields left out.
func settingMap(v reflect.Value) map[string]any {
	out := map[string]any{}
	for i := range v.NumField() {
		f := v.Type().Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
		if tag == "-" || tag == "paytables" || !f.IsExported() {
			continue
		}
		if tag == "" {
			tag = f.Name
		}
		fv := v.Field(i)
		if fv.Kind() == reflect.Struct && !reflect.PointerTo(fv.Type()).Implements(textUnmarshaler) {
			out[tag] = settingMap(fv)
			continue
		}
		out[tag] = fv.Interface()
	}
	return out
}

// houseTables collects the resolved pay tables of a settings struct by kind:
// every games.PayTable field and every map of them. Reading them by type
// keeps a table a game adds from being forgotten here.
func houseTables(v reflect.Value) map[string]games.PayTable {
	out := map[string]games.PayTable{}
	pt := reflect.TypeFor[games.PayTable]()
	for i := range v.NumField() {
		fv := v.Field(i)
		switch {
		case fv.Type() == pt:
			if t := fv.Interface().(games.PayTable); t.Kind != "" {
				out[t.Kind] = t
			}
		case fv.Kind() == reflect.Map && fv.Type().Elem() == pt:
			for _, k := range fv.MapKeys() {
				if t := fv.MapIndex(k).Interface().(games.PayTable); t.Kind != "" {
					out[t.Kind] = t
				}
			}
		}
	}
	return out
}

// fillExample writes a ruling as the book states it: {box} is box 1,
// {other_box} box 2, and any other placeholder its first value.
func fillExample(text string, vars map[string][]string) string {
	fill := func(s string) string {
		s = strings.ReplaceAll(s, "{box}", "1")
		return strings.ReplaceAll(s, "{other_box}", "2")
	}
	for _, name := range slices.Sorted(maps.Keys(vars)) {
		if len(vars[name]) > 0 {
			text = strings.ReplaceAll(text, "{"+name+"}", vars[name][0])
		}
	}
	return fill(text)
}
