package uth_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/settle"
)

// propertyHouses are the houses the conservation property runs under: the
// default and every test house that changes how a round settles.
var propertyHouses = []string{"default", "blindb", "tripsd", "four", "three", "keep", "both", "holeflop",
	"envy", "envykeep", "noprog", "cap", "jackpot", "procedures", "quarter", "small",
	"unitup", "unitnear", "jackpotup", "jackpotnear"}

// randomRound deals the random round of seed under house.
func randomRound(b *rulebook.Book, house string, seed uint64, boxes int) (games.Round, *rulebook.House) {
	h, _ := b.House(house)
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	lim := h.Limits[uth.Slug]
	r := uth.Random(rng, h.UTH, lim.Min, lim.Max, h.Rounding.Chip, boxes)
	r.House = house
	return r, h
}

// checkRound settles one random round and checks the conservation property:
// Parse accepts it, Check passes, net = Σ pays − fees, a push pays 0, a loss
// pays −stake, no wager pays more than its table's top odds allow, and the
// wagers are the ones placed, in SETTLE.md's order. It returns the settlement.
func checkRound(t testing.TB, b *rulebook.Book, in games.Round, h *rulebook.House) *games.Settlement {
	t.Helper()
	s := h.UTH
	r, err := uth.Parse(&in, s)
	if err != nil {
		t.Fatalf("Parse refused a Random round: %v\n%+v", err, in)
	}
	st, err := settle.Round(b, &in, "")
	if err != nil {
		t.Fatalf("settle.Round: %v", err)
	}
	if err := st.Check(); err != nil {
		t.Fatal(err)
	}
	if q := mustCategory(t, st.Dealer.Hand) >= poker.OnePair; q != st.Dealer.Qualifies {
		t.Errorf("dealer %s: qualifies = %v", st.Dealer.Hand, st.Dealer.Qualifies)
	}
	if len(st.Boxes) != len(r.Boxes) {
		t.Fatalf("%d boxes settled of %d", len(st.Boxes), len(r.Boxes))
	}
	nProg := 0
	for _, bx := range r.Boxes {
		if bx.Progressive > 0 {
			nProg++
		}
	}
	for i, br := range st.Boxes {
		bx := r.Boxes[i]
		var sum, capped games.Money
		var names []string
		for _, w := range br.Wagers {
			sum += w.Pays
			names = append(names, w.Wager)
			if w.Result == games.Push && w.Pays != 0 || w.Result == games.Lose && w.Pays != -w.Stake || w.Result == games.Win && w.Pays < 0 {
				t.Errorf("box %d %s: %s pays %s on %s", br.Box, w.Wager, w.Result, w.Pays, w.Stake)
			}
			if top := bound(s, w, nProg, h.Rounding); w.Pays > top {
				t.Errorf("box %d %s pays %s on %s; the most it can pay is %s", br.Box, w.Wager, w.Pays, w.Stake, top)
			}
			if w.Wager != "progressive" && w.Pays > 0 {
				capped += w.Pays
			}
		}
		if sum-br.Fees != br.Net || br.Fees != 0 {
			t.Errorf("box %d: net %s, fees %s; Σ pays %s", br.Box, br.Net, br.Fees, sum)
		}
		if s.MaxPayoutPerBox > 0 && capped > s.MaxPayoutPerBox {
			t.Errorf("box %d wins %s outside the Progressive; the cap is %s", br.Box, capped, s.MaxPayoutPerBox)
		}
		want := []string{"ante", "blind"}
		for _, x := range []struct {
			name  string
			stake games.Money
		}{{"play", bx.Play}, {"trips", bx.Trips}, {"progressive", bx.Progressive}} {
			if x.stake > 0 {
				want = append(want, x.name)
			}
		}
		if !slices.Equal(names, want) {
			t.Errorf("box %d wagers %v; want %v", br.Box, names, want)
		}
		if bx.Fold && (br.Versus != games.VersusNone || br.Wagers[0].Result != games.Lose || br.Wagers[1].Result != games.Lose) {
			t.Errorf("box %d folded: versus %s, ante %s, blind %s", br.Box, br.Versus, br.Wagers[0].Result, br.Wagers[1].Result)
		}
		if !bx.Fold && !st.Dealer.Qualifies && br.Wagers[0].Result != games.Push {
			t.Errorf("box %d: Ante %s when the dealer does not qualify", br.Box, br.Wagers[0].Result)
		}
	}
	return st
}

// bound is the most wager w can pay: its stake at the table's top odds, or for
// the Progressive the whole meter or the largest fixed row, plus the largest
// envy row for every other Progressive box at the table.
func bound(s *uth.Settings, w games.WagerResult, nProg int, rd games.Rounding) games.Money {
	switch w.Wager {
	case "ante", "play":
		o, _ := s.Main.Odds(w.Wager)
		return rd.Pay(w.Stake, o)
	case "blind":
		return rd.Pay(w.Stake, s.Blind.Top())
	case "trips":
		return rd.Pay(w.Stake, s.Trips.Top())
	}
	var own, envy games.Money
	for _, r := range s.Progressive.Rows {
		v := r.Amount
		if r.Percent > 0 {
			v = s.ProgressiveMeter * games.Money(r.Percent) / 10000
		}
		if len(r.Key) > 5 && r.Key[:5] == "envy_" {
			envy = max(envy, v)
		} else {
			own = max(own, v)
		}
	}
	if !s.EnvyBonus {
		envy = 0
	}
	return own + envy*games.Money(nProg-1)
}

func mustCategory(t testing.TB, name string) poker.Category {
	c, ok := poker.CategoryByName(name)
	if !ok {
		t.Fatalf("unknown hand %q", name)
	}
	return c
}

