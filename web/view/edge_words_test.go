package view

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// TestEdgeWords: every wager of the pay-tables page and every note of
// edge's the page knows reads in every offered language; in English, as
// edge (through plainNote) says it, byte for byte.
func TestEdgeWords(t *testing.T) {
	t.Parallel()
	c := i18n.Default()
	en := c.Localizer(i18n.Source)
	for _, w := range edge.Wagers("") {
		if got := wagerTitle(en, w); got != w.Title {
			t.Errorf("%s %s in English: %q; want edge's %q", w.Game, w.Name, got, w.Title)
		}
		for _, l := range i18n.Offered {
			if c.Text(l.Tag, "edge_wager."+w.Game+"."+w.Name) == nil {
				t.Errorf("edge_wager.%s.%s is missing in %s", w.Game, w.Name, l.Tag)
			}
		}
	}
	if _, ok := edgeNotes[plainNote("Instant Cash is paid on the Ante, as edge says it")]; !ok {
		t.Error("the Instant Cash note as plainNote says it has no catalogue message")
	}
	for note, id := range edgeNotes {
		if got := noteIn(en, note); got != note {
			t.Errorf("%s in English: %q; want %q", id, got, note)
		}
		for _, l := range i18n.Offered {
			got := noteIn(c.Localizer(l.Tag), note)
			if l.Tag != i18n.Source && got == note {
				t.Errorf("%s in %s is the English", id, l.Tag)
			}
		}
	}
	if got := noteIn(c.Localizer("it"), "A note edge adds later."); got != "A note edge adds later." {
		t.Errorf("a note the catalogue lacks: %q", got)
	}
}
