package templates

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// Chip is one denomination of a house's chip set, as the house file gives it
// (rulebook.Chip): the handler copies the house's chips into this type, since
// templates do not import the rulebook.
type Chip struct {
	Value   games.Money
	Label   string // printed on the chip: "½", "5", "1K"
	Colour  string // "#c62828"
	Pattern string // edge pattern: dots, stripes, diamonds, checks, rings, waves or crosses
}

// Patterns are the edge patterns a chip can carry. Each denomination of a
// set has its own, so that colour is never the only cue.
var Patterns = []string{"dots", "stripes", "diamonds", "checks", "rings", "waves", "crosses"}

// ChipPile is Count chips of one denomination in a stake.
type ChipPile struct {
	Chip  Chip
	Count int
}

// maxDrawn is the most chips drawn in one pile; a taller pile carries its
// count as text ("×12") instead of growing off its betting spot.
const maxDrawn = 5

// Shown is how many chips of the pile are drawn.
func (p ChipPile) Shown() int { return min(p.Count, maxDrawn) }

// StackView is a stake broken into the fewest chips of a house's set, largest
// denomination first. Odd is what no chip of the set can make (a stake of
// 7.25 with a smallest chip of 0.5): it is shown as text beside the chips.
type StackView struct {
	Amount games.Money
	Piles  []ChipPile
	Odd    games.Money
}

// Chips is the number of chips in the stack.
func (s StackView) Chips() int {
	n := 0
	for _, p := range s.Piles {
		n += p.Count
	}
	return n
}

// Describe says the stack in words for a screen reader: "1 × 5, 2 × 1, 1 × ½".
func (s StackView) Describe() string { return s.DescribeIn(nil) }

// DescribeIn is Describe in l's language (nil is English).
func (s StackView) DescribeIn(l *i18n.Localizer) string {
	if l == nil {
		l = i18n.Default().Localizer(i18n.Source)
	}
	var parts []string
	for _, p := range s.Piles {
		parts = append(parts, fmt.Sprintf("%d × %s", p.Count, p.Chip.Label))
	}
	if s.Odd > 0 {
		parts = append(parts, l.T("hc.chips.odd", "Amount", AmountIn(l, s.Odd)))
	}
	return strings.Join(parts, ", ")
}