// TestConservation runs the property over a few thousand random rounds, in
// every test house in turn, and checks that Random reaches every branch.
func TestConservation(t *testing.T) {
	b := book(t)
	n := 4000
	if raceEnabled || testing.Short() {
		n = 500
	}
	seen := map[string]int{}
	for seed := range uint64(n) {
		house := propertyHouses[seed%uint64(len(propertyHouses))]
		in, h := randomRound(b, house, seed, 1+int(seed%7))
		st := checkRound(t, b, in, h)
		if t.Failed() {
			t.Fatalf("seed %d, house %s", seed, house)
		}
		if !st.Dealer.Qualifies {
			seen["dealer does not qualify"]++
		}
		for i, br := range st.Boxes {
			bx := in.Boxes[i]
			seen["versus "+string(br.Versus)]++
			for _, w := range br.Wagers {
				seen[w.Wager+" "+string(w.Result)]++
				if w.Wager == "play" {
					seen[fmt.Sprintf("play %d×", w.Stake/mustMoney(t, bx.Wagers["ante"]))]++
				}
			}
		}
	}
	for _, want := range []string{"dealer does not qualify", "versus win", "versus lose", "versus tie", "versus none",
		"ante win", "ante lose", "ante push", "blind win", "blind lose", "blind push", "play win", "play lose", "play push",
		"trips win", "trips lose", "progressive win", "progressive lose", "play 1×", "play 2×", "play 3×", "play 4×"} {
		if seen[want] == 0 {
			t.Errorf("no %q in %d random rounds", want, n)
		}
	}
}

func mustMoney(t testing.TB, n json.Number) games.Money {
	m, err := games.ParseMoney(string(n))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// FuzzSettleUTH checks the conservation property on Random's rounds for any
// seed, box count and house.
func FuzzSettleUTH(f *testing.F) {
	f.Add(uint64(1), uint8(1), uint8(0))
	f.Add(uint64(7), uint8(7), uint8(8))
	f.Add(uint64(42), uint8(3), uint8(9))
	f.Add(uint64(2026), uint8(5), uint8(11))
	b := book(f)
	f.Fuzz(func(t *testing.T, seed uint64, boxes, house uint8) {
		name := propertyHouses[int(house)%len(propertyHouses)]
		in, h := randomRound(b, name, seed, int(boxes%9))
		checkRound(t, b, in, h)
	})
}

// FuzzParseUTH feeds arbitrary JSON lines to the settle path: it must never
// panic, and whatever it settles must add up.
func FuzzParseUTH(f *testing.F) {
	f.Add([]byte(`{"game":"uth","dealer":["Ah","Kd"],"board":["2c","7d","9h","Js","3s"],"boxes":[{"cards":["Qs","Qd"],"wagers":{"ante":10,"blind":10,"play":40,"trips":5,"progressive":2}}]}`))
	f.Add([]byte(`{"game":"uth","dealer":["Ah","Kd"],"board":["2c","7d","9h","Js","3s"],"boxes":[{"cards":["Qs","Qd"],"wagers":{"ante":5.5,"blind":5.5},"fold":true}]}`))
	f.Add([]byte(`{"game":"uth","dealer":["Ah","Ah"],"board":[],"boxes":[{"cards":["Jk"],"wagers":{"ante":-1}}]}`))
	f.Add([]byte(`{"game":"uth","house":"envy","dealer":["2h","2d"],"board":["Qs","Js","Ts","4d","3c"],"boxes":[{"cards":["As","Ks"],"wagers":{"ante":10,"blind":10,"play":40,"progressive":2}},{"cards":["7c","7h"],"wagers":{"ante":10,"blind":10,"play":10,"progressive":2}}]}`))
	b := book(f)
	f.Fuzz(func(t *testing.T, line []byte) {
		s, err := settle.Line(b, "", 1, line)
		if err != nil {
			return
		}
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
	})
}

// TestRandom checks Random's own promises: the same seed deals the same
// round, the table has the boxes asked for (within max_boxes), stakes are
// multiples of the chip within the limits, and the Progressive appears only
// where the house offers it, at its fixed stake.
func TestRandom(t *testing.T) {
	b := book(t)
	for _, house := range []string{"default", "noprog", "small", "procedures"} {
		h, _ := b.House(house)
		for seed := range uint64(200) {
			deal := func() games.Round {
				return uth.Random(rand.New(rand.NewPCG(seed, 1)), h.UTH, 5*games.Unit, 100*games.Unit, 50, 6)
			}
			r := deal()
			if fmt.Sprint(r) != fmt.Sprint(deal()) {
				t.Fatalf("%s seed %d: two deals differ", house, seed)
			}
			if want := min(6, h.UTH.MaxBoxes); len(r.Boxes) != want {
				t.Errorf("%s seed %d: %d boxes; want %d", house, seed, len(r.Boxes), want)
			}
			for i, bx := range r.Boxes {
				ante := mustMoney(t, bx.Wagers["ante"])
				if ante < 5*games.Unit || ante > 100*games.Unit || ante%50 != 0 {
					t.Errorf("%s seed %d box %d: ante %s", house, seed, i, ante)
				}
				if p, ok := bx.Wagers["progressive"]; ok && (!h.UTH.ProgressiveEnabled || mustMoney(t, p) != h.UTH.ProgressiveStake) {
					t.Errorf("%s seed %d box %d: progressive %s", house, seed, i, p)
				}
				if tr, ok := bx.Wagers["trips"]; ok && mustMoney(t, tr)%50 != 0 {
					t.Errorf("%s seed %d box %d: trips %s is not a multiple of the chip", house, seed, i, tr)
				}
			}
			if _, err := uth.Parse(&r, h.UTH); err != nil {
				t.Errorf("%s seed %d: %v", house, seed, err)
			}
		}
	}
}
