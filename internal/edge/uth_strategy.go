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
// on the board b, beats the player's value pv. Only the best five of seven is
// read here.
func uthRiverOuts(r poker.Rules, h [2]cards.Card, b [5]cards.Card, pv poker.Value) int {
	outs := 0
	walkOuts(r, h, b, pv, func(n int, beats bool) bool {
		if beats {
			outs += n
		}
		return true
	})
	return outs
}

// uthFewOuts reports whether the dealer has fewer than limit outs: the river
// rule. It stops as soon as the answer is known either way.
func uthFewOuts(r poker.Rules, h [2]cards.Card, b [5]cards.Card, pv poker.Value, limit int) bool {
	outs, left := 0, 45
	walkOuts(r, h, b, pv, func(n int, beats bool) bool {
		left -= n
		if beats {
			outs += n
		}
		return outs < limit && outs+left >= limit
	})
	return outs < limit
}

// walkOuts visits the 45 unseen cards in groups that give the dealer the same
// hand with the board, telling visit each group's size and whether that hand
// beats pv, until visit returns false. The unseen cards of one rank make the
// same hand unless their suit can make a flush — four or more of that suit
// on the board — so they are valued once per rank, and the cards of such a
// suit one by one: 13 to 22 valuations instead of 45. The board's ranks go
// first and then the others from the ace down, the cards likeliest to beat
// the player, so that uthFewOuts can stop early.
func walkOuts(r poker.Rules, h [2]cards.Card, b [5]cards.Card, pv poker.Value, visit func(n int, beats bool) bool) {
	seen := cards.SetOf(h[0], h[1], b[0], b[1], b[2], b[3], b[4])
	var onBoard [cards.NumSuits]int
	for _, c := range b {
		onBoard[c.Suit()]++
	}
	six := [6]cards.Card{b[0], b[1], b[2], b[3], b[4]}
	beats := func(c cards.Card) bool {
		six[5] = c
		return r.Value(six[:]) > pv
	}
	var order [cards.NumRanks]cards.Rank
	var placed uint16
	k := 0
	for _, c := range b {
		if placed&(1<<c.Rank()) == 0 {
			placed |= 1 << c.Rank()
			order[k] = c.Rank()
			k++
		}
	}
	for rank := cards.Ace; k < len(order); rank-- {
		if placed&(1<<rank) == 0 {
			order[k] = rank
			k++
		}
	}
	for _, rank := range order {
		n, rep := 0, cards.Card(0)
		for u := cards.Clubs; u <= cards.Spades; u++ {
			c := cards.New(rank, u)
			switch {
			case seen.Has(c):
			case onBoard[u] >= 4:
				if !visit(1, beats(c)) {
					return
				}
			default:
				n, rep = n+1, c
			}
		}
		if n > 0 && !visit(n, beats(rep)) {
			return
		}
	}
}

// uthOutsLimit is the river rule's threshold: bet 1× with fewer outs.
const uthOutsLimit = 21
