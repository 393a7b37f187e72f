package drills_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// thrillDevWords are what a trainee must never read in 7 Card Thrill's own
// texts: setting keys, citations of our sources, "a" before a vowel sound.
var thrillDevWords = regexp.MustCompile(`\b[a-z]+_[a-z_]+\b|§|RULES|SETTLE|[Ss]eed 0|house rule|\b[Aa] (ace|eight)\b`)

// TestThrillCitations generates 7 Card Thrill drills of every kind and level
// at the default house and at a house with every setting flipped, and checks
// that each mistake of the game's own cites a section of the game's rule book
// (thrill.Sections) and explains itself in plain words, and that prompts and
// choices are plain words too.
func TestThrillCitations(t *testing.T) {
	_, def := generator(t)
	fsys := rulebook.Overlay(strictHouse, rules.FS)
	b, err := rulebook.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	strict, err := drills.Load(b, fsys)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []struct {
		house string
		g     *drills.Generator
	}{{"", def}, {"strict", strict}} {
		cited := map[string]bool{}
		for _, kind := range drills.Kinds {
			for level := 1; level <= 4; level++ {
				for seed := range uint64(60) {
					d, err := h.g.Generate(h.house, drills.Spec{Game: thrill.Slug, Kind: kind, Level: level, Seed: seed})
					if err != nil {
						t.Fatalf("%s L%d seed %d at %q: %v", kind, level, seed, h.house, err)
					}
					where := func() string { return fmt.Sprintf("%s L%d seed %d (%s)", kind, level, seed, d.Skill) }
					for _, text := range append([]string{d.Prompt}, d.Choices...) {
						if m := thrillDevWords.FindString(text); m != "" {
							t.Errorf("%s at %q: %q in %q", where(), h.house, m, text)
						}
					}
					for _, m := range d.Mistakes {
						if !strings.HasPrefix(m.ID, thrill.Slug+".") {
							continue // the shared slips cite the common chapters
						}
						cited[m.Rule] = true
						if !slices.Contains(thrill.Sections, m.Rule) {
							t.Errorf("%s at %q: mistake %s cites %q, not a section of the book", where(), h.house, m.ID, m.Rule)
						}
						if w := thrillDevWords.FindString(m.Explanation); w != "" {
							t.Errorf("%s at %q: mistake %s says %q: %s", where(), h.house, m.ID, w, m.Explanation)
						}
					}
				}
			}
		}
		if len(cited) < 5 {
			t.Errorf("at %q only %d sections cited by the game's mistakes: %v", h.house, len(cited), cited)
		}
	}
}

// TestThrillPrimaryWagers checks that the drills honour the house's
// primary_wagers: at the default house (any combination) some dealt box makes
// several primary wagers; at a house of one primary wager per box none does.
// It checks what trainees are shown: a plant that broke the rule would make a
// round the engine refuses, which the generator drops (so such a bug costs the
// feature its drills, which TestFeaturesAreReached watches, not this test).
func TestThrillPrimaryWagers(t *testing.T) {
	_, def := generator(t)
	fsys := rulebook.Overlay(strictHouse, rules.FS)
	b, err := rulebook.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if h, _ := b.House("strict"); h.Thrill.PrimaryWagers != thrill.ExactlyOne {
		t.Fatalf("the strict house allows %q; the test needs %q", h.Thrill.PrimaryWagers, thrill.ExactlyOne)
	}
	strict, err := drills.Load(b, fsys)
	if err != nil {
		t.Fatal(err)
	}
	most := func(g *drills.Generator, house string) int {
		n := 0
		for _, kind := range []string{drills.KindPayout, drills.KindOutcome, drills.KindHand} {
			for level := 1; level <= 4; level++ {
				for seed := range uint64(80) {
					d, err := g.Generate(house, drills.Spec{Game: thrill.Slug, Kind: kind, Level: level, Seed: seed})
					if err != nil {
						t.Fatalf("%s L%d seed %d at %q: %v", kind, level, seed, house, err)
					}
					for _, bx := range d.Round.Boxes {
						k := 0
						for _, w := range thrill.Primary {
							if s, ok := bx.Wagers[w]; ok && s != "0" && s != "" {
								k++
							}
						}
						n = max(n, k)
					}
				}
			}
		}
		return n
	}
	if n := most(def, ""); n < 2 {
		t.Errorf("at the default house no box made more than %d primary wager", n)
	}
	if n := most(strict, "strict"); n != 1 {
		t.Errorf("at a house of one primary wager per box a box made %d", n)
	}
}
