package poker

import "github.com/dealerkiosk/trainer/internal/games/cards"

// This file values rank multisets and suited rank masks directly, by the
// rules of RULES.md §1 and §4.5. It is only used to fill the lookup tables
// (table.go); the tests check it against an independent reference that tries
// every five-card subset and every substitution of the joker.

// rankValue is the best hand, ignoring suits, that the ranks counted in n make
// (each count 0–4, 4 to 7 cards), plus the joker if joker is set. The joker is
// an ace, or any card that completes a straight (§4.5.2); its flushes are
// valued by flushValue.
func (r Rules) rankValue(n [13]uint8, joker bool) Value {
	total := 0
	for _, c := range n {
		total += int(c)
	}
	var best Value
	if total >= 5 { // four natural cards and the joker make no hand without it
		best = r.plainValue(n)
	}
	if !joker {
		return best
	}
	// The joker as an ace: K-K-K + joker is three kings with an ace kicker,
	// and four aces + joker are five aces.
	n[cards.Ace]++
	asAce := r.plainValue(n)
	n[cards.Ace]--
	best = max(best, asAce)
	// The joker completing the highest straight it can (§4.5.4).
	m := presence(n)
	for x := cards.Two; x <= cards.Ace; x++ {
		if m&(1<<x) == 0 {
			best = max(best, r.bestStraight(Straight, m|1<<x))
		}
	}
	return best
}

// bestStraight is the best straight (or straight flush) in the rank mask m
// under r, or 0. It is not always the one with the highest top card: in
// 7 Card Thrill A-2-3-4-5 beats 7-6-5-4-3 (§4.5.5).
func (r Rules) bestStraight(cat Category, m uint16) Value {
	var best Value
	for top := cards.Five; top <= cards.Ace; top++ {
		w := uint16(0x1f) << (top - 4)
		if top == cards.Five {
			w = 0x100f
		}
		if m&w == w {
			best = max(best, r.straight(cat, top))
		}
	}
	return best
}

func presence(n [13]uint8) uint16 {
	var m uint16
	for x, c := range n {
		if c > 0 {
			m |= 1 << x
		}
	}
	return m
}

func (r Rules) straight(cat Category, top cards.Rank) Value {
	if top == cards.Five {
		return r.valueOf(cat, [5]cards.Rank{cards.Five, cards.Four, cards.Three, cards.Two, cards.Ace})
	}
	if cat == StraightFlush && top == cards.Ace {
		cat = RoyalFlush
	}
	return r.valueOf(cat, [5]cards.Rank{top, top - 1, top - 2, top - 3, top - 4})
}

// plainValue is the best non-flush five of the counted ranks (counts up to 5
// for the aces, when the joker plays one). Between the two wheel orders a
// straight's value comes from r.
func (r Rules) plainValue(n [13]uint8) Value {
	// The highest rank of each count, and the ranks high to low.
	var top [6]int
	for i := range top {
		top[i] = -1
	}
	for x := 12; x >= 0; x-- {
		if c := n[x]; top[c] < 0 {
			top[c] = x
		}
	}
	// kick returns the k highest present ranks other than a and b.
	kick := func(k int, a, b int) (out [5]cards.Rank) {
		i := 0
		for x := 12; x >= 0 && i < k; x-- {
			if n[x] > 0 && x != a && x != b {
				out[i] = cards.Rank(x)
				i++
			}
		}
		return out
	}
	R := func(x int) cards.Rank { return cards.Rank(x) }
	if top[5] >= 0 {
		return r.valueOf(FiveAces, [5]cards.Rank{cards.Ace, cards.Ace, cards.Ace, cards.Ace, cards.Ace})
	}
	if q := top[4]; q >= 0 {
		k := kick(1, q, q)
		return r.valueOf(FourOfAKind, [5]cards.Rank{R(q), R(q), R(q), R(q), k[0]})
	}
	if t := top[3]; t >= 0 {
		// The pair of a full house: the highest other rank held two or three times.
		for x := 12; x >= 0; x-- {
			if x != t && n[x] >= 2 {
				return r.valueOf(FullHouse, [5]cards.Rank{R(t), R(t), R(t), R(x), R(x)})
			}
		}
	}
	if v := r.bestStraight(Straight, presence(n)); v != 0 {
		return v
	}
	if t := top[3]; t >= 0 {
		k := kick(2, t, t)
		return r.valueOf(ThreeOfAKind, [5]cards.Rank{R(t), R(t), R(t), k[0], k[1]})
	}
	if p := top[2]; p >= 0 {
		q := -1
		for x := p - 1; x >= 0; x-- {
			if n[x] == 2 {
				q = x
				break
			}
		}
		if q >= 0 {
			k := kick(1, p, q)
			return r.valueOf(TwoPair, [5]cards.Rank{R(p), R(p), R(q), R(q), k[0]})
		}
		k := kick(3, p, p)
		return r.valueOf(OnePair, [5]cards.Rank{R(p), R(p), k[0], k[1], k[2]})
	}
	return r.valueOf(HighCard, kick(5, -1, -1))
}

// flushValue is the best straight flush or flush of one suit whose ranks are
// the bits of m (at least five cards with the joker). The joker completes the
// highest straight flush it can; otherwise it is the highest card of the suit
// not already held (§4.5.3), or an ace even beside the natural ace under
// JokerFlushAceAlways, which makes a double-ace flush.
func (r Rules) flushValue(m uint16, joker bool) Value {
	best := r.bestStraight(StraightFlush, m)
	if joker {
		for x := cards.Two; x <= cards.Ace; x++ {
			if m&(1<<x) == 0 {
				best = max(best, r.bestStraight(StraightFlush, m|1<<x))
			}
		}
	}
	var rs []cards.Rank
	extra := cards.Rank(255)
	if joker {
		extra = cards.Ace
		if !r.JokerFlushAceAlways {
			for m&(1<<extra) != 0 {
				extra--
			}
		}
	}
	for x := cards.Ace; len(rs) < 5; x-- {
		if x == extra {
			rs = append(rs, x)
		}
		if m&(1<<x) != 0 && len(rs) < 5 {
			rs = append(rs, x)
		}
		if x == cards.Two {
			break
		}
	}
	// Five ranks in a row here are a straight flush, valued above.
	if len(rs) == 5 && !(rs[0] != rs[1] && straightTop(rankMask(rs)) >= 0) {
		best = max(best, r.valueOf(Flush, [5]cards.Rank(rs)))
	}
	return best
}

func rankMask(rs []cards.Rank) uint16 {
	var m uint16
	for _, x := range rs {
		m |= 1 << x
	}
	return m
}
