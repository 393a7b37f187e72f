package poker

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// TestReferenceFiveCardCounts checks the reference evaluator on all 2,598,960
// five-card hands (standard) and all 2,869,685 hands of the 53-card deck.
func TestReferenceFiveCardCounts(t *testing.T) {
	tests := []struct {
		name  string
		rules Rules
		deck  []cards.Card
		want  map[Category]int
	}{
		{"standard", Standard, cards.Deck52(), map[Category]int{RoyalFlush: 4, StraightFlush: 36, FourOfAKind: 624, FullHouse: 3744, Flush: 5108, Straight: 10200, ThreeOfAKind: 54912, TwoPair: 123552, OnePair: 1098240, HighCard: 1302540}},
		{"thrill", Thrill, cards.Deck53(), map[Category]int{FiveAces: 1, RoyalFlush: 24, StraightFlush: 180, FourOfAKind: 828, FullHouse: 4368, Flush: 7804, Straight: 20532, ThreeOfAKind: 63360, TwoPair: 138600, OnePair: 1215024, HighCard: 1418964}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := map[Category]int{}
			d := tt.deck
			n := len(d)
			var h [5]cards.Card
			for a := 0; a < n; a++ {
				for b := a + 1; b < n; b++ {
					for c := b + 1; c < n; c++ {
						for e := c + 1; e < n; e++ {
							for f := e + 1; f < n; f++ {
								h = [5]cards.Card{d[a], d[b], d[c], d[e], d[f]}
								got[tt.rules.eval5(h).Category()]++
							}
						}
					}
				}
			}
			for cat, w := range tt.want {
				if got[cat] != w {
					t.Errorf("%v: got %d, want %d", cat, got[cat], w)
				}
			}
		})
	}
}

func TestReferenceDescribe(t *testing.T) {
	tests := []struct {
		rules Rules
		hand  string
		want  string
	}{
		{Standard, "Kc Ks 5d 5h Ad", "Two pair, kings and fives, ace kicker"},
		{Standard, "5d 4c 3h 2s Ad", "Straight, five high"},
		{Thrill, "Ah 9h 7h 3h Jk Ks 2c", "Flush, ace high, with the joker as the king"},
		{Thrill, "Kc Kd Kh Jk 2c", "Three of a kind, kings, ace kicker, with the joker as an ace"},
		{Thrill, "Ac Ad Ah As Jk", "Five aces, with the joker as an ace"},
	}
	for _, tt := range tests {
		h := tt.rules.Evaluate(cards.MustParseList(tt.hand))
		if got := h.Describe(); got != tt.want {
			t.Errorf("Describe(%q) = %q; want %q (best %v)", tt.hand, got, tt.want, cards.Format(h.Best[:]))
		}
	}
}
