package poker

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// isomorphism collects (reference, fast) value pairs and checks that the two
// evaluators order hands identically: the same reference value always gives
// the same fast value and back, and sorting by one sorts by the other.
type isomorphism struct {
	toFast map[uint32]Value
	toRef  map[Value]uint32
}

func newIsomorphism() *isomorphism {
	return &isomorphism{map[uint32]Value{}, map[Value]uint32{}}
}

func (m *isomorphism) add(t *testing.T, hand []cards.Card, ref uint32, fast Value) bool {
	t.Helper()
	if f, ok := m.toFast[ref]; ok && f != fast {
		t.Errorf("%v: fast value %d (%v), but an equal hand has %d", cards.Format(hand), fast, fast.Category(), f)
		return false
	}
	if r, ok := m.toRef[fast]; ok && r != ref {
		t.Errorf("%v: reference %x, but a hand of the same fast value %d has %x", cards.Format(hand), ref, fast, r)
		return false
	}
	if refCategory(ref) != fast.Category() {
		t.Errorf("%v: reference says %v, fast says %v", cards.Format(hand), refCategory(ref), fast.Category())
		return false
	}
	m.toFast[ref], m.toRef[fast] = fast, ref
	return true
}

func (m *isomorphism) checkOrder(t *testing.T) {
	t.Helper()
	refs := make([]uint32, 0, len(m.toFast))
	for r := range m.toFast {
		refs = append(refs, r)
	}
	slices.Sort(refs)
	for i := 1; i < len(refs); i++ {
		if m.toFast[refs[i-1]] >= m.toFast[refs[i]] {
			t.Errorf("reference orders %x below %x, fast gives %d and %d", refs[i-1], refs[i], m.toFast[refs[i-1]], m.toFast[refs[i]])
		}
	}
}

// thrillVariants is 7 Card Thrill's ranking with each house option flipped.
var thrillVariants = []struct {
	name  string
	rules Rules
}{
	{"thrill", Thrill},
	{"wheel low", Rules{Joker: true, WheelSecondSF: true}},
	{"wheel rule not for straight flushes", Rules{Joker: true, WheelSecond: true}},
	{"joker flush ace always", Rules{Joker: true, WheelSecond: true, WheelSecondSF: true, JokerFlushAceAlways: true}},
}

// TestDifferentialFive compares the reference and the fast evaluator on every
// five-card hand of 53 cards under each 7 Card Thrill variant, and of 52
// under the standard rules.
func TestDifferentialFive(t *testing.T) {
	cases := append([]struct {
		name  string
		rules Rules
	}{{"standard", Standard}}, thrillVariants...)
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			deck := cards.Deck53()
			if !tt.rules.Joker {
				deck = cards.Deck52()
			}
			// Under -race every 16th first card only: the race detector
			// makes each hand some ten times slower.
			stride := 1
			if raceEnabled {
				stride = 16
			}
			m := newIsomorphism()
			fails := 0
			h := make([]cards.Card, 5)
			n := len(deck)
			for a := 0; a < n && fails < 10; a += stride {
				for b := a + 1; b < n; b++ {
					for c := b + 1; c < n; c++ {
						for d := c + 1; d < n; d++ {
							for e := d + 1; e < n; e++ {
								h[0], h[1], h[2], h[3], h[4] = deck[a], deck[b], deck[c], deck[d], deck[e]
								ref := refEval5(tt.rules, [5]cards.Card(h))
								if !m.add(t, h, ref, tt.rules.Value(h)) {
									fails++
								}
							}
						}
					}
				}
			}
			m.checkOrder(t)
		})
	}
}

// TestDifferentialRandom compares them on random hands: seven cards of 53
// under each 7 Card Thrill variant (a third with the joker, so that joker
// hands are many), and 5, 6 and 7 cards of 52 under the standard rules.
func TestDifferentialRandom(t *testing.T) {
	// 3 million hands of 53 cards in all, a third of them holding the joker.
	scale := 1
	if testing.Short() || raceEnabled {
		scale = 50
	}
	type tc struct {
		name  string
		rules Rules
		deck  []cards.Card
		k, n  int
	}
	var cases []tc
	for i, v := range thrillVariants {
		n := 500_000
		if i == 0 {
			n = 1_500_000 // the house defaults
		}
		cases = append(cases, tc{v.name + " 7", v.rules, cards.Deck53(), 7, n / scale})
	}
	for k := 5; k <= 7; k++ {
		cases = append(cases, tc{"standard " + string(rune('0'+k)), Standard, cards.Deck52(), k, 1_000_000 / scale})
	}
	for i, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			m := newIsomorphism()
			d := slices.Clone(tt.deck)
			for j := 0; j < tt.n; j++ {
				for x := 0; x < tt.k; x++ {
					y := x + rng.IntN(len(d)-x)
					d[x], d[y] = d[y], d[x]
				}
				h := d[:tt.k]
				if tt.rules.Joker && j%3 == 0 && !slices.Contains(h, cards.Joker) {
					h[0], d[slices.Index(d, cards.Joker)] = cards.Joker, h[0]
				}
				if !m.add(t, h, refEvaluate(tt.rules, h), tt.rules.Value(h)) {
					return
				}
			}
			m.checkOrder(t)
		})
	}
}
