package games

import (
	"slices"
	"strings"
)

// PayTable is one named pay table of a game: the odds of each row, in the
// order of the printed layout, highest first. Rows are keyed by the names
// used in content/rules ("royal_flush", "ace_king", "five_aces").
type PayTable struct {
	Kind string // what it pays: "blind", "trips", "bet", "super" …
	Name string // the table's name: "A", "B", "standard", or a house's own
	Rows []PayRow
}

// PayRow is one row of a pay table. Most rows pay Odds; a progressive table's
// rows pay a share of the jackpot meter (Percent, in hundredths of a percent:
// 10000 is the whole meter) or a fixed Amount.
type PayRow struct {
	Key     string // "flush"
	Odds    Odds
	Percent int64
	Amount  Money
}

// TableSpec declares one kind of pay table a game reads: every row it can have,
// in the order of the printed layout (highest first), and which of them a table
// may omit (an omitted row does not pay). Progressive tables hold meter shares
// ("100%") and fixed amounts ("500") instead of odds.
type TableSpec struct {
	Kind        string
	Rows        []string
	Optional    []string
	Progressive bool
}

// Tables holds a game's validated pay tables: kind → table name → table.
type Tables map[string]map[string]PayTable

// Lookup returns the table kind/name, or false if there is none.
func (t Tables) Lookup(kind, name string) (PayTable, bool) {
	pt, ok := t[kind][name]
	return pt, ok
}

// Find returns the table kind/name for the setting key that names it, or a
// *FieldError on key listing the known names.
func (t Tables) Find(kind, name, key string) (PayTable, error) {
	pt, ok := t.Lookup(kind, name)
	if !ok {
		return PayTable{}, Fieldf(key, "no %s table %q (known: %s)", kind, name, strings.Join(t.Names(kind), ", "))
	}
	return pt, nil
}

// Names lists the table names of a kind, for error messages ("known: A, B").
func (t Tables) Names(kind string) []string {
	var out []string
	for n := range t[kind] {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// TableDefs are pay tables as written in TOML, before validation:
// kind → table name → row → "odds" text. A house file may add its own.
type TableDefs map[string]map[string]map[string]string

// Odds returns the odds of row key and whether the table pays it.
func (t PayTable) Odds(key string) (Odds, bool) {
	for _, r := range t.Rows {
		if r.Key == key {
			return r.Odds, true
		}
	}
	return Odds{}, false
}

// Top returns the highest odds in the table, the most any row can pay per unit.
func (t PayTable) Top() Odds {
	var top Odds
	for _, r := range t.Rows {
		if top.IsZero() || r.Odds.Win*top.Per > top.Win*r.Odds.Per {
			top = r.Odds
		}
	}
	return top
}

// RowName is how a row is cited to a trainee and printed by trainer settle,
// in words: "Trips table 50-40-30-8-6-5-3, full house 8:1".
func (t PayTable) RowName(key string) string {
	name := KindWords(t.Kind) + " table " + t.Name + ", " + RowWords(key)
	for _, r := range t.Rows {
		if r.Key != key {
			continue
		}
		switch {
		case !r.Odds.IsZero():
			name += " " + r.Odds.String()
		case r.Percent > 0:
			name += " " + strings.TrimSuffix(strings.TrimSuffix(Money(r.Percent).Fixed(), "0"), ".0") + "%"
		case r.Amount > 0:
			name += " " + r.Amount.String()
		}
	}
	return name
}

// KindWords names a kind of pay table by the wager it pays, as the layout
// prints it: "Pair of Kings or Better", "Instant Cash".
func KindWords(kind string) string {
	if w, ok := kindWords[kind]; ok {
		return w
	}
	return strings.ReplaceAll(kind, "_", " ")
}

// kindWords are the pay-table kinds of the four games, by the wager they pay.
var kindWords = map[string]string{
	"main":                 "Ante and Play",
	"blind":                "Blind",
	"trips":                "Trips",
	"progressive":          "Progressive",
	"ante":                 "Ante",
	"bet":                  "BET",
	"poker":                "Poker Bet",
	"kings_or_better":      "Pair of Kings or Better",
	"trips_or_better":      "3 of a Kind or Better",
	"full_house_or_better": "Full House or Better",
	"special":              "Special Bet",
	"instant":              "Instant Cash",
	"super":                "Super",
	"ante_bonus":           "Ante bonus",
}

// RowWords names a pay-table row as a dealer says it, in lower case: "royal
// flush", "ace-king high", "five aces". The pay-table page, the figures of
// package edge and the rule books all name rows through it, so that a row is
// called the same everywhere.
func RowWords(key string) string {
	if w, ok := rowWords[key]; ok {
		return w
	}
	return strings.ReplaceAll(key, "_", " ")
}

// rowWords are the rows whose key does not read as words by itself.
var rowWords = map[string]string{
	"lose":                      "anything else",
	"push":                      "anything else (push)",
	"none":                      "anything else (the round goes on)",
	"ace_king_queen":            "ace-king-queen",
	"same_colour_straight":      "same-coloured straight",
	"five_same_colour":          "five same-coloured cards",
	"aces_or_better":            "pair of aces or better",
	"pair_of_kings":             "pair of kings",
	"three_of_a_kind_or_better": "three of a kind or better",
	"full_house_or_better":      "full house or better",
	"ace_king":                  "ace-king high",
	"win_vs_king_jack_high":     "win against the dealer's king-jack high or less",
	"envy_royal_flush":          "royal flush on another box (envy bonus)",
	"envy_straight_flush":       "straight flush on another box (envy bonus)",
}
