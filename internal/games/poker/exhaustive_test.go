package poker

import (
	"sync"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

func skipLong(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("hundreds of millions of hands: run without -race")
	}
	if testing.Short() {
		t.Skip("hundreds of millions of hands: run without -short")
	}
}

var (
	counts5 = map[Category]uint64{RoyalFlush: 4, StraightFlush: 36, FourOfAKind: 624, FullHouse: 3744, Flush: 5108, Straight: 10200, ThreeOfAKind: 54912, TwoPair: 123552, OnePair: 1098240, HighCard: 1302540}
	counts7 = map[Category]uint64{RoyalFlush: 4324, StraightFlush: 37260, FourOfAKind: 224848, FullHouse: 3473184, Flush: 4047644, Straight: 6180020, ThreeOfAKind: 6461620, TwoPair: 31433400, OnePair: 58627800, HighCard: 23294460}
	// Five cards of the 53-card deck with the bug joker (7 Card Thrill).
	counts5Joker = map[Category]uint64{FiveAces: 1, RoyalFlush: 24, StraightFlush: 180, FourOfAKind: 828, FullHouse: 4368, Flush: 7804, Straight: 20532, ThreeOfAKind: 63360, TwoPair: 138600, OnePair: 1215024, HighCard: 1418964}
)

func checkCounts(t *testing.T, name string, got func(Category) uint64, want map[Category]uint64) {
	t.Helper()
	for _, c := range Categories {
		if got(c) != want[c] {
			t.Errorf("%s: %v: got %d, want %d", name, c, got(c), want[c])
		}
	}
}

// forEachHand calls f with every k-card hand of deck, split over two
// goroutines by the first card; f gets the goroutine's number and must not
// keep h.
func forEachHand(deck []cards.Card, k int, f func(g int, h []cards.Card)) {
	var wg sync.WaitGroup
	n := len(deck)
	for g := range 2 {
		wg.Go(func() {
			h := make([]cards.Card, k)
			idx := make([]int, k)
			for first := g; first <= n-k; first += 2 {
				// The (k-1)-card combinations of the cards after first, in
				// lexicographic order.
				h[0] = deck[first]
				for i := 1; i < k; i++ {
					idx[i] = first + i
					h[i] = deck[idx[i]]
				}
				for {
					f(g, h)
					i := k - 1
					for i > 0 && idx[i] == n-k+i {
						i--
					}
					if i == 0 {
						break
					}
					idx[i]++
					h[i] = deck[idx[i]]
					for j := i + 1; j < k; j++ {
						idx[j] = idx[j-1] + 1
						h[j] = deck[idx[j]]
					}
				}
			}
		})
	}
	wg.Wait()
}

// TestFiveCardCounts values every five-card hand one by one with Value.
func TestFiveCardCounts(t *testing.T) {
	tests := []struct {
		name     string
		rules    Rules
		deck     []cards.Card
		want     map[Category]uint64
		distinct int
	}{
		{"standard", Standard, cards.Deck52(), counts5, 7462},
		{"thrill", Thrill, cards.Deck53(), counts5Joker, 7463}, // the 7,462 and five aces
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var byValue [2][NumValues]uint64
			forEachHand(tt.deck, 5, func(g int, h []cards.Card) { byValue[g][tt.rules.Value(h)]++ })
			got := map[Category]uint64{}
			distinct := 0
			for v := range Value(NumValues) {
				n := byValue[0][v] + byValue[1][v]
				got[v.Category()] += n
				if n > 0 {
					distinct++
				}
			}
			checkCounts(t, tt.name, func(c Category) uint64 { return got[c] }, tt.want)
			if distinct != tt.distinct || got[NoCategory] != 0 {
				t.Errorf("%d distinct values, %d hands without one; want %d and 0", distinct, got[NoCategory], tt.distinct)
			}
		})
	}
}

// TestSevenCardCounts tallies all 133,784,560 seven-card hands.
func TestSevenCardCounts(t *testing.T) {
	skipLong(t)
	tl, err := Standard.Tally(cards.Deck52(), 7, 0)
	if err != nil {
		t.Fatal(err)
	}
	checkCounts(t, "seven cards", tl.Category, counts7)
	if tl.Hands != 133784560 || tl.Distinct() != 4824 {
		t.Errorf("%d hands, %d distinct values; want 133784560 and 4824", tl.Hands, tl.Distinct())
	}
}

