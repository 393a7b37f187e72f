package lunar

import (
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// Lunar's two special readings of a hand, the Super combinations (§5.4) and
// the second combination (§5.5), are the hand engine's (poker.SuperCombos,
// poker.SecondCombination); this file only applies the house's tables to them.

// superCombos returns the Super combinations five cards hold, as super-table
// row keys, in the order of the printed layout (RULES.md §5.4 definitions).
// A straight flush is also a flush, a straight and a same-coloured straight;
// four of a kind, a full house and three of a kind follow the hand's own
// category. The caller pays only the single highest-paying one (bestSuper).
func superCombos(five []cards.Card) []string {
	return poker.SuperCombos(five)
}

// bestSuper returns the highest-paying Super combination of five in table t
// (the first in the layout on equal odds), or ok false when the hand holds none
// that the table pays.
func bestSuper(t games.PayTable, five []cards.Card) (key string, o games.Odds, ok bool) {
	for _, k := range superCombos(five) {
		ko, pays := t.Odds(k)
		if pays && (!ok || greater(ko, o)) {
			key, o, ok = k, ko, true
		}
	}
	return key, o, ok
}

// greater reports whether odds a pay more than odds b.
func greater(a, b games.Odds) bool { return a.Win*b.Per > b.Win*a.Per }

// betKey is the BET row of a hand's category: a high-card hand that beats a
// qualifying dealer is ace-king high.
func betKey(c poker.Category) string {
	if c <= poker.HighCard {
		return "ace_king"
	}
	return c.Key()
}

// secondCombination returns the BET rows a winning hand of 5 or 6 cards is
// paid on (RULES.md §5.5): first, the hand's own category; second, the
// highest-paying combination in t whose core holds at least one card outside
// the first's core, or "" when there is none. Where the first combination's
// core can be picked in several ways (six suited cards, K-K-8-8-3-3), the pick
// that pays the most in total is used. With twoStraights false, a second
// straight on the very same ranks as the first (K-Q-J-10-9 + 9) does not count,
// so the pair it makes is paid instead (lunar_straight_plus_pair_as_two_straights).
func secondCombination(cs []cards.Card, t games.PayTable, twoStraights bool) (first, second string) {
	// The engine compares whole pays; scaling keeps a house's fractional odds
	// ("3:2") in order without floats.
	pay := func(key string) (int64, bool) {
		o, ok := t.Odds(key)
		if !ok {
			return 0, false
		}
		return o.Win * 1_000_000 / o.Per, true
	}
	c1, c2, ok := poker.SecondCombination(cs, pay, twoStraights)
	if !ok {
		return betKey(poker.Standard.Evaluate(cs).Category()), ""
	}
	first = c1.Kind.Key()
	if c2.Kind != poker.NoCombo {
		second = c2.Kind.Key()
	}
	return first, second
}
