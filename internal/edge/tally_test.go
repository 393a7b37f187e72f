package edge

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// TestTallyFiveCard checks the five-card tallies against the published
// category counts, and the classes within a category against counts worked
// out by hand.
func TestTallyFiveCard(t *testing.T) {
	std, err := sharedCalc.tally(t.Context(), Standard5, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[poker.Category]int64{poker.RoyalFlush: 4, poker.StraightFlush: 36, poker.FourOfAKind: 624, poker.FullHouse: 3744,
		poker.Flush: 5108, poker.Straight: 10200, poker.ThreeOfAKind: 54912, poker.TwoPair: 123552, poker.OnePair: 1098240, poker.HighCard: 1302540}
	for cat, n := range want {
		if got := std.Category(cat); got != n {
			t.Errorf("standard %v: %d; want %d", cat, got, n)
		}
	}
	if std.Hands() != 2598960 || std.NaturalRoyals != 4 {
		t.Errorf("%d hands, %d natural royals; want 2,598,960 and 4", std.Hands(), std.NaturalRoyals)
	}
	// One pair of each rank: C(4,2) × C(12,3) × 4³ = 84,480 (a pair is never a straight).
	for r := cards.Two; r <= cards.Ace; r++ {
		if got := std.Counts[poker.OnePair][r]; got != 84480 {
			t.Errorf("one pair of %s: %d; want 84,480", r.Plural(), got)
		}
	}
	// Seven high: four rank sets under the seven that are no straight
	// (3-4-5-6-7 is), each in 4⁵ − 4 suit patterns that are no flush.
	if got := std.Counts[poker.HighCard][cards.Seven]; got != 4*(1024-4) {
		t.Errorf("seven-high: %d; want 4,080", got)
	}
	// Two pair, kings up: 11 lower pairs × 6 × 6 × 44 kickers.
	if got := std.Counts[poker.TwoPair][cards.King]; got != 11*36*44 {
		t.Errorf("kings up: %d; want 17,424", got)
	}

	// The 53-card deck under 7 Card Thrill's ranking (issue 3's counts); a
	// royal flush of five cards is natural only without the joker: 4 of 24.
	thr, err := sharedCalc.tally(t.Context(), Space{Deck: cards.SetOf(cards.Deck53()...), K: 5, Rules: poker.Thrill}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want53 := map[poker.Category]int64{poker.FiveAces: 1, poker.RoyalFlush: 24, poker.StraightFlush: 180, poker.FourOfAKind: 828, poker.FullHouse: 4368,
		poker.Flush: 7804, poker.Straight: 20532, poker.ThreeOfAKind: 63360, poker.TwoPair: 138600, poker.OnePair: 1215024, poker.HighCard: 1418964}
	for cat, n := range want53 {
		if got := thr.Category(cat); got != n {
			t.Errorf("thrill %v: %d; want %d", cat, got, n)
		}
	}
	if thr.NaturalRoyals != 4 {
		t.Errorf("thrill: %d natural royals; want 4", thr.NaturalRoyals)
	}
}

func TestPlainTallyRefuses(t *testing.T) {
	for _, sp := range []Space{
		{Deck: cards.SetOf(cards.Deck52()...), K: 4},
		{Deck: cards.SetOf(cards.Deck52()[:6]...), K: 7},
	} {
		if _, err := PlainTally(t.Context(), sp, nil); err == nil {
			t.Errorf("PlainTally(%v): no error", sp)
		}
	}
}

// TestEngineTallyMatchesPlain holds the engine's tally, read into classes,
// against reading every hand with Evaluate, on reduced decks of both kinds
// and under each 7 Card Thrill option (the classes split pairs by rank and
// royals by the joker, which the category counts alone do not check).
func TestEngineTallyMatchesPlain(t *testing.T) {
	deck := func(ranks []cards.Rank, joker bool) cards.Set {
		var s cards.Set
		for _, r := range ranks {
			for u := cards.Clubs; u <= cards.Spades; u++ {
				s = s.Add(cards.New(r, u))
			}
		}
		if joker {
			s = s.Add(cards.Joker)
		}
		return s
	}
	// Eight ranks: wheels (natural in the standard deck, made with the joker
	// in the other), royals (in the joker deck), and pairs of every kind.
	low := []cards.Rank{cards.Two, cards.Three, cards.Four, cards.Five, cards.Jack, cards.Queen, cards.King, cards.Ace}
	ranks := []cards.Rank{cards.Two, cards.Three, cards.Four, cards.Ten, cards.Jack, cards.Queen, cards.King, cards.Ace}
	if raceEnabled || testing.Short() {
		low, ranks = low[1:], ranks[1:]
	}
	spaces := []Space{
		{Deck: deck(low, false), K: 7, Rules: poker.Standard},
		{Deck: deck(ranks, true), K: 7, Rules: poker.Thrill},
		{Deck: deck(ranks, true), K: 7, Rules: poker.Rules{Joker: true, WheelSecond: true}},
		{Deck: deck(ranks, true), K: 7, Rules: poker.Rules{Joker: true, WheelSecond: true, WheelSecondSF: true, JokerFlushAceAlways: true}},
		{Deck: deck(ranks, true), K: 6, Rules: poker.Thrill},
	}
	for _, sp := range spaces {
		fast, err := EngineTally(t.Context(), sp, nil)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := PlainTally(t.Context(), sp, nil)
		if err != nil {
			t.Fatal(err)
		}
		if fast.Counts != plain.Counts || fast.NaturalRoyals != plain.NaturalRoyals {
			t.Errorf("%v under %+v: the engine's tally and Evaluate disagree:\n%v %d\n%v %d", sp, sp.Rules, fast.Counts, fast.NaturalRoyals, plain.Counts, plain.NaturalRoyals)
		}
		if fast.Hands() != sp.Hands() {
			t.Errorf("%v: %d hands; want %d", sp, fast.Hands(), sp.Hands())
		}
	}
}
