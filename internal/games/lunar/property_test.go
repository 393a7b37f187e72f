package lunar_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/settle"
)

// variant is a house with every setting that changes a settlement away from
// its default, so that the property test covers both sides of each.
const variant = `
super_mandatory = false
super_min = "none"
instant_table = "A"
super_table = "B"
bet_multiple = 3
draw_fee = "0.5"
exchange_min = 1
exchange_max = 3
force_fee = "2"
force_card = "lowest"
ante_on_noqual = "3:2"
ante_bonus_straight_plus_on_noqual = true
second_combo = false
straight_plus_pair_as_two_straights = false
multisuper_survives_owner_fold = false
dealer_super_on_initial_hand = false
max_payout_per_box = "500"
insurance_enabled = true
`

// coverage counts the branches the random rounds went through.
type coverage map[string]int

// randomRound deals round seed of house h and settles it through the whole
// JSON path, as `trainer settle` would.
func randomRound(t testing.TB, b *rulebook.Book, house string, seed uint64, boxes int) (games.Round, *games.Settlement) {
	t.Helper()
	h, err := b.House(house)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	l := h.Limits[lunar.Slug]
	in := lunar.Random(rng, h.Lunar, l.Min, l.Max+games.Unit/2, h.Rounding.Chip, boxes)
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	st, err := settle.Line(b, house, 1, data)
	if err != nil {
		t.Fatalf("seed %d: a generated round was refused: %v\n%s", seed, err, data)
	}
	return in, st
}

// checkConservation checks the settlement of a generated round against the
// properties every settlement must have, and counts the branches it took.
func checkConservation(t testing.TB, s *lunar.Settings, in games.Round, st *games.Settlement, cov coverage) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		data, _ := json.Marshal(in)
		t.Fatalf(format+"\nround: %s", append(args, data)...)
	}
	if err := st.Check(); err != nil {
		fail("Check: %v", err)
	}
	if len(st.Boxes) != len(in.Boxes) {
		fail("%d boxes settled; want %d", len(st.Boxes), len(in.Boxes))
	}
	top := func(o ...games.Odds) games.Odds {
		var m games.Odds
		for _, x := range o {
			if m.IsZero() || x.Win*m.Per > m.Win*x.Per {
				m = x
			}
		}
		return m
	}
	// The most a unit of each wager can win. The BET may add two rows (§5.5),
	// so its bound is twice the table's top row.
	anteTop := top(s.Instant.Top(), s.AnteOnNoQualify, s.AnteBonusPT.Top())
	superTop := s.Super.Top()
	betTop := s.Bet.Top()
	betTop.Win *= 2
	bound := map[string]games.Odds{"ante": anteTop, "super": superTop, "multi_super": superTop, "dealer_super": superTop, "bet": betTop}

	if st.Dealer.First != nil {
		cov["force"]++
	}
	if !st.Dealer.Qualifies {
		cov["dealer does not qualify"]++
	}
	for i, br := range st.Boxes {
		ib := in.Boxes[i]
		var sum, fees games.Money
		want := 0
		for _, n := range ib.Wagers {
			if n != "" && n != "0" {
				want++
			}
		}
		want += len(ib.MultiSuper)
		if len(br.Wagers) != want {
			fail("box %d: %d wagers settled; want %d", i+1, len(br.Wagers), want)
		}
		for _, w := range br.Wagers {
			sum += w.Pays
			switch w.Result {
			case games.Push:
				if w.Pays != 0 {
					fail("box %d %s: push pays %s", i+1, w.Wager, w.Pays)
				}
			case games.Lose:
				if w.Pays != -w.Stake {
					fail("box %d %s: loss pays %s on %s", i+1, w.Wager, w.Pays, w.Stake)
				}
			case games.Win:
				o := bound[w.Wager]
				if w.Pays < 0 || int64(w.Pays)*o.Per > int64(w.Stake)*o.Win {
					fail("box %d %s: wins %s on %s, more than %s allows", i+1, w.Wager, w.Pays, w.Stake, o)
				}
			}
			if w.Reason == "" || w.Rule == "" {
				fail("box %d %s: no reason or rule", i+1, w.Wager)
			}
			cov[fmt.Sprintf("%s %s", w.Wager, w.Result)]++
		}
		for _, f := range br.FeeItems {
			fees += f.Amount
			cov["fee "+f.Fee]++
		}
		if br.Net != sum-fees || br.Fees != fees || fees < 0 {
			fail("box %d: net %s, fees %s; want %s, %s", i+1, br.Net, br.Fees, sum-fees, fees)
		}
		if s.MaxPayoutPerBox > 0 {
			var won games.Money
			for _, w := range br.Wagers {
				won += max(w.Pays, 0)
			}
			if won > s.MaxPayoutPerBox {
				fail("box %d wins %s, above the cap of %s", i+1, won, s.MaxPayoutPerBox)
			}
		}
		none := br.Versus == games.VersusNone
		if none != (ib.Fold || ib.Wagers["bet"] == "") {
			fail("box %d: versus %q, fold %v, bet %q", i+1, br.Versus, ib.Fold, ib.Wagers["bet"])
		}
		switch {
		case ib.Fold:
			cov["fold"]++
		case ib.Wagers["bet"] == "":
			cov["instant cash"]++
		}
		if ib.Draw != nil && ib.Draw.Buy != "" {
			cov["buy"]++
		} else if ib.Draw != nil {
			cov["exchange"]++
		}
	}
}

