package solver

import (
	"math/big"
	"slices"
	"sync"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// The brute force plays the whole game tree of a small deck the plain way:
// every hole pair, every flop, every turn and river and every dealer hand, each
// showdown settled by the rules as written (pay below), each decision taken by
// comparing the explicit sums of its options. It shares nothing with the
// solver but the hand evaluator: no suit symmetry, no sorting, no counting by
// inclusion–exclusion, its own money scale (the product of the table's
// denominators, not their least common multiple).

// brute is what the brute force finds.
type brute struct {
	ev     *big.Rat
	hands  map[string]*bruteHand // by class name
	raised map[int64]int64       // combinations raised at each multiple
	// Decision counts over all positions reached: flop bets over (hand, flop)
	// positions; river bets and folds over (hand, flop, turn-river) positions.
	flopBet, riverBet, fold int64
}

type bruteHand struct {
	combos   int
	multiple int64
	ev       *big.Rat // the same for every combination of the class, or nil if not
	check    *big.Rat
	raise    []*big.Rat
	mixed    bool // two combinations of the class had different values
}

// bruteScale is the product of the table's denominators.
func bruteScale(blind games.PayTable) int64 {
	s := int64(1)
	for _, r := range blind.Rows {
		s *= r.Odds.Per
	}
	return s
}

// rules are the table's payouts by category, in 1/scale of the Ante.
type rules struct {
	scale int64
	blind [poker.FiveAces + 1]int64
	paid  [poker.FiveAces + 1]bool
}

func newRules(blind games.PayTable) *rules {
	r := &rules{scale: bruteScale(blind)}
	for _, c := range poker.Categories {
		if o, ok := blind.Odds(c.Key()); ok {
			r.blind[c], r.paid[c] = o.Win*r.scale/o.Per, true
		}
	}
	return r
}

// showdown settles one showdown, in 1/scale of the Ante, straight from
// RULES.md §2.3: it returns what the Ante and the Blind win together, and what
// each unit of Play wins. The Ante wins only when the dealer qualifies (a pair
// or better) and pushes otherwise; Play is decided by the hands; the Blind
// pays its table when the player wins with a listed hand, pushes when he wins
// with another or ties, and loses when he loses.
func (r *rules) showdown(p, q poker.Value) (anteBlind, play int64) {
	qualifies := q.Category() >= poker.OnePair
	var ante, bl int64
	switch {
	case p > q:
		if qualifies {
			ante = r.scale
		}
		play = r.scale
		if r.paid[p.Category()] {
			bl = r.blind[p.Category()]
		}
	case p < q:
		if qualifies {
			ante = -r.scale
		}
		play = -r.scale
		bl = -r.scale
	}
	return ante + bl, play
}

// values7 values every seven-card subset of the deck, indexed by its bit mask.
func values7(d *deck) []poker.Value {
	vals := make([]poker.Value, 1<<d.n)
	var idx [7]int
	var rec func(k, from int, mask int)
	rec = func(k, from, mask int) {
		if k == 7 {
			cs := make([]cards.Card, 7)
			for i, c := range idx {
				cs[i] = d.card[c]
			}
			vals[mask] = poker.Standard.Value(cs)
			return
		}
		for c := from; c < d.n; c++ {
			idx[k] = c
			rec(k+1, c+1, mask|1<<c)
		}
	}
	rec(0, 0, 0)
	return vals
}

// bruteForce solves deck d by brute force, a goroutine per hole pair in turn
// on workers goroutines.
func bruteForce(d *deck, blind games.PayTable, preflop []int64, workers int) *brute {
	if d.n > 22 {
		panic("bruteForce: deck too large")
	}
	rs := newRules(blind)
	scale := rs.scale
	vals := values7(d)
	pre := slices.Clone(preflop)
	slices.Sort(pre)
	slices.Reverse(pre)
	cl := newClasses(d)
	n := d.n
	// others lists into buf the cards not in used.
	others := func(buf []int, used int) []int {
		buf = buf[:0]
		for c := range n {
			if used&(1<<c) == 0 {
				buf = append(buf, c)
			}
		}
		return buf
	}

	type handOut struct {
		class                   int
		best, check             int64
		raise                   []int64
		multiple                int64
		flopBet, riverBet, fold int64
	}
	outs := make([]handOut, d.pairs())
	var wg sync.WaitGroup
	jobs := make(chan int)
	for range workers {
		wg.Go(func() {
			for p := range jobs {
				o := &outs[p]
				o.class = cl.of[p]
				hole := 1<<d.pairA[p] | 1<<d.pairB[p]
				raise := make([]int64, len(pre))
				var check int64
				var flopBet, riverBet, fold int64
				rest2, rest3 := make([]int, 0, n), make([]int, 0, n)
				rest := others(make([]int, 0, n), hole)
				for i := 0; i < len(rest); i++ {
					for j := i + 1; j < len(rest); j++ {
						for k := j + 1; k < len(rest); k++ {
							flop := 1<<rest[i] | 1<<rest[j] | 1<<rest[k]
							var bet2, checkFlop int64
							var rb, fd int64
							rest2 = others(rest2, hole|flop)
							for a := 0; a < len(rest2); a++ {
								for b := a + 1; b < len(rest2); b++ {
									board := flop | 1<<rest2[a] | 1<<rest2[b]
									pv := vals[hole|board]
									// Over the dealer's hands: what the Ante and Blind win, and
									// what one unit of Play wins; a Play bet of m wins m units.
									var base, unit, dealers int64
									rest3 = others(rest3, hole|board)
									for x := 0; x < len(rest3); x++ {
										for y := x + 1; y < len(rest3); y++ {
											dv := vals[board|1<<rest3[x]|1<<rest3[y]]
											b, u := rs.showdown(pv, dv)
											base += b
											unit += u
											dealers++
										}
									}
									bet1 := base + unit
									bet2 += base + 2*unit
									for r, m := range pre {
										raise[r] += base + m*unit
									}
									foldV := -2 * scale * dealers // the Ante and the Blind lost
									if bet1 >= foldV {
										checkFlop += bet1
										rb++
									} else {
										checkFlop += foldV
										fd++
									}
								}
							}
							if bet2 >= checkFlop {
								check += bet2
								flopBet++
							} else {
								check += checkFlop
								riverBet += rb
								fold += fd
							}
						}
					}
				}
				o.check, o.raise = check, raise
				o.best = check
				for r, m := range pre {
					if raise[r] > o.best || raise[r] == o.best && o.multiple == 0 {
						o.best, o.multiple = raise[r], m
					}
				}
				if o.multiple == 0 {
					o.flopBet, o.riverBet, o.fold = flopBet, riverBet, fold
				}
			}
		})
	}
	for p := range d.pairs() {
		jobs <- p
	}
	close(jobs)
	wg.Wait()

	perHand := choose(n-2, 3) * choose(n-5, 2) * choose(n-7, 2)
	den := scale * perHand
	res := &brute{hands: map[string]*bruteHand{}, raised: map[int64]int64{}}
	total := new(big.Int)
	for _, o := range outs {
		total.Add(total, big.NewInt(o.best))
		name := cl.names[o.class]
		h := res.hands[name]
		ev := big.NewRat(o.best, den)
		if h == nil {
			h = &bruteHand{multiple: o.multiple, ev: ev, check: big.NewRat(o.check, den)}
			for _, v := range o.raise {
				h.raise = append(h.raise, big.NewRat(v, den))
			}
			res.hands[name] = h
		} else if h.ev.Cmp(ev) != 0 || h.multiple != o.multiple {
			h.mixed = true
		}
		h.combos++
		if o.multiple > 0 {
			res.raised[o.multiple]++
		}
		res.flopBet += o.flopBet
		res.riverBet += o.riverBet
		res.fold += o.fold
	}
	res.ev = new(big.Rat).SetFrac(total, big.NewInt(den*int64(d.pairs())))
	return res
}
