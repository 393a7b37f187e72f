package edge

import (
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// UTHStrategy names the Ultimate Texas Hold'em strategy the simulation plays:
// the Wizard of Odds basic strategy, as follows. (docs/math.md says where
// it comes from and what it costs against optimal play.)
//
// Pre-flop, bet the largest multiple the house allows (4×) with:
//   - any pair but 2-2;
//   - any ace;
//   - a suited king; an offsuit king with a 5 or better;
//   - a suited queen with a 6 or better; an offsuit queen with an 8 or better;
//   - a suited jack with an 8 or better; an offsuit jack with a 10.
//
// On the flop, bet 2× with:
//   - two pair or better among the hole cards and the flop;
//   - a hidden pair: a hole card that pairs a flop card (a pocket pair other
//     than 2-2 has already bet 4×; pocket deuces alone do not bet);
//   - four to a flush holding a hole card of that suit, 10 or better.
//
// On the river, bet 1× with:
//   - a hidden pair or better: the player's hand is a pair or better and of a
//     higher category than the board's own five (the hole cards play);
//   - fewer than 21 dealer outs, where an out is one of the 45 cards the
//     player cannot see that, with the five community cards, gives the dealer
//     a hand that beats the player's: T-3 on A-Q-8-6-4 has 23 outs (every
//     remaining A, Q, 8, 6 and 4, K and J); a card that only ties (a ten
//     there) is no out. Counting ties as outs, as one published example
//     does, folds more often and costs the player about 1.4% of the Ante
//     more (docs/math.md).
//
// Otherwise fold. Where the house makes every hand use both hole cards
// (uth.must_use_both_hole_cards), the river bets 1× with a pair or better and
// folds otherwise: a dealer out cannot be counted on one hole card there.
const UTHStrategy = "wizard-basic"

// uthPreflop reports whether the basic strategy bets pre-flop with hole cards h.
func uthPreflop(h [2]cards.Card) bool {
	hi, lo := h[0].Rank(), h[1].Rank()
	if lo > hi {
		hi, lo = lo, hi
	}
	suited := h[0].Suit() == h[1].Suit()
	switch {
	case hi == lo:
		return hi >= cards.Three
	case hi == cards.Ace:
		return true
	case hi == cards.King:
		return suited || lo >= cards.Five
	case hi == cards.Queen:
		return suited && lo >= cards.Six || lo >= cards.Eight
	case hi == cards.Jack:
		return suited && lo >= cards.Eight || lo == cards.Ten
	}
	return false
}

// uthFlop reports whether the basic strategy bets 2× with hole cards h on the
// flop f, given the value of the five cards together.
func uthFlop(h [2]cards.Card, f [3]cards.Card, five poker.Value) bool {
	if five.Category() >= poker.TwoPair {
		return true
	}
	for _, x := range h {
		for _, y := range f {
			if x.Rank() == y.Rank() {
				return true // a hole card pairs the flop
			}
		}
	}
	// Four to a flush with a hole card of that suit, 10 or better.
	for _, x := range h {
		if x.Rank() < cards.Ten {
			continue
		}
		n := 0
		for _, y := range [5]cards.Card{h[0], h[1], f[0], f[1], f[2]} {
			if y.Suit() == x.Suit() {
				n++
			}
		}
		if n >= 4 {
			return true
		}
	}
	return false
}

// uthRiverOuts is the number of the 45 unseen cards with which the dealer,
// on the board b, beats the player's value pv; it stops counting at stop.
// Only the best five of seven is read here.
func uthRiverOuts(r poker.Rules, h [2]cards.Card, b [5]cards.Card, pv poker.Value, stop int) int {
	seen := cards.SetOf(h[0], h[1], b[0], b[1], b[2], b[3], b[4])
	six := [6]cards.Card{b[0], b[1], b[2], b[3], b[4]}
	outs := 0
	for c := cards.Card(0); c < 52; c++ {
		if seen.Has(c) {
			continue
		}
		six[5] = c
		if r.Value(six[:]) > pv {
			if outs++; outs >= stop {
				break
			}
		}
	}
	return outs
}

// uthOutsLimit is the river rule's threshold: bet 1× with fewer outs.
const uthOutsLimit = 21