func TestConservation(t *testing.T) {
	b := overlayBook(t, variant)
	n := 3000
	if testing.Short() || raceEnabled {
		n = 300
	}
	for _, house := range []string{"default", "test"} {
		h, _ := b.House(house)
		cov := coverage{}
		for seed := range uint64(n) {
			in, st := randomRound(t, b, house, seed, 1+int(seed%6))
			checkConservation(t, h.Lunar, in, st, cov)
		}
		// The generator must reach every branch, or the property proves little.
		for _, k := range []string{"instant cash", "fold", "buy", "exchange", "force", "dealer does not qualify",
			"fee draw", "fee force", "ante win", "ante lose", "ante push", "bet win", "bet lose", "bet push",
			"super win", "super lose", "multi_super win", "multi_super lose", "dealer_super win", "dealer_super lose",
			"insurance win", "insurance lose"} {
			if house == "default" && (k == "insurance win" || k == "insurance lose") {
				// The default house offers no insurance (RULES.md §6 row 29).
				if cov[k] != 0 {
					t.Errorf("house default: %d random rounds settled %q", cov[k], k)
				}
				continue
			}
			if cov[k] == 0 {
				t.Errorf("house %s: no random round went through %q (coverage %v)", house, k, cov)
			}
		}
	}
}

// FuzzSettleLunar settles random legal rounds from fuzzed seeds under the
// default house and the variant house.
func FuzzSettleLunar(f *testing.F) {
	for _, s := range []uint64{0, 1, 42, 2024, 1 << 40} {
		f.Add(s, uint8(6), false)
		f.Add(s, uint8(2), true)
	}
	b := overlayBook(f, variant)
	hd, _ := b.House("default")
	hv, _ := b.House("test")
	f.Fuzz(func(t *testing.T, seed uint64, boxes uint8, alt bool) {
		house, s := "default", hd.Lunar
		if alt {
			house, s = "test", hv.Lunar
		}
		in, st := randomRound(t, b, house, seed, int(boxes%8))
		checkConservation(t, s, in, st, coverage{})
	})
}

// FuzzParseLunar feeds arbitrary JSON lines to the settle path: whatever the
// input, the engine answers with a settlement or an error and never panics,
// and every settlement it gives passes Check.
func FuzzParseLunar(f *testing.F) {
	for _, c := range settleCases {
		f.Add([]byte(c.round))
	}
	for _, c := range parseErrorCases {
		f.Add([]byte(c.round))
	}
	b := overlayBook(f, variant)
	f.Fuzz(func(t *testing.T, line []byte) {
		st, err := settle.Line(b, "", 1, line)
		if err == nil {
			if err := st.Check(); err != nil {
				t.Fatalf("Check: %v", err)
			}
		}
	})
}

// TestRandomDeterministic checks that a seed rebuilds the same round (a
// disputed drill is re-dealt from its seed) and that the box count is clamped
// to the table.
func TestRandomDeterministic(t *testing.T) {
	b := overlayBook(t, "max_boxes = 3\n")
	h, _ := b.House("test")
	deal := func(seed uint64, boxes int) string {
		rng := rand.New(rand.NewPCG(seed, 1))
		data, err := json.Marshal(lunar.Random(rng, h.Lunar, 5*games.Unit, 500*games.Unit, games.Unit/2, boxes))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if a, c := deal(9, 3), deal(9, 3); a != c {
		t.Errorf("seed 9 dealt two different rounds:\n%s\n%s", a, c)
	}
	if a, c := deal(9, 3), deal(10, 3); a == c {
		t.Errorf("seeds 9 and 10 dealt the same round: %s", a)
	}
	for _, n := range []int{0, 1, 3, 9} {
		var r games.Round
		if err := json.Unmarshal([]byte(deal(1, n)), &r); err != nil {
			t.Fatal(err)
		}
		if want := min(max(n, 1), 3); len(r.Boxes) != want {
			t.Errorf("Random(boxes=%d) dealt %d boxes; want %d", n, len(r.Boxes), want)
		}
	}
}
