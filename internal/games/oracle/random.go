package oracle

import (
	"encoding/json"
	"math/rand/v2"
	"slices"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// Random deals a random legal, decided round in SETTLE.md's format, for the
// drills, the stream test and the conservation property. It deals from a
// 52-card deck shuffled by rng, places an Ante on each of boxes boxes (clamped
// to 1…max_boxes) drawn from min…max in whole multiples of chip (odd amounts
// such as 7.5 included), and plays each box with a simple strategy that has
// enough randomness for every branch to appear:
//
//   - Decision 1, on the 2 hole cards and the 3 open board cards: a pair or
//     better, two cards ten or higher, or four cards of a suit buys the 4th
//     card; otherwise the box folds, except that one box in four buys anyway.
//     Where the house allows continuing without the 4th card, one box in ten
//     does so whatever it holds, and one in five of those about to fold.
//   - Decision 2, with the 4th card: two pair or better continues. A weaker
//     hand exchanges (where the house allows it) one time in two: the lower
//     hole card, or both when neither pairs the board, as many times as the
//     house allows. Then a hand below a pair folds one time in three (unless
//     the house forbids folding after an exchange); one in ten folds anyway.
//     Each exchange's cards are recorded in the box's Exchanges, for the
//     screen (the round's JSON carries only their number).
//
// The BET is placed as the house requires (fourth_card_payment). minStake,
// maxStake and chip come from the house (its limits and smallest chip); a
// chip of 0 or less is taken as 1, and the Ante is at least one chip.
func Random(rng *rand.Rand, s *Settings, minStake, maxStake, chip games.Money, boxes int) games.Round {
	if chip <= 0 {
		chip = games.Unit
	}
	// The Ante is lo…hi chips.
	lo := max(1, (minStake+chip-1)/chip)
	hi := max(lo, maxStake/chip)
	boxes = min(max(boxes, 1), s.MaxBoxes)

	deck := cards.Deck52()
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	next := 0
	deal := func(n int) []cards.Card {
		cs := deck[next : next+n]
		next += n
		return cs
	}
	out := games.Round{Game: Slug}
	dealer := slices.Clone(deal(2))
	board := slices.Clone(deal(5))
	out.Dealer = texts(dealer)
	out.Board = texts(board)
	holes := make([][]cards.Card, boxes)
	for i := range holes {
		holes[i] = slices.Clone(deal(2))
	}
	for i := range boxes {
		hole := holes[i]
		ante := chip * (lo + games.Money(rng.Int64N(int64(hi-lo)+1)))
		var b games.Box
		b.Wagers = map[string]json.Number{"ante": json.Number(ante.String())}
		decide1(rng, s, hole, board[:3], &b)
		if b.FourthCard {
			decide2(rng, s, hole, board[:4], &b, deal)
		}
		hasBet, _ := betRequired(&Box{Fold: b.Fold, FourthCard: b.FourthCard}, s)
		if hasBet {
			b.Wagers["bet"] = json.Number((ante * games.Money(s.BetMultiple)).String())
		}
		b.Cards = texts(hole)
		out.Boxes = append(out.Boxes, b)
	}
	return out
}

// decide1 is the first decision: buy the 4th card, continue without it, or fold.
func decide1(rng *rand.Rand, s *Settings, hole, open []cards.Card, b *games.Box) {
	strong := strength(hole, open) >= poker.OnePair ||
		hole[0].Rank() >= cards.Ten && hole[1].Rank() >= cards.Ten ||
		flushDraw(append(slices.Clone(hole), open...))
	switch {
	case s.ContinueWithout4thCard && rng.IntN(10) == 0:
		// Rare: stands on what he has without looking.
	case strong || rng.IntN(4) == 0:
		b.FourthCard = true
	case s.ContinueWithout4thCard && rng.IntN(5) == 0:
	default:
		b.Fold = true
	}
}

// decide2 is the second decision, with the 4th card seen: continue, exchange
// (and decide again) or fold. deal takes replacement cards from the stub.
func decide2(rng *rand.Rand, s *Settings, hole, four []cards.Card, b *games.Box, deal func(int) []cards.Card) {
	if strength(hole, four) >= poker.TwoPair {
		return
	}
	if s.ExchangesPerHand > 0 && rng.IntN(2) == 0 {
		for range s.ExchangesPerHand {
			n := 1
			if s.ExchangeMaxCards >= 2 && !pairsBoard(hole[0], four) && !pairsBoard(hole[1], four) && hole[0].Rank() != hole[1].Rank() {
				n = 2
			}
			if n == 1 {
				// Replace the lower hole card.
				low := 0
				if hole[1].Rank() < hole[0].Rank() {
					low = 1
				}
				in := deal(1)[0]
				b.Exchanges = append(b.Exchanges, games.Exchange{Out: texts(hole[low : low+1]), In: texts([]cards.Card{in})})
				hole[low] = in
			} else {
				in := deal(2)
				b.Exchanges = append(b.Exchanges, games.Exchange{Out: texts(hole), In: texts(in)})
				copy(hole, in)
			}
			b.Exchanged += n
			if strength(hole, four) >= poker.OnePair || rng.IntN(2) == 0 {
				break
			}
		}
		if !s.RedecideAfterExchange {
			return
		}
	}
	weak := strength(hole, four) < poker.OnePair
	if weak && rng.IntN(3) == 0 || rng.IntN(10) == 0 {
		b.Fold = true
	}
}

// strength is the category of the best five of the hole cards and the board
// cards seen so far (5 or 6 cards).
func strength(hole, seen []cards.Card) poker.Category {
	return poker.Standard.Evaluate(append(slices.Clone(hole), seen...)).Category()
}

func pairsBoard(c cards.Card, board []cards.Card) bool {
	return slices.ContainsFunc(board, func(x cards.Card) bool { return x.Rank() == c.Rank() })
}

// flushDraw reports four or more cards of one suit.
func flushDraw(cs []cards.Card) bool {
	var n [cards.NumSuits]int
	for _, c := range cs {
		n[c.Suit()]++
		if n[c.Suit()] >= 4 {
			return true
		}
	}
	return false
}

// texts writes cards in SETTLE.md notation.
func texts(cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}
