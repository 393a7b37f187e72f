package drills

import (
	"math/rand/v2"
	"strings"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestFeaturesAreReached steers every level toward each of its features in
// turn and checks that most rounds show it: a feature the steering cannot
// reach would leave a level training something else than it says.
func TestFeaturesAreReached(t *testing.T) {
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := Load(b, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	h := b.Houses[rulebook.DefaultHouse]
	const seeds = 24
	for _, lv := range gen.cfg.Levels {
		for _, id := range lv.Features {
			g, _ := gameBySlug(id[:strings.IndexByte(id, '.')])
			l := lv
			l.Features, l.Steer = []string{id}, 1
			hit := 0
			for s := range uint64(seeds) {
				d, f, feat := gen.deal(rand.New(rand.NewPCG(s, 99)), g, h, &l, nil)
				if d == nil {
					t.Fatalf("level %d, %s: no round dealt", lv.Level, id)
				}
				if f.box >= 0 && feat != nil && feat.id == id {
					hit++
				}
			}
			if hit < seeds*2/3 {
				t.Errorf("level %d: %s shows in %d of %d steered rounds; want at least two thirds", lv.Level, id, hit, seeds)
			}
		}
	}
}

// TestCommonOnly checks that a common-only level deals no unusual round.
func TestCommonOnly(t *testing.T) {
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := Load(b, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	h := b.Houses[rulebook.DefaultHouse]
	if !gen.cfg.Levels[0].CommonOnly {
		t.Error("level 1 of drills.toml is not common-only: issue 6 wants common hands first")
	}
	for _, lv := range gen.cfg.Levels {
		if !lv.CommonOnly {
			continue
		}
		for _, g := range registry {
			for s := range uint64(40) {
				d, _, _ := gen.deal(rand.New(rand.NewPCG(s, 7)), g, h, &lv, nil)
				if g.unusual(d) {
					t.Errorf("%s, seed %d: level %d dealt an unusual round", g.slug, s, lv.Level)
				}
			}
		}
	}
}
