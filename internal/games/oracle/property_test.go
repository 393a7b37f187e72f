package oracle_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/settle"
)

// propertyHouses are the houses the random rounds are played under: the
// default and every house whose settings change what a round may hold or pay.
var propertyHouses = []string{"default", "push", "tableb", "nobuy", "single", "cap", "refund", "betpay",
	"halffee", "freecard", "twoex", "onecard", "noex", "committed", "generous", "sixup", "halfnear"}

// checkRound deals the random round of seed under house, settles it and
// checks the conservation properties. It returns the settlement and the round.
func checkRound(t testing.TB, b *rulebook.Book, house string, seed uint64, boxes int) (*games.Settlement, games.Round) {
	t.Helper()
	h, err := b.House(house)
	if err != nil {
		t.Fatal(err)
	}
	s := h.Oracle
	l := h.Limits[oracle.Slug]
	rng := rand.New(rand.NewPCG(seed, 2))
	in := oracle.Random(rng, s, l.Min, l.Max, h.Rounding.Chip, boxes)

	// The round goes through JSON, as trainer settle reads it.
	text, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	set, err := settle.Line(b, house, 1, text)
	if err != nil {
		t.Fatalf("house %s seed %d: the generated round is refused: %v\n%s", house, seed, err, text)
	}
	if err := set.Check(); err != nil {
		t.Fatalf("house %s seed %d: %v", house, seed, err)
	}
	if len(set.Boxes) != len(in.Boxes) {
		t.Fatalf("house %s seed %d: %d boxes settled of %d", house, seed, len(set.Boxes), len(in.Boxes))
	}
	anteTop, _ := s.Ante.Odds("win")
	if !s.NoQualifyAnte.IsZero() && s.NoQualifyAnte.Win*anteTop.Per > anteTop.Win*s.NoQualifyAnte.Per {
		anteTop = s.NoQualifyAnte
	}
	top := map[string]games.Odds{"ante": anteTop, "bet": s.Bet.Top()}
	for i, bx := range set.Boxes {
		where := fmt.Sprintf("house %s seed %d box %d", house, seed, bx.Box)
		in := in.Boxes[i]
		var sum, won games.Money
		for _, w := range bx.Wagers {
			sum += w.Pays
			switch w.Result {
			case games.Push:
				if w.Pays != 0 {
					t.Errorf("%s %s: a push pays %s", where, w.Wager, w.Pays)
				}
			case games.Lose:
				if w.Pays != -w.Stake {
					t.Errorf("%s %s: a loss pays %s on %s", where, w.Wager, w.Pays, w.Stake)
				}
			case games.Win:
				won += w.Pays
				o := top[w.Wager]
				// pays ≤ stake × top odds rounded as the house rounds (up
				// or to the nearest chip may pay part of a chip more).
				if w.Pays < 0 || w.Pays > h.Rounding.Pay(w.Stake, o) {
					t.Errorf("%s %s: pays %s on %s, above the table's top %s", where, w.Wager, w.Pays, w.Stake, o)
				}
				if bx.Versus == games.VersusNone || bx.Versus == games.VersusLose && set.Dealer.Qualifies {
					t.Errorf("%s %s: won though the box %s", where, w.Wager, bx.Versus)
				}
			}
			if w.Reason == "" || w.Rule == "" {
				t.Errorf("%s %s: no reason or rule", where, w.Wager)
			}
		}
		if bx.Net != sum-bx.Fees || bx.Fees < 0 {
			t.Errorf("%s: net %s, fees %s, Σ pays %s", where, bx.Net, bx.Fees, sum)
		}
		// Fees: at most the 4th card and one fee per exchange, each at most
		// its ratio of the Ante.
		ante, _ := games.ParseMoney(string(in.Wagers["ante"]))
		maxFees := ante * games.Money(s.FourthCardFee.Win) / games.Money(s.FourthCardFee.Per)
		maxFees += games.Money(in.Exchanged) * ante * games.Money(s.ExchangeFee.Win) / games.Money(s.ExchangeFee.Per)
		if bx.Fees > maxFees {
			t.Errorf("%s: fees %s above %s", where, bx.Fees, maxFees)
		}
		if in.Fold != (bx.Versus == games.VersusNone) {
			t.Errorf("%s: fold %v but versus %s", where, in.Fold, bx.Versus)
		}
		if s.MaxPayoutPerBox > 0 && won > s.MaxPayoutPerBox {
			t.Errorf("%s: wins %s above the cap %s", where, won, s.MaxPayoutPerBox)
		}
	}
	return set, in
}

