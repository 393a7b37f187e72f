package thrill

import (
	"encoding/json"
	"math/rand/v2"
	"slices"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// Random deals a random legal round of 7 Card Thrill in SETTLE.md's format,
// one that Parse accepts under s. It serves the drills, `trainer settle`'s
// bulk test and the conservation property.
//
//   - The 53-card deck is shuffled with rng and dealt one card at a time, box 1
//     first and the dealer last, seven rounds: the dealer's last card is the
//     last one dealt (his "top card" under dealer_exposed_card = last_dealt).
//   - boxes is clamped to 1…max_player_boxes.
//   - Stakes are whole multiples of chip between lo and hi (the table limits
//     of house.toml), narrowed to the house's wager_limits where it sets any;
//     half of them are small (within 20 chips of the minimum) so that odd
//     amounts such as 5.5 or 7 come up often.
//   - Wagers: each primary wager with probability ½ (at least one; exactly one
//     under primary_wagers = "exactly_one"), the Special with probability ⅓,
//     and, where special_requires_primary = false, now and then a Special alone.
//   - Discards (the only decision in this game): the player sets aside the two
//     cards outside his best five, except one time in six when he discards two
//     cards at random (a setting mistake, which matters when the kept five bind).
//     Under cards speak, half of the boxes name their discards; when the kept
//     five bind, every box does.
func Random(rng *rand.Rand, s *Settings, lo, hi, chip games.Money, boxes int) games.Round {
	if chip <= 0 {
		chip = 1
	}
	lo = max(lo, chip)
	hi = max(hi, lo)
	boxes = max(1, boxes)
	if s.MaxPlayerBoxes > 0 {
		boxes = min(boxes, s.MaxPlayerBoxes)
	}
	deck := cards.Deck53()
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	hands := make([][]cards.Card, boxes+1) // the dealer is the last hand
	next := 0
	for range HandSize {
		for h := range hands {
			hands[h] = append(hands[h], deck[next])
			next++
		}
	}
	out := games.Round{Game: Slug, Dealer: cardStrings(hands[boxes])}
	rules := s.Rules()
	for i := range boxes {
		hand := hands[i]
		b := games.Box{Cards: cardStrings(hand), Wagers: map[string]json.Number{}}
		for _, w := range randomWagers(rng, s) {
			b.Wagers[w] = json.Number(randomStake(rng, s.WagerLimits[w], lo, hi, chip).String())
		}
		if !s.CardsSpeak || rng.IntN(2) == 0 {
			var discards []cards.Card
			if rng.IntN(6) == 0 {
				p := rng.Perm(HandSize)
				discards = []cards.Card{hand[p[0]], hand[p[1]]}
			} else {
				best := rules.Evaluate(hand).Best
				for _, c := range hand {
					if !slices.Contains(best[:], c) {
						discards = append(discards, c)
					}
				}
			}
			b.Discards = cardStrings(discards)
		}
		out.Boxes = append(out.Boxes, b)
	}
	return out
}

// randomWagers picks the wagers of one box as Random documents.
func randomWagers(rng *rand.Rand, s *Settings) []string {
	var ws []string
	if !s.SpecialRequiresPrimary && rng.IntN(10) == 0 {
		return []string{Special}
	}
	if s.PrimaryWagers == ExactlyOne {
		ws = append(ws, Primary[rng.IntN(len(Primary))])
	} else {
		for _, w := range Primary {
			if rng.IntN(2) == 0 {
				ws = append(ws, w)
			}
		}
		if len(ws) == 0 {
			ws = append(ws, Primary[rng.IntN(len(Primary))])
		}
	}
	if rng.IntN(3) == 0 {
		ws = append(ws, Special)
	}
	return ws
}

// randomStake draws a multiple of chip within [lo, hi] ∩ the wager's limit l
// (l alone when the two do not meet, since Parse checks only l).
func randomStake(rng *rand.Rand, l Limit, lo, hi, chip games.Money) games.Money {
	if l.Min > 0 || l.Max > 0 {
		llo, lhi := l.Min, l.Max
		if lhi == 0 {
			lhi = max(hi, llo)
		}
		if max(lo, llo) <= min(hi, lhi) {
			lo, hi = max(lo, llo), min(hi, lhi)
		} else {
			lo, hi = llo, lhi
		}
	}
	first := max(1, (lo+chip-1)/chip) // in chips, rounded up into the range
	last := hi / chip
	if last < first {
		// No multiple of chip fits: the smallest amount within the limits.
		return max(lo, 1)
	}
	n := last - first + 1
	if rng.IntN(2) == 0 {
		n = min(n, 21)
	}
	return (first + games.Money(rng.Int64N(int64(n)))) * chip
}

func cardStrings(cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}
