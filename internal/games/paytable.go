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
	Name string // the table's name: "A", "B", "TCS", or a house's own
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

// RowName is how a row is cited to a trainee: "trips table B, full house 8:1".
func (t PayTable) RowName(key string) string {
	name := t.Kind + " table " + t.Name + ", " + strings.ReplaceAll(key, "_", " ")
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
