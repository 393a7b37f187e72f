package templates

import (
	"math/big"
	"strconv"
	"strings"
)

// The pay-table review page's addresses (issue 5). Each is a GET: a figure
// is a pure function of what the address names, so computing it is filling
// a cache, and a page waiting for one can simply be loaded again.
const (
	PayTablesURL       = "/tools/paytables"            // ?game=; &wager= for one wager's figures
	PayTablesSimURL    = "/tools/paytables/simulation" // ?game=&wager=&table=&rounds=
	PayTablesWhatIfURL = "/tools/paytables/whatif"     // ?game=&wager=&table=&row=&odds=[&rounds=]
)

// PayTablesView is the pay-table review page of one game.
type PayTablesView struct {
	Page
	House    string
	GameName string
	Games    []GameTab
	Wagers   []WagerView
}

// WagerView is one wager of the game: the house's table and every other
// table the house could choose, priced, and the what-if form.
type WagerView struct {
	Wager      string // edge's name: "trips", "main"
	Title      string // "Trips"
	Method     string // how it is computed, for people
	HouseTable string
	Others     []string
	// Book is the section of the house's rule book that states the table
	// (empty when the book prints none).
	Book Citation
	// Exact wagers: every table at once, or the count's progress.
	Exact   bool
	Figures FiguresView
	// Simulated wagers: one card per table, each run on demand.
	Sims []SimCard
	// WhatIf is nil where no row change can be priced alone (NoWhatIf says why).
	WhatIf   *WhatIfForm
	NoWhatIf string
}

// FiguresID is the ID of an exact wager's figures, which a poll replaces.
func FiguresID(wager string) string { return "pt-" + wager + "-figures" }

// WagerID is the ID of a wager's section.
func WagerID(wager string) string { return "pt-" + wager }

// SimCardID is the ID of a simulated table's card.
func SimCardID(wager, table string) string { return "pt-" + wager + "-sim-" + idPart(table) }

// WhatIfID is the ID of a wager's what-if block (form and result).
func WhatIfID(wager string) string { return "pt-" + wager + "-whatif" }

// WhatIfResultID is the ID of the what-if's result, which a poll replaces.
func WhatIfResultID(wager string) string { return "pt-" + wager + "-whatif-result" }

// idPart keeps a table name usable in an ID: "B, flush 7:1" → "B--flush-7-1".
func idPart(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9', r == '_':
			return r
		}
		return '-'
	}, s)
}

// FiguresView is an exact wager's tables, or why they are not shown yet.
type FiguresView struct {
	Wager   string
	Pending *ProgressBar
	Problem string
	Tables  []TableFigures
	Notes   []string // what every table's figures assume
	Elapsed string   // how long the count and the pricing took here
}

// FigureSlot is one figure that may still be computing: exactly one of
// Pending, Problem and Figures is set (Figures may also be nil for a
// simulation not yet asked for).
type FigureSlot struct {
	Pending *ProgressBar
	Problem string
	Figures *TableFigures
}

// TableFigures is one pay table priced.
type TableFigures struct {
	Name         string // the rules file's name: the card's id, never shown
	Title        string // the table in words (view's tableTitle)
	Label        string // for people and screen readers: "Trips table B"
	House        bool   // the house's own choice
	Changed      string // a what-if: the row changed, "flush 7:1"
	Per          string // the message id of what the house edge is a share of: "paytables.per_unit"
	Simulated    bool
	Combinations string // exact: hands counted, "133,784,560"
	Strategy     string // simulated: the named strategy
	Rounds       string
	Seed         string
	HouseEdge    Figure
	// Return is the return to player, the stake included: 1 − HouseEdge
	// (per unit staked, or per unit of Ante as Per says).
	Return Figure
	// Pays is what the rows pay on average, the stake not included, where
	// a wager has no house edge of its own (Instant Cash).
	Pays         Figure
	HitFrequency Figure
	Rows         []FigureRow
	Extra        []FigureLine // simulated: other figures of the same rounds
	Notes        []string
	Elapsed      string // how long it took here: "0.42 s"
}

// Figure is one number: Value is the decimal text edge wrote (a fraction of
// one, exact to 12 significant digits or simulated to 7), "" for none.
type Figure struct {
	Value  string
	Exact  string // the exact fraction "48987/2572780", if any
	StdErr string // a simulated figure's standard error, if any
}

// FigureRow is one row of a table with how often it is hit.
type FigureRow struct {
	Hand        string
	Pays        string
	Count       string // "" for a simulated table's row
	Probability string // decimal text, a fraction of one
	Return      string // the row's share of the return to player, the stake included
	Changed     bool
}

