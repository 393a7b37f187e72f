package edge

import (
	"math/big"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
)

// seven53 are the published counts of the 154,143,080 seven-card hands of
// the 53-card deck with the bug joker, by the category of the best five
// (Alspach, "7-card poker hands with joker", 2003), with the royal flushes
// apart from the other straight flushes. Alspach gives 26,124 royals of his
// 210,964 straight flushes; counted by hand there are 26,132: 4 × C(48,2) =
// 4,512 natural ones, and 4 suits × 5 missing cards × C(47,2) = 21,620 made
// with the joker (four royal cards of a suit, the joker, and any two of the
// 47 cards that are not that suit's royal cards). The total agrees.
var seven53 = map[poker.Category]int64{
	poker.FiveAces: 1128, poker.RoyalFlush: royals53, poker.StraightFlush: 210964 - royals53, poker.FourOfAKind: 307472,
	poker.FullHouse: 4188528, poker.Flush: 6172088, poker.Straight: 11236028, poker.ThreeOfAKind: 7470676,
	poker.TwoPair: 35553816, poker.OnePair: 64221960, poker.HighCard: 24780420,
}

// naturalRoyals53 is the number of seven-card hands of 53 holding a natural
// royal flush: 4 suits × C(48, 2) for the other two cards. No seven cards hold
// two, and none of them is five aces.
const naturalRoyals53 = 4 * 1128

// royals53 are the royal flushes among them, natural or with the joker.
const royals53 = naturalRoyals53 + 4*5*1081

// TestThrillTally checks the seven-card count of the 53-card deck against the
// published figures.
func TestThrillTally(t *testing.T) {
	if !longTests() {
		t.Skip(longSkip)
	}
	h := defaultHouse(t)
	tl, err := sharedCalc.tally(t.Context(), Thrill7(h.Thrill.Rules()), nil)
	if err != nil {
		t.Fatal(err)
	}
	for cat, want := range seven53 {
		if got := tl.Category(cat); got != want {
			t.Errorf("%v: %d hands; want %d", cat, got, want)
		}
	}
	if tl.NaturalRoyals != naturalRoyals53 {
		t.Errorf("%d natural royal flushes; want %d", tl.NaturalRoyals, naturalRoyals53)
	}
	if tl.Hands() != 154143080 {
		t.Errorf("%d hands; want 154,143,080", tl.Hands())
	}
}

// TestThrillExact prices 3 of a Kind or Better, Full House or Better and the
// Special (both readings of a joker royal) from the published counts, on
// their own, and holds the exact results to them.
func TestThrillExact(t *testing.T) {
	if !longTests() {
		t.Skip(longSkip)
	}
	const total = 154143080
	h := defaultHouse(t)
	atLeast := func(least poker.Category) int64 {
		var n int64
		for c, k := range seven53 {
			if c >= least {
				n += k
			}
		}
		return n
	}
	// edge is the chance to lose less the odds-weighted chance of each row.
	edge := func(rows map[string]int64, wager string, s *thrill.Settings) *big.Rat {
		e := new(big.Rat)
		var won int64
		for key, n := range rows {
			o, _ := s.Pay[wager].Odds(key)
			won += n
			e.Sub(e, big.NewRat(n*o.Win, total*o.Per))
		}
		return e.Add(e, big.NewRat(total-won, total))
	}
	natural := *h.Thrill
	natural.SpecialNaturalRoyalOnly = true
	tests := []struct {
		wager string
		s     *thrill.Settings
		rows  map[string]int64
	}{
		{thrill.TripsOrBetter, h.Thrill, map[string]int64{"three_of_a_kind_or_better": atLeast(poker.ThreeOfAKind)}},
		{thrill.FullHouseOrBetter, h.Thrill, map[string]int64{"full_house_or_better": atLeast(poker.FullHouse)}},
		{thrill.Special, h.Thrill, map[string]int64{"five_aces": 1128, "royal_flush": royals53, "straight_flush": 210964 - royals53}},
		{thrill.Special, &natural, map[string]int64{"five_aces": 1128, "royal_flush": naturalRoyals53, "straight_flush": 210964 - naturalRoyals53}},
	}
	for _, tt := range tests {
		house := *h
		house.Thrill = tt.s
		res := compute(t, Query{Wager: wager(t, thrill.Slug, tt.wager), House: &house})
		if want := edge(tt.rows, tt.wager, tt.s); res.Edge.Cmp(want) != 0 {
			t.Errorf("%s (natural royals only %v): house edge %s; want %s", tt.wager, tt.s.SpecialNaturalRoyalOnly, res.Edge.RatString(), want.RatString())
		}
		for _, r := range res.Rows {
			if want, ok := tt.rows[r.Key]; ok && r.Count != want {
				t.Errorf("%s %s: %d hands; want %d", tt.wager, r.Key, r.Count, want)
			}
		}
	}
}
