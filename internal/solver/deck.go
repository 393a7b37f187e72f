package solver

import (
	"fmt"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// deck is the set of cards the solver deals from: every rank of ranks in each
// of the first suits suits. Solve uses the 52-card deck; the tests use small
// decks of the same shape, where a brute-force game tree is feasible. A deck
// of whole suits is what makes suit symmetry hold.
//
// Cards are numbered 0…n-1 as rankPos*suits + suit, so that a suit
// permutation moves a card within its rank; for the 52-card deck the number
// is the cards.Card itself.
type deck struct {
	suits int
	ranks []cards.Rank // increasing
	n     int
	card  []cards.Card // by number
	bit   []uint16     // the card's rank as a bit of a suit's rank mask
	// pairIdx[a*n+b] numbers the unordered pair {a, b}, a ≠ b, 0…pairs-1.
	pairIdx      []uint16
	pairA, pairB []uint8
}

func newDeck(suits int, ranks []cards.Rank) (*deck, error) {
	if suits < 1 || suits > cards.NumSuits {
		return nil, fmt.Errorf("a deck has 1 to 4 suits, not %d", suits)
	}
	for i, r := range ranks {
		if r > cards.Ace || i > 0 && r <= ranks[i-1] {
			return nil, fmt.Errorf("deck ranks must be distinct and increasing")
		}
	}
	d := &deck{suits: suits, ranks: ranks, n: suits * len(ranks)}
	if d.n < 9 {
		return nil, fmt.Errorf("a deck of %d cards cannot deal a round (9 cards)", d.n)
	}
	for _, r := range ranks {
		for s := range suits {
			d.card = append(d.card, cards.New(r, cards.Suit(s)))
			d.bit = append(d.bit, 1<<r)
		}
	}
	d.pairIdx = make([]uint16, d.n*d.n)
	for a := 0; a < d.n; a++ {
		for b := a + 1; b < d.n; b++ {
			i := uint16(len(d.pairA))
			d.pairIdx[a*d.n+b], d.pairIdx[b*d.n+a] = i, i
			d.pairA = append(d.pairA, uint8(a))
			d.pairB = append(d.pairB, uint8(b))
		}
	}
	return d, nil
}

// fullDeck is the 52-card deck of UTH.
func fullDeck() *deck {
	d, err := newDeck(4, []cards.Rank{cards.Two, cards.Three, cards.Four, cards.Five, cards.Six, cards.Seven,
		cards.Eight, cards.Nine, cards.Ten, cards.Jack, cards.Queen, cards.King, cards.Ace})
	if err != nil {
		panic(err) // a constant deck
	}
	return d
}

func (d *deck) suit(c int) int { return c % d.suits }

// pairs returns C(n, 2).
func (d *deck) pairs() int { return len(d.pairA) }

// choose returns C(n, k) for the small numbers here.
func choose(n, k int) int64 {
	if k < 0 || k > n {
		return 0
	}
	r := int64(1)
	for i := 1; i <= k; i++ {
		r = r * int64(n-k+i) / int64(i)
	}
	return r
}

// masks are the rank masks of a set of cards, one per suit. Permuting the
// suits permutes the masks, so two sets are suit-isomorphic exactly when their
// masks are the same multiset.
type masks [cards.NumSuits]uint16

func (d *deck) masksOf(cs ...uint8) masks {
	var m masks
	for _, c := range cs {
		m[d.suit(int(c))] |= d.bit[c]
	}
	return m
}

// perm maps each suit to a suit: σ(card) keeps the rank and takes suit s to perm[s].
type perm [cards.NumSuits]uint8

func (d *deck) apply(p perm, c int) int { s := d.suit(c); return c - s + int(p[s]) }

// canon sorts the first d.suits masks in decreasing order. It returns the
// sorted masks (the canonical form of the set: a set is canonical when its
// masks are already in that order) and a permutation taking the set to its
// canonical form.
func (d *deck) canon(m masks) (masks, perm) {
	var order [cards.NumSuits]uint8 // order[i] is the old suit placed at i
	for i := range d.suits {
		order[i] = uint8(i)
	}
	for i := 1; i < d.suits; i++ { // insertion sort, stable
		for j := i; j > 0 && m[order[j]] > m[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	var out masks
	var p perm
	for i := range d.suits {
		out[i] = m[order[i]]
		p[order[i]] = uint8(i)
	}
	return out, p
}

func isCanon(d *deck, m masks) bool {
	for i := 1; i < d.suits; i++ {
		if m[i] > m[i-1] {
			return false
		}
	}
	return true
}

func (m masks) key() uint64 {
	return uint64(m[0]) | uint64(m[1])<<16 | uint64(m[2])<<32 | uint64(m[3])<<48
}

// orbit returns the number of sets suit-isomorphic to a canonical set with
// masks m: suits! over the product of the factorials of the runs of equal masks.
func (d *deck) orbit(m masks) int64 {
	n := fact(d.suits)
	run := 1
	for i := 1; i <= d.suits; i++ {
		if i < d.suits && m[i] == m[i-1] {
			run++
			continue
		}
		n /= fact(run)
		run = 1
	}
	return n
}

func fact(k int) int64 {
	r := int64(1)
	for i := 2; i <= k; i++ {
		r *= int64(i)
	}
	return r
}

// stabilizer lists the suit permutations that leave the canonical masks m
// unchanged: those that only exchange suits of equal masks.
func (d *deck) stabilizer(m masks) []perm {
	var out []perm
	var p perm
	var used [cards.NumSuits]bool
	var rec func(i int)
	rec = func(i int) {
		if i == d.suits {
			out = append(out, p)
			return
		}
		for s := range d.suits {
			if !used[s] && m[s] == m[i] {
				used[s], p[i] = true, uint8(s)
				rec(i + 1)
				used[s] = false
			}
		}
	}
	rec(0)
	return out
}

// board is a canonical five-card board and the number of boards it stands for.
type board struct {
	cards  [5]uint8
	weight int64
}

// boards lists the canonical boards: one per class of suit-isomorphic boards
// (134,459 for 52 cards), with their class sizes as weights.
func (d *deck) boards() []board {
	var out []board
	n := d.n
	var c [5]uint8
	for c[0] = 0; int(c[0]) < n; c[0]++ {
		for c[1] = c[0] + 1; int(c[1]) < n; c[1]++ {
			for c[2] = c[1] + 1; int(c[2]) < n; c[2]++ {
				for c[3] = c[2] + 1; int(c[3]) < n; c[3]++ {
					for c[4] = c[3] + 1; int(c[4]) < n; c[4]++ {
						m := d.masksOf(c[:]...)
						if isCanon(d, m) {
							out = append(out, board{c, d.orbit(m)})
						}
					}
				}
			}
		}
	}
	return out
}

// flopStates numbers the flop states of the game: a flop and the player's two
// cards, up to suit symmetry. Flops are canonical three-card sets; for each, the
// player's pairs are merged under the flop's stabilizer, so that each state
// stands for one class of suit-isomorphic (hole cards, flop) positions.
type flopStates struct {
	index  map[uint64]int32 // canonical flop masks → flop number
	weight []int64          // by flop: the number of flops in its class
	// state[f*pairs+p] is the state of hole pair p on flop f, or -1 if they share a card.
	state []int32
	// By state: its flop, the canonical pair, and how many pairs of that flop it merges.
	flop  []int32
	pair  []uint16
	count []int64
}

func (d *deck) flopStates() *flopStates {
	fs := &flopStates{index: map[uint64]int32{}}
	P := d.pairs()
	n := d.n
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for c := b + 1; c < n; c++ {
				m := d.masksOf(uint8(a), uint8(b), uint8(c))
				if !isCanon(d, m) {
					continue
				}
				f := int32(len(fs.weight))
				fs.index[m.key()] = f
				fs.weight = append(fs.weight, d.orbit(m))
				stab := d.stabilizer(m)
				row := make([]int32, P)
				for p := range P {
					x, y := int(d.pairA[p]), int(d.pairB[p])
					if x == a || x == b || x == c || y == a || y == b || y == c {
						row[p] = -1
						continue
					}
					low := p
					for _, s := range stab {
						if q := int(d.pairIdx[d.apply(s, x)*n+d.apply(s, y)]); q < low {
							low = q
						}
					}
					if low == p {
						row[p] = int32(len(fs.flop))
						fs.flop = append(fs.flop, f)
						fs.pair = append(fs.pair, uint16(p))
						fs.count = append(fs.count, 0)
					} else {
						row[p] = row[low]
					}
					fs.count[row[p]]++
				}
				fs.state = append(fs.state, row...)
			}
		}
	}
	return fs
}

// split is one way to read a canonical board as flop + turn and river: the
// flop's number and the permutation taking the flop to its canonical form.
type split struct {
	flop int32
	perm perm
}

// splitsOf returns the ten splits of board b.
func (d *deck) splitsOf(fs *flopStates, b *board) [10]split {
	var out [10]split
	k := 0
	for i := 0; i < 5; i++ {
		for j := i + 1; j < 5; j++ {
			for l := j + 1; l < 5; l++ {
				m, p := d.canon(d.masksOf(b.cards[i], b.cards[j], b.cards[l]))
				out[k] = split{flop: fs.index[m.key()], perm: p}
				k++
			}
		}
	}
	return out
}
