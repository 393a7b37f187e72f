package lunar

import (
	"math/bits"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// This file holds the package's own reading of Lunar's two special
// combinations, written while poker.SuperCombos and poker.SecondCombination
// are being built elsewhere. Each is one function (superCombos,
// secondCombination) so that the switch to package poker touches one call each.

// superCombos returns the Super combinations five cards hold, as super-table
// row keys, in the order of the printed layout (RULES.md §5.4 definitions).
// A hand holds every combination it satisfies: a straight flush is also a
// flush, a straight and a same-coloured straight; a full house holds three of a
// kind. The caller pays only the single highest-paying one (bestSuper).
func superCombos(five []cards.Card) []string {
	if len(five) != 5 {
		return nil
	}
	var cnt [cards.NumRanks]int
	var ranks uint16
	suited, red, black, pictures := true, 0, 0, true
	for _, c := range five {
		cnt[c.Rank()]++
		ranks |= 1 << c.Rank()
		if c.Suit() != five[0].Suit() {
			suited = false
		}
		if c.Suit().Red() {
			red++
		} else {
			black++
		}
		if r := c.Rank(); r < cards.Jack || r > cards.King {
			pictures = false
		}
	}
	most, second := 0, 0
	for _, n := range cnt {
		switch {
		case n > most:
			most, second = n, most
		case n > second:
			second = n
		}
	}
	straight := isStraightRanks(ranks)
	oneColour := red == 5 || black == 5
	var out []string
	add := func(ok bool, key string) {
		if ok {
			out = append(out, key)
		}
	}
	add(most == 4, "four_of_a_kind")
	add(straight && oneColour, "same_colour_straight")
	add(pictures, "five_picture_cards")
	add(most == 3 && second == 2, "full_house")
	add(suited, "flush")
	add(straight, "straight")
	add(most >= 3, "three_of_a_kind")
	add(cnt[cards.Ace] > 0 && cnt[cards.King] > 0 && cnt[cards.Queen] > 0, "ace_king_queen")
	add(oneColour, "five_same_colour")
	return out
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

// isStraightRanks reports whether a mask of five distinct ranks is a straight,
// the wheel (A-2-3-4-5) included; a straight never wraps (RULES.md §1.5).
func isStraightRanks(m uint16) bool {
	if bits.OnesCount16(m) != 5 {
		return false
	}
	if m == 1<<cards.Ace|0b1111 {
		return true
	}
	low := bits.TrailingZeros16(m)
	return m>>low == 0b11111
}

// greater reports whether odds a pay more than odds b.
func greater(a, b games.Odds) bool { return a.Win*b.Per > b.Win*a.Per }

// combo is one BET pay-table combination found in a hand: its row key, its
// core cards (a mask over the hand's indices) and, for the straights, the ranks.
type combo struct {
	key   string
	core  uint8
	ranks uint16
}

func (c combo) straightLike() bool {
	return c.key == "straight" || c.key == "straight_flush" || c.key == "royal_flush"
}

// combinations lists every BET combination in 5 or 6 cards with its core
// cards (RULES.md §5.5): pair 2, two pair 4, trips 3, quads 4, ace-king the ace
// and the king, and the five-card combinations all five. A five-card
// straight flush is listed as such and also as a flush and a straight.
func combinations(cs []cards.Card) []combo {
	var out []combo
	var byRank [cards.NumRanks][]int
	for i, c := range cs {
		byRank[c.Rank()] = append(byRank[c.Rank()], i)
	}
	var pairs, trips []combo
	for r, idx := range byRank {
		for _, m := range subsets(idx, 2) {
			pairs = append(pairs, combo{key: "one_pair", core: m, ranks: 1 << r})
		}
		for _, m := range subsets(idx, 3) {
			trips = append(trips, combo{key: "three_of_a_kind", core: m, ranks: 1 << r})
		}
		if len(idx) == 4 {
			out = append(out, combo{key: "four_of_a_kind", core: subsets(idx, 4)[0], ranks: 1 << r})
		}
	}
	out = append(out, pairs...)
	out = append(out, trips...)
	for i, p := range pairs {
		for _, q := range pairs[i+1:] {
			if p.ranks != q.ranks {
				out = append(out, combo{key: "two_pair", core: p.core | q.core, ranks: p.ranks | q.ranks})
			}
		}
	}
	for _, t := range trips {
		for _, p := range pairs {
			if t.ranks != p.ranks {
				out = append(out, combo{key: "full_house", core: t.core | p.core, ranks: t.ranks | p.ranks})
			}
		}
	}
	for _, a := range byRank[cards.Ace] {
		for _, k := range byRank[cards.King] {
			out = append(out, combo{key: "ace_king", core: 1<<a | 1<<k})
		}
	}
	all := make([]int, len(cs))
	for i := range all {
		all[i] = i
	}
	for _, m := range subsets(all, 5) {
		var ranks uint16
		suited := true
		first := -1
		for i := range cs {
			if m&(1<<i) == 0 {
				continue
			}
			ranks |= 1 << cs[i].Rank()
			if first < 0 {
				first = i
			} else if cs[i].Suit() != cs[first].Suit() {
				suited = false
			}
		}
		straight := isStraightRanks(ranks)
		switch {
		case straight && suited && ranks == 0b11111<<cards.Ten:
			out = append(out, combo{key: "royal_flush", core: m, ranks: ranks})
		case straight && suited:
			out = append(out, combo{key: "straight_flush", core: m, ranks: ranks})
		}
		if suited {
			out = append(out, combo{key: "flush", core: m, ranks: ranks})
		}
		if straight {
			out = append(out, combo{key: "straight", core: m, ranks: ranks})
		}
	}
	return out
}

// subsets returns every k-card subset of the hand indices idx as a mask.
func subsets(idx []int, k int) []uint8 {
	var out []uint8
	var rec func(start int, m uint8, left int)
	rec = func(start int, m uint8, left int) {
		if left == 0 {
			out = append(out, m)
			return
		}
		for i := start; i <= len(idx)-left; i++ {
			rec(i+1, m|1<<idx[i], left-1)
		}
	}
	rec(0, 0, k)
	return out
}

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
	h := poker.Standard.Evaluate(cs)
	first = betKey(h.Category())
	all := combinations(cs)
	var best games.Odds
	for _, a := range all {
		if a.key != first {
			continue
		}
		for _, b := range all {
			if b.core&^a.core == 0 {
				continue // every core card of b is already in a
			}
			if !twoStraights && a.straightLike() && b.straightLike() && a.ranks == b.ranks {
				continue
			}
			o, ok := t.Odds(b.key)
			if ok && (second == "" || greater(o, best)) {
				second, best = b.key, o
			}
		}
	}
	return first, second
}
