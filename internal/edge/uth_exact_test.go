package edge

import (
	"math/big"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/games/uth"
)

// seven52 are the published counts of the 133,784,560 seven-card hands of a
// 52-card deck by category (issue 3; Alspach, "7-card poker hands").
var seven52 = map[poker.Category]int64{
	poker.RoyalFlush: 4324, poker.StraightFlush: 37260, poker.FourOfAKind: 224848, poker.FullHouse: 3473184,
	poker.Flush: 4047644, poker.Straight: 6180020, poker.ThreeOfAKind: 6461620, poker.TwoPair: 31433400,
	poker.OnePair: 58627800, poker.HighCard: 23294460,
}

// tripsEdgeFromCounts prices a Trips table from seven52 on its own: the
// house edge is the chance of losing less the odds-weighted chance of each row.
func tripsEdgeFromCounts(pt games.PayTable) *big.Rat {
	const total = 133784560
	edge := new(big.Rat)
	var won int64
	for cat, n := range seven52 {
		if o, ok := pt.Odds(cat.Key()); ok {
			won += n
			edge.Sub(edge, big.NewRat(n*o.Win, total*o.Per))
		}
	}
	return edge.Add(edge, big.NewRat(total-won, total))
}

// TestTripsExact checks the exact Trips figures of the four Pennsylvania
// tables against the published counts, to the last digit, and table B's
// edge against the published 1.90%.
func TestTripsExact(t *testing.T) {
	if !longTests() {
		t.Skip(longSkip)
	}
	b, h := book(t), defaultHouse(t)
	w := wager(t, uth.Slug, "trips")
	for _, name := range []string{"50-40-30-9-7-4-3", "50-40-30-8-6-5-3", "50-40-30-8-7-4-3", "50-40-20-7-6-5-3"} {
		pt, err := FindTable(b, h, w, name)
		if err != nil {
			t.Fatal(err)
		}
		res := compute(t, Query{Wager: w, House: h, Table: &pt})
		if want := tripsEdgeFromCounts(pt); res.Edge.Cmp(want) != 0 {
			t.Errorf("table %s: house edge %s; want %s", name, res.Edge.RatString(), want.RatString())
		}
		if name == "50-40-30-8-6-5-3" && *res.HouseEdge != RatNum(tripsEdgeFromCounts(pt)) {
			t.Errorf("table B printed %s", *res.HouseEdge)
		}
		if f, _ := res.Edge.Float64(); name == "50-40-30-8-6-5-3" && (f < 0.01895 || f >= 0.01905) {
			t.Errorf("table B: house edge %v; published 1.90%%", f)
		}
	}
}

// TestBlindExact checks the Blind's hand distribution against the published counts.
func TestBlindExact(t *testing.T) {
	if !longTests() {
		t.Skip(longSkip)
	}
	h := defaultHouse(t)
	res := compute(t, Query{Wager: wager(t, uth.Slug, "blind"), House: h})
	var rest int64 = 133784560
	for _, r := range res.Rows {
		cat, ok := poker.CategoryByKey(r.Key)
		if !ok {
			if r.Count != rest {
				t.Errorf("%s: %d hands; want %d", r.Key, r.Count, rest)
			}
			continue
		}
		if r.Count != seven52[cat] {
			t.Errorf("%s: %d hands; want %d", r.Key, r.Count, seven52[cat])
		}
		rest -= seven52[cat]
	}
	if res.HouseEdge != nil {
		t.Errorf("house edge %s: the Blind's edge depends on the showdown", *res.HouseEdge)
	}
}
