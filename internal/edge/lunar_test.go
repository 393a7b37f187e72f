package edge

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// superByHand are the Super rows of the two published tables, counted by
// hand from RULES.md §5.4's definitions over the 2,598,960 five-card hands
// (each hand in its best-paying row). The derivation is in docs/math.md; it
// shares nothing with the enumeration it checks.
var superByHand = map[string]map[string]int64{
	"A": {
		"four_of_a_kind":       624,
		"same_colour_straight": 10 * 2 * 32,                // 10 straights × 2 colours × 2^5 suits of that colour
		"full_house":           3744,                       //
		"flush":                5148 - 40,                  // the straight flushes are same-coloured straights
		"straight":             10200 - (640 - 40),         // less the same-coloured ones that are not flushes
		"three_of_a_kind":      54912,                      //
		"ace_king_queen":       44880 + 3840 + 11520 + 432, // A-K-Q-x-y, A-K-Q-x-x, one of A/K/Q paired, two of them paired
		"five_same_colour":     2*65780 - 5148 - 600 - 2*1646,
		"lose":                 0, // the rest
	},
	"B": {
		"four_of_a_kind":     624,
		"five_picture_cards": 792 - 3*8,      // C(12,5) less J/Q/K quads
		"full_house":         3744 - 6*4*6,   // less the all-picture full houses
		"flush":              5148,           // straight flushes included: no same-coloured straight row
		"straight":           10200,          //
		"three_of_a_kind":    54912 - 3*4*16, // less J-J-J-Q-K and the like
		"ace_king_queen":     60672,
		"five_same_colour":   2*65780 - 5148 - 600 - 2*1646 - 2*6,
		"lose":               0,
	},
}

func TestSuperExact(t *testing.T) {
	b, h := book(t), defaultHouse(t)
	w := wager(t, lunar.Slug, "super")
	for name, want := range superByHand {
		t.Run(name, func(t *testing.T) {
			pt, err := FindTable(b, h, w, name)
			if err != nil {
				t.Fatal(err)
			}
			var won int64
			for _, n := range want {
				won += n
			}
			want["lose"] = 2598960 - won
			res := compute(t, Query{Wager: w, House: h, Table: &pt})
			// The edge from the hand-derived counts, priced here on its own.
			edge := big.NewRat(want["lose"], 2598960)
			for _, r := range pt.Rows {
				edge.Sub(edge, big.NewRat(want[r.Key]*r.Odds.Win, 2598960*r.Odds.Per))
			}
			if res.Edge.Cmp(edge) != 0 {
				t.Errorf("house edge %s; want %s", res.Edge.RatString(), edge.RatString())
			}
			if len(res.Rows) != len(pt.Rows)+1 {
				t.Errorf("%d rows; want the table's %d and the losing hands", len(res.Rows), len(pt.Rows))
			}
			for _, r := range res.Rows {
				if r.Count != want[r.Key] {
					t.Errorf("%s: %d hands; want %d", r.Key, r.Count, want[r.Key])
				}
			}
		})
	}
}

func TestInstantExact(t *testing.T) {
	h := defaultHouse(t)
	res := compute(t, Query{Wager: wager(t, lunar.Slug, "instant"), House: h})
	pt := h.Lunar.Instant
	rf, _ := pt.Odds("royal_flush")
	sf, _ := pt.Odds("straight_flush")
	want := big.NewRat(4*rf.Win*sf.Per+36*sf.Win*rf.Per, 2598960*rf.Per*sf.Per)
	if got := res.Return; got == nil || *got != RatNum(want) {
		t.Errorf("return %v; want %s", got, RatNum(want))
	}
	if res.HouseEdge != nil {
		t.Errorf("house edge %s: Instant Cash is no wager of its own", *res.HouseEdge)
	}
	if c := res.Rows[0].Count + res.Rows[1].Count; c != 40 {
		t.Errorf("%d royal and straight flushes; want 40", c)
	}
}

// TestSuperMatchesSettle holds the Super reading of the exact count against
// lunar.Settle: random hands and one of each combination, under both tables.
func TestSuperMatchesSettle(t *testing.T) {
	b, h := book(t), defaultHouse(t)
	picked := []string{
		"Ac Ad Ah As 2c", "9h Th Jd Qd Kh", "5c 4s 3c 2s Ac", "Jc Qd Kh Kc Jd", "Jc Jd Jh Qs Kc",
		"2h 7h 9h Jh Kh", "9h Th Jh Qh Kh", "6c 7d 8h 9s Tc", "7c 7d 7h 2s 9c", "Ac Kd Qh 2s 9c",
		"Ac Kc Qs 2s 9c", "Ac Kc Qs Qc Kh", "2h 5d 9h Jd Kh", "2h 5d 9h Jd Ks", "Jc Qc Ks Kc Qs",
	}
	n := 3000
	if raceEnabled || testing.Short() {
		n = 300
	}
	rng := rand.New(rand.NewPCG(5, 9))
	for _, name := range []string{"A", "B"} {
		s := *h.Lunar
		var err error
		if s.Super, err = FindTable(b, h, wager(t, lunar.Slug, "super"), name); err != nil {
			t.Fatal(err)
		}
		var hands [][]cards.Card
		for _, p := range picked {
			hands = append(hands, cards.MustParseList(p))
		}
		for range n {
			hands = append(hands, deal(rng, cards.Deck52(), 5))
		}
		for _, five := range hands {
			stake := 10 * games.Unit
			rest := cards.SetOf(five...)
			var dealer []cards.Card
			for _, c := range deal(rng, cards.Deck52(), 52) {
				if !rest.Has(c) && len(dealer) < 5 {
					dealer = append(dealer, c)
				}
			}
			box := games.Box{Cards: texts(five), Wagers: map[string]json.Number{"ante": money(stake), "super": money(stake)}, Fold: true}
			if poker5(five) {
				box.Fold = false // Instant Cash: the round ends, nothing to fold
			}
			st, err := settleLunar(&games.Round{Game: lunar.Slug, Dealer: texts(dealer), Boxes: []games.Box{box}}, &s)
			if err != nil {
				t.Fatalf("%v: %v", five, err)
			}
			want := -stake
			if key, ok := bestSuper(superMask(five), s.Super); ok {
				o, _ := s.Super.Odds(key)
				want = stake * games.Money(o.Win) / games.Money(o.Per)
			}
			for _, wr := range st.Boxes[0].Wagers {
				if wr.Wager == "super" && wr.Pays != want {
					t.Errorf("table %s, %v: edge pays %s; lunar.Settle %s (%s)", name, five, want, wr.Pays, wr.Reason)
				}
			}
		}
	}
}

// poker5 reports a straight flush or better: Instant Cash.
func poker5(five []cards.Card) bool {
	return Standard5.Rules.Evaluate(five).Category() >= poker.StraightFlush
}
