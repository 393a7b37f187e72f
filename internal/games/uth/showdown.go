package uth

import (
	"strings"

	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// The words of a showdown, as a dealer says them at the table. A hand of the
// same category as the other is named in full, and where a kicker decides,
// the sentence says which card decides and what it is against (issue 14:
// "a hand decided by a kicker must say which card decides").

// showdown says how the player's hand p compares with the dealer's d (cmp is
// poker.Compare(p, d)): "the player's straight beats the dealer's two pair";
// "the dealer's pair of nines with ace, ten, eight beats the player's pair of
// nines with ace, ten, six: the third kicker decides, an eight against a six";
// "the hands tie, both playing a ten-high straight".
func showdown(p, d poker.Hand, cmp int) string {
	if cmp == 0 {
		return "the hands tie, both playing " + withArticle(p.Category(), full(p))
	}
	win, lose := "the player's ", "the dealer's "
	w, l := p, d
	if cmp < 0 {
		win, lose = lose, win
		w, l = d, p
	}
	if w.Category() != l.Category() {
		return win + w.Category().String() + " beats " + lose + l.Category().String()
	}
	i := firstDifference(w, l)
	if i <= coreEnd(w.Category()) {
		return win + short(w) + " beats " + lose + short(l)
	}
	return win + full(w) + " beats " + lose + full(l) + ": " + decides(w.Category(), i) +
		" decides, " + aRank(w.Ranks()[i]) + " against " + aRank(l.Ranks()[i])
}

// firstDifference is the first position, in reading order, where the ranks
// of two hands of one category differ (0 where they do not differ).
func firstDifference(a, b poker.Hand) int {
	ra, rb := a.Ranks(), b.Ranks()
	for i := range ra {
		if ra[i] != rb[i] {
			return i
		}
	}
	return 0
}

// coreEnd is the last position of the ranks that name a hand of category c
// (its short name); the positions after it are kickers, or, for a flush or
// high card, the cards after the highest.
func coreEnd(c poker.Category) int {
	switch c {
	case poker.OnePair:
		return 1
	case poker.TwoPair, poker.FourOfAKind:
		return 3
	case poker.ThreeOfAKind:
		return 2
	case poker.Straight, poker.StraightFlush, poker.RoyalFlush, poker.Flush, poker.HighCard:
		return 0
	}
	return 4 // a full house: its set and its pair name every card
}

// decides names the card at position i of a hand of category c, past its core.
func decides(c poker.Category, i int) string {
	if c == poker.Flush || c == poker.HighCard {
		if i == 4 {
			return "the lowest card"
		}
		return "the " + ordinals[i] + "-highest card"
	}
	first := coreEnd(c) + 1
	if first == 4 { // the only kicker
		return "the kicker"
	}
	return "the " + ordinals[i-first] + " kicker"
}

var ordinals = [...]string{"first", "second", "third", "fourth", "fifth"}

// short names a hand by the ranks that make it: "pair of nines", "two pair
// of kings and fives", "ace-high flush", "full house, nines full of fives".
func short(h poker.Hand) string {
	rs := h.Ranks()
	switch h.Category() {
	case poker.HighCard:
		return rs[0].Name() + " high"
	case poker.OnePair:
		return "pair of " + rs[0].Plural()
	case poker.TwoPair:
		return "two pair of " + rs[0].Plural() + " and " + rs[2].Plural()
	case poker.ThreeOfAKind:
		return "three " + rs[0].Plural()
	case poker.Straight:
		return rs[0].Name() + "-high straight"
	case poker.Flush:
		return rs[0].Name() + "-high flush"
	case poker.FullHouse:
		return "full house, " + rs[0].Plural() + " full of " + rs[3].Plural()
	case poker.FourOfAKind:
		return "four " + rs[0].Plural()
	case poker.StraightFlush:
		return rs[0].Name() + "-high straight flush"
	case poker.RoyalFlush:
		return "royal flush"
	}
	return h.Category().String()
}

// full names a hand with every card that counts: "pair of nines with ace,
// ten, eight"; "two pair of kings and fives with an ace"; "ace-high flush
// (ace, king, nine, six, two)"; a straight or a full house as short does.
func full(h poker.Hand) string {
	rs := h.Ranks()
	c := h.Category()
	switch c {
	case poker.Flush, poker.HighCard:
		names := make([]string, len(rs))
		for i, r := range rs {
			names[i] = r.Name()
		}
		return short(h) + " (" + strings.Join(names, ", ") + ")"
	case poker.OnePair, poker.TwoPair, poker.ThreeOfAKind, poker.FourOfAKind:
		kick := rs[coreEnd(c)+1:]
		if len(kick) == 1 {
			return short(h) + " with " + aRank(kick[0])
		}
		names := make([]string, len(kick))
		for i, r := range kick {
			names[i] = r.Name()
		}
		return short(h) + " with " + strings.Join(names, ", ")
	}
	return short(h)
}

// withArticle puts "a" or "an" before a hand's name where English wants one:
// "a pair of nines", "an ace-high flush", but "two pair", "three nines".
func withArticle(c poker.Category, name string) string {
	switch c {
	case poker.OnePair, poker.Straight, poker.Flush, poker.FullHouse, poker.StraightFlush, poker.RoyalFlush:
		if strings.HasPrefix(name, "ace") || strings.HasPrefix(name, "eight") {
			return "an " + name
		}
		return "a " + name
	}
	return name
}

// aRank is a rank with its article: "an eight", "a six", "an ace".
func aRank(r cards.Rank) string {
	if r == cards.Eight || r == cards.Ace {
		return "an " + r.Name()
	}
	return "a " + r.Name()
}
