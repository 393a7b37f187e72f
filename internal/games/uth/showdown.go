package uth

import (
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// The words of a showdown, as a dealer says them at the table. A hand of the
// same category as the other is named in full, and where a kicker decides,
// the sentence says which card decides and what it is against (issue 14:
// "a hand decided by a kicker must say which card decides"). Each is said in
// English and as the catalogue's phrases (games.Said), the hands' names and
// ranks shared with Texas Oracle (internal/games/showdown.go).

// showdown says how the player's hand p compares with the dealer's d (cmp is
// poker.Compare(p, d)): "the player's straight beats the dealer's two pair";
// "the dealer's pair of nines with ace, ten, eight beats the player's pair of
// nines with ace, ten, six: the third kicker decides, an eight against a six";
// "the hands tie, both playing a ten-high straight".
func showdown(p, d poker.Hand, cmp int) games.Said {
	if cmp == 0 {
		h := withArticle(p.Category(), full(p))
		return games.Saying("the hands tie, both playing "+h.Text, ReasonTie, "Hand", h.Arg)
	}
	if p.Category() != d.Category() {
		return games.Beats(cmp > 0, games.CategoryName(p.Category()), games.CategoryName(d.Category()))
	}
	w, l := p, d
	if cmp < 0 {
		w, l = d, p
	}
	i := firstDifference(w, l)
	if i <= coreEnd(w.Category()) {
		return games.Beats(cmp > 0, short(p), short(d))
	}
	beats := games.Beats(cmp > 0, full(p), full(d))
	pos := decides(w.Category(), i)
	win := games.Rank{Rank: w.Ranks()[i], Form: games.FormA}
	lose := games.Rank{Rank: l.Ranks()[i], Form: games.FormA}
	return games.Saying(beats.Text+": "+pos.Text+" decides, "+win.English()+" against "+lose.English(), ReasonDecides,
		"Beats", beats.Arg, "Pos", pos.Arg, "Winner", win, "Loser", lose)
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
func decides(c poker.Category, i int) games.Said {
	if c == poker.Flush || c == poker.HighCard {
		if i == 4 {
			return games.Position("lowest_card")
		}
		return games.Position(ordinals[i] + "_highest_card")
	}
	first := coreEnd(c) + 1
	if first == 4 { // the only kicker
		return games.Position("kicker")
	}
	return games.Position(ordinals[i-first] + "_kicker")
}

var ordinals = [...]string{"first", "second", "third", "fourth", "fifth"}

// short names a hand by the ranks that make it: "pair of nines", "two pair
// of kings and fives", "ace-high flush", "full house, nines full of fives".
func short(h poker.Hand) games.Said {
	n := games.HandName(h)
	if h.Category() == poker.FullHouse {
		return games.Saying("full house, "+n.Text, ReasonFullHouse, "Hand", n.Arg)
	}
	return n
}

// full names a hand with every card that counts: "pair of nines with ace,
// ten, eight"; "two pair of kings and fives with an ace"; "ace-high flush
// (ace, king, nine, six, two)"; a straight or a full house as short does.
func full(h poker.Hand) games.Said {
	rs := h.Ranks()
	c := h.Category()
	switch c {
	case poker.Flush, poker.HighCard:
		return games.WithCards(short(h), rs)
	case poker.OnePair, poker.TwoPair, poker.ThreeOfAKind, poker.FourOfAKind:
		return games.With(short(h), games.Ranks{Ranks: rs[coreEnd(c)+1:], Form: games.FormName})
	}
	return short(h)
}

// withArticle puts "a" or "an" before a hand's name where English wants one:
// "a pair of nines", "an ace-high flush", but "two pair", "three nines".
func withArticle(c poker.Category, name games.Said) games.Said {
	switch c {
	case poker.OnePair, poker.Straight, poker.Flush, poker.FullHouse, poker.StraightFlush, poker.RoyalFlush:
		return games.A(name)
	}
	return name
}
