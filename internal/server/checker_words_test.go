package server

import (
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
)

// TestCheckerWords: the engine's refusals read in the screen's words, name
// the box as the form does, say what to change, and carry no field path,
// setting key or card code.
func TestCheckerWords(t *testing.T) {
	tests := []struct {
		game, path, msg string
		field, problem  string
	}{
		{"uth", "boxes[0].wagers.blind", "must equal the ante (25)",
			"The Blind must equal the Ante (25).",
			"Box 1: the Blind must equal the Ante (25). Make the Blind 25, or change the Ante."},
		{"uth", "boxes[1].cards", "duplicate card Qh",
			"Q♥ is entered twice: a deck has one.",
			"Box 2: Q♥ is entered twice: a deck has one. Take it out of the box, or out of the other place."},
		{"uth", "board", "needs 5 cards, got 4",
			"The board needs 5 cards and has 4.",
			"The board needs 5 cards and has 4. Tap a card to add it, or tap one of its cards to take it back."},
		{"uth", "boxes[0].cards", "needs 2 cards, got 1",
			"The box needs 2 cards and has 1.",
			"Box 1 needs 2 cards and has 1. Tap a card to add it, or tap one of its cards to take it back."},
		{"uth", "boxes[0].wagers.trips", `"five" is not an amount`,
			"“five” is not an amount.",
			"Box 1: “five” is not an amount. Write the Trips in figures, such as 25 or 12.50."},
		{"uth", "boxes[0].wagers.play", "a box that folded has no Play bet (it folded instead of betting)",
			"A box that folded has no Play bet.",
			"Box 1: a box that folded has no Play bet. Choose “No Play bet”, or untick Fold."},
		{"thrill", "boxes[2].wagers.kings_or_better", "3 is below the house's minimum of 5 on the Pair of Kings or Better",
			"The Pair of Kings or Better (3) is below the house's minimum of 5.",
			"Box 3: the Pair of Kings or Better (3) is below the house's minimum of 5. Make it 5 or more."},
		{"oracle", "boxes[0].wagers.bet", "is 20; the BET is 2× the Ante (30)",
			"The BET is 2× the Ante, so it is 30 here, not 20.",
			"Box 1: the BET is 2× the Ante, so it is 30 here, not 20. Make the BET 30."},
		{"uth", "boxes", "7 boxes, but the table has 6 (uth.max_boxes)",
			"7 boxes, but the table has 6.", "7 boxes, but the table has 6."},
	}
	for _, tt := range tests {
		field, problem := checkerWords(&games.FieldError{Field: tt.path, Msg: tt.msg}, tt.game)
		if field != tt.field {
			t.Errorf("%s %q: field message\n%q; want\n%q", tt.path, tt.msg, field, tt.field)
		}
		if problem != tt.problem {
			t.Errorf("%s %q: problem\n%q; want\n%q", tt.path, tt.msg, problem, tt.problem)
		}
		for _, bad := range []string{"boxes[", "wagers.", "_", "Qh", "ante ("} {
			if strings.Contains(problem, bad) {
				t.Errorf("%s: %q shows %q", tt.path, problem, bad)
			}
		}
	}
}

// TestCheckerWagerName: the checker names wagers as the practice screens
// ask about them.
func TestCheckerWagerName(t *testing.T) {
	for _, tt := range []struct{ game, w, want string }{
		{"thrill", "kings_or_better", "Pair of Kings or Better"},
		{"thrill", "trips_or_better", "3 of a Kind or Better"},
		{"oracle", "bet", "BET"},
		{"uth", "blind", "Blind"},
		{"lunar", "dealer_super", "Dealer Super"},
	} {
		if got := checkerWagerName(tt.game, tt.w, nil); got != tt.want {
			t.Errorf("%s %s: %q; want %q", tt.game, tt.w, got, tt.want)
		}
	}
	if got := checkerWagerName("lunar", "multi_super", &games.Target{Box: 2}); got != "Multi Super on box 2" {
		t.Errorf("multi super: %q", got)
	}
}
