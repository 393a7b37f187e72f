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
	// Ranks by count, high rank first within a count.
	var by [6][]cards.Rank
	for x := cards.Ace; ; x-- {
		by[n[x]] = append(by[n[x]], x)
		if x == cards.Two {
			break
		}
	}
	// kickers returns the k highest ranks not in skip.
	kickers := func(k int, skip ...cards.Rank) []cards.Rank {
		var out []cards.Rank
		for x := cards.Ace; len(out) < k; x-- {
			if n[x] > 0 && x != skipAt(skip, 0) && x != skipAt(skip, 1) {
				out = append(out, x)
			}
			if x == cards.Two {
				break
			}
		}
		return out
	}
	switch {
	case len(by[5]) > 0:
		return r.valueOf(FiveAces, [5]cards.Rank{cards.Ace, cards.Ace, cards.Ace, cards.Ace, cards.Ace})
	case len(by[4]) > 0:
		q := by[4][0]
		k := kickers(1, q)
		return r.valueOf(FourOfAKind, [5]cards.Rank{q, q, q, q, k[0]})
	}
	threes := by[3]
	pairs := append(append([]cards.Rank(nil), by[3]...), by[2]...) // ranks that can give a pair
	if len(threes) > 0 {
		t := threes[0]
		p := cards.Rank(0)
		found := false
		for _, x := range pairs {
			if x != t && (!found || x > p) {
				p, found = x, true
			}
		}
		if found {
			return r.valueOf(FullHouse, [5]cards.Rank{t, t, t, p, p})
		}
	}
	if v := r.bestStraight(Straight, presence(n)); v != 0 {
		return v
	}
	if len(threes) > 0 {
		t := threes[0]
		k := kickers(2, t)
		return r.valueOf(ThreeOfAKind, [5]cards.Rank{t, t, t, k[0], k[1]})
	}
	if ps := by[2]; len(ps) >= 2 {
		k := kickers(1, ps[0], ps[1])
		return r.valueOf(TwoPair, [5]cards.Rank{ps[0], ps[0], ps[1], ps[1], k[0]})
	}
	if ps := by[2]; len(ps) == 1 {
		k := kickers(3, ps[0])
		return r.valueOf(OnePair, [5]cards.Rank{ps[0], ps[0], k[0], k[1], k[2]})
	}
	k := kickers(5)
	return r.valueOf(HighCard, [5]cards.Rank(k))
}

func skipAt(skip []cards.Rank, i int) cards.Rank {
	if i < len(skip) {
		return skip[i]
	}
	return 255
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
