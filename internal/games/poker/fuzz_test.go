package poker

import (
	"slices"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// FuzzEvaluate reads the input as 5 to 7 cards (each byte mod 53, repeats
// dropped) and checks, under 7 Card Thrill's rules and, without the joker,
// the standard ones: no panic; the same value whatever the order of the
// cards; Evaluate agrees with Value; the five cards shown are the hand's own
// and are worth the hand's value on their own. The seed corpus is in
// testdata/fuzz/FuzzEvaluate.
func FuzzEvaluate(f *testing.F) {
	for _, s := range []string{"As Ks Qs Js Ts", "Ac Ad Ah As Jk", "2c 3d 4h 5s Jk 9c", "Kc Kd Kh Jk 2c 7d 9s", "Ah 9h 7h 3h Jk Ks 2c"} {
		var b []byte
		for _, c := range cards.MustParseList(s) {
			b = append(b, byte(c))
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var cs []cards.Card
		var seen cards.Set
		for _, x := range b {
			c := cards.Card(x % 53)
			if !seen.Has(c) && len(cs) < 7 {
				seen = seen.Add(c)
				cs = append(cs, c)
			}
		}
		if len(cs) < 5 {
			return
		}
		rules := []Rules{Thrill, aceAlways}
		if !seen.Has(cards.Joker) {
			rules = append(rules, Standard)
		}
		for _, r := range rules {
			h := r.Evaluate(cs)
			if h.Value == 0 || h.Value != r.Value(cs) {
				t.Fatalf("%v: Evaluate %d, Value %d", cards.Format(cs), h.Value, r.Value(cs))
			}
			rev := slices.Clone(cs)
			slices.Reverse(rev)
			rot := append(slices.Clone(cs[2:]), cs[:2]...)
			if r.Value(rev) != h.Value || r.Value(rot) != h.Value {
				t.Fatalf("%v: the value depends on the order of the cards", cards.Format(cs))
			}
			if r.Evaluate(rev).Best != h.Best {
				t.Fatalf("%v: the five shown depend on the order", cards.Format(cs))
			}
			for i, c := range h.Best {
				if !seen.Has(c) || slices.Contains(h.Best[:i], c) {
					t.Fatalf("%v: Best %v holds a card not in the hand, or twice", cards.Format(cs), cards.Format(h.Best[:]))
				}
			}
			if v := r.Value(h.Best[:]); v != h.Value {
				t.Fatalf("%v: Best %v is worth %d on its own; the hand %d", cards.Format(cs), cards.Format(h.Best[:]), v, h.Value)
			}
		}
	})
}
