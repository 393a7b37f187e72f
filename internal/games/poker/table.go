package poker

import (
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// The fast evaluator adds one 64-bit key per card and looks the sum up.
//
// The low 32 bits sum a multiplier per rank (and one for the joker), chosen so
// that every multiset of at most seven cards — at most four of a rank and one
// joker — has its own sum. They were found by a greedy search (each multiplier
// the smallest that keeps all sums distinct; TestRankKeysUnique checks them)
// and the largest sum is 24,315,183. Bits 32–47 count the cards of each suit
// from 3, so bit 3 of a suit's nibble is set once it holds five cards: a flush
// is one AND. The joker counts in every suit, so four suited cards and the
// joker flag a flush too.
//
// A second word ORs one bit per card into a 16-bit field per suit (bit 13 of
// every field for the joker), which indexes the flush table when a flush is
// flagged.
//
// Rank sums are mapped to 2^17 slots by a perfect hash: a multiplicative hash
// picks one of 2^14 buckets and a start slot, and the bucket's displacement
// (16 bits, chosen at build time) moves all its keys to free slots together.
var rankMult = [13]uint32{1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520}

const (
	jokerMult   = 7448385
	keyInit     = uint64(0x3333) << 32
	flushFlags  = uint64(0x8888) << 32
	suitOne     = uint64(1) << 32
	jokerBit    = uint64(1) << 13
	jokerMask   = jokerBit | jokerBit<<16 | jokerBit<<32 | jokerBit<<48
	hashMul     = 0x9E3779B97F4A7C15
	slotBits    = 17
	slotMask    = 1<<slotBits - 1
	bucketShift = 64 - 14
	flushSize   = 1 << 14
)

// cardKey and cardMask are indexed by any byte, so that a bad card never
// panics; the 203 entries past the joker are zero.
var cardKey, cardMask = func() (k, m [256]uint64) {
	for c := cards.Card(0); c < cards.Joker; c++ {
		k[c] = uint64(rankMult[c.Rank()]) | suitOne<<(4*uint(c.Suit()))
		m[c] = 1 << (16*uint(c.Suit()) + uint(c.Rank()))
	}
	k[cards.Joker] = jokerMult | suitOne*0x1111
	m[cards.Joker] = jokerMask
	return
}()

// hashSlot returns the start slot and bucket of a rank sum.
func hashSlot(k uint32) (slot uint32, bucket uint64) {
	h := uint64(k) * hashMul
	return uint32(h >> 24), h >> bucketShift
}

// rankHash is the perfect hash's displacements, the same for every Rules.
type rankHash struct {
	disp [1 << 14]uint16
}

func (h *rankHash) slot(k uint32) uint32 {
	s, b := hashSlot(k)
	return (s + uint32(h.disp[b])) & slotMask
}

// multiset is one key of the hash: the counts of each rank and the joker.
type multiset struct {
	n     [13]uint8
	joker bool
	key   uint32
}

// multisets lists every hand the tables must value: 5 to 7 cards with at most
// four of a rank, and at most one joker.
func multisets() []multiset {
	var out []multiset
	var n [13]uint8
	var rec func(x int, key uint32, t int)
	rec = func(x int, key uint32, t int) {
		if x == 13 {
			if t >= 5 {
				out = append(out, multiset{n, false, key})
			}
			if t >= 4 && t <= 6 {
				out = append(out, multiset{n, true, key + jokerMult})
			}
			return
		}
		for c := 0; c <= 4 && t+c <= 7; c++ {
			n[x] = uint8(c)
			rec(x+1, key+uint32(c)*rankMult[x], t+c)
		}
		n[x] = 0
	}
	rec(0, 0, 0)
	return out
}

var hashOnce = sync.OnceValues(func() (*rankHash, []multiset) {
	ms := multisets()
	return buildHash(ms), ms
})

// buildHash places the buckets, largest first, each at the smallest
// displacement where all its keys land on free slots. It is deterministic and
// takes a few tens of milliseconds.
func buildHash(ms []multiset) *rankHash {
	h := new(rankHash)
	buckets := make([][]uint32, len(h.disp))
	for _, m := range ms {
		s, b := hashSlot(m.key)
		buckets[b] = append(buckets[b], s)
	}
	order := make([]int, len(buckets))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return len(buckets[b]) - len(buckets[a]) })
	var used [1 << slotBits / 64]uint64
	free := func(s uint32) bool { return used[s/64]&(1<<(s%64)) == 0 }
	for _, b := range order {
		ss := buckets[b]
		if len(ss) == 0 {
			break
		}
		placed := false
		for d := uint32(0); d < 1<<16 && !placed; d++ {
			ok := true
			for i, s := range ss {
				t := (s + d) & slotMask
				if !free(t) {
					ok = false
					break
				}
				for _, s2 := range ss[:i] {
					if (s2+d)&slotMask == t {
						ok = false
					}
				}
			}
			if ok {
				for _, s := range ss {
					t := (s + d) & slotMask
					used[t/64] |= 1 << (t % 64)
				}
				h.disp[b] = uint16(d)
				placed = true
			}
		}
		if !placed {
			panic("poker: rank hash could not be built") // fixed inputs: caught by every test
		}
	}
	return h
}

