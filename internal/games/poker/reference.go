package poker

import (
	"fmt"
	"slices"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// Evaluate returns the best five-card hand of cs (5, 6 or 7 distinct cards)
// under the rules r. It panics on a count outside 5–7: callers validate input
// with cards.Check first, and bad input from people never reaches here.
func (r Rules) Evaluate(cs []cards.Card) Hand {
	if len(cs) < 5 || len(cs) > 7 {
		panic(fmt.Sprintf("poker.Evaluate: %d cards", len(cs)))
	}
	var best Hand
	var five [5]cards.Card
	n := len(cs)
	first := true
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for c := b + 1; c < n; c++ {
				for d := c + 1; d < n; d++ {
					for e := d + 1; e < n; e++ {
						five = [5]cards.Card{cs[a], cs[b], cs[c], cs[d], cs[e]}
						h := r.eval5(five)
						if first || h.Value > best.Value {
							best, first = h, false
						}
					}
				}
			}
		}
	}
	return best
}

// Value returns the value of the best five of cs; see Evaluate.
func (r Rules) Value(cs []cards.Card) Value { return r.Evaluate(cs).Value }

// eval5 ranks exactly five cards, trying every legal part the joker can play.
func (r Rules) eval5(cs [5]cards.Card) Hand {
	j := slices.Index(cs[:], cards.Joker)
	if j < 0 {
		var ranks [5]uint8
		for i, c := range cs {
			ranks[i] = uint8(c.Rank())
		}
		v := r.rankValue(ranks, isFlush(cs[:]))
		return Hand{Value: v, Best: order(cs, v, cards.Joker, cards.Joker)}
	}
	if !r.Joker {
		panic("poker: joker in a game without one")
	}
	var nat [4]cards.Card
	copy(nat[:], cs[:j])
	copy(nat[j:], cs[j+1:])
	var ranks [5]uint8
	for i, c := range nat {
		ranks[i] = uint8(c.Rank())
	}
	suited := isFlush(nat[:])
	s := nat[0].Suit()
	held := cards.SetOf(nat[:]...)

	var best Value
	var as cards.Card
	try := func(v Value, c cards.Card) {
		if v > best {
			best, as = v, c
		}
	}
	// As an ace (§4.5.2). The joker has no suit here, so no flush.
	ranks[4] = uint8(cards.Ace)
	try(r.rankValue(ranks, false), cards.New(cards.Ace, cards.Spades))
	// To complete a straight or a straight flush (§4.5.4: the highest one wins by max).
	for x := cards.Two; x <= cards.Ace; x++ {
		ranks[4] = uint8(x)
		if !isStraight(ranks) {
			continue
		}
		if suited && !held.Has(cards.New(x, s)) {
			try(r.rankValue(ranks, true), cards.New(x, s))
		} else {
			try(r.rankValue(ranks, false), cards.New(x, cards.Spades))
		}
	}
	// To complete a flush: the highest card of the suit not already held (§4.5.3),
	// or always an ace under the ace_always house rule.
	if suited {
		x := cards.Ace
		if !r.JokerFlushAceAlways {
			for held.Has(cards.New(x, s)) {
				x--
			}
		}
		ranks[4] = uint8(x)
		try(r.rankValue(ranks, true), cards.New(x, s))
	}
	return Hand{Value: best, Best: order(cs, best, cards.Joker, as), JokerAs: as}
}

func isFlush(cs []cards.Card) bool {
	for _, c := range cs[1:] {
		if c.Suit() != cs[0].Suit() {
			return false
		}
	}
	return true
}

// isStraight reports whether five ranks are five in a row, the wheel included.
// A straight never wraps around (K-A-2-3-4 is not one, §1.5).
func isStraight(ranks [5]uint8) bool {
	rs := ranks
	slices.Sort(rs[:])
	for i := 1; i < 5; i++ {
		if rs[i] == rs[i-1] {
			return false
		}
	}
	return rs[4]-rs[0] == 4 || rs == [5]uint8{0, 1, 2, 3, 12}
}

