package poker

import (
	"slices"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// ComboKind is a row of Lunar Poker's BET pay table (RULES.md §5.4): a
// combination the player's 5 or 6 cards can hold, for the second-combination
// payout of §5.5.
type ComboKind uint8

// The BET-table combinations, lowest first.
const (
	NoCombo ComboKind = iota
	ComboAceKing
	ComboOnePair
	ComboTwoPair
	ComboThreeOfAKind
	ComboStraight
	ComboFlush
	ComboFullHouse
	ComboFourOfAKind
	ComboStraightFlush
	ComboRoyalFlush
)

var comboKeys = [...]string{"", "ace_king", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house", "four_of_a_kind", "straight_flush", "royal_flush"}
var comboNames = [...]string{"", "ace-king", "one pair", "two pair", "three of a kind", "straight", "flush", "full house", "four of a kind", "straight flush", "royal flush"}

// Key is the combination's row key in content/rules BET tables: "ace_king", "two_pair".
func (k ComboKind) Key() string {
	if int(k) >= len(comboKeys) {
		return ""
	}
	return comboKeys[k]
}

// String is the combination's name: "ace-king", "two pair".
func (k ComboKind) String() string {
	if int(k) >= len(comboNames) {
		return "combination?"
	}
	return comboNames[k]
}

// comboOf is the BET row of a five-card category (high card has none: the
// ace-king row is a high-card hand holding both).
func comboOf(c Category) ComboKind {
	switch {
	case c >= OnePair && c <= RoyalFlush:
		return ComboKind(c-OnePair) + ComboOnePair
	}
	return NoCombo
}

// Combo is one combination and its core cards (§5.5): the two of a pair, the
// four of two pair or of four of a kind, the three of three of a kind, all
// five of a straight, flush, full house or straight flush, and the ace and the
// king of an ace-king. Kickers are never part of a core.
type Combo struct {
	Kind ComboKind
	Core []cards.Card // high to low
}

// LunarCombos lists every BET-table combination in 5 or 6 cards, each with
// its core cards, the highest kind first. A five-card set appears once, as
// its best kind: a straight flush is not listed again as a straight and a
// flush (it pays more than either). Other input (a wrong count, a joker, a
// repeated card) gives nil.
func LunarCombos(cs []cards.Card) []Combo {
	if (len(cs) != 5 && len(cs) != 6) || cards.Check(cs, 0, false) != nil {
		return nil
	}
	hand := slices.Clone(cs)
	slices.SortFunc(hand, func(a, b cards.Card) int { return int(b) - int(a) })
	var byRank [13][]cards.Card
	for _, c := range hand {
		byRank[c.Rank()] = append(byRank[c.Rank()], c)
	}
	var out []Combo
	add := func(k ComboKind, core ...cards.Card) {
		c := slices.Clone(core)
		slices.SortFunc(c, func(a, b cards.Card) int { return int(b) - int(a) })
		out = append(out, Combo{k, c})
	}
	// Five-card sets: straights, flushes and straight flushes.
	for _, five := range subsets(hand, 5) {
		flush := true
		for _, c := range five {
			flush = flush && c.Suit() == five[0].Suit()
		}
		var m uint16
		for _, c := range five {
			m |= 1 << c.Rank()
		}
		straight := popcount16(m) == 5 && straightTop(m) >= 0
		switch {
		case straight && flush && straightTop(m) == int(cards.Ace):
			add(ComboRoyalFlush, five...)
		case straight && flush:
			add(ComboStraightFlush, five...)
		case flush:
			add(ComboFlush, five...)
		case straight:
			add(ComboStraight, five...)
		}
	}
	for x := cards.Ace; ; x-- {
		same := byRank[x]
		if len(same) == 4 {
			add(ComboFourOfAKind, same...)
		}
		for _, t := range subsets(same, 3) {
			for y := cards.Ace; ; y-- {
				if y != x {
					for _, p := range subsets(byRank[y], 2) {
						add(ComboFullHouse, append(slices.Clone(t), p...)...)
					}
				}
				if y == cards.Two {
					break
				}
			}
			add(ComboThreeOfAKind, t...)
		}
		for _, p := range subsets(same, 2) {
			for y := x - 1; x > cards.Two; y-- {
				for _, q := range subsets(byRank[y], 2) {
					add(ComboTwoPair, append(slices.Clone(p), q...)...)
				}
				if y == cards.Two {
					break
				}
			}
		}
		if x == cards.Two {
			break
		}
	}
	for x := cards.Ace; ; x-- {
		for _, p := range subsets(byRank[x], 2) {
			add(ComboOnePair, p...)
		}
		if x == cards.Two {
			break
		}
	}
	for _, a := range byRank[cards.Ace] {
		for _, k := range byRank[cards.King] {
			add(ComboAceKing, a, k)
		}
	}
	slices.SortStableFunc(out, func(a, b Combo) int { return int(b.Kind) - int(a.Kind) })
	return out
}

// subsets lists the k-card subsets of cs, in order.
func subsets(cs []cards.Card, k int) [][]cards.Card {
	var out [][]cards.Card
	var rec func(start int, cur []cards.Card)
	rec = func(start int, cur []cards.Card) {
		if len(cur) == k {
			out = append(out, slices.Clone(cur))
			return
		}
		for i := start; i < len(cs); i++ {
			rec(i+1, append(cur, cs[i]))
		}
	}
	rec(0, nil)
	return out
}

// SecondCombination applies Lunar Poker's double-combination payout (§5.5) to
// a player's 5 or 6 cards. pay gives the X of the BET table's "X:1" for a row
// key, and false for a row the house's table does not pay.
//
// The first combination is the player's best five-card category (ace-king for
// a high-card hand holding both), with its core cards. The second is the
// highest-paying combination whose core holds at least one card outside the
// first's core; at most two are paid. When the first can take several cores
// (six suited cards, two full houses in A-A-A-K-K-K) the one giving the
// largest total is used.
//
// twoStraights is lunar_straight_plus_pair_as_two_straights (default true:
// K-Q-J-10-9-9 pays two straights). When false, a second straight (or
// straight flush) on the same five ranks as the first does not count, so
// that hand pays a straight and the pair of nines.
//
// ok is false when the cards hold no paying combination (or are no legal
// Lunar hand); second.Kind is NoCombo when there is no second combination.
func SecondCombination(cs []cards.Card, pay func(key string) (int64, bool), twoStraights bool) (first, second Combo, ok bool) {
	combos := LunarCombos(cs)
	if combos == nil {
		return Combo{}, Combo{}, false
	}
	kind := comboOf(Standard.Value(cs).Category())
	if kind == NoCombo && combos[len(combos)-1].Kind == ComboAceKing {
		kind = ComboAceKing
	}
	p1, paid := pay(kind.Key())
	if kind == NoCombo || !paid {
		return Combo{}, Combo{}, false
	}
	best := int64(-1)
	for _, c1 := range combos {
		if c1.Kind != kind {
			continue
		}
		var c2 Combo
		p2 := int64(0)
		for _, c := range combos {
			if !outside(c.Core, c1.Core) || !twoStraights && sameStraight(c1, c) {
				continue
			}
			if p, ok := pay(c.Kind.Key()); ok && (c2.Kind == NoCombo || p > p2) {
				c2, p2 = c, p
			}
		}
		if p1+p2 > best {
			best, first, second = p1+p2, c1, c2
		}
	}
	return first, second, true
}

// outside reports whether core holds a card that is not in other.
func outside(core, other []cards.Card) bool {
	for _, c := range core {
		if !slices.Contains(other, c) {
			return true
		}
	}
	return false
}

func sameStraight(a, b Combo) bool {
	isStraight := func(k ComboKind) bool {
		return k == ComboStraight || k == ComboStraightFlush || k == ComboRoyalFlush
	}
	if !isStraight(a.Kind) || !isStraight(b.Kind) {
		return false
	}
	var ma, mb uint16
	for i := range a.Core {
		ma |= 1 << a.Core[i].Rank()
		mb |= 1 << b.Core[i].Rank()
	}
	return ma == mb
}

// The Super combinations of Lunar Poker (§5.4), in the order of the TCS table.
const (
	SuperFourOfAKind        = "four_of_a_kind"
	SuperSameColourStraight = "same_colour_straight"
	SuperFivePictureCards   = "five_picture_cards"
	SuperFullHouse          = "full_house"
	SuperFlush              = "flush"
	SuperStraight           = "straight"
	SuperThreeOfAKind       = "three_of_a_kind"
	SuperAceKingQueen       = "ace_king_queen"
	SuperFiveSameColour     = "five_same_colour"
)

// SuperCombos lists the Super combinations the first five cards hold, as
// content/rules keys in the order of the TCS table; the lunar package pays
// the single highest-paying one of the house's table. Four of a kind, full
// house and three of a kind are the hand's category (a full house is not
// also three of a kind). A straight or royal flush is also a flush, a
// straight and, its cards being one colour, a same-coloured straight; a
// flush is also five same-coloured cards. A-2-3-4-5 is a straight. Other
// input (not five legal cards of a 52-card deck) gives nil.
func SuperCombos(five []cards.Card) []string {
	if len(five) != 5 || cards.Check(five, 5, false) != nil {
		return nil
	}
	cat := Standard.Value(five).Category()
	var m uint16
	flush, red, black, pictures := true, 0, 0, 0
	for _, c := range five {
		m |= 1 << c.Rank()
		flush = flush && c.Suit() == five[0].Suit()
		if c.Suit().Red() {
			red++
		} else {
			black++
		}
		if c.Rank() >= cards.Jack && c.Rank() <= cards.King {
			pictures++
		}
	}
	straight := popcount16(m) == 5 && straightTop(m) >= 0
	oneColour := red == 5 || black == 5
	has := func(x cards.Rank) bool { return m&(1<<x) != 0 }
	var out []string
	for _, s := range []struct {
		key string
		ok  bool
	}{
		{SuperFourOfAKind, cat == FourOfAKind},
		{SuperSameColourStraight, straight && oneColour},
		{SuperFivePictureCards, pictures == 5},
		{SuperFullHouse, cat == FullHouse},
		{SuperFlush, flush},
		{SuperStraight, straight},
		{SuperThreeOfAKind, cat == ThreeOfAKind},
		{SuperAceKingQueen, has(cards.Ace) && has(cards.King) && has(cards.Queen)},
		{SuperFiveSameColour, oneColour},
	} {
		if s.ok {
			out = append(out, s.key)
		}
	}
	return out
}
