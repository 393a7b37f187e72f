package solver

import "github.com/dealerkiosk/trainer/internal/games/cards"

// classes are the starting-hand classes of a deck: two cards up to suit
// symmetry are a pair, two ranks suited, or two ranks offsuit.
type classes struct {
	names  []string // in chart order: AA, AKs, AKo, AQs … 22
	combos []int    // the combinations of each class in the deck
	of     []int    // by pair number: its class
}

func newClasses(d *deck) *classes {
	cl := &classes{of: make([]int, d.pairs())}
	type key struct {
		hi, lo cards.Rank
		suited bool
	}
	index := map[key]int{}
	for i := len(d.ranks) - 1; i >= 0; i-- {
		hi := d.ranks[i]
		for j := i; j >= 0; j-- {
			lo := d.ranks[j]
			for _, suited := range []bool{true, false} {
				if hi == lo && suited {
					continue
				}
				name := hi.String() + lo.String()
				switch {
				case hi == lo:
				case suited:
					name += "s"
				default:
					name += "o"
				}
				index[key{hi, lo, suited}] = len(cl.names)
				cl.names = append(cl.names, name)
				cl.combos = append(cl.combos, 0)
			}
		}
	}
	for p := range d.pairs() {
		a, b := d.card[d.pairA[p]], d.card[d.pairB[p]]
		hi, lo := max(a.Rank(), b.Rank()), min(a.Rank(), b.Rank())
		c := index[key{hi, lo, hi != lo && a.Suit() == b.Suit()}]
		cl.of[p] = c
		cl.combos[c]++
	}
	return cl
}