// FigureLine is one more simulated figure ("bet 4× pre-flop").
type FigureLine struct {
	Name, Value, StdErr, Note string
}

// ProgressBar is a computation under way: a <progress> bar that htmx polls
// (PollURL) and a plain link that loads the page again without JavaScript.
type ProgressBar struct {
	Stage       string // "counting 133,784,560 seven-card hands of 52 cards"
	Done, Total int64
	Queued      bool // waiting for the computations ahead of it
	Elapsed     string
	PollURL     string
	RefreshURL  string
	ID          string // of the element that shows it (for aria)
}

// Percent is the progress in whole percent.
func (p ProgressBar) Percent() int {
	if p.Total <= 0 {
		return 0
	}
	return int(p.Done * 100 / p.Total)
}

// SimCard is one simulated table: its rows, and its simulation once asked for.
type SimCard struct {
	ID    string
	Table string // the rules file's name: the card's id, never shown
	Title string // the table in words (view's tableTitle)
	Label string // "Ante, Blind and Play table A"
	House bool
	Rows  []FigureRow // the table's odds (a simulation has no counts)
	Slot  FigureSlot
	Form  SimForm
}

// SimForm asks for a simulation of one table.
type SimForm struct {
	Game, Wager, Table string
	Target             string // the card's ID
	Rounds             []Option
}

// WhatIfForm is a wager's "what if": one row of one table at new odds, with
// the figures before and after.
type WhatIfForm struct {
	ID     string
	Game   string
	Wager  string
	Title  string // the wager's: "Trips"
	Tables []Option
	Rows   []Option
	Odds   string
	Rounds []Option // simulated wagers only
	Errors Errors
	Result *WhatIfResult
}

// Problems lists the form's field messages in the order of the fields, for
// the summary at the top of the form.
func (f WhatIfForm) Problems() []FieldProblem {
	var out []FieldProblem
	for _, name := range []string{"game", "wager", "table", "row", "odds", "rounds"} {
		if msg := f.Errors[name]; msg != "" {
			out = append(out, FieldProblem{Field: name, ID: WhatIfFieldID(f.Wager, name), Message: msg})
		}
	}
	return out
}

// FieldProblem is one field's message in a form's summary.
type FieldProblem struct {
	Field, ID, Message string
}

// WhatIfFieldID is the ID of a what-if control.
func WhatIfFieldID(wager, name string) string { return "wi-" + wager + "-" + name }

// WhatIfResult is the what-if's figures beside the table's own.
type WhatIfResult struct {
	ID       string
	Original FigureSlot
	Changed  FigureSlot
	// Difference is Changed less Original of the figure DifferenceOf names
	// ("house edge", or "return" where there is no edge), decimal text.
	Difference   string
	DifferenceOf string // the message id of the figure: "paytables.of_house_edge"
	Note         string
	PollURL      string // set while either side is computing
}

// Percent writes a decimal fraction as a percentage without losing or
// inventing a digit: "0.019040493163" → "1.9040493163%", "-0.5" → "−50%",
// "6.005079e-05" → "0.006005079%".
func Percent(dec string) string {
	p, ok := shiftDecimal(dec, 2)
	if !ok {
		return "–" // no figure, or edge's "null" for one that could not be estimated
	}
	return minus(p) + "%"
}

// SignedPercent is Percent with a sign on changes: "+1.2%", "−0.4%", "0%".
func SignedPercent(dec string) string {
	p := Percent(dec)
	if p != "–" && !strings.HasPrefix(p, "−") && strings.Trim(dec, "0.-+") != "" {
		return "+" + p
	}
	return p
}

// Points writes a difference of two fractions as signed percentage points:
// "-0.0302549412279" → "−3.02549412279 percentage points".
func Points(dec string) string {
	return strings.TrimSuffix(SignedPercent(dec), "%") + " percentage points"
}

// minus writes a leading hyphen as a minus sign.
func minus(s string) string {
	if rest, ok := strings.CutPrefix(s, "-"); ok {
		return "−" + rest
	}
	return s
}

// shiftDecimal multiplies the decimal text s by 10^places by moving its
// point; it reads an exponent ("1.5e-05") and writes plain decimals. It
// reports false for text that is not a number.
func shiftDecimal(s string, places int) (string, bool) {
	neg := strings.HasPrefix(s, "-")
	body := strings.TrimPrefix(s, "-")
	exp := 0
	if i := strings.IndexAny(body, "eE"); i >= 0 {
		e, err := strconv.Atoi(body[i+1:])
		if err != nil {
			return s, false
		}
		exp, body = e, body[:i]
	}
	intPart, frac, _ := strings.Cut(body, ".")
	digits := intPart + frac
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return s, false
	}
	point := len(intPart) + exp + places // digits before the point
	switch {
	case point <= 0:
		digits = strings.Repeat("0", 1-point) + digits
		point = 1
	case point > len(digits):
		digits += strings.Repeat("0", point-len(digits))
	}
	out := strings.TrimLeft(digits[:point], "0")
	if out == "" {
		out = "0"
	}
	if f := strings.TrimRight(digits[point:], "0"); f != "" {
		out += "." + f
	}
	if neg && strings.Trim(out, "0.") != "" {
		out = "-" + out
	}
	return out, true
}

