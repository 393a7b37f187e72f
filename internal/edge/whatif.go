package edge

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
)

// WithRow returns a copy of pt with row key paying o: the review page's
// "what if" (Query.Table). The copy is named after the change, "B, flush
// 7:1", so that a result never passes for the table itself. The error is one
// line naming the table's rows.
func WithRow(pt games.PayTable, key string, o games.Odds) (games.PayTable, error) {
	i := slices.IndexFunc(pt.Rows, func(r games.PayRow) bool { return r.Key == key })
	if i < 0 {
		keys := make([]string, len(pt.Rows))
		for j, r := range pt.Rows {
			keys[j] = r.Key
		}
		return pt, fmt.Errorf("%s table %s has no row %q (rows: %s)", pt.Kind, pt.Name, key, strings.Join(keys, ", "))
	}
	if o.IsZero() || o.Win < 0 {
		return pt, fmt.Errorf("%s: odds %s: want X:Y with Y at least 1", key, o)
	}
	out := pt
	out.Rows = slices.Clone(pt.Rows)
	out.Rows[i].Odds = o
	out.Name = fmt.Sprintf("%s, %s %s", pt.Name, strings.ReplaceAll(key, "_", " "), o)
	return out, nil
}

// RowName names a pay-table row as a dealer says it ("ace-king high"), as
// the Rows of a Result do: for the review page, which also lists the rows of
// simulated tables, whose Results carry none.
func RowName(key string) string { return rowWords(key) }
