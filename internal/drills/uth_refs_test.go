package drills_test

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// uthDevWords are what a trainee must never read in the UTH texts:
// sources, setting keys, section numbers, card codes.
var uthDevWords = regexp.MustCompile(`RULES\.md|SETTLE\.md|(?i:\bseed\b|wizard of odds|pennsylvania)|§|house rule|\buth\.[a-z_]+|\b[a-z]+_[a-z_]+\b|\b[2-9TJQKA][cdhs]\b`)

// TestUTHMistakesCiteTheBook generates UTH drills of every kind and level
// and checks that each mistake the UTH file makes (and the hold'em hand
// slips it writes) cites a section of the house's rule book and explains
// itself in plain words, and that an outcome drill's explanation, made of
// the engine's reasons alone, is in plain words too.
func TestUTHMistakesCiteTheBook(t *testing.T) {
	b, g := generator(t)
	h, err := b.House(rulebook.DefaultHouse)
	if err != nil {
		t.Fatal(err)
	}
	ours := func(id string) bool { return strings.HasPrefix(id, "uth.") || strings.HasPrefix(id, "slip.board_") }
	checked := map[string]bool{}
	for _, kind := range drills.Kinds {
		for level := 1; ; level++ {
			var se *drills.SpecError
			stop := false
			for seed := uint64(1); seed <= 25; seed++ {
				d, err := g.Generate(rulebook.DefaultHouse, drills.Spec{Game: "uth", Kind: kind, Level: level, Seed: seed})
				if errors.As(err, &se) && se.Field == "level" {
					stop = true
					break
				}
				if err != nil {
					t.Fatalf("%s level %d seed %d: %v", kind, level, seed, err)
				}
				if kind == drills.KindOutcome {
					if m := uthDevWords.FindString(d.Explanation); m != "" {
						t.Errorf("outcome level %d seed %d: %q in %q", level, seed, m, d.Explanation)
					}
				}
				for _, m := range d.Mistakes {
					if !ours(m.ID) {
						continue
					}
					checked[m.ID] = true
					if _, ok := h.Cite("uth", m.Rule); !ok {
						t.Errorf("%s level %d seed %d: mistake %s cites %q, not a section of the book", kind, level, seed, m.ID, m.Rule)
					}
					if w := uthDevWords.FindString(m.Explanation); w != "" {
						t.Errorf("%s level %d seed %d: mistake %s says %q: %q", kind, level, seed, m.ID, w, m.Explanation)
					}
				}
			}
			if stop {
				break
			}
		}
	}
	t.Logf("UTH mistakes checked: %v", checked)
	if len(checked) < 5 {
		t.Errorf("only %d UTH mistakes came up (%v); the test sees too little", len(checked), checked)
	}
}
