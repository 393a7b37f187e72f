package edge

import (
	"math/big"
	"math/bits"
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

// onePairSevens53 counts, by combinatorics alone, the seven-card hands of the
// 53-card deck whose best five is exactly one pair of rank r (2 … 14, the ace
// 14) under RULES.md §4.5: the joker is an ace, or completes a straight or a
// flush. It walks rank sets (at most C(13, 6) of them) and prices the suits by
// hand, sharing nothing with the enumeration it checks:
//
//   - no joker: r paired and five other ranks, six distinct ranks holding no
//     straight (no five-rank window of A-2-3-4-5 … 10-J-Q-K-A); suits: 6 for
//     the pair × (4^5 − 34) for the others, 34 being the ways five cards of one
//     suit appear (four or five singletons in one of the pair's two suits,
//     16 ways each; all five in one of the other two, 1 way each): 5,940;
//   - the joker with a pair of r ≠ A among six natural cards: the joker is
//     the ace kicker, so no natural ace, and no window may hold four of the
//     five ranks (the joker would fill it), nor four cards a suit: 6 × (4^4 −
//     28) = 1,368 suit patterns;
//   - the joker with one natural ace and five other distinct ranks (the joker
//     pairs the ace): no window holding four ranks, no four cards of a suit:
//     4^6 − 4 × 154 = 3,480 suit patterns.
func onePairSevens53(r int) int64 {
	windows := make([]uint16, 0, 10) // rank bits: bit k is rank k
	windows = append(windows, 1<<14|1<<2|1<<3|1<<4|1<<5)
	for lo := 2; lo <= 10; lo++ {
		windows = append(windows, uint16(0x1f<<lo))
	}
	most := func(set uint16) int { // the most ranks of set in one window
		m := 0
		for _, w := range windows {
			m = max(m, bits.OnesCount16(set&w))
		}
		return m
	}
	// count calls f for every set of n ranks among from.
	var sets func(from []int, n int, set uint16, f func(uint16))
	sets = func(from []int, n int, set uint16, f func(uint16)) {
		if n == 0 {
			f(set)
			return
		}
		for i := range from {
			sets(from[i+1:], n-1, set|1<<from[i], f)
		}
	}
	var others, noAce []int
	for k := 2; k <= 14; k++ {
		if k != r {
			others = append(others, k)
			if k != 14 {
				noAce = append(noAce, k)
			}
		}
	}
	var n int64
	sets(others, 5, 1<<r, func(s uint16) {
		if most(s) < 5 {
			n += 5940
		}
	})
	if r == 14 {
		sets(others, 5, 1<<14, func(s uint16) {
			if most(s) < 4 {
				n += 3480
			}
		})
		return n
	}
	sets(noAce, 4, 1<<r, func(s uint16) {
		if most(s) < 4 {
			n += 1368
		}
	})
	return n
}

// TestKingsOrBetterExact prices Pair of Kings or Better (pkob_half_only_one_pair
// = true: only one pair of kings is half-paid) from onePairSevens53 and the
// published category counts, on their own, and holds the exact rows and edge
// to them.
func TestKingsOrBetterExact(t *testing.T) {
	var pairs int64
	for r := 2; r <= 14; r++ {
		pairs += onePairSevens53(r)
	}
	if pairs != seven53[poker.OnePair] {
		t.Fatalf("the combinatorial count gives %d one-pair hands; Alspach %d", pairs, seven53[poker.OnePair])
	}
	if !longTests() {
		t.Skip(longSkip)
	}
	const total = 154143080
	h := defaultHouse(t)
	var twoPairUp int64
	for c, k := range seven53 {
		if c >= poker.TwoPair {
			twoPairUp += k
		}
	}
	rows := map[string]int64{
		"aces_or_better": onePairSevens53(14) + twoPairUp, // 6,105,000 + 65,140,700
		"pair_of_kings":  onePairSevens53(13),             // 4,954,104
	}
	pt := h.Thrill.Pay[thrill.KingsOrBetter]
	want := new(big.Rat)
	var won int64
	for key, n := range rows {
		o, ok := pt.Odds(key)
		if !ok {
			t.Fatalf("the default table has no %s row", key)
		}
		won += n
		want.Sub(want, big.NewRat(n*o.Win, total*o.Per))
	}
	want.Add(want, big.NewRat(total-won, total))
	res := compute(t, Query{Wager: wager(t, thrill.Slug, thrill.KingsOrBetter), House: h})
	if res.Edge.Cmp(want) != 0 {
		t.Errorf("house edge %s; want %s", res.Edge.RatString(), want.RatString())
	}
	for _, r := range res.Rows {
		if n, ok := rows[r.Key]; ok && r.Count != n {
			t.Errorf("%s: %d hands; want %d", r.Key, r.Count, n)
		}
		delete(rows, r.Key)
	}
	if len(rows) > 0 {
		t.Errorf("rows missing from the result: %v", rows)
	}
}
