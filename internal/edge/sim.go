package edge

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// The simulation deals rounds in blocks of blockRounds. Block b draws its
// cards from its own PCG stream, derived from the seed and b alone, and starts
// from a deck in order; workers take blocks as they come and every total is an
// exact integer. So the same seed gives the same figures to the last digit
// whatever the number of cores.
const blockRounds = 1 << 14

// A table plays rounds of one game for the simulation. Each worker has its
// own, made by the game's newTable.
type table interface {
	// reset puts the deck back in order; it is called at the start of each block.
	reset()
	// play deals and settles one round from r. It sets out[i] to the round's
	// value of quantity i, in units of 1/den of the stake (so that every
	// payout is a whole number), and adds 1 to events[j] for each event j
	// that happened. An error is a round the game engine refused: a bug in
	// the simulation, which then stops.
	play(r *stream, out []int64, events []int64) error
}

// simSpec describes a simulation: its quantities (the main wager first, then
// side figures measured on the same rounds), its events and its tables.
// Quantity i is in units of 1/(den × stakes[i]) of one stake: a round that
// measures a side wager twice (Lunar's Super on the box and on the dealer)
// reports their sum, staked twice.
type simSpec struct {
	den        int64
	stakes     []int64 // per quantity; nil: 1 each
	quantities []string
	events     []string
	newTable   func() table
}

// tallies are the exact sums of a simulation: for each quantity the sum and
// the sum of squares (128 bits) of its per-round values, and the count of
// each event.
type tallies struct {
	rounds int64
	sum    []int64
	sq     []u128
	events []int64
}

func newTallies(sp *simSpec) *tallies {
	return &tallies{sum: make([]int64, len(sp.quantities)), sq: make([]u128, len(sp.quantities)), events: make([]int64, len(sp.events))}
}

func (t *tallies) add(u *tallies) {
	t.rounds += u.rounds
	for i := range t.sum {
		t.sum[i] += u.sum[i]
		t.sq[i] = t.sq[i].add(u.sq[i])
	}
	for i := range t.events {
		t.events[i] += u.events[i]
	}
}

// mean returns quantity i's mean per round and its standard error, in units
// of the stake.
func (t *tallies) mean(i int, sp *simSpec) (mean, se float64) {
	den := sp.den
	if sp.stakes != nil {
		den *= sp.stakes[i]
	}
	n := float64(t.rounds)
	s := float64(t.sum[i])
	m := s / n
	v := 0.0
	if t.rounds > 1 {
		v = (t.sq[i].float() - s*m) / (n - 1)
	}
	return m / float64(den), math.Sqrt(max(v, 0)/n) / float64(den)
}

// u128 is an unsigned 128-bit sum of squares.
type u128 struct{ hi, lo uint64 }

func (a u128) add(b u128) u128 {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	return u128{a.hi + b.hi + c, lo}
}

func (a u128) addSquare(x int64) u128 {
	ux := uint64(x)
	if x < 0 {
		ux = uint64(-x)
	}
	hi, lo := bits.Mul64(ux, ux)
	return a.add(u128{hi, lo})
}

func (a u128) float() float64 { return float64(a.hi)*0x1p64 + float64(a.lo) }

// simulate plays rounds rounds of sp from seed on workers goroutines (0: one
// per core), in blocks of block rounds (blockRounds; the tests use smaller
// ones). progress, when not nil, is called with the rounds played so far.
func simulate(ctx context.Context, sp *simSpec, rounds, block int64, seed uint64, workers int, progress func(done int64)) (*tallies, error) {
	if rounds <= 0 || block <= 0 {
		return nil, fmt.Errorf("simulate: %d rounds in blocks of %d", rounds, block)
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	blocks := (rounds + block - 1) / block
	workers = int(min(int64(workers), blocks))
	var (
		next   atomic.Int64
		done   atomic.Int64
		mu     sync.Mutex
		report sync.Mutex
		total  = newTallies(sp)
		wg     sync.WaitGroup
		failed error
		stop   atomic.Bool
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := sp.newTable()
			local := newTallies(sp)
			out := make([]int64, len(sp.quantities))
			var s stream
			for ctx.Err() == nil && !stop.Load() {
				b := next.Add(1) - 1
				if b >= blocks {
					break
				}
				n := min(block, rounds-b*block)
				s.seed(seed, uint64(b))
				t.reset()
				for range n {
					if err := t.play(&s, out, local.events); err != nil {
						mu.Lock()
						failed = cmp.Or(failed, err)
						mu.Unlock()
						stop.Store(true)
						break
					}
					for i, x := range out {
						local.sum[i] += x
						local.sq[i] = local.sq[i].addSquare(x)
					}
				}
				local.rounds += n
				d := done.Add(n)
				if progress != nil && report.TryLock() {
					progress(d)
					report.Unlock()
				}
			}
			mu.Lock()
			total.add(local)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if err := cmp.Or(ctx.Err(), failed); err != nil {
		return nil, err
	}
	return total, nil
}

// stream is one block's random stream: a PCG generator seeded from the
// simulation's seed and the block number, each through a SplitMix64 step, so
// that two different (seed, block) pairs never share a starting state.
type stream struct{ p rand.PCG }

func (s *stream) seed(seed, block uint64) {
	s.p.Seed(splitmix64(seed), splitmix64(block^0x6a09e667f3bcc909))
}

func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// intn returns a uniform integer in [0, n), n ≥ 1, without bias (Lemire's
// multiply-and-reject).
func (s *stream) intn(n uint32) uint32 {
	m := uint64(uint32(s.p.Uint64())) * uint64(n)
	if uint32(m) < n {
		t := -n % n
		for uint32(m) < t {
			m = uint64(uint32(s.p.Uint64())) * uint64(n)
		}
	}
	return uint32(m >> 32)
}

// deal moves k random cards of deck to its front (a partial Fisher–Yates
// shuffle): deck[:k] is then a uniform random k-card deal, in order.
func (s *stream) deal(deck []cards.Card, k int) {
	n := uint32(len(deck))
	for i := range k {
		j := i + int(s.intn(n-uint32(i)))
		deck[i], deck[j] = deck[j], deck[i]
	}
}

// lcm returns the least common multiple of the pay tables' Per values, and
// false when it grows past limit.
func lcm(limit int64, pers ...int64) (int64, bool) {
	l := int64(1)
	for _, p := range pers {
		if p <= 0 {
			continue
		}
		g := gcd(l, p)
		if l/g > limit/p {
			return 0, false
		}
		l = l / g * p
	}
	return l, true
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
