package drills_test

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/drills"
)

func TestWagerTitle(t *testing.T) {
	t.Parallel()
	tests := []struct{ game, wager, want string }{
		{"uth", "blind", "Blind"},
		{"oracle", "bet", "BET"},
		{"thrill", "kings_or_better", "Pair of Kings or Better"},
		{"thrill", "trips_or_better", "3 of a Kind or Better"},
		{"thrill", "poker", "Poker Bet"},
		{"lunar", "dealer_super", "Dealer Super"},
		{"lunar", "multi_super", "Multi Super"},
		{"nogame", "some_bet", "some bet"},
	}
	for _, tt := range tests {
		if got := drills.WagerTitle(tt.game, tt.wager); got != tt.want {
			t.Errorf("WagerTitle(%q, %q) = %q; want %q", tt.game, tt.wager, got, tt.want)
		}
	}
}
