package uth

import (
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// best returns the best hand of two hole cards and the five community cards:
// the best five of the seven (§2.2.9: the board may play), or, under
// must_use_both_hole_cards, the best of the ten hands made of both hole cards
// and three community cards (§2.5). The same rule applies to players and dealer.
//
// Package poker has no "exactly two hole cards" helper (Omaha-style), so this
// small one lives here; it only calls poker's evaluator.
func best(hole [2]cards.Card, board [5]cards.Card, both bool) poker.Hand {
	if !both {
		seven := []cards.Card{hole[0], hole[1], board[0], board[1], board[2], board[3], board[4]}
		return poker.Standard.Evaluate(seven)
	}
	var top poker.Hand
	first := true
	five := make([]cards.Card, 5)
	for a := 0; a < 5; a++ {
		for b := a + 1; b < 5; b++ {
			for c := b + 1; c < 5; c++ {
				five[0], five[1], five[2], five[3], five[4] = hole[0], hole[1], board[a], board[b], board[c]
				h := poker.Standard.Evaluate(five)
				if first || h.Value > top.Value {
					top, first = h, false
				}
			}
		}
	}
	return top
}

// progressiveHand returns the hand the Progressive is paid on: the box's
// final hand, or its hole cards and the flop (progressive_hand). Five cards
// make one hand whether or not both hole cards must play.
func progressiveHand(final poker.Hand, hole [2]cards.Card, flop []cards.Card, s *Settings) poker.Hand {
	if s.ProgressiveHand != "hole_and_flop" {
		return final
	}
	return poker.Standard.Evaluate([]cards.Card{hole[0], hole[1], flop[0], flop[1], flop[2]})
}
