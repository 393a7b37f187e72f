package view

import (
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/i18n"
)

// TestDealerNotesInLanguages: the engine's notes on the dealer that the
// checker knows read in Italian and Russian in other words, cards as the
// screen draws them; English, and a note it does not know, stay the
// engine's own.
func TestDealerNotesInLanguages(t *testing.T) {
	t.Parallel()
	notes := []string{
		"At this house every hand, the dealer's included, uses both hole cards and three community cards.",
		"The dealer does not qualify (less than a pair): the Ante pushes; Play, Blind, Trips and the Progressive are settled as usual.",
		"The dealer qualifies with the pair on the board, which counts.",
		"The dealer qualifies with a pair or better.",
		"The dealer qualifies: he needs one pair or better, a pair of twos at least.",
		"The dealer does not qualify: he needs one pair or better, a pair of twos at least.",
		"The dealer's exposed card was the nine of diamonds, the last card dealt to him; it only informs the players.",
		"The dealer's exposed card was the joker, the first card dealt to him; it only informs the players.",
		"The dealer's hand is king/jack high or lower: a Poker Bet that beats it is paid 1:2, not 1:1.",
		"The dealer's hand is king/jack high or lower: a Poker Bet that beats it is paid 1:1, as the house's Poker Bet table pays.",
		"The dealer's hand is above king/jack high: a Poker Bet that beats it is paid 1:1.",
		"The dealer qualifies with ace-king or better: the boxes that play are compared with his hand.",
		"The dealer's first five do not qualify: less than ace-king.",
		"Box 1, box 3 forced: the dealer's highest card, the king of spades, is replaced by the next card, the king of diamonds; he still does not qualify.",
		"Box 2 forced: the dealer's lowest card, the two of clubs, is replaced by the next card, the ace of hearts; he now qualifies.",
		"Dealer Super: the dealer's first five hold a straight.",
		"Dealer Super: the dealer's hand after the replacement hold an ace-king-queen.",
		"Dealer Super: the dealer's first five hold no Super combination.",
	}
	for _, tag := range []string{"it", "ru"} {
		l := i18n.Default().Localizer(tag)
		for _, n := range notes {
			got := dealerNoteIn(l, n)
			if got == n || strings.Contains(got, "hc.") || strings.Contains(got, "row.") {
				t.Errorf("%s: %q reads %q", tag, n, got)
			}
			for _, english := range []string{"dealer", "king of", " the ", "forced"} {
				if strings.Contains(got, english) {
					t.Errorf("%s: %q reads %q, with %q", tag, n, got, english)
				}
			}
		}
		if unknown := "The dealer juggles."; dealerNoteIn(l, unknown) != unknown {
			t.Errorf("%s: a note the checker does not know changed", tag)
		}
	}
	for _, n := range notes {
		if got := dealerNoteIn(english(), n); got != n {
			t.Errorf("English %q reads %q", n, got)
		}
	}
}