// Count writes a whole number with thousands separators: "133,784,560".
func Count(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "−" + b.String()
	}
	return b.String()
}

// upperFirst capitalises the first letter of a stage: "counting …" → "Counting …".
func upperFirst(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}

// RoundSignificant rounds the decimal text dec to n significant digits
// (halves away from zero), for a standard error: "0.004985965" with n = 2 is
// "0.0050". Text that is not a plain decimal comes back unchanged, and
// Percent shows it as a dash. The rounding is exact (math/big), so the
// figure shown is the figure given, to fewer digits.
func RoundSignificant(dec string, n int) string {
	r, ok := new(big.Rat).SetString(dec)
	if !ok || n < 1 || strings.ContainsAny(dec, "eE/") {
		return dec
	}
	if r.Sign() == 0 {
		return dec
	}
	// e is the power of ten of the first significant digit.
	digits := strings.TrimLeft(dec, "+-")
	whole, frac, _ := strings.Cut(digits, ".")
	var e int
	if w := strings.TrimLeft(whole, "0"); w != "" {
		e = len(w) - 1
	} else {
		e = -(len(frac) - len(strings.TrimLeft(frac, "0")) + 1)
	}
	return r.FloatString(max(0, n-1-e))
}

// PercentSig writes the decimal fraction dec as a percentage to n
// significant digits, the way a manager reads a pay table: "0.019040493163"
// with n = 3 is "1.90%", "0.980959506837" is "98.1%", "3.23206205559e-05"
// is "0.00323%". The rounding is exact (halves away from zero); trailing
// zeros are kept, since they are significant. Text that is not a number is
// a dash, as in Percent.
func PercentSig(dec string, n int) string {
	r, ok := new(big.Rat).SetString(dec)
	if !ok || n < 1 {
		return "–"
	}
	r.Mul(r, big.NewRat(100, 1))
	if r.Sign() == 0 {
		return "0%"
	}
	neg := r.Sign() < 0
	r.Abs(r)
	// e is the power of ten of the first significant digit: 10^e ≤ r < 10^(e+1).
	e, ten := 0, big.NewRat(10, 1)
	for p := big.NewRat(1, 1); r.Cmp(p) < 0; p.Quo(p, ten) {
		e--
	}
	if e == 0 {
		for p := big.NewRat(10, 1); r.Cmp(p) >= 0; p.Mul(p, ten) {
			e++
		}
	}
	s := r.FloatString(max(0, n-1-e))
	// Rounding up may add a digit (99.96 → "100.0"): write one place fewer.
	if digits := strings.TrimLeft(strings.ReplaceAll(s, ".", ""), "0"); len(digits) > n && strings.Contains(s, ".") {
		s = r.FloatString(max(0, n-2-e))
	}
	if neg {
		return "−" + s + "%"
	}
	return s + "%"
}

// PointsSig writes a difference of two fractions as signed percentage
// points to 3 significant digits: "-0.0302549412279" → "−3.03 percentage
// points".
func PointsSig(dec string) string {
	p := strings.TrimSuffix(PercentSig(dec, 3), "%")
	if p != "–" && p != "0" && !strings.HasPrefix(p, "−") {
		p = "+" + p
	}
	return p + " percentage points"
}

// ExactLine is one figure of a table to every digit computed.
type ExactLine struct {
	Name string // the figure's message id: "paytables.house_edge"
	Figure
}

// ExactLines are the table's figures for "Exact figures", in the order of
// the card.
func (t TableFigures) ExactLines() []ExactLine {
	var out []ExactLine
	for _, l := range []ExactLine{{"paytables.house_edge", t.HouseEdge}, {"paytables.return", t.Return}, {"paytables.pays", t.Pays}, {"paytables.hit_frequency", t.HitFrequency}} {
		if l.Value != "" {
			out = append(out, l)
		}
	}
	return out
}

// anyReturn reports whether any row has a return: the Blind's rows have
// none (it pays only when the hand also wins), and then the column is left
// out rather than shown empty.
func anyReturn(rows []FigureRow) bool {
	for _, r := range rows {
		if r.Return != "" {
			return true
		}
	}
	return false
}
