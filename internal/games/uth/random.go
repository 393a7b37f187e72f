package uth

import (
	"encoding/json"
	"math/rand/v2"
	"slices"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// Random deals a random legal, decided round in SETTLE.md's format, which
// Parse accepts under s. The drills, the settle command's bulk test and the
// conservation tests use it.
//
// Cards come off a deck shuffled from rng, in the house's deal order
// (deal_order), one card burned before each group when burn_cards is on. The
// table has boxes boxes (clamped to 1..max_boxes). Each Ante is a multiple of
// chip between lo and hi, the table limits (odd amounts such as 7 or 5.5 included, and round
// amounts half of the time); the Blind equals it; half the boxes bet Trips (a
// multiple of chip up to hi) and, where the house offers it, four in ten bet
// the Progressive. chip ≤ 0 counts as one unit; hi below lo counts as lo.
//
// Each player follows a simple strategy, not the optimal one, and departs
// from it at random so that every branch appears (every Play multiple, folds,
// bets on weak hands):
//   - preflop, bet (the largest multiple, the smaller one three times in ten)
//     on a pair of threes or better, any ace, a suited king, a king with a five
//     or better, or a queen with an eight or better; one time in ten do the
//     opposite;
//   - on the flop, bet 2× with a pair or better that uses a hole card, or four
//     to a flush; one time in ten do the opposite;
//   - on the river, bet 1× when the hole cards improve on the board, else bet
//     three times in ten and fold otherwise.
func Random(rng *rand.Rand, s *Settings, lo, hi, chip games.Money, boxes int) games.Round {
	if chip <= 0 {
		chip = games.Unit
	}
	// Keep a 4× Play within MaxStake, so that Parse accepts every round.
	hi = min(hi, MaxStake/4)
	lo = min(lo, MaxStake/4)
	boxes = clamp(boxes, 1, s.MaxBoxes)
	shoe := cards.NewShoe(cards.Deck52(), rng.Uint64())
	var board, dealer []cards.Card
	hole := make([][]cards.Card, boxes)
	for _, g := range s.DealGroups() {
		if s.BurnCards {
			shoe.Deal(1)
		}
		switch g {
		case "community":
			board = shoe.Deal(5)
		case "dealer":
			dealer = shoe.Deal(2)
		case "players": // one card at a time round the table, twice
			for range 2 {
				for i := range hole {
					hole[i] = append(hole[i], shoe.Deal(1)...)
				}
			}
		}
	}
	out := games.Round{Game: Slug, Dealer: texts(dealer), Board: texts(board)}
	for i := range boxes {
		ante := randomStake(rng, lo, hi, chip)
		w := map[string]json.Number{"ante": num(ante), "blind": num(ante)}
		if rng.IntN(2) == 0 {
			w["trips"] = num(randomStake(rng, chip, hi, chip))
		}
		if s.ProgressiveEnabled && rng.IntN(10) < 4 {
			w["progressive"] = num(s.ProgressiveStake)
		}
		m := decide(rng, s, [2]cards.Card{hole[i][0], hole[i][1]}, board)
		if m > 0 {
			w["play"] = num(ante * games.Money(m))
		}
		out.Boxes = append(out.Boxes, games.Box{Cards: texts(hole[i]), Wagers: w, Fold: m == 0})
	}
	return out
}

// decide plays one box by the strategy of Random and returns its Play
// multiple, 0 for a fold.
func decide(rng *rand.Rand, s *Settings, h [2]cards.Card, board []cards.Card) int64 {
	flip := func(b bool) bool { return b != (rng.IntN(10) == 0) }
	if flip(strongStart(h)) {
		ms := slices.Clone(s.PreflopMultiples)
		slices.Sort(ms)
		if len(ms) > 1 && rng.IntN(10) < 3 {
			return ms[0]
		}
		return ms[len(ms)-1]
	}
	flop := board[:3]
	if flip(usesHoleCard(h, flop) || fourFlush(h, flop)) {
		return 2
	}
	all := append([]cards.Card{h[0], h[1]}, board...)
	if poker.Standard.Value(all) > poker.Standard.Value(board) || rng.IntN(10) < 3 {
		return 1
	}
	return 0
}

func strongStart(h [2]cards.Card) bool {
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
		return lo >= cards.Eight
	}
	return false
}

// usesHoleCard reports a pocket pair or a hole card that pairs the flop.
func usesHoleCard(h [2]cards.Card, flop []cards.Card) bool {
	if h[0].Rank() == h[1].Rank() {
		return true
	}
	for _, c := range flop {
		if c.Rank() == h[0].Rank() || c.Rank() == h[1].Rank() {
			return true
		}
	}
	return false
}

// fourFlush reports four cards of one suit among the hole cards and the flop,
// at least one of them a hole card.
func fourFlush(h [2]cards.Card, flop []cards.Card) bool {
	for _, hc := range h {
		n := 0
		for _, c := range append([]cards.Card{h[0], h[1]}, flop...) {
			if c.Suit() == hc.Suit() {
				n++
			}
		}
		if n >= 4 {
			return true
		}
	}
	return false
}

// randomStake returns a multiple of chip between lo and hi (at least one chip),
// a multiple of five units half of the time when there is one.
func randomStake(rng *rand.Rand, lo, hi, chip games.Money) games.Money {
	a := max((lo+chip-1)/chip, 1)
	b := max(hi/chip, a)
	m := (a + games.Money(rng.Int64N(int64(b-a+1)))) * chip
	if rng.IntN(2) == 0 {
		five := 5 * games.Unit
		if r := m / five * five; r >= lo && r > 0 && r%chip == 0 {
			return r
		}
	}
	return m
}

func texts(cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

func num(m games.Money) json.Number { return json.Number(m.String()) }

func clamp(n, lo, hi int) int { return min(max(n, lo), hi) }
