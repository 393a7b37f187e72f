package poker

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

func TestDecider(t *testing.T) {
	tests := []struct {
		a, b   string
		pos    string
		ra, rb cards.Rank
		ok     bool
	}{
		// The cases: alike descriptions, a later card decides.
		{"9s 9d Ah 8c 7d", "9h 9c Ad 8s 6c", "the third kicker", cards.Seven, cards.Six, true},
		{"9s 9d Ah Qc 7d", "9h 9c Ad Js 6c", "the second kicker", cards.Queen, cards.Jack, true},
		{"Kh Qh 9h 6h 3h", "Kd Qd 9d 5d 4d", "the fourth-highest card", cards.Six, cards.Five, true},
		{"Kh Jh 9h 6h 3h", "Kd Td 9d 5d 4d", "the second-highest card", cards.Jack, cards.Ten, true},
		{"7s 7d 7h Kc 5d", "7h 7c 7s Kd 4c", "the second kicker", cards.Five, cards.Four, true},
		// The descriptions differ already: nothing to add.
		{"9s 9d Ah 8c 7d", "9h 9c Kd 8s 6c", "", 0, 0, false},
		{"9s 9d Ah 8c 7d", "8h 8c Ad Ks 6c", "", 0, 0, false},
		{"Ks Kd 4h 4c 7d", "Kh Kc 4d 4s 6c", "", 0, 0, false}, // two pair names its kicker
		// A tie, and hands of different categories.
		{"9s 9d Ah 8c 7d", "9h 9c Ad 8s 7c", "", 0, 0, false},
		{"9s 9d Ah 8c 7d", "Kh Qh 9h 6h 3h", "", 0, 0, false},
	}
	for _, tt := range tests {
		a := Standard.Evaluate(cards.MustParseList(tt.a))
		b := Standard.Evaluate(cards.MustParseList(tt.b))
		pos, ra, rb, ok := Decider(a, b)
		if pos != tt.pos || ok != tt.ok || ok && (ra != tt.ra || rb != tt.rb) {
			t.Errorf("Decider(%s, %s) = %q, %v, %v, %v; want %q, %v, %v, %v", tt.a, tt.b, pos, ra, rb, ok, tt.pos, tt.ra, tt.rb, tt.ok)
		}
	}
}