// TestConservation plays a few thousand random rounds under every house that
// changes the rules of a round, checks each settlement, and checks that every
// branch of the game came up.
func TestConservation(t *testing.T) {
	b := testBook(t)
	// 3,000 rounds at the default house, 300 at each other.
	n, nDefault := 300, 3000
	if testing.Short() || raceEnabled {
		n, nDefault = 60, 300
	}
	seen := map[string]int{}
	for _, house := range propertyHouses {
		rounds := n
		if house == "default" {
			rounds = nDefault
		}
		for seed := range uint64(rounds) {
			set, in := checkRound(t, b, house, seed, 1+int(seed%7))
			if !set.Dealer.Qualifies {
				seen["dealer does not qualify"]++
			}
			for i, bx := range set.Boxes {
				box := in.Boxes[i]
				switch {
				case box.Fold && !box.FourthCard:
					seen["fold before the 4th card"]++
				case box.Fold && box.Exchanged > 0:
					seen["fold after an exchange"]++
				case box.Fold:
					seen["fold after the 4th card"]++
				case !box.FourthCard:
					seen["continue without the 4th card"]++
				}
				if box.Exchanged > 0 {
					seen[fmt.Sprintf("exchange of %d", box.Exchanged)]++
				}
				seen["versus "+string(bx.Versus)]++
				for _, w := range bx.Wagers {
					seen[w.Wager+" "+string(w.Result)]++
					if w.Wager == "bet" && w.Result == games.Win && set.Dealer.Qualifies {
						seen["bet row "+bx.Hand]++
					}
				}
			}
		}
	}
	for _, want := range []string{"dealer does not qualify", "fold before the 4th card", "fold after the 4th card",
		"fold after an exchange", "continue without the 4th card", "exchange of 1", "exchange of 2", "exchange of 3",
		"versus win", "versus lose", "versus tie", "versus none",
		"ante win", "ante lose", "ante push", "bet win", "bet lose", "bet push",
		"bet row one pair", "bet row two pair", "bet row three of a kind", "bet row straight", "bet row flush", "bet row full house"} {
		if seen[want] == 0 {
			t.Errorf("no random round had %q", want)
		}
	}
	t.Logf("branches: %v", seen)
}

// TestRandomDeterministic checks that a seed always deals the same round, so
// that a drill can be rebuilt from its seed.
func TestRandomDeterministic(t *testing.T) {
	h, err := testBook(t).House("")
	if err != nil {
		t.Fatal(err)
	}
	deal := func() games.Round {
		return oracle.Random(rand.New(rand.NewPCG(42, 7)), h.Oracle, 500, 50000, 50, 5)
	}
	if a, b := deal(), deal(); !reflect.DeepEqual(a, b) {
		t.Errorf("seed 42 dealt two different rounds:\n%+v\n%+v", a, b)
	}
	// Degenerate limits still give a legal round.
	r := oracle.Random(rand.New(rand.NewPCG(1, 1)), h.Oracle, 0, 0, 0, 99)
	if len(r.Boxes) != h.Oracle.MaxBoxes {
		t.Errorf("boxes = %d; want max_boxes %d", len(r.Boxes), h.Oracle.MaxBoxes)
	}
	if _, err := oracle.Parse(&r, h.Oracle); err != nil {
		t.Error(err)
	}
}

// FuzzSettleOracle checks the conservation properties on random rounds of any
// seed, box count and house.
func FuzzSettleOracle(f *testing.F) {
	b := testBook(f)
	f.Add(uint64(0), uint8(1), uint8(0))
	f.Add(uint64(7), uint8(7), uint8(7))
	f.Add(uint64(2024), uint8(3), uint8(10))
	f.Fuzz(func(t *testing.T, seed uint64, boxes, house uint8) {
		checkRound(t, b, propertyHouses[int(house)%len(propertyHouses)], seed, int(boxes%8))
	})
}

// FuzzParseOracle feeds arbitrary text to the decoder, Parse and Settle: any
// input is refused with an error or settled with a settlement that adds up,
// and nothing panics.
func FuzzParseOracle(f *testing.F) {
	b := testBook(f)
	f.Add([]byte(round(dTwos, bRoyal, box("As Ks", std))))
	f.Add([]byte(round(dAQ, bNoQual, box("Jc Td", stdEx2), box("4c 6d", foldBuy))))
	f.Add([]byte(`{"game":"oracle","dealer":["As"],"board":[],"boxes":[{"cards":[],"wagers":{"ante":-1},"exchanged":-3}]}`))
	f.Fuzz(func(t *testing.T, text []byte) {
		s, err := settle.Line(b, "", 1, text)
		if err == nil {
			if err := s.Check(); err != nil {
				t.Fatal(err)
			}
		}
	})
}
