package thrill_test

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/settle"
)

// propertyHouses are the houses the random rounds are dealt at: the default
// and every test house whose settings change what Random deals or Settle pays.
var propertyHouses = []string{"default", "bind", "exact", "solo", "literal", "kinghigh", "acealways",
	"lowwheel", "natural", "capped", "limits", "small", "tables", "halfup", "unitnear"}

// checkRandom deals the round of seed at house, settles it and checks the
// conservation properties. It returns the settlement for tallies.
func checkRandom(t testing.TB, b *rulebook.Book, house string, seed uint64) *games.Settlement {
	t.Helper()
	h, err := b.House(house)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	lim := h.Limits[thrill.Slug]
	in := thrill.Random(rng, h.Thrill, lim.Min, lim.Max, h.Rounding.Chip, 1+rng.IntN(6))
	in.House = house
	// Through JSON, as `trainer settle` reads it.
	line, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	s, err := settle.Line(b, "", 1, line)
	if err != nil {
		t.Fatalf("seed %d at %s: Random dealt a round that is refused: %v\n%s", seed, house, err, line)
	}
	if err := s.Check(); err != nil {
		t.Fatalf("seed %d at %s: %v", seed, house, err)
	}
	if len(s.Boxes) != len(in.Boxes) {
		t.Fatalf("seed %d: %d boxes settled; %d dealt", seed, len(s.Boxes), len(in.Boxes))
	}
	for i, br := range s.Boxes {
		var sum, won games.Money
		var names []string
		for _, w := range br.Wagers {
			names = append(names, w.Wager)
			stake, _ := games.ParseMoney(string(in.Boxes[i].Wagers[w.Wager]))
			if w.Stake != stake || stake <= 0 {
				t.Errorf("seed %d box %d %s: stake %s; placed %s", seed, i+1, w.Wager, w.Stake, stake)
			}
			switch w.Result {
			case games.Push:
				if w.Pays != 0 {
					t.Errorf("seed %d box %d %s: push pays %s", seed, i+1, w.Wager, w.Pays)
				}
			case games.Lose:
				if w.Pays != -w.Stake {
					t.Errorf("seed %d box %d %s: loss pays %s on %s", seed, i+1, w.Wager, w.Pays, w.Stake)
				}
			case games.Win:
				// No row pays more than the table's top odds; with no two rows
				// adding up in this game, that bounds every win.
				top := h.Rounding.Pay(w.Stake, h.Thrill.Pay[w.Wager].Top())
				if w.Pays <= 0 || w.Pays > top {
					t.Errorf("seed %d box %d %s: win pays %s on %s; want 0 < pays ≤ %s", seed, i+1, w.Wager, w.Pays, w.Stake, top)
				}
				if w.Pays%h.Rounding.Chip != 0 {
					t.Errorf("seed %d box %d %s: pays %s, not a whole number of smallest chips", seed, i+1, w.Wager, w.Pays)
				}
				won += w.Pays
			default:
				t.Errorf("seed %d box %d %s: result %q", seed, i+1, w.Wager, w.Result)
			}
			sum += w.Pays
		}
		if br.Net != sum-br.Fees || br.Fees != 0 || len(br.FeeItems) != 0 {
			t.Errorf("seed %d box %d: net %s, fees %s; Σ pays %s and 7 Card Thrill has no fees", seed, i+1, br.Net, br.Fees, sum)
		}
		if cap := h.Thrill.MaxPayoutPerBox; cap > 0 && won > cap {
			t.Errorf("seed %d box %d: wins %s above the cap %s", seed, i+1, won, cap)
		}
		var placed []string
		for _, w := range thrill.Wagers {
			if in.Boxes[i].Wagers[w] != "" {
				placed = append(placed, w)
			}
		}
		if !slices.Equal(names, placed) {
			t.Errorf("seed %d box %d: wagers %v; placed %v in SETTLE.md order", seed, i+1, names, placed)
		}
		if len(br.Best) != 5 || br.Hand == "" || br.Description == "" {
			t.Errorf("seed %d box %d: best %v, hand %q, description %q", seed, i+1, br.Best, br.Hand, br.Description)
		}
	}
	return s
}

// TestConservation deals a few thousand random rounds across the houses and
// checks every settlement; it also checks that the rounds reach every branch
// the generator promises.
func TestConservation(t *testing.T) {
	b := book(t)
	n := 4000
	if testing.Short() || raceEnabled {
		n = 400
	}
	seen := map[string]int{}
	for seed := range uint64(n) {
		house := propertyHouses[seed%uint64(len(propertyHouses))]
		s := checkRandom(t, b, house, seed)
		if t.Failed() {
			return
		}
		for _, br := range s.Boxes {
			seen["versus "+string(br.Versus)]++
			if strings.Contains(br.Description, "his discards broke") {
				seen["a binding bad discard"]++
			}
			for _, w := range br.Wagers {
				seen[w.Wager+" "+string(w.Result)]++
				if strings.Contains(w.Row, "king-jack high or less") {
					seen["poker half pay"]++
				}
				if strings.Contains(w.Row, "pair of kings") {
					seen["kings_or_better half pay"]++
				}
			}
		}
	}
	for _, want := range []string{"versus win", "versus lose", "poker win", "poker lose", "poker half pay",
		"kings_or_better win", "kings_or_better lose", "kings_or_better half pay", "trips_or_better win",
		"trips_or_better lose", "full_house_or_better win", "full_house_or_better lose", "special lose",
		"a binding bad discard"} {
		if seen[want] == 0 {
			t.Errorf("%d random rounds never reached %q (seen: %v)", n, want, seen)
		}
	}
}

// FuzzSettleThrill checks the conservation properties on random rounds; the
// fuzzer varies the seed and the house.
func FuzzSettleThrill(f *testing.F) {
	for _, seed := range []uint64{1, 2, 3, 42, 1 << 40} {
		f.Add(seed, uint8(seed))
	}
	b := book(f)
	f.Fuzz(func(t *testing.T, seed uint64, house uint8) {
		checkRandom(t, b, propertyHouses[int(house)%len(propertyHouses)], seed)
	})
}

// FuzzParseThrill feeds arbitrary JSON lines to the engine: it must never
// panic, and whatever it settles must add up.
func FuzzParseThrill(f *testing.F) {
	f.Add([]byte(`{"game":"thrill","dealer":["Kc","Qd","9h","7s","4c","3d","2h"],"boxes":[{"cards":["As","Ad","8c","6h","5s","Tc","Jd"],"wagers":{"poker":10,"special":1},"discards":["8c","6h"]}]}`))
	f.Add([]byte(`{"game":"thrill","house":"bind","dealer":["Jk","Qd","9h","7s","4c","3d","2h"],"boxes":[{"cards":["As","Ad","8c","6h","5s","Tc","Jd"],"wagers":{"kings_or_better":5.5}}]}`))
	f.Add([]byte(`{"game":"thrill","dealer":["Kc"],"boxes":[{"cards":["Jk","Jk"],"wagers":{"poker":-1},"fold":true}]}`))
	b := book(f)
	f.Fuzz(func(t *testing.T, line []byte) {
		s, err := settle.Line(b, "", 1, line)
		if err != nil {
			return
		}
		if err := s.Check(); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	})
}