// TestTallyMatchesValue checks the enumeration's shortcuts (the last card a
// rank at a time, prefixes that cannot flush counted by rank multiset) against
// valuing every hand on its own, for several decks, rules and sizes.
func TestTallyMatchesValue(t *testing.T) {
	minus := func(deck []cards.Card, out string) []cards.Card {
		drop := cards.SetOf(cards.MustParseList(out)...)
		var d []cards.Card
		for _, c := range deck {
			if !drop.Has(c) {
				d = append(d, c)
			}
		}
		return d
	}
	tests := []struct {
		name  string
		rules Rules
		deck  []cards.Card
		k     int
		long  bool
	}{
		{"standard 5", Standard, cards.Deck52(), 5, false},
		{"thrill 5", Thrill, cards.Deck53(), 5, false},
		{"thrill 6", Thrill, cards.Deck53(), 6, false},
		{"ace always 6", Rules{Joker: true, JokerFlushAceAlways: true}, cards.Deck53(), 6, false},
		{"standard 6 less five cards", Standard, minus(cards.Deck52(), "As Kh 7d 7c 2s"), 6, false},
		{"thrill 7 of 30 cards", Thrill, minus(cards.Deck53(), "2c 2d 2h 3c 3s 4d 4h 5s 6c 6d 7h 7s 8c 9d 9h Tc Ts Jd Qh Qs Kc Kd As"), 7, false},
		{"standard 7 less seven cards", Standard, minus(cards.Deck52(), "As Ks Qs Js 2h 3d 9c"), 7, true},
		{"thrill 7", Thrill, cards.Deck53(), 7, true},
	}
	royal := cards.SetOf(cards.MustParseList("As Ks Qs Js Ts")...)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.long || binomial(len(tt.deck), tt.k) > 3_000_000 {
				skipLong(t)
			}
			tl, err := tt.rules.Tally(tt.deck, tt.k, 2)
			if err != nil {
				t.Fatal(err)
			}
			var byValue [2][NumValues]uint64
			var jokerRoyal [2]uint64
			forEachHand(tt.deck, tt.k, func(g int, h []cards.Card) {
				v := tt.rules.Value(h)
				byValue[g][v]++
				if v.Category() == RoyalFlush {
					set := cards.SetOf(h...)
					natural := false
					for s := range cards.Suit(4) {
						if set&(royal>>(3-s)) == royal>>(3-s) {
							natural = true
						}
					}
					if !natural {
						jokerRoyal[g]++
					}
				}
			})
			hands := uint64(0)
			for v := range Value(NumValues) {
				n := byValue[0][v] + byValue[1][v]
				hands += n
				if tl.Counts[v] != n {
					t.Errorf("value %d (%v %v): tally %d, one by one %d", v, v.Category(), v.Ranks(), tl.Counts[v], n)
				}
			}
			if tl.Hands != hands || tl.JokerRoyal != jokerRoyal[0]+jokerRoyal[1] {
				t.Errorf("tally: %d hands, %d joker royals; one by one %d and %d", tl.Hands, tl.JokerRoyal, hands, jokerRoyal[0]+jokerRoyal[1])
			}
			if want := uint64(binomial(len(tt.deck), tt.k)); hands != want {
				t.Errorf("%d hands; want C(%d,%d) = %d", hands, len(tt.deck), tt.k, want)
			}
		})
	}
}

func TestTallyHelpers(t *testing.T) {
	tl, err := Thrill.Tally(cards.Deck53(), 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Exactly one pair of kings, counted one hand at a time.
	var kings [2]uint64
	forEachHand(cards.Deck53(), 5, func(g int, h []cards.Card) {
		v := Thrill.Value(h)
		if v.Category() == OnePair && v.Ranks()[0] == cards.King {
			kings[g]++
		}
	})
	if got, want := tl.Pair(cards.King), kings[0]+kings[1]; got != want {
		t.Errorf("Pair(King) = %d; want %d", got, want)
	}
	if tl.JokerRoyal != 20 {
		t.Errorf("JokerRoyal = %d; want 20 (24 royals, 4 natural)", tl.JokerRoyal)
	}
	if _, err := Standard.Tally(cards.Deck53(), 7, 1); err == nil || err.Error() != "deck: the joker is not in this deck" {
		t.Errorf("Tally of the joker under standard rules: %v", err)
	}
	if _, err := Standard.Tally(cards.Deck52(), 4, 1); err == nil {
		t.Error("Tally of 4-card hands succeeded")
	}
	if _, err := Standard.Tally(cards.Deck52()[:6], 7, 1); err == nil {
		t.Error("Tally of 7 cards from 6 succeeded")
	}
}

// TestRankKeysUnique checks the property the perfect hash rests on: every
// multiset of at most seven cards (four of a rank, one joker) has its own sum,
// and the hash gives every multiset the tables hold its own slot.
func TestRankKeysUnique(t *testing.T) {
	seen := map[uint32]bool{}
	var rec func(x int, key uint32, total int)
	maxKey := uint32(0)
	rec = func(x int, key uint32, total int) {
		if x == 14 {
			if seen[key] {
				t.Fatalf("two multisets sum to %d", key)
			}
			seen[key] = true
			maxKey = max(maxKey, key)
			return
		}
		mult, most := uint32(jokerMult), 1
		if x < 13 {
			mult, most = rankMult[x], 4
		}
		for c := 0; c <= most && total+c <= 7; c++ {
			rec(x+1, key+uint32(c)*mult, total+c)
		}
	}
	rec(0, 0, 0)
	if len(seen) != 103105 || maxKey != 24315183 {
		t.Errorf("%d multisets, largest sum %d; want 103105 and 24315183", len(seen), maxKey)
	}
	h, ms := hashOnce()
	slots := map[uint32]bool{}
	for _, m := range ms {
		s := h.slot(m.key)
		if slots[s] {
			t.Fatalf("two multisets share slot %d", s)
		}
		slots[s] = true
	}
	if len(ms) != 100165 {
		t.Errorf("%d multisets of 5 to 7 cards; want 100165", len(ms))
	}
}