// rankValue values five ranks (possibly five aces with the joker) given whether they are suited.
func (r Rules) rankValue(ranks [5]uint8, flush bool) Value {
	var cnt [13]uint8
	for _, x := range ranks {
		cnt[x]++
	}
	if cnt[cards.Ace] == 5 {
		return mkValue(FiveAces, uint8(cards.Ace))
	}
	if isStraight(ranks) {
		rs := ranks
		slices.Sort(rs[:])
		top := rs[4]
		wheel := top == uint8(cards.Ace) && rs[0] == uint8(cards.Two)
		if flush {
			switch {
			case wheel && r.WheelSecondSF:
				return mkValue(StraightFlush, 12) // just below the royal, above K-high (11)
			case wheel:
				return mkValue(StraightFlush, uint8(cards.Five))
			case top == uint8(cards.Ace):
				return mkValue(RoyalFlush, 13)
			}
			return mkValue(StraightFlush, top)
		}
		switch {
		case wheel && r.WheelSecond:
			return mkValue(Straight, 12)
		case wheel:
			return mkValue(Straight, uint8(cards.Five))
		case top == uint8(cards.Ace):
			return mkValue(Straight, 13)
		}
		return mkValue(Straight, top)
	}
	// Group by count, then rank, high first.
	type grp struct{ n, r uint8 }
	var gs []grp
	for x := 12; x >= 0; x-- {
		if cnt[x] > 0 {
			gs = append(gs, grp{cnt[x], uint8(x)})
		}
	}
	slices.SortStableFunc(gs, func(a, b grp) int { return int(b.n) - int(a.n) })
	var seq []uint8
	for _, g := range gs {
		for range g.n {
			seq = append(seq, g.r)
		}
	}
	switch {
	case gs[0].n == 4:
		return mkValue(FourOfAKind, gs[0].r, gs[1].r)
	case gs[0].n == 3 && gs[1].n == 2:
		return mkValue(FullHouse, gs[0].r, gs[1].r)
	case flush:
		return mkValue(Flush, seq...)
	case gs[0].n == 3:
		return mkValue(ThreeOfAKind, gs[0].r, gs[1].r, gs[2].r)
	case gs[0].n == 2 && gs[1].n == 2:
		return mkValue(TwoPair, gs[0].r, gs[1].r, gs[2].r)
	case gs[0].n == 2:
		return mkValue(OnePair, gs[0].r, gs[1].r, gs[2].r, gs[3].r)
	}
	return mkValue(HighCard, seq...)
}

// order returns the five cards in reading order for the value v. The card joker
// (if present) reads as the rank of as.
func order(cs [5]cards.Card, v Value, joker, as cards.Card) [5]cards.Card {
	rank := func(c cards.Card) int {
		if c == joker {
			return int(as.Rank())
		}
		return int(c.Rank())
	}
	var cnt [13]int
	for _, c := range cs {
		cnt[rank(c)]++
	}
	out := cs
	cat := v.Category()
	wheel := false
	if cat == Straight || cat == StraightFlush {
		has := func(x cards.Rank) bool { return cnt[x] > 0 }
		wheel = has(cards.Ace) && has(cards.Two) && has(cards.Five) && !has(cards.King)
	}
	slices.SortStableFunc(out[:], func(a, b cards.Card) int {
		ra, rb := rank(a), rank(b)
		if wheel {
			if ra == int(cards.Ace) {
				ra = -1
			}
			if rb == int(cards.Ace) {
				rb = -1
			}
		}
		if cnt[rank(a)] != cnt[rank(b)] {
			return cnt[rank(b)] - cnt[rank(a)]
		}
		if ra != rb {
			return rb - ra
		}
		return int(a) - int(b)
	})
	return out
}
