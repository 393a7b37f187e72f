package poker

import (
	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// This file is a deliberately simple reference evaluator, independent of the
// tables: it values five cards by the plain rules of RULES.md §1 in its own
// packed encoding, tries every one of the 52 cards in place of the joker and
// keeps the substitutions §4.5 allows, and takes the best of every five-card
// subset. The differential tests check that it orders every hand exactly as
// the fast evaluator does.

// refCard is a card as the reference sees it: a joker substitute may repeat a
// held card (the double-ace flush, five aces).
type refCard struct{ rank, suit uint8 }

// refPlain values five natural cards: category in bits 20+, then five 4-bit
// ranks. Straights carry a single "order" rank so that the 7 Card Thrill
// wheel can sit between K-high and A-high.
func refPlain(r Rules, h [5]refCard) uint32 {
	var cnt [13]uint8
	flush := true
	for _, c := range h {
		cnt[c.rank]++
		if c.suit != h[0].suit {
			flush = false
		}
	}
	if cnt[12] == 5 {
		return uint32(FiveAces) << 20
	}
	// Ranks by count (desc) then rank (desc): an insertion sort of five.
	var seq [5]uint8
	sortKey := func(x uint8) uint8 { return cnt[x]<<4 | x }
	for i, c := range h {
		j := i
		for ; j > 0 && sortKey(seq[j-1]) < sortKey(c.rank); j-- {
			seq[j] = seq[j-1]
		}
		seq[j] = c.rank
	}
	pack := uint32(seq[0])<<16 | uint32(seq[1])<<12 | uint32(seq[2])<<8 | uint32(seq[3])<<4 | uint32(seq[4])
	distinct := cnt[seq[0]] == 1
	straight, order := false, uint32(0)
	if distinct {
		switch {
		case seq[0]-seq[4] == 4:
			straight, order = true, 2*uint32(seq[0])
		case seq[0] == 12 && seq[1] == 3: // A-5-4-3-2: the wheel
			straight, order = true, 2*3
			if flush && r.WheelSecondSF || !flush && r.WheelSecond {
				order = 2*11 + 1 // between K-high (22) and A-high (24)
			}
		}
	}
	cat := HighCard
	switch {
	case straight && flush && seq[0] == 12 && seq[1] == 11:
		return uint32(RoyalFlush) << 20
	case straight && flush:
		return uint32(StraightFlush)<<20 | order<<12 // order takes 5 bits
	case cnt[seq[0]] == 4:
		cat = FourOfAKind
	case cnt[seq[0]] == 3 && cnt[seq[3]] == 2:
		cat = FullHouse
	case flush:
		cat = Flush
	case straight:
		return uint32(Straight)<<20 | order<<12
	case cnt[seq[0]] == 3:
		cat = ThreeOfAKind
	case cnt[seq[2]] == 2:
		cat = TwoPair
	case cnt[seq[0]] == 2:
		cat = OnePair
	}
	return uint32(cat)<<20 | pack
}

func refCategory(v uint32) Category { return Category(v >> 20) }

// refEval5 values five cards, the joker included.
func refEval5(r Rules, five [5]cards.Card) uint32 {
	var h [5]refCard
	j := -1
	for i, c := range five {
		if c == cards.Joker {
			j = i
			continue
		}
		h[i] = refCard{uint8(c.Rank()), uint8(c.Suit())}
	}
	if j < 0 {
		return refPlain(r, h)
	}
	// Every card in place of the joker. When the other four are not of one
	// suit no substitute makes a flush, and the value does not depend on the
	// substitute's suit, so one suit is enough.
	suits := 4
	for i, c := range h {
		if i != j && c.suit != h[(j+1)%5].suit {
			suits = 1
		}
	}
	var best uint32
	for x := range cards.Card(52) {
		if int(x.Suit()) >= suits {
			continue
		}
		h[j] = refCard{uint8(x.Rank()), uint8(x.Suit())}
		v := refPlain(r, h)
		if refLegal(r, h, j, refCategory(v)) && v > best {
			best = v
		}
	}
	return best
}

// refLegal reports whether the joker may stand for h[j] in a hand of category
// cat (§4.5.2–3): as any card in a straight or straight flush; in a flush only
// as the highest card of the suit the other four lack (or any ace under
// JokerFlushAceAlways); in anything else only as an ace.
func refLegal(r Rules, h [5]refCard, j int, cat Category) bool {
	x := h[j]
	switch cat {
	case Straight, StraightFlush, RoyalFlush:
		return true
	case Flush:
		if r.JokerFlushAceAlways {
			return x.rank == 12
		}
		top := uint8(12)
		for {
			held := false
			for i, c := range h {
				if i != j && c == (refCard{top, x.suit}) {
					held = true
				}
			}
			if !held {
				return x.rank == top
			}
			top--
		}
	}
	return x.rank == 12
}

// refEvaluate is the best five of 5 to 7 cards by the reference.
func refEvaluate(r Rules, cs []cards.Card) uint32 {
	var best uint32
	n := len(cs)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for c := b + 1; c < n; c++ {
				for d := c + 1; d < n; d++ {
					for e := d + 1; e < n; e++ {
						best = max(best, refEval5(r, [5]cards.Card{cs[a], cs[b], cs[c], cs[d], cs[e]}))
					}
				}
			}
		}
	}
	return best
}
