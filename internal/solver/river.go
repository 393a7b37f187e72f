package solver

import (
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// flopSums are what a flop state gathers, over the positions it stands for
// and every turn and river card and every dealer hand, in units of 1/scale
// of the Ante. They are kept to 16 bytes because adding to them is most of
// the solver's time, and that is bound by memory (about 1.2 million states
// per worker).
type flopSums struct {
	check int64 // after a check on the flop: the river decision's value, 1× or fold, whichever is better
	bet   int64 // a Play bet of 2× on the flop
}

// preSums are what a starting-hand class gathers over all its deals for the
// value of a pre-flop bet: a Play bet of m is worth scale·m·wl + base. Being
// linear, they need no flop or river decision and skip the flop states.
type preSums struct {
	wl   int64 // dealer hands beaten less dealer hands lost to
	base int64 // what the Ante and the Blind win when Play is bet
}

// worker values boards. Each worker owns its sums; Solve adds them up.
type worker struct {
	d     *deck
	fs    *flopStates
	sc    *scoring
	class []int // by pair number: its starting-hand class
	rules poker.Rules
	flop  []flopSums // by flop state
	// By flop state, for the frequencies only: the positions (times their
	// turn-and-river pairs) where the river decision is to fold. At most 24 ×
	// C(47,2) a state; kept apart from flop and touched only on a fold.
	folds []int32
	pre   []preSums // by class

	// Scratch for one board, indexed by holding h (a pair of the cards left)
	// or by position (a card left).
	hx, hy        []uint8 // holding h is rem[hx[h]], rem[hy[h]]
	rem, mapped   []uint8
	val           []poker.Value
	order, tmp    []int32
	win, tie, noq []int32 // dealer hands beaten, tied, and not qualifying
	// By position: the lower holdings that hold the card, the holdings of the
	// current group of equal values that hold it, and the non-qualifying
	// holdings that hold it.
	less, eq, nq []int32
	sums         []flopSums // what each holding adds to its flop state
	fold         []int32    // and to its fold count
	st           []int32    // the holding's flop state in the current split
	radix        [256]int32
}

func newWorker(d *deck, fs *flopStates, sc *scoring, cl *classes) *worker {
	m := d.n - 5
	w := &worker{d: d, fs: fs, sc: sc, class: cl.of, rules: poker.Standard,
		flop: make([]flopSums, len(fs.flop)), folds: make([]int32, len(fs.flop)), pre: make([]preSums, len(cl.names))}
	for x := 0; x < m; x++ {
		for y := x + 1; y < m; y++ {
			w.hx = append(w.hx, uint8(x))
			w.hy = append(w.hy, uint8(y))
		}
	}
	k := len(w.hx)
	w.rem, w.mapped = make([]uint8, m), make([]uint8, m)
	w.less, w.eq, w.nq = make([]int32, m), make([]int32, m), make([]int32, m)
	w.val = make([]poker.Value, k)
	w.order, w.tmp = make([]int32, k), make([]int32, k)
	w.win, w.tie, w.noq = make([]int32, k), make([]int32, k), make([]int32, k)
	w.sums = make([]flopSums, k)
	w.fold = make([]int32, k)
	w.st = make([]int32, k)
	return w
}

// board values every river position on board b — each pair of hole cards the
// player can hold against every dealer hand — and adds them, times b's weight,
// to the flop states of b's ten flop/turn-and-river splits.
func (w *worker) board(b *board) {
	d := w.d
	var in [64]bool
	for _, c := range b.cards {
		in[c] = true
	}
	m := 0
	for c := 0; c < d.n; c++ {
		if !in[c] {
			w.rem[m] = uint8(c)
			m++
		}
	}
	var hand [7]cards.Card
	for i, c := range b.cards {
		hand[i] = d.card[c]
	}
	for h := range w.hx {
		hand[5], hand[6] = d.card[w.rem[w.hx[h]]], d.card[w.rem[w.hy[h]]]
		w.val[h] = w.rules.Value(hand[:])
	}
	w.sortByValue()
	w.count(m)
	w.settle(b.weight)
	w.scatter(b)
}

// sortByValue fills order with the holdings by increasing value: an LSD radix
// sort on the Value, a byte at a time, as many bytes as the largest needs.
func (w *worker) sortByValue() {
	var top poker.Value
	for h, v := range w.val {
		w.order[h] = int32(h)
		top = max(top, v)
	}
	src, dst := w.order, w.tmp
	for shift := uint(0); shift < 32 && top>>shift > 0; shift += 8 {
		clear(w.radix[:])
		for _, h := range src {
			w.radix[byte(w.val[h]>>shift)]++
		}
		sum := int32(0)
		for i, c := range w.radix {
			w.radix[i] = sum
			sum += c
		}
		for _, h := range src {
			b := byte(w.val[h] >> shift)
			dst[w.radix[b]] = h
			w.radix[b]++
		}
		src, dst = dst, src
	}
	if &src[0] != &w.order[0] {
		copy(w.order, src)
	}
}

// count finds, for every holding, how many of the dealer's possible hands
// (the holdings that share no card with it) it beats and ties, and how many
// of them do not qualify (less than a pair). It walks the holdings by value, a group of equal
// values at a time, keeping per card how many lower holdings contain it: the
// lower holdings disjoint from {x, y} are all lower ones less those holding x
// or y (none holds both, as {x, y} itself is not lower).
func (w *worker) count(m int) {
	clear(w.less[:m])
	clear(w.eq[:m])
	lower := int32(0)
	nqTotal := int32(-1)
	k := len(w.order)
	for i := 0; i < k; {
		v := w.val[w.order[i]]
		j := i
		for j < k && w.val[w.order[j]] == v {
			j++
		}
		if nqTotal < 0 && v.Category() >= poker.OnePair {
			nqTotal = lower
			copy(w.nq[:m], w.less[:m])
		}
		group := w.order[i:j]
		for _, h := range group {
			w.eq[w.hx[h]]++
			w.eq[w.hy[h]]++
		}
		g := int32(j - i)
		for _, h := range group {
			x, y := w.hx[h], w.hy[h]
			w.win[h] = lower - w.less[x] - w.less[y]
			w.tie[h] = g - w.eq[x] - w.eq[y] + 1 // {x, y} is counted by both
		}
		for _, h := range group {
			x, y := w.hx[h], w.hy[h]
			w.less[x]++
			w.less[y]++
			w.eq[x], w.eq[y] = 0, 0
		}
		lower += g
		i = j
	}
	if nqTotal < 0 { // no holding qualifies
		nqTotal = lower
		copy(w.nq[:m], w.less[:m])
	}
	for h := range w.noq {
		x, y := w.hx[h], w.hy[h]
		n := nqTotal - w.nq[x] - w.nq[y]
		if w.val[h].Category() < poker.OnePair {
			n++ // {x, y} itself was counted as a non-qualifying hand of both cards
		}
		w.noq[h] = n
	}
}

// settle turns the counts into money for each holding, times the board's
// weight: the value of the river decision (bet 1× or fold) after two checks
// and of a 2× flop bet, for the flop state; and, for the class, the pieces of
// a pre-flop bet's value, ten times over (the board's ten splits).
func (w *worker) settle(weight int64) {
	d, sc := w.d, w.sc
	dealer := int64(d.n-7) * int64(d.n-8) / 2
	fold := -2 * sc.scale * dealer
	for h := range w.val {
		win, tie := int64(w.win[h]), int64(w.tie[h])
		lose := dealer - win - tie
		nq := int64(w.noq[h])
		cat := w.val[h].Category()
		var ante int64
		if cat >= poker.OnePair {
			ante = win - nq - lose // every non-qualifying hand is beaten and pushes the Ante
		} else {
			ante = -(dealer - nq) // beats only hands that do not qualify; loses to every one that does
		}
		blind := win*sc.blind[cat] - sc.scale*lose
		wl := win - lose
		base := sc.scale*ante + blind
		s := &w.sums[h]
		s.bet = weight * (2*sc.scale*wl + base)
		if bet := sc.scale*wl + base; fold > bet { // ties go to the bet
			s.check, w.fold[h] = weight*fold, int32(weight)
		} else {
			s.check, w.fold[h] = weight*bet, 0
		}
		x, y := int(w.rem[w.hx[h]]), int(w.rem[w.hy[h]])
		p := &w.pre[w.class[d.pairIdx[x*d.n+y]]]
		p.wl += 10 * weight * wl
		p.base += 10 * weight * base
	}
}

// scatter adds each holding's sums to its flop state under each of the
// board's ten splits: the holding and the flop are moved together by the
// permutation that makes the flop canonical.
func (w *worker) scatter(b *board) {
	d, fs := w.d, w.fs
	P := d.pairs()
	for _, s := range d.splitsOf(fs, b) {
		for i, c := range w.rem {
			w.mapped[i] = uint8(d.apply(s.perm, int(c)))
		}
		row := fs.state[int(s.flop)*P : int(s.flop+1)*P]
		// Two passes, so that the look-ups of one pass do not wait on each other.
		for h := range w.sums {
			a, c := w.mapped[w.hx[h]], w.mapped[w.hy[h]]
			w.st[h] = row[d.pairIdx[int(a)*d.n+int(c)]]
		}
		for h, add := range w.sums {
			f := &w.flop[w.st[h]]
			f.check += add.check
			f.bet += add.bet
			if w.fold[h] != 0 {
				w.folds[w.st[h]] += w.fold[h]
			}
		}
	}
}
