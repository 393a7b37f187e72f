package games

import "slices"

// CapBox applies a house's maximum payout per box (RULES.md §6 row 32): when
// the box's winnings (the positive pays) exceed limit, the largest pays are cut
// first until they total limit, and each cut wager's reason says so. A limit of
// 0 means no cap. Stakes are always returned in full; only winnings are capped.
func CapBox(b *BoxResult, limit Money) {
	if limit <= 0 {
		return
	}
	var won Money
	for _, w := range b.Wagers {
		if w.Pays > 0 {
			won += w.Pays
		}
	}
	excess := won - limit
	if excess <= 0 {
		return
	}
	idx := make([]int, 0, len(b.Wagers))
	for i, w := range b.Wagers {
		if w.Pays > 0 {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, c int) int { return int(b.Wagers[c].Pays - b.Wagers[a].Pays) })
	for _, i := range idx {
		if excess == 0 {
			break
		}
		w := &b.Wagers[i]
		cut := min(w.Pays, excess)
		w.Pays -= cut
		excess -= cut
		w.Add("; cut by "+cut.String()+" to the house's maximum payout of "+limit.String()+" per box",
			ReasonCut, "Cut", cut, "Limit", limit)
		if w.Pays == 0 {
			w.Result = Push
		}
	}
	b.Total()
}
