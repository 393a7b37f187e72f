package edge

import (
	"context"
	"math/bits"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// superKeys are Lunar Poker's Super combinations in the layout's order
// (RULES.md §5.4, lunar.TableSpecs): bit i of a combination mask is superKeys[i].
var superKeys = []string{"four_of_a_kind", "same_colour_straight", "five_picture_cards", "full_house",
	"flush", "straight", "three_of_a_kind", "ace_king_queen", "five_same_colour"}

// superCounts counts the five-card hands by the set of Super combinations
// they hold. No pay table enters it, so one count serves every table and any
// "what if" row.
type superCounts [1 << 9]int64

// superMask returns the Super combinations five cards hold, with RULES.md
// §5.4's definitions as package lunar reads them: a hand holds every
// combination it satisfies (a straight flush is a flush, a straight and a
// same-coloured straight; a full house and four of a kind hold three of a
// kind), and only the best-paying one is paid.
func superMask(five []cards.Card) uint16 {
	var cnt [cards.NumRanks]int
	var ranks uint16
	suited, red, pictures := true, 0, true
	for _, c := range five {
		cnt[c.Rank()]++
		ranks |= 1 << c.Rank()
		suited = suited && c.Suit() == five[0].Suit()
		if c.Suit().Red() {
			red++
		}
		pictures = pictures && c.Rank() >= cards.Jack && c.Rank() <= cards.King
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
	straight := bits.OnesCount16(ranks) == 5 &&
		(ranks>>bits.TrailingZeros16(ranks) == 0b11111 || ranks == 1<<cards.Ace|0b1111)
	oneColour := red == 0 || red == 5
	var m uint16
	set := func(i int, ok bool) {
		if ok {
			m |= 1 << i
		}
	}
	set(0, most == 4)
	set(1, straight && oneColour)
	set(2, pictures)
	set(3, most == 3 && second == 2)
	set(4, suited)
	set(5, straight)
	set(6, most >= 3)
	set(7, cnt[cards.Ace] > 0 && cnt[cards.King] > 0 && cnt[cards.Queen] > 0)
	set(8, oneColour)
	return m
}

// countSupers classifies all 2,598,960 five-card hands of the 52-card deck.
func countSupers(ctx context.Context) (*superCounts, error) {
	var out superCounts
	deck := cards.Deck52()
	hand := make([]cards.Card, 5)
	for first := 0; first <= len(deck)-5; first++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		hand[0] = deck[first]
		eachCombination(deck[first+1:], hand[1:], func() { out[superMask(hand)]++ })
	}
	return &out, nil
}
