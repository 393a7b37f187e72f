package poker

import (
	"slices"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// Value returns the value of the best five of cs (5, 6 or 7 cards) under r:
// the fast path, a few table look-ups and no allocation. It does not check
// its input: for a wrong count it returns 0, and for repeated or invalid cards
// a meaningless Value (never a panic). Evaluate checks.
func (r Rules) Value(cs []cards.Card) Value {
	if len(cs) < 5 || len(cs) > 7 {
		return 0
	}
	key := keyInit
	for _, c := range cs {
		key += cardKey[c]
	}
	t := r.tables()
	if key&flushFlags == 0 { // 97% of seven-card hands: no suit mask needed
		return t.rankOnly(key)
	}
	var mask uint64
	for _, c := range cs {
		mask |= cardMask[c]
	}
	return t.lookup(key, mask)
}

// Evaluate returns the best five-card hand of cs (5, 6 or 7 distinct cards)
// under r, with the five cards a dealer would show. When several fives make
// the same value it prefers natural cards to the joker, so a natural royal
// flush is never reported as a joker one. Input that is no legal hand for r —
// a wrong count, a repeated or invalid card, a joker when r has none — gives
// the zero Hand (NoCategory, "No hand"); callers check input with cards.Check
// or cards.ParseHand first, so this only guards against a bug.
func (r Rules) Evaluate(cs []cards.Card) Hand {
	if !r.legal(cs) {
		return Hand{}
	}
	v := r.Value(cs)
	h := Hand{Value: v}
	h.Best, h.JokerAs = pickBest(cs, v)
	return h
}

func (r Rules) legal(cs []cards.Card) bool {
	if len(cs) < 5 || len(cs) > 7 {
		return false
	}
	var seen cards.Set
	for _, c := range cs {
		if !c.Valid() || seen.Has(c) || c == cards.Joker && !r.Joker {
			return false
		}
		seen = seen.Add(c)
	}
	return true
}

// pickBest chooses the five cards that make v, in the order of v's ranks:
// natural cards first (the highest suit first among equal ranks, so the choice
// does not depend on the order of cs), and the joker for a rank they lack.
func pickBest(cs []cards.Card, v Value) (best [5]cards.Card, jokerAs cards.Card) {
	hand := cards.SetOf(cs...)
	var used cards.Set
	rs := v.Ranks()
	jokerAs = cards.Joker
	flushSuit := -1
	if c := v.Category(); c == Flush || c == StraightFlush || c == RoyalFlush {
		var n [4]int
		for _, c := range cs {
			if c != cards.Joker {
				n[c.Suit()]++
			}
		}
		flushSuit = slices.Index(n[:], slices.Max(n[:]))
	}
	for i, x := range rs {
		c, ok := pickRank(hand&^used, x, flushSuit)
		if !ok && hand.Has(cards.Joker) && !used.Has(cards.Joker) {
			c = cards.Joker
			jokerAs = standIn(hand, x, flushSuit)
		}
		used = used.Add(c)
		best[i] = c
	}
	return best, jokerAs
}

// pickRank returns the highest-suited card of rank x in set (of suit s if s ≥ 0).
func pickRank(set cards.Set, x cards.Rank, s int) (cards.Card, bool) {
	for u := cards.Spades; ; u-- {
		if (s < 0 || int(u) == s) && set.Has(cards.New(x, u)) {
			return cards.New(x, u), true
		}
		if u == cards.Clubs {
			return 0, false
		}
	}
}

// standIn is the card the joker stands for as rank x: of the flush suit in a
// flush; otherwise of the highest suit not in the hand, since its suit does
// not matter and it should not look like a card the player holds.
func standIn(hand cards.Set, x cards.Rank, flushSuit int) cards.Card {
	if flushSuit >= 0 {
		return cards.New(x, cards.Suit(flushSuit))
	}
	for u := cards.Spades; ; u-- {
		if !hand.Has(cards.New(x, u)) || u == cards.Clubs {
			return cards.New(x, u)
		}
	}
}
