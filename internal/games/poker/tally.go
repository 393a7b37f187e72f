package poker

import (
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// Tally is the exact count, by Value, of every k-card hand of a deck: what
// game-math needs for the returns of wagers that depend on the cards alone
// (UTH Trips and Blind, the 7 Card Thrill bonus bets and Special).
type Tally struct {
	Rules Rules
	K     int    // cards in each hand
	Hands uint64 // hands counted: C(len(deck), K)
	// Counts holds the hands whose best five has each Value.
	Counts [NumValues]uint64
	// JokerRoyal counts the royal flushes that need the joker: the hand holds
	// no natural royal flush. The Special can pay them as straight flushes
	// (thrill_special_natural_royal_only).
	JokerRoyal uint64
}

// Category returns how many hands are of category c.
func (t *Tally) Category(c Category) uint64 {
	vs := space()
	var n uint64
	if c < HighCard || c > FiveAces {
		return 0
	}
	for _, k := range t.Counts[vs.bands[c]:vs.bands[c+1]] {
		n += k
	}
	return n
}

// Pair returns how many hands are exactly one pair of rank x (not two pair
// or better): 7 Card Thrill's half-paid "pair of kings".
func (t *Tally) Pair(x cards.Rank) uint64 {
	vs := space()
	var n uint64
	for v := vs.bands[OnePair]; v < vs.bands[TwoPair]; v++ {
		if vs.info[v].ranks[0] == x {
			n += t.Counts[v]
		}
	}
	return n
}

// Distinct returns how many different Values occur.
func (t *Tally) Distinct() int {
	n := 0
	for _, k := range t.Counts {
		if k > 0 {
			n++
		}
	}
	return n
}

// Tally counts every k-card hand (k = 5, 6 or 7) of deck by the Value of its
// best five, using workers goroutines (≤ 0: one per CPU). The deck may be any
// set of distinct cards, such as a full deck less the cards already seen.
//
// It walks the hands in deck order, high cards first, and keeps what the first
// k-1 cards add up to, so a hand costs one step, not k. The last card is taken
// a rank at a time: the cards of one rank all give the same rank multiset
// unless one of them makes a flush, so one addition counts them all. Counts
// are kept by rank multiset (numbered by their combinatorial rank, which the
// walk builds up one term per card) and valued once each at the end; the
// cards that make a flush are valued one by one.
//
// Errors (a bad k, a repeated or invalid card, a joker when r has none, a deck
// smaller than k) are sentences for people.
func (r Rules) Tally(deck []cards.Card, k, workers int) (*Tally, error) {
	if k < 5 || k > 7 {
		return nil, fmt.Errorf("hands of %d cards: poker hands have 5 to 7", k)
	}
	if err := cards.Check(deck, 0, r.Joker); err != nil {
		return nil, fmt.Errorf("deck: %w", err)
	}
	if len(deck) < k {
		return nil, fmt.Errorf("deck of %d cards: fewer than %d", len(deck), k)
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	d := slices.Clone(deck)
	slices.Sort(d)
	slices.Reverse(d) // high cards first: the joker, then As, Ah … 2c
	n := len(d)
	rest := make([]uint64, n)
	for p := n - 2; p >= 0; p-- {
		rest[p] = rest[p+1] | 1<<d[p+1]
	}
	ms, ms2 := newMultisetIndex(k, k), newMultisetIndex(k-2, k)
	// A task is the first two cards; the biggest go first so the workers
	// finish together.
	type task struct{ i, j int }
	var tasks []task
	for i := 0; i < n; i++ {
		for j := i + 1; j <= n-(k-1); j++ {
			tasks = append(tasks, task{i, j})
		}
	}
	slices.SortStableFunc(tasks, func(a, b task) int { return a.j - b.j })
	out := &Tally{Rules: r, K: k}
	bySet := make([]uint64, len(ms.keys))
	var next atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	tb := r.tables()
	royal := space().bands[RoyalFlush]
	for range workers {
		wg.Go(func() {
			w := &tallyWorker{t: tb, deck: d, rest: rest, k: k, royal: royal, ms: ms, ms2: ms2,
				counts: new([NumValues]uint32), bySet: make([]uint16, len(ms.keys)),
				pairs: make([]uint32, len(ms2.base)*n)}
			for {
				i := int(next.Add(1)) - 1
				if i >= len(tasks) {
					break
				}
				a, b := d[tasks[i].i], d[tasks[i].j]
				w.walk(tasks[i].j+1, 2, keyInit+cardKey[a]+cardKey[b], cardMask[a]|cardMask[b],
					ms.term[0][symbol(a)]+ms.term[1][symbol(b)], ms2.term[0][symbol(a)]+ms2.term[1][symbol(b)])
			}
			w.addPairs()
			mu.Lock()
			defer mu.Unlock()
			for v, c := range w.counts {
				out.Counts[v] += uint64(c)
			}
			for i, c := range w.bySet {
				bySet[i] += uint64(c)
			}
			out.JokerRoyal += w.jokerRoyal
		})
	}
	wg.Wait()
	for i, c := range bySet {
		if c > 0 {
			out.Counts[tb.rankOnly(uint64(ms.keys[i]))] += c
		}
	}
	for _, c := range out.Counts {
		out.Hands += c
	}
	return out, nil
}

// symbol is a card's place in a rank multiset: its rank, or 13 for the joker.
func symbol(c cards.Card) int {
	if c == cards.Joker {
		return 13
	}
	return int(c.Rank())
}

// multisetIndex numbers the multisets of k symbols (13 ranks and the joker).
// Written as symbols x1 ≥ x2 ≥ … ≥ xk, a multiset's number is the sum over
// the j-th of C(xj + k - j, k + 1 - j): the combinatorial number system on
// x + position, dense from 0 to C(14+k-1, k)-1. The last card's term is its
// symbol itself, so the hands that differ in the last card only count into
// neighbouring slots.
type multisetIndex struct {
	term [7][14]int
	keys []uint32 // rank sum of each multiset; 0 for one that cannot occur
	// base is, for multisets of k cards that start hands of k2 cards, the
	// sum of their terms in the numbering of k2 cards.
	base []int
}

func newMultisetIndex(k, k2 int) *multisetIndex {
	ms := &multisetIndex{}
	for j := range k {
		for x := range 14 {
			ms.term[j][x] = binomial(x+k-1-j, k-j)
		}
	}
	ms.keys = make([]uint32, binomial(14+k-1, k))
	ms.base = make([]int, len(ms.keys))
	var rec func(j, maxX, idx, idx2 int, key uint32, cnt [14]int)
	rec = func(j, maxX, idx, idx2 int, key uint32, cnt [14]int) {
		if j == k {
			if cnt[13] <= 1 && slices.Max(cnt[:13]) <= 4 {
				ms.keys[idx] = key
			}
			ms.base[idx] = idx2
			return
		}
		for x := maxX; x >= 0; x-- {
			c := cnt
			c[x]++
			m := uint32(jokerMult)
			if x < 13 {
				m = rankMult[x]
			}
			rec(j+1, x, idx+ms.term[j][x], idx2+binomial(x+k2-1-j, k2-j), key+m, c)
		}
	}
	rec(0, 13, 0, 0, 0, [14]int{})
	return ms
}

func binomial(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	b := 1
	for i := 1; i <= k; i++ {
		b = b * (n - k + i) / i
	}
	return b
}

type tallyWorker struct {
	t          *tables
	deck       []cards.Card
	rest       []uint64 // rest[p]: the cards after position p, as a set
	k          int
	royal      Value
	ms, ms2    *multisetIndex     // of k and k-2 cards
	pairs      []uint32           // (k-2)-card prefixes counted by multiset (ms2) and position
	counts     *[NumValues]uint32 // hands valued one by one (flushes); C(53,7) < 2^32
	bySet      []uint16           // the other hands, by rank multiset: at most 4^7 each
	jokerRoyal uint64
}

// walk extends a hand of depth cards, the last at position start-1; idx and
// m sum the multiset terms of the cards so far, for k and k-2 cards.
func (w *tallyWorker) walk(start, depth int, key, mask uint64, idx, m int) {
	n := len(w.deck)
	term, term2 := &w.ms.term[depth], &w.ms2.term[depth]
	if depth < w.k-3 {
		for i := start; i <= n-(w.k-depth); i++ {
			c := w.deck[i]
			w.walk(i+1, depth+1, key+cardKey[c], mask|cardMask[c], idx+term[symbol(c)], m+term2[symbol(c)])
		}
		return
	}
	// The (k-2)th card at position i. If no suit can reach five with two
	// more cards, every pair after i is valued by its ranks alone: count the
	// prefix by its rank multiset and position, and add all its pairs at
	// the end (addPairs).
	for i := start; i < n-2; i++ {
		c := w.deck[i]
		key, mask := key+cardKey[c], mask|cardMask[c]
		idx, m := idx+term[symbol(c)], m+term2[symbol(c)]
		if (key+2*suitOne*0x1111)&flushFlags == 0 {
			w.pairs[m*n+i]++
			continue
		}
		w.lastTwo(i+1, key, mask, idx)
	}
}

// lastTwo counts the hands completed by two cards from position start on.
func (w *tallyWorker) lastTwo(start int, key, mask uint64, idx int) {
	term := &w.ms.term[w.k-2]
	for i := start; i < len(w.deck)-1; i++ {
		c := w.deck[i]
		key, mask, idx := key+cardKey[c], mask|cardMask[c], idx+term[symbol(c)]
		rest := w.rest[i]
		if key&flushFlags != 0 { // already a flush: value each card
			for m := rest; m != 0; m &= m - 1 {
				c := bits.TrailingZeros64(m)
				w.one(key+cardKey[c], mask|cardMask[c])
			}
			continue
		}
		// Suits in which one more card makes a flush (the joker counts in
		// all), copied into every rank's nibble.
		ff := (key + suitOne*0x1111) & flushFlags
		fsm := (ff>>35&1 | ff>>38&2 | ff>>41&4 | ff>>44&8) * 0x1111111111111
		// Count the cards of each rank that make no flush, all ranks at
		// once: each rank's nibble becomes its number of such cards.
		by := w.bySet[idx : idx+13 : idx+13]
		for x, r := nibbleCounts(rest&^fsm), 0; x != 0; r++ {
			by[r] += uint16(x & 0xf)
			x >>= 4
		}
		for f := rest & fsm; f != 0; f &= f - 1 {
			c := bits.TrailingZeros64(f)
			w.one(key+cardKey[c], mask|cardMask[c])
		}
	}
}

// nibbleCounts replaces each 4-bit field of x by the number of its bits set.
func nibbleCounts(x uint64) uint64 {
	x -= x >> 1 & 0x5555555555555555
	return x&0x3333333333333333 + x>>2&0x3333333333333333
}

// addPairs adds the hands counted in pairs: each (k-2)-card prefix that can
// make no flush, with every two cards after its position, by rank multiset.
func (w *tallyWorker) addPairs() {
	n := len(w.deck)
	term := &w.ms.term[w.k-2]
	for m := range len(w.ms2.base) {
		for i, cnt := range w.pairs[m*n : m*n+n] {
			if cnt == 0 {
				continue
			}
			x := nibbleCounts(w.rest[i])
			base := w.ms2.base[m]
			for r6 := 0; r6 < 13; r6++ {
				n6 := uint32(x >> (4 * r6) & 0xf)
				if n6 == 0 {
					continue
				}
				by := w.bySet[base+term[r6]:]
				by[r6] += uint16(cnt * (n6 * (n6 - 1) / 2))
				for r7 := 0; r7 < r6; r7++ {
					by[r7] += uint16(cnt * n6 * uint32(x>>(4*r7)&0xf))
				}
			}
		}
	}
}

// one counts a single hand, telling a royal flush made with the joker from a
// natural one.
func (w *tallyWorker) one(key, mask uint64) {
	v := w.t.lookup(key, mask)
	w.counts[v]++
	if v == w.royal && mask&jokerBit != 0 {
		s := uint(bits.TrailingZeros64(key&flushFlags)-35) / 4
		if mask>>(16*s)&0x1f00 != 0x1f00 {
			w.jokerRoyal++
		}
	}
}
