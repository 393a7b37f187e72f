package poker

import "github.com/dealerkiosk/trainer/internal/games/cards"

// Decider names the card that decides between two hands that a dealer
// describes alike ("one pair, nines, ace kicker" against "one pair, nines,
// ace kicker"): the first card, in reading order, whose rank differs. pos
// is what a dealer calls it ("the second kicker", "the third-highest card")
// and ra, rb are its rank in a and in b. ok is false when the hands tie,
// when their categories differ, or when their descriptions already differ
// (they then say what decides themselves), so that a reason never reads
// "one pair, nines, ace kicker beats one pair, nines, ace kicker" without
// saying why.
func Decider(a, b Hand) (pos string, ra, rb cards.Rank, ok bool) {
	if a.Value == b.Value || a.Category() != b.Category() || a.Describe() != b.Describe() {
		return "", 0, 0, false
	}
	x, y := a.Ranks(), b.Ranks()
	i := 0
	for i < len(x) && x[i] == y[i] {
		i++
	}
	if i == len(x) {
		return "", 0, 0, false
	}
	switch a.Category() {
	case OnePair:
		// Ranks: the pair twice, then three kickers; the first is described.
		pos = kickers[i-2]
	case ThreeOfAKind:
		pos = kickers[i-3]
	case TwoPair, FourOfAKind:
		pos = "the kicker"
	default:
		// Flush, high card: the cards from the highest down.
		pos = highest[i]
	}
	return pos, x[i], y[i], true
}

var (
	kickers = [...]string{"the kicker", "the second kicker", "the third kicker"}
	highest = [...]string{"the highest card", "the second-highest card", "the third-highest card", "the fourth-highest card", "the lowest card"}
)
