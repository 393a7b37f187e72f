package lunar

import (
	"encoding/json"
	"math/rand/v2"
	"slices"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// instantRig is the chance that Random deals box 1 a straight or royal flush
// on purpose. Dealt naturally it comes once in ~65,000 hands, too rarely for a
// drill set or a property test to meet the Instant Cash.
const instantRig = 0.02

// Random deals a random legal, decided round of Lunar Poker in SETTLE.md's
// format, which Parse accepts under s. boxes is clamped to 1..s.MaxBoxes;
// stakes are whole multiples of chip between min and max (the Super at least
// the Ante where the house says so; side bets from one chip up to max).
//
// The players follow a simple strategy with some randomness, so that every
// branch turns up over a few hundred rounds:
//   - Multi Super on each other box with probability ¼, a Dealer Super with ⅓,
//     where the house takes them; the Super is skipped ⅓ of the time where it
//     is optional.
//   - Draw with a hand below a pair 60% of the time, with one pair 25%, better
//     10%: buy a 6th card a third of the time, else exchange a random number of
//     cards within the house's range, unpaired cards first.
//   - Then play with ace-king or better 95% of the time, with less 35%;
//     otherwise fold. A box that plays with three of a kind or better insures
//     half of the time where the house offers insurance.
//   - Against a dealer who does not qualify, force with a pair or better half
//     of the time, with less a fifth of the time; dealer_draw is then the next
//     card off the deck.
//
// Now and then (2% of rounds) box 1 is dealt a straight or royal flush so that
// the Instant Cash is met too. The same rng state gives the same round.
func Random(rng *rand.Rand, s *Settings, min, max, chip games.Money, boxes int) games.Round {
	if chip <= 0 {
		chip = 1
	}
	min, max = clampStakes(min, max, chip)
	boxes = clamp(boxes, 1, s.MaxBoxes)

	deck := cards.Deck52()
	var rigged []cards.Card
	if rng.Float64() < instantRig {
		suit := cards.Suit(rng.IntN(cards.NumSuits))
		top := cards.Rank(rng.IntN(int(cards.Ace-cards.Five)+1)) + cards.Five // 5-high (the wheel) to ace-high
		for k := range 5 {
			r := int(top) - k
			if r < 0 {
				r = int(cards.Ace) // the wheel's ace
			}
			rigged = append(rigged, cards.New(cards.Rank(r), suit))
		}
		deck = slices.DeleteFunc(deck, func(c cards.Card) bool { return slices.Contains(rigged, c) })
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	deal := func(n int) []cards.Card {
		out := deck[:n:n]
		deck = deck[n:]
		return out
	}

	r := games.Round{Game: Slug}
	firsts := make([][]cards.Card, boxes)
	for i := range firsts {
		if i == 0 && rigged != nil {
			firsts[i] = rigged
			continue
		}
		firsts[i] = deal(5)
	}
	dealer := deal(5)
	r.Dealer = strs(dealer)

	finals := make([][]cards.Card, boxes)
	playing := make([]bool, boxes)
	for i := range boxes {
		b := games.Box{Cards: strs(firsts[i]), Wagers: map[string]json.Number{}}
		ante := pick(rng, min, max, chip)
		b.Wagers["ante"] = num(ante)
		if s.SuperMandatory || rng.IntN(3) > 0 {
			lo := chip
			if s.SuperMin == "ante" {
				lo = ante
			}
			b.Wagers["super"] = num(pick(rng, lo, max, chip))
		}
		for j := range boxes {
			if j != i && s.MultiSuperEnabled && rng.IntN(4) == 0 {
				b.MultiSuper = append(b.MultiSuper, games.SideBet{On: games.Target{Box: j + 1}, Stake: num(pick(rng, chip, max, chip))})
			}
		}
		if s.DealerSuperEnabled && rng.IntN(3) == 0 {
			b.MultiSuper = append(b.MultiSuper, games.SideBet{On: games.Target{Dealer: true}, Stake: num(pick(rng, chip, max, chip))})
		}
		first := poker.Standard.Evaluate(firsts[i])
		finals[i] = firsts[i]
		if first.Category() >= poker.StraightFlush {
			r.Boxes = append(r.Boxes, b) // Instant Cash: the round is over for this box
			continue
		}
		drawChance := 10
		switch {
		case first.Category() < poker.OnePair:
			drawChance = 60
		case first.Category() == poker.OnePair:
			drawChance = 25
		}
		if rng.IntN(100) < drawChance {
			b.Draw, finals[i] = randomDraw(rng, s, firsts[i], &deck)
		}
		play := poker.Standard.Evaluate(finals[i]).AceKingOrBetter()
		if play && rng.IntN(100) < 95 || !play && rng.IntN(100) < 35 {
			b.Wagers["bet"] = num(ante * games.Money(s.BetMultiple))
			playing[i] = true
			insure(rng, s, &b, finals[i], ante, chip)
		} else {
			b.Fold = true
		}
		r.Boxes = append(r.Boxes, b)
	}

	if !poker.Standard.Evaluate(dealer).AceKingOrBetter() {
		forced := false
		for i := range r.Boxes {
			if !playing[i] {
				continue
			}
			chance := 20
			if poker.Standard.Evaluate(finals[i]).Category() >= poker.OnePair {
				chance = 50
			}
			if rng.IntN(100) < chance {
				r.Boxes[i].Force, forced = true, true
			}
		}
		if forced {
			r.DealerDraw = deal(1)[0].String()
		}
	}
	return r
}

// insure places insurance on a box that plays, half of the time, where the
// house offers it and the final hand holds three of a kind or better: a
// stake in whole chips within InsuranceRange. It draws nothing from rng at a
// house without insurance, so that such a house deals the same rounds as
// before insurance existed.
func insure(rng *rand.Rand, s *Settings, b *games.Box, final []cards.Card, ante, chip games.Money) {
	if !s.InsuranceEnabled || poker.Standard.Evaluate(final).Category() < poker.ThreeOfAKind {
		return
	}
	lo, hi, _, _ := InsuranceRange(final, ante, s)
	lo = (lo + chip - 1) / chip * chip
	if hi < lo || rng.IntN(2) == 0 {
		return
	}
	b.Wagers[Insurance] = num(pick(rng, lo, hi, chip))
}

// randomDraw takes a draw for a hand, keeping one card back in the deck for
// the dealer's replacement. It returns nil and the hand unchanged when the
// deck is too short for it.
func randomDraw(rng *rand.Rand, s *Settings, hand []cards.Card, deck *[]cards.Card) (*games.Draw, []cards.Card) {
	if rng.IntN(3) == 0 {
		if len(*deck) < 2 {
			return nil, hand
		}
		c := (*deck)[0]
		*deck = (*deck)[1:]
		return &games.Draw{Buy: c.String()}, append(slices.Clone(hand), c)
	}
	k := s.ExchangeMin + rng.IntN(s.ExchangeMax-s.ExchangeMin+1)
	if len(*deck) < k+1 {
		return nil, hand
	}
	// Unpaired cards go first, in a random order; then paired ones.
	var cnt [cards.NumRanks]int
	for _, c := range hand {
		cnt[c.Rank()]++
	}
	order := slices.Clone(hand)
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	slices.SortStableFunc(order, func(a, b cards.Card) int { return cnt[a.Rank()] - cnt[b.Rank()] })
	out := order[:k]
	in := (*deck)[:k:k]
	*deck = (*deck)[k:]
	var final []cards.Card
	for _, c := range hand {
		if !slices.Contains(out, c) {
			final = append(final, c)
		}
	}
	final = append(final, in...)
	return &games.Draw{Out: strs(out), In: strs(in)}, final
}

// pick returns a random whole number of chips between lo and hi.
func pick(rng *rand.Rand, lo, hi, chip games.Money) games.Money {
	lo = (lo + chip - 1) / chip * chip
	hi = hi / chip * chip
	if hi <= lo {
		return lo
	}
	return lo + games.Money(rng.Int64N(int64((hi-lo)/chip)+1))*chip
}

func clampStakes(min, max, chip games.Money) (games.Money, games.Money) {
	if min < chip {
		min = chip
	}
	if max > MaxStake {
		max = MaxStake
	}
	if max < min {
		max = min
	}
	return min, max
}

func clamp(n, lo, hi int) int {
	return max(lo, min(n, hi))
}

func strs(cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

func num(m games.Money) json.Number { return json.Number(m.String()) }
