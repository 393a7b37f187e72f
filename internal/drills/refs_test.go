package drills_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	rbook "github.com/dealerkiosk/trainer/internal/book"
	"github.com/dealerkiosk/trainer/internal/drills"
)

// TestCitationsResolve checks, over the drills of the text tests, that every
// key cites at least one section of the house's rule book, that every
// citation of the key and of each mistake resolves there (Drill.Refs and
// Mistake.Refs carry its number and title), and that no citation is
// anything but a section id. A failure names the id, the game and where it
// is cited from (a mistake's id, or "key").
func TestCitationsResolve(t *testing.T) {
	// One line per game and citation that fails, with every place citing it.
	type miss struct {
		n       int
		from    map[string]bool
		example string
	}
	found := map[[2]string]*miss{}
	fail := func(game, what, from, example string) {
		k := [2]string{game, what}
		if found[k] == nil {
			found[k] = &miss{from: map[string]bool{}, example: example}
		}
		found[k].n++
		found[k].from[from] = true
	}
	everyGenerated(t, func(house string, d *drills.Drill) {
		at := fmt.Sprintf("%s %s L%d seed %d at %s", d.Game, d.Kind, d.Level, d.Seed, house)
		if len(d.Cites) == 0 {
			fail(d.Game, "the key cites no section", d.Kind+" key", at+": "+d.Explanation)
		}
		for _, id := range d.Cites {
			if !has(d.Refs, id) {
				fail(d.Game, fmt.Sprintf("%q is not a section of the book", id), d.Kind+" key", at)
			}
		}
		for _, m := range d.Mistakes {
			ids := splitRule(m.Rule)
			if len(ids) == 0 {
				fail(d.Game, "a mistake cites no rule", m.ID, at)
			}
			for _, id := range ids {
				if !has(m.Refs, id) {
					fail(d.Game, fmt.Sprintf("%q is not a section of the book", id), m.ID, at)
				}
			}
		}
	})
	var lines []string
	for k, m := range found {
		from := slices.Sorted(maps.Keys(m.from))
		lines = append(lines, fmt.Sprintf("%s: %s (%d times), cited by %s; e.g. %s", k[0], k[1], m.n, strings.Join(from, ", "), m.example))
	}
	slices.Sort(lines)
	for _, l := range lines {
		t.Error(l)
	}
}

func has(refs []rbook.Ref, id string) bool {
	return slices.ContainsFunc(refs, func(r rbook.Ref) bool { return r.Section == id && r.Number != "" && r.Title != "" })
}

// splitRule reads a rule's section ids: one, or several separated by ";".
func splitRule(rule string) []string {
	var out []string
	for part := range strings.SplitSeq(rule, ";") {
		if id := strings.TrimSpace(part); id != "" {
			out = append(out, id)
		}
	}
	return out
}

// TestRefsInJSON checks what `trainer drill` prints: the key's refs and each
// mistake's, resolved in the house's book with number and title, for a
// drill whose citations are the common chapters' (a chips drill, a common
// ruling) and so resolve at every stage of the books.
func TestRefsInJSON(t *testing.T) {
	_, g := generator(t)
	d, err := g.Generate("", drills.Spec{Game: "uth", Kind: drills.KindRuling, Seed: 1, ID: "common.fractional_payout"})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := drills.WriteJSON(&out, d); err != nil {
		t.Fatal(err)
	}
	js := out.String()
	if len(d.Refs) != 1 || d.Refs[0].Section != "common.rounding" || d.Refs[0].Number == "" || d.Refs[0].Title != "Fractions of a chip" {
		t.Errorf("refs = %+v; want common.rounding with its number and title", d.Refs)
	}
	if !strings.Contains(js, `"refs": [`) || !strings.Contains(js, `"section": "common.rounding"`) || strings.Contains(js, "Cites") {
		t.Errorf("trainer drill JSON:\n%s", js)
	}
	for _, m := range d.Mistakes {
		if m.Rule != "common.rounding" || len(m.Refs) != 1 || m.Refs[0] != d.Refs[0] {
			t.Errorf("mistake %s: rule %q, refs %+v", m.ID, m.Rule, m.Refs)
		}
	}
	c, err := g.Generate("", drills.Spec{Game: "lunar", Kind: drills.KindChips, Level: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Refs) == 0 || c.Refs[len(c.Refs)-1].Section != "common.fewest_chips" {
		t.Errorf("chips drill refs = %+v; want common.fewest_chips last", c.Refs)
	}
}
