package edge

import (
	"context"
	"encoding/json"
	"math"
	"math/big"
	"testing"

	"reflect"

	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/games/uth"
)

// TestSimulationReproducible checks that a seed fixes the figures to the
// last digit whatever the number of workers, and that another seed changes
// them: on many small blocks through simulate, and end to end through Compute.
func TestSimulationReproducible(t *testing.T) {
	h := defaultHouse(t)
	specs := map[string]func() *simSpec{
		uth.Slug: func() *simSpec {
			g, err := newUTHGame(h.UTH, h.UTH.Trips)
			if err != nil {
				t.Fatal(err)
			}
			return g.spec()
		},
		thrill.Slug: func() *simSpec {
			g, err := newThrillGame(h.Thrill)
			if err != nil {
				t.Fatal(err)
			}
			return g.spec()
		},
		oracle.Slug: func() *simSpec { return (&oracleGame{s: h.Oracle}).spec() },
		lunar.Slug:  func() *simSpec { return (&lunarGame{s: h.Lunar}).spec() },
	}
	for game, spec := range specs {
		t.Run(game, func(t *testing.T) {
			sp := spec()
			run := func(seed uint64, workers int) *tallies {
				// Seven blocks of 300 rounds, the last one short.
				ts, err := simulate(context.Background(), sp, 2000, 300, seed, workers, nil)
				if err != nil {
					t.Fatal(err)
				}
				return ts
			}
			one, two, three := run(42, 1), run(42, 2), run(42, 3)
			if !reflect.DeepEqual(one, two) || !reflect.DeepEqual(one, three) {
				t.Errorf("seed 42 on 1, 2 and 3 workers:\n%+v\n%+v\n%+v", one, two, three)
			}
			if other := run(43, 2); reflect.DeepEqual(other, one) {
				t.Errorf("seeds 42 and 43 give the same sums: %+v", one)
			}
			if one.rounds != 2000 {
				t.Errorf("%d rounds; want 2000", one.rounds)
			}
			// End to end: the same JSON twice.
			q := Query{Wager: wager(t, game, "main"), House: h, Rounds: 500, Seed: 9}
			a, b := compute(t, q), compute(t, q)
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			if string(ja) != string(jb) {
				t.Errorf("the same query twice:\n%s\n%s", ja, jb)
			}
		})
	}
}

// within4SE fails unless the simulated figure lies within four standard
// errors of the exact one.
func within4SE(t *testing.T, what string, f Figure, exact *big.Rat) {
	t.Helper()
	want, _ := exact.Float64()
	got, se := f.Value.Float(), f.StdErr.Float()
	if se <= 0 || math.Abs(got-want) > 4*se {
		t.Errorf("%s: simulated %v ± %v; exact %v (%.1f standard errors away)", what, got, se, want, math.Abs(got-want)/se)
	} else {
		t.Logf("%s: simulated %v ± %v; exact %v", what, got, se, want)
	}
}

// figure returns the named figure of a simulated result.
func figure(t *testing.T, res *Result, name string) Figure {
	t.Helper()
	for _, f := range res.Figures {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("no figure %q in %+v", name, res.Figures)
	return Figure{}
}

// TestTripsSimulationAgreesWithExact holds the Trips measured on simulated
// UTH rounds against the exact Trips edge, priced here from the published
// seven-card category counts.
func TestTripsSimulationAgreesWithExact(t *testing.T) {
	if raceEnabled {
		t.Skip("a long simulation; it runs in the plain go test")
	}
	h := defaultHouse(t)
	rounds := int64(60_000)
	if fastTallyLanded {
		rounds = 2_000_000
	}
	res := compute(t, Query{Wager: wager(t, uth.Slug, "main"), House: h, Rounds: rounds, Seed: 11})
	within4SE(t, "Trips table "+h.UTH.Trips.Name, figure(t, res, "trips house edge"), tripsEdgeFromCounts(h.UTH.Trips))
}

// TestSuperSimulationAgreesWithExact holds the Super measured on simulated
// Lunar rounds, each settled by the rules engine, against the exact count.
func TestSuperSimulationAgreesWithExact(t *testing.T) {
	if raceEnabled {
		t.Skip("a long simulation; it runs in the plain go test")
	}
	h := defaultHouse(t)
	rounds := int64(300_000)
	if testing.Short() {
		rounds = 50_000
	}
	res := compute(t, Query{Wager: wager(t, lunar.Slug, "main"), House: h, Rounds: rounds, Seed: 5})
	exact := compute(t, Query{Wager: wager(t, lunar.Slug, "super"), House: h})
	within4SE(t, "Super table "+h.Lunar.Super.Name, figure(t, res, "super house edge"), exact.Edge)
}
