package procedures_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/procedures"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestPremise checks that a ruling whose premise does not hold is held
// back: "pay the posted maximum" (common.max_payout, requires
// "*.max_payout_per_box") is asked only at a game where the house posts a
// maximum payout, and names that game.
func TestPremise(t *testing.T) {
	upper := fstest.MapFS{
		"houses/capped/house.toml": {Data: []byte("name = \"capped\"\n")},
		"houses/capped/uth.toml":   {Data: []byte("max_payout_per_box = \"5000\"\n")},
	}
	b, err := rulebook.Load(rulebook.Overlay(upper, rules.FS))
	if err != nil {
		t.Fatal(err)
	}
	def, _ := b.House(rulebook.DefaultHouse)
	capped, _ := b.House("capped")
	const id = "common.max_payout"

	// The default house posts no maximum at any game.
	for _, g := range rulebook.GameSlugs {
		if def.Procedures.Asks(g, id) {
			t.Errorf("default house: %s is asked at %s, which has no maximum payout", id, g)
		}
		if _, err := procedures.NewAt(def, g, procedures.KindRuling, id, 1); !errors.Is(err, procedures.ErrWithheld) {
			t.Errorf("default house, NewAt(%s, %s) = %v; want ErrWithheld", g, id, err)
		}
	}
	if _, err := procedures.Ruling(def, id, 1); !errors.Is(err, procedures.ErrWithheld) {
		t.Errorf("default house, Ruling(%s) = %v; want ErrWithheld", id, err)
	}
	// The capped house posts one at Ultimate Texas Hold'em only.
	for _, g := range rulebook.GameSlugs {
		if got, want := capped.Procedures.Asks(g, id), g == "uth"; got != want {
			t.Errorf("capped house: Asks(%s, %s) = %v; want %v", g, id, got, want)
		}
	}
	if cond, ok := capped.Procedures.Premise("thrill", id); ok || cond != "*.max_payout_per_box" {
		t.Errorf("capped house: Premise(thrill, %s) = %q, %v; want the failing condition", id, cond, ok)
	}
	for seed := range uint64(50) {
		q, err := procedures.Ruling(capped, id, seed)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(q.Prompt, "At Ultimate Texas Hold'em,") {
			t.Fatalf("seed %d: prompt %q names another game than the capped one", seed, q.Prompt)
		}
	}
	drawn := map[string]bool{}
	for _, g := range rulebook.GameSlugs {
		for seed := range uint64(3000) {
			q, err := procedures.Draw(capped, g, procedures.KindRuling, seed)
			if err != nil {
				t.Fatal(err)
			}
			if q.ID == id {
				drawn[g] = true
			}
		}
	}
	if !drawn["uth"] || drawn["oracle"] || drawn["thrill"] || drawn["lunar"] {
		t.Errorf("capped house: %s drawn at %v; want Ultimate Texas Hold'em only", id, drawn)
	}
	// The premise holds back nothing else: the other common ruling is asked everywhere.
	for _, g := range rulebook.GameSlugs {
		if !def.Procedures.Asks(g, "common.fractional_payout") {
			t.Errorf("default house: common.fractional_payout not asked at %s", g)
		}
	}
}
