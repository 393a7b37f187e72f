package drills

import (
	"errors"
	"fmt"
	"slices"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// The chips questions.
const (
	QPay     = "pay"       // pay an amount with the fewest chips
	QColorUp = "colour_up" // exchange a stack of small chips for the fewest chips
)

// ErrNoChange is returned by Fewest for an amount the chip set cannot make.
var ErrNoChange = errors.New("the chip set cannot make this amount")

// Fewest returns the fewest chips of the set values (any order) that make
// amount exactly, largest chip first; among several fewest sets it takes the
// one with the most large chips. It is exact, not greedy, for any chip set:
// in a fewest set every smaller chip c is used fewer than top/gcd(c, top)
// times (that many make a multiple of the top chip, which fewer top chips
// replace), so all but a bounded remainder is paid in top chips and the
// remainder is solved by dynamic programming over multiples of the chips'
// greatest common divisor. Returns ErrNoChange when no set makes amount.
func Fewest(values []games.Money, amount games.Money) ([]ChipCount, error) {
	vs := slices.Clone(values)
	slices.Sort(vs)
	vs = slices.Compact(vs)
	if len(vs) == 0 || vs[0] <= 0 || amount < 0 {
		return nil, ErrNoChange
	}
	g := vs[0]
	for _, v := range vs[1:] {
		g = gcd(g, v)
	}
	if amount%g != 0 {
		return nil, ErrNoChange
	}
	top := vs[len(vs)-1]
	var bound games.Money
	for _, v := range vs[:len(vs)-1] {
		bound += (top/gcd(v, top) - 1) * v
	}
	k := max(0, (amount-bound)/top)
	rest := (amount - k*top) / g
	units := make([]int64, len(vs))
	for i, v := range vs {
		units[i] = int64(v / g)
	}
	// best[x] is the fewest chips making x units; from[x] the chip last added.
	best := make([]int32, rest+1)
	from := make([]int8, rest+1)
	for x := int64(1); x <= int64(rest); x++ {
		best[x] = -1
		for i := len(units) - 1; i >= 0; i-- {
			u := units[i]
			if u > x || best[x-u] < 0 {
				continue
			}
			if n := best[x-u] + 1; best[x] < 0 || n < best[x] {
				best[x], from[x] = n, int8(i)
			}
		}
	}
	if best[rest] < 0 {
		return nil, ErrNoChange
	}
	counts := make([]int, len(vs))
	counts[len(vs)-1] = int(k)
	for x := int64(rest); x > 0; x -= units[from[x]] {
		counts[from[x]]++
	}
	var out []ChipCount
	for i := len(vs) - 1; i >= 0; i-- {
		if counts[i] > 0 {
			out = append(out, ChipCount{Value: vs[i], Count: counts[i]})
		}
	}
	return out, nil
}

func gcd(a, b games.Money) games.Money {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// ChipTotal is the amount a set of chips makes, and Chips the number of chips.
func ChipTotal(cs []ChipCount) (amount games.Money, chips int) {
	for _, c := range cs {
		amount += c.Value * games.Money(c.Count)
		chips += c.Count
	}
	return amount, chips
}

// greedy pays amount largest chip first, as a dealer does by habit.
func greedy(vs []games.Money, amount games.Money) ([]ChipCount, bool) {
	var out []ChipCount
	for i := len(vs) - 1; i >= 0; i-- {
		if n := amount / vs[i]; n > 0 {
			out = append(out, ChipCount{Value: vs[i], Count: int(n)})
			amount -= n * vs[i]
		}
	}
	return out, amount == 0
}

func chipValues(h *rulebook.House) []games.Money {
	vs := make([]games.Money, len(h.Chips))
	for i, c := range h.Chips {
		vs[i] = c.Value
	}
	slices.Sort(vs)
	return vs
}

// chipsDrill asks to pay an amount a round of the game produced (a winning
// wager's pay) with the fewest chips, or to colour up a stack of the smaller
// chips. The key is Fewest's set; any other set of as few chips making the
// amount is right too (package eval checks the count and the sum).
func (b *build) chipsDrill() error {
	vs := chipValues(b.h)
	if len(vs) < 2 {
		return fmt.Errorf("drills: house %q has one chip; there is nothing to colour up or choose", b.h.Name)
	}
	q := QPay
	if b.rng.IntN(2) == 0 {
		q = QColorUp
	}
	var amount games.Money
	var prompt string
	switch q {
	case QPay:
		amount, prompt = b.chipsAmount(vs)
		b.d.Ask = Ask{Question: q, Amount: Amount(amount)}
	default:
		stack := b.stack(vs)
		amount, _ = ChipTotal(stack)
		prompt = b.t("drill.chips.colour_up", "Stack", chipWordsIn(b.loc, stack), "Amount", money(b.loc, amount))
		b.d.Ask = Ask{Question: q, Stack: stack}
	}
	key, err := Fewest(vs, amount)
	if err != nil {
		return fmt.Errorf("drills: %s at house %q: %w", amount, b.h.Name, err)
	}
	b.d.Ask.Chips = vs
	_, n := ChipTotal(key)
	b.d.Skill = b.g.slug + "." + KindChips + "." + q
	b.d.Prompt = prompt
	b.d.Key = Key{Chips: key}
	if q == QColorUp {
		b.cite(colourUpID)
	}
	b.cite(fewestChipsID)
	b.d.Explanation = b.t("drill.chips.explanation", "Amount", money(b.loc, amount), "Count", n, "Chips", chipWordsIn(b.loc, key))
	if gr, ok := greedy(vs, amount); ok {
		if _, gn := ChipTotal(gr); gn > n {
			b.d.Mistakes = []Mistake{{Key: Key{Chips: gr}, ID: "slip.greedy", Rule: fewestChipsID,
				Explanation: b.t("drill.chips.greedy", "Count", gn)}}
		}
	}
	return nil
}

// The sections of the common chapters (books/common.md) the chips drills cite.
const (
	fewestChipsID = "common.fewest_chips"
	colourUpID    = "common.colour_up"
)

// chipsAmount takes the amount from a round of the game dealt at the level:
// a winning wager's pay that the chip set can make, else a random amount.
func (b *build) chipsAmount(vs []games.Money) (games.Money, string) {
	d, _, _ := b.gen.deal(b.rng, b.g, b.h, b.lv, func(*feature) bool { return false })
	g := vs[0]
	for _, v := range vs[1:] {
		g = gcd(g, v)
	}
	if d != nil {
		type cand struct {
			box int
			w   games.WagerResult
		}
		var pool []cand
		for i, br := range d.st.Boxes {
			for _, w := range br.Wagers {
				if w.Pays > 0 && w.Pays%g == 0 {
					pool = append(pool, cand{i, w})
				}
			}
		}
		if len(pool) > 0 {
			c := pool[b.rng.IntN(len(pool))]
			return c.w.Pays, b.t("drill.chips.pay_wager", "Box", c.box+1, "Wager", wagerNameIn(b.loc, b.g, &c.w),
				"Pays", money(b.loc, c.w.Pays), "Stake", money(b.loc, c.w.Stake))
		}
	}
	lo, hi, step := stakes(b.lv, b.h, b.g.slug)
	step = max(step, g) / g * g
	n := (hi*3 - lo) / step
	amount := lo + step*games.Money(b.rng.Int64N(int64(max(n, 1))))
	return amount, b.t("drill.chips.pay", "Amount", money(b.loc, amount))
}

// stack draws a colour-up stack: the level's number of chips, of the
// smallest two or three denominations.
func (b *build) stack(vs []games.Money) []ChipCount {
	n := b.lv.Stack[0] + b.rng.IntN(b.lv.Stack[1]-b.lv.Stack[0]+1)
	kinds := min(len(vs)-1, 2+b.rng.IntN(2))
	counts := make([]int, kinds)
	for range n {
		counts[b.rng.IntN(kinds)]++
	}
	stackOf := func() []ChipCount {
		var out []ChipCount
		for i := kinds - 1; i >= 0; i-- {
			if counts[i] > 0 {
				out = append(out, ChipCount{Value: vs[i], Count: counts[i]})
			}
		}
		return out
	}
	// A stack that is already the fewest chips has nothing to colour up:
	// add small chips until it has (two of the smallest make a larger one
	// in any usual chip set; the bound only guards an unusual one).
	for range 200 {
		amount, have := ChipTotal(stackOf())
		key, err := Fewest(vs, amount)
		if _, least := ChipTotal(key); err == nil && least < have {
			break
		}
		counts[0]++
	}
	return stackOf()
}
