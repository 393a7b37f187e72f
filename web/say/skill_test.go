package say

import (
	"regexp"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// codeLike matches what an id looks like and words never do: a dot or an
// underscore between letters ("slip.stake_included", "kings_or_better").
var codeLike = regexp.MustCompile(`[a-z][._][a-z]`)

// TestMistakeWords draws drills of every game, kind and level at the
// default house and checks that each mistake they anticipate, and each
// skill they train, has words for the managers' dashboard, and that no
// words look like an id (issue 15: "never internal codes").
func TestMistakeWords(t *testing.T) {
	t.Parallel()
	book, gen := testRules(t)
	h, err := book.House(rulebook.DefaultHouse)
	if err != nil {
		t.Fatal(err)
	}
	ctx := in(i18n.Source, h)
	seeds := uint64(60)
	if testing.Short() {
		seeds = 15
	}
	missing := map[string]bool{}
	for _, game := range rulebook.GameSlugs {
		for _, kind := range drills.Kinds {
			for level := 1; level <= len(gen.Config().Levels); level++ {
				for seed := range seeds {
					d, err := gen.Generate("", drills.Spec{Game: game, Kind: kind, Level: level, Seed: seed})
					if err != nil {
						continue // a kind a game has no drills of
					}
					if w := Question(ctx, d.Skill); w == "" || codeLike.MatchString(w) {
						t.Errorf("skill %s is named %q", d.Skill, w)
					}
					for _, m := range d.Mistakes {
						w := Mistake(ctx, m.ID)
						if w == "" && !missing[m.ID] {
							missing[m.ID] = true
							t.Errorf("mistake %s (%s %s level %d) has no words: add mistake_name.%[1]s to content/i18n/staff", m.ID, game, kind, level)
						}
						if codeLike.MatchString(w) {
							t.Errorf("mistake %s is named %q, which looks like an id", m.ID, w)
						}
					}
				}
			}
		}
	}
	for _, id := range i18n.Default().IDs() {
		if !strings.HasPrefix(id, "mistake_name.") {
			continue
		}
		if w := i18n.Default().Localizer(i18n.Source).T(id); w == "" || codeLike.MatchString(w) {
			t.Errorf("the catalogue's %s = %q", id, w)
		}
	}
}
