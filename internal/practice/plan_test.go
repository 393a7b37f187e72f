package practice_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/google/go-cmp/cmp"
)

// TestRebuildFromSnapshot makes a drill under rules the kiosk no longer runs
// (the house changed its Trips table) and rebuilds it, exactly, from the
// copy of those rules.
func TestRebuildFromSnapshot(t *testing.T) {
	t.Parallel()
	book, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := drills.Load(book, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	data, err := rules.FS.ReadFile("houses/default/uth.toml")
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(string(data), `trips_table               = "50-40-30-8-6-5-3"`, `trips_table               = "50-40-30-9-7-4-3"`, 1)
	oldFS := rulebook.Overlay(fstest.MapFS{"houses/default/uth.toml": {Data: []byte(changed)}}, rules.FS)
	oldBook, err := rulebook.Load(oldFS)
	if err != nil {
		t.Fatal(err)
	}
	oldGen, err := drills.Load(oldBook, oldFS)
	if err != nil {
		t.Fatal(err)
	}
	if oldBook.Version == book.Version {
		t.Fatal("the changed rules have the same version")
	}
	var old *drills.Drill
	for seed := range uint64(200) { // a payout drill whose key the Trips table decides
		d, err := oldGen.Generate("", drills.Spec{Game: "uth", Kind: drills.KindPayout, Level: 3, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		now, _ := gen.Generate("", drills.Spec{Game: "uth", Kind: drills.KindPayout, Level: 3, Seed: seed})
		if !cmp.Equal(d.Key, now.Key) {
			old = d
			break
		}
	}
	if old == nil {
		t.Fatal("no seed gives a drill that the Trips table changes")
	}
	spec := practice.SpecOf(old)

	p := practice.NewPlanner(gen, "default", book.Version)
	if _, err := p.Rebuild(spec); !errors.Is(err, practice.ErrRulesChanged) {
		t.Errorf("Rebuild with no copies kept: %v; want ErrRulesChanged", err)
	}
	loads := 0
	p.WithSnapshots(func(v string) (map[string][]byte, error) {
		loads++
		if v == oldBook.Version {
			return oldBook.Files, nil
		}
		return nil, fmt.Errorf("no copy of %s", v)
	})
	for range 2 {
		got, err := p.Rebuild(spec)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(old, got); diff != "" {
			t.Errorf("Rebuild from the copy (-made +rebuilt):\n%s", diff)
		}
	}
	if loads != 1 {
		t.Errorf("the old rules were loaded %d times; want once", loads)
	}
	spec.RulesVersion = "0ld0ld0ld0ld"
	if _, err := p.Rebuild(spec); !errors.Is(err, practice.ErrRulesChanged) {
		t.Errorf("Rebuild of a version never kept: %v; want ErrRulesChanged", err)
	}
	// A copy that is not the version it claims is refused.
	q := practice.NewPlanner(gen, "default", book.Version).WithSnapshots(func(string) (map[string][]byte, error) {
		return book.Files, nil
	})
	spec.RulesVersion = oldBook.Version
	if _, err := q.Rebuild(spec); !errors.Is(err, practice.ErrRulesChanged) || !strings.Contains(err.Error(), "loads as") {
		t.Errorf("Rebuild from a wrong copy: %v; want ErrRulesChanged naming the mismatch", err)
	}
}

// TestPlanExam draws the shipped exam of every game: the blueprint's counts
// per kind and level, every item made under the planner's rules, rulings
// all different where the game has enough situations.
func TestPlanExam(t *testing.T) {
	t.Parallel()
	book, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := drills.Load(book, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := book.House("")
	p := practice.NewPlanner(gen, "default", book.Version)
	for _, game := range rulebook.GameSlugs {
		st := h.Certification[game]
		start := time.Now()
		items, err := practice.PlanExam(p, rand.New(rand.NewPCG(7, 7)), game, st)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d items planned in %v", game, len(items), time.Since(start))
		count := map[[2]any]int{}
		rulings := map[string]bool{}
		for i, it := range items {
			if it.Position != i+1 || it.Seconds != st.Thresholds[it.Kind].Seconds {
				t.Errorf("%s item %d: %+v", game, i+1, it)
			}
			d, err := p.Rebuild(trainer.Spec{Game: game, Kind: it.Kind, Level: it.Level, Seed: it.Seed, House: "default", RulesVersion: book.Version})
			if err != nil || d.Skill != it.Skill {
				t.Errorf("%s item %d does not rebuild to its skill %s: %v", game, i+1, it.Skill, err)
			}
			count[[2]any{it.Kind, it.Level}]++
			if it.Kind == "ruling" {
				rulings[it.Skill] = true
			}
		}
		for _, b := range st.Blueprint {
			if got := count[[2]any{b.Kind, b.Level}]; got != b.Count {
				t.Errorf("%s: %d items of %s level %d; want %d", game, got, b.Kind, b.Level, b.Count)
			}
		}
		want := 0
		for _, b := range st.Blueprint {
			if b.Kind == "ruling" {
				want += b.Count
			}
		}
		if len(rulings) < want {
			t.Errorf("%s: %d different rulings of %d asked", game, len(rulings), want)
		}
	}
}
