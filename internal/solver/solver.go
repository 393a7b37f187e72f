package solver

import (
	"context"
	"math"
	"math/big"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// Result is the exact value of Ultimate Texas Hold'em's Ante + Blind + Play
// under the player's optimal strategy, and that strategy's summary.
type Result struct {
	// HouseEdge is the house's expected win per unit of Ante (positive: the
	// house wins), exactly; EV is the player's, its negative.
	HouseEdge, EV *big.Rat
	// Deals is the number of deals enumerated: the player's 2 cards, the flop,
	// the turn and river, and the dealer's 2 cards, C(52,2)·C(50,3)·C(47,2)·C(45,2).
	Deals int64
	// Sum is the player's total result over all Deals in units of 1/Scale of
	// the Ante, so that EV = Sum / (Scale · Deals). Scale is the least common
	// multiple of the Blind table's denominators (2 for 3:2).
	Sum   *big.Int
	Scale int64
	// Preflop are the pre-flop Play multiples the player could choose, largest first.
	Preflop []int64
	// Hands are the starting-hand classes (169 for 52 cards), in the order of
	// a strategy chart: AA, AKs, AKo, AQs … 22.
	Hands []Hand
	// Actions are how often each decision is taken with optimal play: the
	// pre-flop raises, the flop 2×, the river 1× and the fold.
	Actions []Action
	// Boards is the number of five-card boards valued, one per class of
	// suit-isomorphic boards (134,459).
	Boards   int
	Duration time.Duration
}

// Hand is one starting-hand class: a pair ("QQ"), or two ranks suited ("AKs")
// or offsuit ("AKo").
type Hand struct {
	Class  string
	Combos int // 6 for a pair, 4 suited, 12 offsuit
	// Multiple is the optimal pre-flop decision: a Play bet of Multiple × the
	// Ante, or 0 to check. On an exact tie the larger bet is chosen.
	Multiple int64
	// EV is the player's expected result per Ante with this hand under the
	// optimal strategy; Check is the value of checking (and playing the flop
	// and river optimally), Raise of each of Preflop's bets, in its order.
	EV, Check *big.Rat
	Raise     []*big.Rat
}

// Action is one decision and the probability, over all deals, that the
// optimal player takes it.
type Action struct {
	Street      string // "preflop", "flop" or "river"
	Multiple    int64  // the Play bet as a multiple of the Ante; 0 is the fold
	Probability *big.Rat
}

// HouseEdgePercent writes the house edge as a percentage of the Ante, rounded
// to digits decimals: "2.184971" for 6.
func (r *Result) HouseEdgePercent(digits int) string {
	return new(big.Rat).Mul(r.HouseEdge, big.NewRat(100, 1)).FloatString(digits)
}

// Raised returns the classes raised m× pre-flop, in chart order.
func (r *Result) Raised(m int64) []string {
	var out []string
	for _, h := range r.Hands {
		if h.Multiple == m {
			out = append(out, h.Class)
		}
	}
	return out
}

// Solve computes the player's optimal strategy for UTH's Ante, Blind and Play
// (Trips and the Progressive aside) and its exact house edge per Ante, by
// backward induction over every deal of a 52-card deck: every river position
// against every dealer hand, every flop against every turn and river, every
// starting hand against every flop.
//
// The rules are RULES.md §2 with Ante = Blind = 1: pre-flop the player checks or
// bets Play at one of the multiples in preflop (the house's preflop_multiples,
// usually 3 and 4); after a check, 2× or check on the flop; after two checks,
// 1× or fold on the river (a fold loses the Ante and the Blind). The dealer
// qualifies with a pair or better; the Ante pushes when he does not, else wins,
// pushes or loses 1:1; Play wins, pushes or loses 1:1 against the dealer's hand
// whether he qualifies or not; Blind pays blind (any table whose rows are hand
// categories) when the player wins, pushes when the player wins with a hand the
// table does not list or ties, and loses when he loses.
//
// Payouts are exact fractions here: the house's chip rounding (§1.6) is a
// matter of stakes and does not enter the edge per unit of Ante.
//
// It uses every CPU (GOMAXPROCS). progress, if not nil, is called from one
// goroutine at a time with the boards done so far and their total (134,459),
// every 32 boards. Solve
// returns ctx's error if ctx is cancelled, and a *games.FieldError ("blind" or
// "preflop") for a table or multiples it cannot use.
func Solve(ctx context.Context, blind games.PayTable, preflop []int64, progress func(done, total int)) (*Result, error) {
	return solve(ctx, fullDeck(), blind, preflop, runtime.GOMAXPROCS(0), progress)
}

// MaxMultiple is the largest pre-flop multiple Solve accepts. UTH allows 3×
// and 4×; a few more leave room for a what-if without overflowing the sums.
const MaxMultiple = 10

// scoring is the money of one showdown in units of 1/scale of the Ante.
type scoring struct {
	scale   int64
	blind   [poker.FiveAces + 1]int64 // what a winning Blind is paid, by the player's category; 0 pushes
	preflop []int64                   // largest first
}

func newScoring(blind games.PayTable, preflop []int64) (*scoring, error) {
	sc := &scoring{scale: 1}
	if len(preflop) == 0 {
		return nil, games.Fieldf("preflop", "needs at least one pre-flop multiple (3, 4 or both)")
	}
	for i, m := range preflop {
		if m < 1 || m > MaxMultiple {
			return nil, games.Fieldf("preflop", "%d: a pre-flop Play bet is 1 to %d times the Ante (UTH: 3 or 4)", m, MaxMultiple)
		}
		if slices.Contains(preflop[:i], m) {
			return nil, games.Fieldf("preflop", "%d is listed twice", m)
		}
	}
	sc.preflop = slices.Clone(preflop)
	slices.Sort(sc.preflop)
	slices.Reverse(sc.preflop)

	var odds [poker.FiveAces + 1]games.Odds
	for _, r := range blind.Rows {
		field := "blind." + r.Key
		cat, ok := poker.CategoryByKey(r.Key)
		switch {
		case !ok || cat > poker.RoyalFlush:
			return nil, games.Fieldf(field, "is not a hand category of UTH (royal_flush … high_card)")
		case r.Odds.IsZero() || r.Odds.Win < 0:
			return nil, games.Fieldf(field, "needs odds such as \"3:2\"")
		case !odds[cat].IsZero():
			return nil, games.Fieldf(field, "is listed twice")
		}
		odds[cat] = r.Odds
		g := gcd(sc.scale, r.Odds.Per)
		if sc.scale/g > math.MaxInt32/r.Odds.Per {
			return nil, games.Fieldf(field, "odds %s: the table's denominators are too many and too large to add up exactly", r.Odds)
		}
		sc.scale = sc.scale / g * r.Odds.Per
	}
	top := sc.scale
	for cat, o := range odds {
		if o.IsZero() {
			continue
		}
		hi, lo := bits.Mul64(uint64(o.Win), uint64(sc.scale/o.Per))
		if hi != 0 || lo >= 1<<62 {
			return nil, games.Fieldf("blind."+poker.Category(cat).Key(), "odds %s are too large to add up exactly", o)
		}
		sc.blind[cat] = o.Win * (sc.scale / o.Per)
		top = max(top, sc.blind[cat])
	}
	// The largest result of one deal, and how many deals one class of
	// starting hands sums (12 offsuit combinations): the sums must fit 62 bits.
	deal := sc.scale*(sc.preflop[0]+2) + top
	hi, lo := bits.Mul64(uint64(deal), uint64(12*choose(50, 3)*choose(47, 2)*choose(45, 2)))
	if hi != 0 || lo >= 1<<62 {
		return nil, games.Fieldf("blind", "table %q pays too much, in too fine fractions, to add up exactly in 64 bits", blind.Name)
	}
	return sc, nil
}

// ratio returns v/den.
func ratio(v int64, den *big.Int) *big.Rat {
	return new(big.Rat).SetFrac(big.NewInt(v), den)
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// solve is Solve on any deck of whole suits, with the number of workers given.
func solve(ctx context.Context, d *deck, blind games.PayTable, preflop []int64, workers int, progress func(done, total int)) (*Result, error) {
	start := time.Now()
	sc, err := newScoring(blind, preflop)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	fs := d.flopStates()
	cl := newClasses(d)
	boards := d.boards()
	flop, folds, pre, err := valueBoards(ctx, d, fs, sc, cl, boards, max(1, workers), progress)
	if err != nil {
		return nil, err
	}
	res := decide(d, fs, sc, cl, flop, folds, pre)
	res.Boards = len(boards)
	res.Duration = time.Since(start)
	return res, nil
}

// valueBoards runs the workers over the boards and returns the sum of their
// flop-state and class sums.
func valueBoards(ctx context.Context, d *deck, fs *flopStates, sc *scoring, cl *classes, boards []board, workers int, progress func(done, total int)) ([]flopSums, []int32, []preSums, error) {
	const chunk = 32
	var next atomic.Int64
	var mu sync.Mutex
	done := 0
	report := func(n int) {
		if progress == nil {
			return
		}
		mu.Lock()
		done += n
		progress(done, len(boards))
		mu.Unlock()
	}
	report(0)
	ws := make([]*worker, workers)
	var wg sync.WaitGroup
	for i := range ws {
		ws[i] = newWorker(d, fs, sc, cl)
		wg.Go(func() {
			w := ws[i]
			for ctx.Err() == nil {
				lo := int(next.Add(chunk)) - chunk
				if lo >= len(boards) {
					return
				}
				hi := min(lo+chunk, len(boards))
				for j := lo; j < hi; j++ {
					w.board(&boards[j])
				}
				report(hi - lo)
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, nil, nil, err
	}
	flop, folds, pre := ws[0].flop, ws[0].folds, ws[0].pre
	for _, w := range ws[1:] {
		for i, f := range w.flop {
			flop[i].check += f.check
			flop[i].bet += f.bet
			folds[i] += w.folds[i]
		}
		for i, p := range w.pre {
			pre[i].wl += p.wl
			pre[i].base += p.base
		}
	}
	return flop, folds, pre, nil
}

// classSums are one starting-hand class's sums over its combinations and
// every flop, turn, river and dealer hand, in 1/scale of the Ante.
type classSums struct {
	check    int64 // checking pre-flop, then playing the flop and river optimally
	wl, base int64 // a pre-flop bet of m is worth scale·m·wl + base
	// For the action frequencies: positions (combination and flop) where the
	// optimal flop decision is 2× or check, and (combination, flop, turn and
	// river) positions where, after two checks, the player folds.
	flopBet, flopCheck, fold int64
}

// decide makes the flop decision in every flop state and the pre-flop
// decision for every class, and adds up the result.
func decide(d *deck, fs *flopStates, sc *scoring, cl *classes, flop []flopSums, folds []int32, pre []preSums) *Result {
	sums := make([]classSums, len(cl.names))
	for c, p := range pre {
		sums[c].wl, sums[c].base = p.wl, p.base
	}
	for st, f := range flop {
		s := &sums[cl.of[fs.pair[st]]]
		positions := fs.weight[fs.flop[st]] * fs.count[st]
		if f.bet >= f.check { // ties go to the bet
			s.check += f.bet
			s.flopBet += positions
		} else {
			s.check += f.check
			s.flopCheck += positions
			s.fold += int64(folds[st])
		}
	}

	perHand := choose(d.n-2, 3) * choose(d.n-5, 2) * choose(d.n-7, 2)
	res := &Result{
		Deals:   int64(d.pairs()) * perHand,
		Sum:     new(big.Int),
		Scale:   sc.scale,
		Preflop: sc.preflop,
	}
	raised := make([]int64, len(sc.preflop)) // combinations raised at each multiple
	var flopBet, flopCheck, fold int64
	for c, name := range cl.names {
		s := sums[c]
		combos := cl.combos[c]
		if combos == 0 {
			continue
		}
		den := new(big.Int).SetInt64(sc.scale * int64(combos))
		den.Mul(den, big.NewInt(perHand))
		h := Hand{Class: name, Combos: combos, Check: ratio(s.check, den)}
		best, bestM := s.check, int64(0)
		for _, m := range sc.preflop {
			v := sc.scale*m*s.wl + s.base
			h.Raise = append(h.Raise, ratio(v, den))
			if v > best || v == best && bestM == 0 { // ties go to the larger bet; preflop is largest first
				best, bestM = v, m
			}
		}
		h.Multiple = bestM
		h.EV = ratio(best, den)
		res.Hands = append(res.Hands, h)
		res.Sum.Add(res.Sum, big.NewInt(best))
		if bestM == 0 {
			flopBet += s.flopBet
			flopCheck += s.flopCheck
			fold += s.fold
		} else {
			raised[slices.Index(sc.preflop, bestM)] += int64(combos)
		}
	}
	den := new(big.Int).Mul(big.NewInt(sc.scale), big.NewInt(res.Deals))
	res.EV = new(big.Rat).SetFrac(res.Sum, den)
	res.HouseEdge = new(big.Rat).Neg(res.EV)

	hands := int64(d.pairs())
	flops := hands * choose(d.n-2, 3)
	rivers := flops * choose(d.n-5, 2)
	for i, m := range sc.preflop {
		res.Actions = append(res.Actions, Action{"preflop", m, big.NewRat(raised[i], hands)})
	}
	res.Actions = append(res.Actions,
		Action{"flop", 2, big.NewRat(flopBet, flops)},
		Action{"river", 1, big.NewRat(flopCheck*choose(d.n-5, 2)-fold, rivers)},
		Action{"river", 0, big.NewRat(fold, rivers)},
	)
	return res
}