// NewChipStack breaks amount into the fewest chips of set (the house's chips,
// smallest first). Stakes are drawn as they would be cut on the table; what
// the set cannot make exactly is left in Odd. A zero or negative amount is
// an empty stack.
func NewChipStack(amount games.Money, set []Chip) StackView {
	st := StackView{Amount: amount}
	if amount <= 0 || len(set) == 0 {
		if amount > 0 {
			st.Odd = amount
		}
		return st
	}
	// Count in units of the set's greatest common divisor, so that a set such
	// as 1, 2.5, 5 is handled as well as the usual multiples of the smallest.
	unit := int64(0)
	for _, c := range set {
		if c.Value > 0 {
			unit = gcd(unit, int64(c.Value))
		}
	}
	if unit == 0 {
		st.Odd = amount
		return st
	}
	coins := make([]int64, 0, len(set))
	chips := make([]Chip, 0, len(set))
	for _, c := range set {
		if c.Value > 0 {
			coins = append(coins, int64(c.Value)/unit)
			chips = append(chips, c)
		}
	}
	counts, made := fewestCoins(int64(amount)/unit, coins)
	st.Odd = amount - games.Money(made*unit)
	for i := len(chips) - 1; i >= 0; i-- {
		if counts[i] > 0 {
			st.Piles = append(st.Piles, ChipPile{Chip: chips[i], Count: int(counts[i])})
		}
	}
	return st
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// fewestCoins makes the largest amount ≤ n that coins (ascending, in units)
// can make, with the fewest coins, and returns the count of each coin and the
// amount made.
//
// Casino chip sets are canonical (greedy is optimal): that is checked, by
// Kozen and Zaks' bound, on amounts below the two largest coins' sum, and
// greedy is then used. Any other set is solved exactly by dynamic
// programming. A representation without the largest coin c uses fewer than c
// coins (otherwise a subset of them sums to a multiple of c and could be
// replaced by fewer c coins), so an amount of at least c × c' (c' the second
// largest) always takes a c: large amounts first take c coins down to that
// bound, which keeps the table small.
func fewestCoins(n int64, coins []int64) ([]int64, int64) {
	counts := make([]int64, len(coins))
	if n <= 0 || len(coins) == 0 {
		return counts, 0
	}
	if coins[0] == 1 && canonical(coins) {
		return greedy(n, coins)
	}
	last := len(coins) - 1
	c := coins[last]
	bound := c * c
	if last > 0 {
		bound = c * coins[last-1]
	}
	if bound > maxTable {
		// A set this odd (non-canonical, with a spread of more than a million
		// smallest chips) is not worth a large table on every page: greedy
		// still adds up, if not always with the fewest chips.
		return greedy(n, coins)
	}
	var taken int64
	if n > bound+c {
		taken = (n - bound) / c
		n -= taken * c
	}
	best, from := coinTable(n, coins)
	made := n
	for made > 0 && best[made] < 0 {
		made--
	}
	for x := made; x > 0; {
		i := from[x]
		counts[i]++
		x -= coins[i]
	}
	counts[last] += taken
	return counts, made + taken*c
}

// maxTable bounds the dynamic programme's table (entries).
const maxTable = 1 << 20

// greedy takes as many of each coin as fit, largest first.
func greedy(n int64, coins []int64) ([]int64, int64) {
	counts := make([]int64, len(coins))
	rest := n
	for i := len(coins) - 1; i >= 0; i-- {
		counts[i] = rest / coins[i]
		rest -= counts[i] * coins[i]
	}
	return counts, n - rest
}

// coinTable is the fewest coins for every amount up to n (−1 where none) and
// the coin last used for it.
func coinTable(n int64, coins []int64) ([]int32, []int16) {
	best := make([]int32, n+1)
	from := make([]int16, n+1)
	for x := int64(1); x <= n; x++ {
		best[x] = -1
		for i, c := range coins {
			if c <= x && best[x-c] >= 0 && (best[x] < 0 || best[x-c]+1 < best[x]) {
				best[x] = best[x-c] + 1
				from[x] = int16(i)
			}
		}
	}
	return best, from
}

// canonicalSets remembers which chip sets are canonical: a page draws many
// stacks of the same house's chips.
var canonicalSets sync.Map // fmt.Sprint(coins) → bool

// canonical reports whether greedy change is optimal for every amount, coins
// ascending with coins[0] == 1. A counterexample, if any, lies below the sum
// of the two largest coins (Kozen and Zaks, 1994). A set too wide to check
// is taken as canonical.
func canonical(coins []int64) bool {
	if len(coins) < 3 {
		return true
	}
	key := fmt.Sprint(coins)
	if v, ok := canonicalSets.Load(key); ok {
		return v.(bool)
	}
	last := len(coins) - 1
	limit := coins[last] + coins[last-1]
	ok := true
	if limit <= maxTable {
		best, _ := coinTable(limit, coins)
		for x := int64(1); x < limit && ok; x++ {
			var g, rest int64 = 0, x
			for i := last; i >= 0; i-- {
				g += rest / coins[i]
				rest %= coins[i]
			}
			ok = g == int64(best[x])
		}
	}
	canonicalSets.Store(key, ok)
	return ok
}

// ChipFace is a chip as drawn: its colours checked and its ink chosen to
// stand out on it.
type ChipFace struct {
	Label   string
	Fill    string // the chip's colour
	Ink     string // the edge marks: white on a dark chip, near-black on a light one
	Pattern string
	Value   games.Money
}

var hexColour = regexp.MustCompile(`^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`)

// Face is how the chip is drawn. A colour that is not #rgb or #rrggbb is drawn
// grey (the rulebook checks only that a colour is given), and an unknown
// pattern as dots.
func (c Chip) Face() ChipFace {
	fill := c.Colour
	if !hexColour.MatchString(fill) {
		fill = "#8a8a8a"
	}
	pattern := c.Pattern
	known := false
	for _, p := range Patterns {
		known = known || p == pattern
	}
	if !known {
		pattern = "dots"
	}
	ink := "#ffffff"
	if luminance(fill) > 0.4 {
		ink = "#1b1b1b"
	}
	return ChipFace{Label: c.Label, Fill: fill, Ink: ink, Pattern: pattern, Value: c.Value}
}

// luminance is the relative luminance (WCAG) of a #rgb or #rrggbb colour.
func luminance(hex string) float64 {
	h := strings.TrimPrefix(hex, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return 0
	}
	lin := func(c uint64) float64 {
		s := float64(c) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(v>>16&0xff) + 0.7152*lin(v>>8&0xff) + 0.0722*lin(v&0xff)
}

// labelSize is the font size of the printed label in the chip's 100-unit
// box: a long label ("1K", "500") is set smaller to stay inside the inlay.
func (f ChipFace) labelSize() string {
	switch n := len([]rune(f.Label)); {
	case n <= 1:
		return "34"
	case n == 2:
		return "30"
	case n == 3:
		return "24"
	}
	return "18"
}

// marks are the transforms that place n marks evenly round the chip's edge.
func marks(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("rotate(%d) translate(0 -41)", i*360/n)
	}
	return out
}

var (
	marks6  = marks(6)
	marks8  = marks(8)
	marks10 = marks(10)
	// wavePath is a ring of twelve waves round the edge.
	wavePath = func() string {
		var b strings.Builder
		const steps = 96
		for i := 0; i <= steps; i++ {
			a := 2 * math.Pi * float64(i) / steps
			r := 41 + 4.5*math.Sin(12*a)
			cmd := "L"
			if i == 0 {
				cmd = "M"
			}
			fmt.Fprintf(&b, "%s%.1f %.1f", cmd, r*math.Sin(a), -r*math.Cos(a))
		}
		return b.String() + "Z"
	}()
)

// Amount writes an amount for people: "10", "7.50", "5,300", "1,000,000".
func Amount(m games.Money) string {
	neg := m < 0
	if neg {
		m = -m
	}
	whole := strconv.FormatInt(int64(m/games.Unit), 10)
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if f := m % games.Unit; f != 0 {
		fmt.Fprintf(&b, ".%02d", int64(f))
	}
	if neg {
		return "−" + b.String()
	}
	return b.String()
}

// Signed writes a change of money with its sign: "+5,300", "−25", "0".
func Signed(m games.Money) string {
	if m > 0 {
		return "+" + Amount(m)
	}
	return Amount(m)
}
