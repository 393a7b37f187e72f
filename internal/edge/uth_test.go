package edge

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/uth"
)

func TestUTHPreflop(t *testing.T) {
	tests := []struct {
		hole string
		want bool
	}{
		{"2c 2d", false}, // pocket deuces check
		{"3c 3d", true},  // any other pair
		{"As 2c", true},  // any ace
		{"Kd 2d", true},  // suited king, any kicker
		{"Kd 5c", true},  // offsuit king, 5 or better
		{"Kd 4c", false},
		{"Qh 6h", true}, // suited queen, 6 or better
		{"Qh 5h", false},
		{"Qh 7c", false}, // offsuit queen, 8 or better
		{"Qh 8c", true},
		{"Jh 8h", true}, // suited jack, 8 or better
		{"Jh 7h", false},
		{"Jh 9c", false}, // offsuit jack: only J-10
		{"Tc Jh", true},
		{"Th 9h", false},
	}
	for _, tt := range tests {
		h := cards.MustParseList(tt.hole)
		if got := uthPreflop([2]cards.Card{h[0], h[1]}); got != tt.want {
			t.Errorf("uthPreflop(%s) = %v; want %v", tt.hole, got, tt.want)
		}
	}
}

func TestUTHFlop(t *testing.T) {
	tests := []struct {
		hole, flop string
		want       bool
	}{
		{"9h 7d", "9c 2s 4d", true},  // hidden pair
		{"2h 2d", "Kc 8s 4d", false}, // pocket deuces alone do not bet
		{"2h 2d", "2c 8s 4d", true},  // three of a kind
		{"9h 7d", "Kc Ks 4d", false}, // the pair is the board's
		{"9h 7d", "Kc Ks 7s", true},  // two pair
		{"8d 7c", "9s Th Jc", true},  // a straight is better than two pair
		{"8d 7c", "Ks Kh Kc", true},  // "two pair or better", read literally
		{"Th 4h", "2h 8h Kc", true},  // four to a flush with a hidden 10
		{"9h 4h", "2h 8h Kc", false}, // the best hidden heart is a 9
		{"9h 4c", "2h 8h Kh", false},
		{"Th 4c", "2h 8h Kh", true},
		{"Th 4c", "2h 8d Kh", false}, // three to a flush
	}
	for _, tt := range tests {
		h, f := cards.MustParseList(tt.hole), cards.MustParseList(tt.flop)
		five := uthGameDefault(t).rules.Value(append(append([]cards.Card{}, h...), f...))
		if got := uthFlop([2]cards.Card{h[0], h[1]}, [3]cards.Card{f[0], f[1], f[2]}, five); got != tt.want {
			t.Errorf("uthFlop(%s | %s) = %v; want %v", tt.hole, tt.flop, got, tt.want)
		}
	}
}

func TestUTHRiver(t *testing.T) {
	g := uthGameDefault(t)
	tests := []struct {
		hole, board string
		outs        int // -1: not counted, a hidden pair or better bets
		want        int64
	}{
		// Every A, Q, 8, 6 and 4 pairs the board (15) and every K and J
		// outkicks (8): 23 outs, fold. The three tens only tie: no outs.
		{"Th 3c", "As Qd 8c 6h 4s", 23, 0},
		// The same board with K-2: only the pairs beat (15); the kings tie.
		{"Kh 2c", "As Qd 8c 6h 4s", 15, 1},
		// Four to a straight on the board: the pairs (15), and every 5 or 10
		// makes the dealer a straight (8), while the player's ace-king only
		// beats the other high cards: 23 outs, fold.
		{"Kc 2d", "Ah 9d 8s 7c 6h", 23, 0},
		{"9c 4d", "Kh 7d 3s 9h 2c", -1, 1}, // hidden pair of nines on the river
		{"3c 2d", "Ah Kd Qs Jc 9h", 19, 1}, // the board plays: the pairs (15) and the tens (4) beat; the rest tie
		{"Tc 2d", "Ah Kd Qs Jc 9h", -1, 1}, // a straight with a hole card
	}
	for _, tt := range tests {
		h, b := cards.MustParseList(tt.hole), cards.MustParseList(tt.board)
		d := uthDeal{hole: [2]cards.Card{h[0], h[1]}, board: [5]cards.Card(b)}
		pv := g.value(d.hole, &d.board)
		if tt.outs >= 0 {
			if got := uthRiverOuts(g.rules, d.hole, d.board, pv); got != tt.outs {
				t.Errorf("outs(%s | %s) = %d; want %d", tt.hole, tt.board, got, tt.outs)
			}
		}
		// Keep the pre-flop and flop rules out of it: only hands that check twice.
		if uthPreflop(d.hole) || uthFlop(d.hole, [3]cards.Card(b[:3]), g.rules.Value(append(append([]cards.Card{}, h...), b[:3]...))) {
			t.Fatalf("%s | %s bets before the river; pick another case", tt.hole, tt.board)
		}
		if m, _ := g.decide(&d, pv); m != tt.want {
			t.Errorf("river(%s | %s) bets %d×; want %d×", tt.hole, tt.board, m, tt.want)
		}
	}
}

