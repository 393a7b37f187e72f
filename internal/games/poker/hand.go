package poker

import (
	"strings"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// Hand is a ranked hand: its value, the five cards that make it and, when the
// joker plays, the card it stands for.
type Hand struct {
	Value Value
	// Best holds the five cards in the order a dealer reads them: the set or
	// pairs first, then kickers, high to low; a straight from its top card
	// (a wheel as 5-4-3-2-A). The joker appears as cards.Joker.
	Best [5]cards.Card
	// JokerAs is the card the joker stands for; meaningful only when Best holds the joker.
	JokerAs cards.Card
}

// Category returns the hand's category.
func (h Hand) Category() Category { return h.Value.Category() }

// HasJoker reports whether the joker is one of the five cards used.
func (h Hand) HasJoker() bool {
	for _, c := range h.Best {
		if c == cards.Joker {
			return true
		}
	}
	return false
}

// Ranks returns the ranks of Best in reading order, the joker read as the
// rank it plays: the same as h.Value.Ranks().
func (h Hand) Ranks() [5]cards.Rank { return h.Value.Ranks() }

// Compare returns +1 if a beats b, -1 if b beats a and 0 on a tie.
func Compare(a, b Hand) int {
	switch {
	case a.Value > b.Value:
		return 1
	case a.Value < b.Value:
		return -1
	}
	return 0
}

// PairOrBetter reports whether the hand is one pair or better: the dealer's
// qualifier in UTH (§2.2.9) and Texas Oracle (§3.2.6).
func (h Hand) PairOrBetter() bool { return h.Value.PairOrBetter() }

// AceKingOrBetter reports whether the hand is ace-king high or better: the
// dealer's qualifier in Lunar Poker (§5.6).
func (h Hand) AceKingOrBetter() bool { return h.Value.AceKingOrBetter() }

// KingJackOrLower reports whether the hand is "King/Jack high or lower"
// (7 Card Thrill, §4.4); see Value.KingJackOrLower.
func (h Hand) KingJackOrLower() bool { return h.Value.KingJackOrLower() }

// Describe returns what a dealer says of the hand: "Two pair, kings and fives,
// ace kicker"; "Straight, five high"; "Flush, ace high, with the joker as the king".
func (h Hand) Describe() string {
	rs := h.Ranks()
	var b strings.Builder
	cat := h.Category()
	switch cat {
	case FiveAces:
		b.WriteString("Five aces")
	case RoyalFlush:
		b.WriteString("Royal flush")
	case StraightFlush, Straight:
		b.WriteString(upperFirst(cat.String()))
		b.WriteString(", " + rs[0].Name() + " high")
	case FourOfAKind:
		b.WriteString("Four of a kind, " + rs[0].Plural() + ", " + rs[4].Name() + " kicker")
	case FullHouse:
		b.WriteString("Full house, " + rs[0].Plural() + " full of " + rs[3].Plural())
	case Flush:
		b.WriteString("Flush, " + rs[0].Name() + " high")
	case ThreeOfAKind:
		b.WriteString("Three of a kind, " + rs[0].Plural() + ", " + rs[3].Name() + " kicker")
	case TwoPair:
		b.WriteString("Two pair, " + rs[0].Plural() + " and " + rs[2].Plural() + ", " + rs[4].Name() + " kicker")
	case OnePair:
		b.WriteString("One pair, " + rs[0].Plural() + ", " + rs[2].Name() + " kicker")
	case HighCard:
		b.WriteString("High card, " + rs[0].Name())
		for _, r := range rs[1:] {
			b.WriteString(", " + r.Name())
		}
	default:
		return "No hand"
	}
	if h.HasJoker() {
		// The joker is "an ace" where it plays as the ace of §4.5.2, and
		// "the ten" (or "the ace") where it completes a straight or flush.
		switch {
		case cat == Flush && rs[1] == cards.Ace: // thrill_joker_flush_rank = ace_always
			b.WriteString(", with the joker as a second ace")
		case cat < Straight || cat == FullHouse || cat == FourOfAKind || cat == FiveAces:
			b.WriteString(", with the joker as an ace")
		default:
			b.WriteString(", with the joker as the " + h.JokerAs.Rank().Name())
		}
	}
	return b.String()
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
