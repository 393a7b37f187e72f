package drills_test

import (
	"regexp"
	"strings"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// lunarDevWords are what the Lunar texts must never show a trainee: a
// citation in the text ("§5.5", "seed 004"), a source, a setting key or a
// card code. The shared code's own wording is checked by its own tests.
var lunarDevWords = regexp.MustCompile(`§5|[Ss]eed 00|RULES\.md|TCS|Solaire|\bPA\b|house rule|second_combo|straight_plus_pair|dealer_super_on|multisuper_survives|ante_bonus_straight|\b[2-9TJQKA][cdhs]\b`)

// TestLunarCitations generates Lunar Poker drills of every kind and level at
// the default house and at the house with every drilled setting flipped, and
// checks that every Lunar section they cite (the key's rules and each
// mistake's rule starting "lunar.") is a section of that house's Lunar book,
// and that the mistakes' explanations carry no citation, source, setting key
// or card code.
func TestLunarCitations(t *testing.T) {
	fsys := rulebook.Overlay(strictHouse, rules.FS)
	b, err := rulebook.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	g, err := drills.Load(b, fsys)
	if err != nil {
		t.Fatal(err)
	}
	seeds := uint64(60)
	if testing.Short() {
		seeds = 30
	}
	cited := map[string]bool{}
	for _, house := range []string{rulebook.DefaultHouse, "strict"} {
		h, err := b.House(house)
		if err != nil {
			t.Fatal(err)
		}
		for _, kind := range drills.Kinds {
			for level := 1; level <= 4; level++ {
				for seed := range seeds {
					d, err := g.Generate(house, drills.Spec{Game: "lunar", Kind: kind, Level: level, Seed: seed})
					if err != nil {
						continue // a house that holds a question back
					}
					for _, m := range d.Mistakes {
						if strings.HasPrefix(m.Rule, "lunar.") {
							cited[m.Rule] = true
							if _, ok := h.Cite("lunar", m.Rule); !ok {
								t.Errorf("house %s, %s level %d seed %d: mistake %s cites %s, which the Lunar book does not have", house, kind, level, seed, m.ID, m.Rule)
							}
						}
						if w := lunarDevWords.FindString(m.Explanation); w != "" && strings.HasPrefix(m.ID, "lunar.") {
							t.Errorf("house %s, %s level %d seed %d: mistake %s explains with %q: %s", house, kind, level, seed, m.ID, w, m.Explanation)
						}
					}
				}
			}
		}
	}
	// The Lunar mistakes cite these sections; a test that never met one
	// would not show that it resolves.
	for _, id := range []string{"lunar.second_combination", "lunar.settle_ante", "lunar.force_dealer", "lunar.ante_payout", "lunar.settle_super", "lunar.qualify"} {
		if !cited[id] {
			t.Errorf("no generated drill cited %s", id)
		}
	}
}