// TestUTHOuts holds the grouped count of dealer outs against valuing each
// of the 45 unseen cards one by one, on random rivers (flush boards included).
func TestUTHOuts(t *testing.T) {
	g := uthGameDefault(t)
	rng := rand.New(rand.NewPCG(1, 2))
	n := 20000
	if raceEnabled || testing.Short() {
		n = 2000
	}
	for i := range n {
		cs := deal(rng, cards.Deck52(), 7)
		if i%4 == 0 { // a board of four or five hearts
			var hearts []cards.Card
			for _, c := range deal(rng, cards.Deck52(), 52) {
				if c.Suit() == cards.Hearts && len(hearts) < 4+i%8/4 {
					hearts = append(hearts, c)
				}
			}
			rest := cards.SetOf(hearts...)
			cs = hearts
			for _, c := range deal(rng, cards.Deck52(), 52) {
				if !rest.Has(c) && len(cs) < 7 {
					cs = append(cs, c)
				}
			}
			cs = append(cs[5:7], cs[:5]...)
		}
		h, b := [2]cards.Card(cs[:2]), [5]cards.Card(cs[2:7])
		pv := g.value(h, &b)
		seen := cards.SetOf(cs...)
		want := 0
		for c := cards.Card(0); c < 52; c++ {
			if !seen.Has(c) && g.rules.Value(append(b[:], c)) > pv {
				want++
			}
		}
		if got := uthRiverOuts(g.rules, h, b, pv); got != want {
			t.Fatalf("outs(%v | %v) = %d; want %d", h, b, got, want)
		}
		for _, limit := range []int{want, want + 1, 21} {
			if got := uthFewOuts(g.rules, h, b, pv, limit); got != (want < limit) {
				t.Fatalf("fewer than %d outs (%v | %v): %v; %d outs", limit, h, b, got, want)
			}
		}
	}
}

func uthGameDefault(t *testing.T) *uthGame {
	t.Helper()
	h := defaultHouse(t)
	g, err := newUTHGame(h.UTH, h.UTH.Trips)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestUTHRoundMatchesSettle holds the simulation's settlement against the
// rules engine on thousands of random rounds, under the default house and
// three variants (Blind table B, 4× only, both hole cards must play), so the
// simulation cannot drift from uth.Settle.
func TestUTHRoundMatchesSettle(t *testing.T) {
	b := book(t)
	h := defaultHouse(t)
	variants := map[string]func(s *uth.Settings){
		"default": func(*uth.Settings) {},
		"blind B": func(s *uth.Settings) { s.Blind, _ = b.Games[uth.Slug].Tables.Lookup("blind", "straight-pushes") },
		"4x only": func(s *uth.Settings) { s.PreflopMultiples = []int64{4} },
		"trips C": func(s *uth.Settings) { s.Trips, _ = b.Games[uth.Slug].Tables.Lookup("trips", "50-40-30-8-7-4-3") },
		"both hole cards": func(s *uth.Settings) {
			s.MustUseBothHoleCards = true
		},
	}
	n := 3000
	if raceEnabled || testing.Short() {
		n = 300
	}
	for name, change := range variants {
		t.Run(name, func(t *testing.T) {
			s := *h.UTH
			change(&s)
			s.FoldForfeitsTrips = false // so that Trips is compared on every round
			g, err := newUTHGame(&s, s.Trips)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(7, uint64(len(name))))
			ante := 10 * games.Unit
			for range n {
				cs := deal(rng, cards.Deck52(), 9)
				d := uthDeal{hole: [2]cards.Card(cs[0:2]), board: [5]cards.Card(cs[2:7]), dealer: [2]cards.Card(cs[7:9])}
				o := g.round(&d)
				w := map[string]json.Number{"ante": money(ante), "blind": money(ante), "trips": money(ante)}
				if o.mult > 0 {
					w["play"] = money(ante * games.Money(o.mult))
				}
				in := &games.Round{Game: uth.Slug, Dealer: texts(d.dealer[:]), Board: texts(d.board[:]),
					Boxes: []games.Box{{Cards: texts(d.hole[:]), Wagers: w, Fold: o.mult == 0}}}
				r, err := uth.Parse(in, &s)
				if err != nil {
					t.Fatalf("%v: %v", in, err)
				}
				st := uth.Settle(r, &s, games.Rounding{Chip: 1})
				var main, trips games.Money
				for _, wr := range st.Boxes[0].Wagers {
					if wr.Wager == "trips" {
						trips += wr.Pays
					} else {
						main += wr.Pays
					}
				}
				scale := func(x int64) games.Money { return games.Money(x * int64(ante) / g.den) }
				if main != scale(o.main) || trips != scale(o.trips) {
					t.Fatalf("dealer %v board %v hole %v (%d×): simulation main %s trips %s; uth.Settle main %s trips %s",
						d.dealer, d.board, d.hole, o.mult, scale(o.main), scale(o.trips), main, trips)
				}
			}
		})
	}
}
