package practice

import (
	"sync"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/google/go-cmp/cmp"
)

func TestDrillCache(t *testing.T) {
	t.Parallel()
	var c drillCache
	spec := func(seed uint64) trainer.Spec {
		return trainer.Spec{Game: "uth", Kind: "payout", Level: 1, Seed: seed, House: "default", RulesVersion: "v1"}
	}
	if d := c.get(spec(1)); d != nil {
		t.Fatalf("get on an empty cache = %v; want nil", d)
	}
	first := &drills.Drill{Seed: 1}
	c.put(spec(1), first)
	if d := c.get(spec(1)); d != first {
		t.Fatalf("get(seed 1) = %p; want %p", d, first)
	}
	if d := c.get(trainer.Spec{Game: "uth", Kind: "payout", Level: 1, Seed: 1, House: "default", RulesVersion: "v2"}); d != nil {
		t.Errorf("get under other rules = %v; want nil", d)
	}
	// Two generations: a drill used lately survives one turnover, and the
	// cache never holds more than two generations' worth.
	for i := range uint64(drillCacheSize) {
		c.put(spec(100+i), &drills.Drill{Seed: 100 + i})
	}
	if d := c.get(spec(1)); d != first {
		t.Errorf("get(seed 1) after one turnover = %p; want %p", d, first)
	}
	for i := range uint64(2 * drillCacheSize) {
		c.put(spec(10000+i), &drills.Drill{Seed: 10000 + i})
	}
	if d := c.get(spec(1)); d != nil {
		t.Errorf("get(seed 1) after two turnovers = %v; want nil", d)
	}
	if n := len(c.cur) + len(c.old); n > 2*drillCacheSize {
		t.Errorf("cache holds %d drills; want at most %d", n, 2*drillCacheSize)
	}
}

// TestPlannerRebuildCached checks that a cached drill is the drill the
// generator makes, from many goroutines at once (run with -race).
func TestPlannerRebuildCached(t *testing.T) {
	t.Parallel()
	p := testPlanner(t)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for seed := range uint64(50) {
				s := trainer.Spec{Game: "uth", Kind: "payout", Level: 1, Seed: seed + uint64(g%2), House: p.House(), RulesVersion: p.Version()}
				got, err := p.Rebuild(s)
				if err != nil {
					t.Error(err)
					return
				}
				want, err := p.gen.Generate(s.House, drills.Spec{Game: s.Game, Kind: s.Kind, Level: s.Level, Seed: s.Seed})
				if err != nil {
					t.Error(err)
					return
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("Rebuild(%+v) differs from Generate (-want +got):\n%s", s, diff)
					return
				}
			}
		})
	}
	wg.Wait()
}

func testPlanner(t *testing.T) *Planner {
	t.Helper()
	book, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := drills.Load(book, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	return NewPlanner(gen, rulebook.DefaultHouse, book.Version)
}
