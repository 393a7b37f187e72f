package book

import (
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"strings"
	"text/template"
	"unicode"
	"unicode/utf8"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// Env is what a book is written with: one house's values for one game,
// handed in as plain data by the caller (package rulebook), so that this
// package reads no house file itself.
type Env struct {
	Game string // the slug: "uth"
	// Lang is the language the book is written in: "" or "en" for the
	// English source, else an offered language ("it", "ru") whose words
	// the template functions write (a pay table's headings and rows, odds,
	// amounts with the language's decimal mark), and in which Rulings and
	// Sequences are given.
	Lang     string
	GameName string // "Ultimate Texas Hold'em"
	House    House
	// Set is the game's house settings by their key in
	// houses/<house>/<game>.toml; a setting made of several keys is a
	// nested map. The values keep their Go types (games.Money, []int64,
	// bool, string …).
	Set    map[string]any
	Limits Limits
	// Tables is the house's pay table of each kind of the game, and Specs
	// every kind the game has with the rows a table of it may have.
	Tables map[string]games.PayTable
	Specs  []games.TableSpec
	// Rulings are the ruling situations the house asks, by id, and
	// Sequences its sequences of play. Withheld are the ids of shipped
	// situations and sequences the house does not use as shipped (it
	// changed a setting they rest on and has not rewritten them): `ruling`
	// and `steps` write nothing for them.
	Rulings   map[string]Ruling
	Sequences map[string]Sequence
	Withheld  map[string]bool
}

// House is the house as a book names it.
type House struct {
	Name         string // the display name: "Demo casino"
	Currency     string // "CHF"
	Rounding     string // "down", "up" or "nearest"
	SmallestChip games.Money
	Chips        []Chip // the chip set, smallest first
}

// Chip is one chip of the house's set: {{range .House.Chips}}{{.Label}}
// {{money .Value}}{{end}}.
type Chip struct {
	Value games.Money
	Label string // as printed on the chip: "½", "1K"
}

// Limits are the table limits on the game's main wager.
type Limits struct{ Min, Max games.Money }

// Ruling is one ruling situation as the house rules it.
type Ruling struct {
	Game  string // the situation's game slug, or "common"
	Title string
	Text  string // the house's ruling, placeholders filled in
	// Lang is the language of Title and Text ("" for the book's own): a
	// translated book whose file lacks the ruling's section still states
	// the ruling in its language where the procedures have it.
	Lang string
}

// Sequence is one sequence of play.
type Sequence struct {
	Game  string
	Title string
	Steps []string
}

// data is what a book's template sees as ".".
type data struct {
	House  House
	Game   gameData
	Set    map[string]any
	Limits Limits
}

type gameData struct{ Slug, Name string }

// writer carries one file's template run: the functions see the Env and
// record what they wrote, for the checks after parsing.
type writer struct {
	env  *Env
	file string
	// rulings are the ids `ruling` wrote a heading for; refs the ids `ref`
	// pointed at, with includes the number of `include "common"` calls.
	rulings  map[string]bool
	refs     []string
	includes int
	// canInclude is false outside a game's own book.
	canInclude bool
}

// includeMarker stands, on a line of its own, where `include "common"` puts
// the common chapters; parse finds it as an HTML comment block.
const includeMarker = "<!--book:include common-->"

// tableMarker follows the table `paytable` writes, so that the book knows
// which section states each of the house's pay tables (Book.TableSection);
// it is taken out before the section is rendered.
func tableMarker(kind string) string { return "<!--book:paytable " + kind + "-->" }

// refToken stands for a cross-reference until the book is numbered.
func refToken(id string) string { return "⟦ref:" + id + "⟧" }

func (w *writer) funcs() template.FuncMap {
	return template.FuncMap{
		"money":    w.money,
		"paytable": w.paytable,
		"pays":     w.pays,
		"ruling":   w.ruling,
		"steps":    w.steps,
		"times":    w.times,
		"odds":     w.odds,
		"include":  w.include,
		"ref":      w.ref,
	}
}

// money writes an amount with the currency: "CHF 2", "CHF 0.50", "CHF 25,000".
func (w *writer) money(v any) (string, error) {
	m, ok := v.(games.Money)
	if !ok {
		return "", fmt.Errorf("want an amount (a money setting or limit), got %v", v)
	}
	return w.moneyText(m), nil
}

// moneyText writes an amount in the book's language, after the currency as
// the house writes it: "CHF 0.50", "CHF 0,50".
func (w *writer) moneyText(m games.Money) string {
	s := w.loc().Money(int64(m))
	if w.env.House.Currency == "" {
		return s
	}
	return w.env.House.Currency + " " + s
}

// loc speaks the book's language.
func (w *writer) loc() *i18n.Localizer { return localizer(w.env.Lang) }

func localizer(lang string) *i18n.Localizer {
	if lang == "" {
		lang = i18n.Source
	}
	return i18n.Default().Localizer(lang)
}

// oddsIn writes odds in words in the language of l: "3 to 2", "3 a 2",
// "3 к 2".
func oddsIn(l *i18n.Localizer, o games.Odds) string {
	return l.T("book_text.odds", "Paid", o.Win, "Staked", o.Per)
}

// group writes n with thousands separated by commas: "20,000".
func group(n int64) string {
	s := big.NewInt(n).String()
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// OddsText writes odds in words: "3 to 2", "10,000 to 1".
func OddsText(o games.Odds) string { return group(o.Win) + " to " + group(o.Per) }

// spec returns the game's table kind.
func (w *writer) spec(kind string) (games.TableSpec, error) {
	i := slices.IndexFunc(w.env.Specs, func(s games.TableSpec) bool { return s.Kind == kind })
	if i < 0 {
		var kinds []string
		for _, s := range w.env.Specs {
			kinds = append(kinds, s.Kind)
		}
		return games.TableSpec{}, fmt.Errorf("%s has no pay table of kind %q (kinds: %s)", w.env.GameName, kind, strings.Join(kinds, ", "))
	}
	return w.env.Specs[i], nil
}

// rowPays is what a row pays in words.
func (w *writer) rowPays(r games.PayRow) string {
	l := w.loc()
	switch {
	case r.Percent > 0:
		// Percent is in hundredths of a percent, as an amount is in
		// hundredths of the currency: 2.5 % is written 2,5 % in Italian.
		return l.T("book_text.jackpot", "Percent", l.Amount(r.Percent))
	case r.Amount > 0:
		return w.moneyText(r.Amount)
	}
	return oddsIn(l, r.Odds)
}

// rowTitle names a pay-table row in the book's language, from the hands
// catalogue (content/i18n/hands), with a capital.
func (w *writer) rowTitle(key string) string {
	if t := w.loc().T("row." + key); t != "row."+key && w.env.Lang != "" && w.env.Lang != i18n.Source {
		return capital(t)
	}
	return RowTitle(key)
}

// RowTitle names a pay-table row for a book's table: the words the pay-table
// page uses, with a capital.
func RowTitle(key string) string { return capital(games.RowWords(key)) }

func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// paytable writes the house's table of kind as a Markdown table: the rows it
// pays, highest first, and their odds in words.
func (w *writer) paytable(kind string) (string, error) {
	if _, err := w.spec(kind); err != nil {
		return "", err
	}
	pt, ok := w.env.Tables[kind]
	if !ok {
		return "", fmt.Errorf("the house has no %s table", kind)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "| %s | %s |\n| --- | --- |\n", w.loc().T(paytableHead(kind)), w.loc().T("book_text.pays"))
	for _, r := range pt.Rows {
		fmt.Fprintf(&b, "| %s | %s |\n", w.rowTitle(r.Key), w.rowPays(r))
	}
	b.WriteString("\n" + tableMarker(kind) + "\n")
	return b.String(), nil
}

// paytableHead is the message of the first column's heading: most tables
// pay hands, a few pay the result of a wager.
func paytableHead(kind string) string {
	switch kind {
	case "main", "ante":
		return "book_text.col_bet"
	case "poker":
		return "book_text.col_result"
	}
	return "book_text.col_hand"
}

// pays writes what row of the house's table of kind pays, in words, or
// "nothing" where the house's table leaves the row out.
func (w *writer) pays(kind, row string) (string, error) {
	spec, err := w.spec(kind)
	if err != nil {
		return "", err
	}
	if !slices.Contains(spec.Rows, row) {
		return "", fmt.Errorf("a %s table has no row %q (rows: %s)", kind, row, strings.Join(spec.Rows, ", "))
	}
	for _, r := range w.env.Tables[kind].Rows {
		if r.Key == row {
			return w.rowPays(r), nil
		}
	}
	return w.loc().T("book_text.nothing"), nil
}

// ruling writes situation id as a ### subsection: its title, then the
// house's ruling. Nothing where the house does not ask it.
func (w *writer) ruling(id string) (string, error) {
	r, ok := w.env.Rulings[id]
	if !ok {
		if w.env.Withheld[id] {
			return "", nil
		}
		return "", fmt.Errorf("no ruling situation %q in procedures/%s.toml or procedures/common.toml", id, w.env.Game)
	}
	if r.Game != w.env.Game && r.Game != "common" {
		return "", fmt.Errorf("%q is a situation of another game", id)
	}
	w.rulings[id] = true
	return fmt.Sprintf("\n### %s {#%s}\n\n%s\n", r.Title, id, r.Text), nil
}

// steps writes sequence id as a numbered list of the house's steps. Nothing
// where the house does not use it as shipped.
func (w *writer) steps(id string) (string, error) {
	q, ok := w.env.Sequences[id]
	if !ok {
		if w.env.Withheld[id] {
			return "", nil
		}
		return "", fmt.Errorf("no sequence of play %q in procedures/%s.toml", id, w.env.Game)
	}
	if q.Game != w.env.Game && q.Game != "common" {
		return "", fmt.Errorf("%q is a sequence of another game", id)
	}
	var b strings.Builder
	b.WriteString("\n")
	for i, st := range q.Steps {
		fmt.Fprintf(&b, "%d. %s\n", i+1, st)
	}
	return b.String(), nil
}

// oddsSetting is a setting that holds odds or a word ("1:1" or "push"):
// Texas Oracle's Ante when the dealer does not qualify.
type oddsSetting interface {
	Odds() (games.Odds, bool)
}

// odds writes odds in words, for a setting that holds odds: "1 to 1".
func (w *writer) odds(v any) (string, error) {
	o, ok := v.(games.Odds)
	if s, isSetting := v.(oddsSetting); isSetting {
		o, ok = s.Odds()
	}
	if !ok || o.IsZero() {
		return "", fmt.Errorf("want odds (a setting written \"X:Y\"), got %v", v)
	}
	return oddsIn(w.loc(), o), nil
}

// times writes multiples in words: "3× or 4×", "2×, 3× or 4×", "4×".
func (w *writer) times(v any) (string, error) {
	rv := reflect.ValueOf(v)
	var ns []int64
	switch {
	case rv.Kind() == reflect.Slice:
		for i := range rv.Len() {
			e := rv.Index(i)
			if !e.CanInt() {
				return "", fmt.Errorf("want whole multiples, got %v", v)
			}
			ns = append(ns, e.Int())
		}
	case rv.CanInt():
		ns = []int64{rv.Int()}
	default:
		return "", fmt.Errorf("want a multiple or a list of multiples, got %v", v)
	}
	if len(ns) == 0 {
		return "", fmt.Errorf("an empty list of multiples")
	}
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprintf("%d×", n)
	}
	if len(parts) == 1 {
		return parts[0], nil
	}
	return w.loc().T("book_text.or", "Rest", strings.Join(parts[:len(parts)-1], ", "), "Last", parts[len(parts)-1]), nil
}

// include puts the common chapters here (a marker the parser finds).
func (w *writer) include(name string) (string, error) {
	if name != "common" {
		return "", fmt.Errorf("only \"common\" can be included, not %q", name)
	}
	if !w.canInclude {
		return "", fmt.Errorf("only a game's shipped book (books/<game>.md) includes \"common\"")
	}
	w.includes++
	if w.includes > 1 {
		return "", fmt.Errorf("\"common\" is included twice")
	}
	return "\n\n" + includeMarker + "\n\n", nil
}

// ref writes a cross-reference to section id, resolved once the book is
// numbered: "§2.3 The Blind bet", as a link.
func (w *writer) ref(id string) (string, error) {
	if !ValidID(id) {
		return "", fmt.Errorf("%q is not a section id", id)
	}
	w.refs = append(w.refs, id)
	return "[" + refToken(id) + "](#" + id + ")", nil
}