// tables are the lookup tables of one Rules.
type tables struct {
	hash  *rankHash
	rank  *[1 << slotBits]uint16 // non-flush value of each rank multiset
	flush *[flushSize]uint16     // best flush or straight flush of a suit's 13 rank bits + joker bit
}

// The tables depend on only some options: the rank table on WheelSecond, the
// flush table on WheelSecondSF and JokerFlushAceAlways. Each is built once, on
// first use, so a process that never deals 7 Card Thrill never builds its tables.
var (
	rankTables = func() (out [2]func() *[1 << slotBits]uint16) {
		for i := range out {
			r := Rules{Joker: true, WheelSecond: i == 1}
			out[i] = sync.OnceValue(r.buildRank)
		}
		return out
	}()
	flushTables = func() (out [4]func() *[flushSize]uint16) {
		for i := range out {
			r := Rules{Joker: true, WheelSecondSF: i&1 != 0, JokerFlushAceAlways: i&2 != 0}
			out[i] = sync.OnceValue(r.buildFlush)
		}
		return out
	}()
	ruleTables = func() (out [16]func() *tables) {
		for i := range out {
			r := rulesOf(i)
			out[i] = sync.OnceValue(func() *tables {
				h, _ := hashOnce()
				return &tables{hash: h, rank: rankTables[r.rankIndex()](), flush: flushTables[r.flushIndex()]()}
			})
		}
		return out
	}()
)

func (r Rules) index() int {
	return b2i(r.Joker) | b2i(r.WheelSecond)<<1 | b2i(r.WheelSecondSF)<<2 | b2i(r.JokerFlushAceAlways)<<3
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func rulesOf(i int) Rules {
	return Rules{Joker: i&1 != 0, WheelSecond: i&2 != 0, WheelSecondSF: i&4 != 0, JokerFlushAceAlways: i&8 != 0}
}

func (r Rules) rankIndex() int {
	if r.WheelSecond {
		return 1
	}
	return 0
}

func (r Rules) flushIndex() int {
	i := 0
	if r.WheelSecondSF {
		i |= 1
	}
	if r.JokerFlushAceAlways {
		i |= 2
	}
	return i
}

// built caches ruleTables' results: one atomic load on the fast path.
var built [16]atomic.Pointer[tables]

func (r Rules) tables() *tables {
	i := r.index()
	if t := built[i].Load(); t != nil {
		return t
	}
	t := ruleTables[i]()
	built[i].Store(t)
	return t
}

func (r Rules) buildRank() *[1 << slotBits]uint16 {
	h, ms := hashOnce()
	t := new([1 << slotBits]uint16)
	for _, m := range ms {
		t[h.slot(m.key)] = uint16(r.rankValue(m.n, m.joker))
	}
	return t
}

func (r Rules) buildFlush() *[flushSize]uint16 {
	t := new([flushSize]uint16)
	for m := range flushSize {
		ranks, joker := uint16(m)&0x1fff, m&int(jokerBit) != 0
		n := bits.OnesCount16(ranks)
		if joker {
			n++
		}
		if n >= 5 && n <= 7 {
			t[m] = uint16(r.flushValue(ranks, joker))
		}
	}
	return t
}

// lookup values the hand whose summed key and ORed mask are given.
func (t *tables) lookup(key, mask uint64) Value {
	if f := key & flushFlags; f != 0 {
		s := uint(bits.TrailingZeros64(f)-35) / 4
		v := Value(t.flush[(mask>>(16*s))&(flushSize-1)])
		if mask&jokerBit != 0 {
			// With the joker, A-A-A + joker (four aces) or a full house of
			// aces can beat the joker's flush; without it, seven cards
			// holding a flush cannot hold a full house or four of a kind.
			v = max(v, t.rankOnly(key))
		}
		return v
	}
	return t.rankOnly(key)
}

func (t *tables) rankOnly(key uint64) Value {
	return Value(t.rank[t.hash.slot(uint32(key))])
}
