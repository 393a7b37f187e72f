package edge

import (
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// say writes why in language tag from the embedded catalogues, and
// whether every id was there.
func say(tag string, why games.Why) (string, bool) {
	l := i18n.Default().Localizer(tag)
	var b strings.Builder
	for _, p := range why {
		s := l.T(p.ID, p.Args...)
		if s == p.ID {
			return "", false
		}
		b.WriteString(s)
	}
	return b.String(), true
}

// TestFigureWords simulates a few rounds of every game's main wager and
// checks each extra figure's name and note: they have ids, the English
// catalogue says edge's own words byte for byte, and Italian and Russian
// say them otherwise (a wager's name printed on the felt aside).
func TestFigureWords(t *testing.T) {
	t.Parallel()
	h := defaultHouse(t)
	for _, g := range rulebook.GameSlugs {
		res := compute(t, Query{Wager: wager(t, g, "main"), House: h, Rounds: 200, Seed: 3})
		if len(res.Figures) == 0 {
			t.Fatalf("%s: no extra figures to check", g)
		}
		for _, f := range res.Figures {
			checkFigureWords(t, g, f.Name, f.NameWhy)
			checkFigureWords(t, g, f.Note, f.NoteWhy)
		}
	}
}

// TestSolverFigureWords checks the words of the exact solver's figures as
// seams.go writes them, without a solve: each street and the fold.
func TestSolverFigureWords(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		street string
		n      int64
		want   string
	}{{"preflop", 4, "bet 4× pre-flop"}, {"flop", 2, "bet 2× on the flop"}, {"river", 1, "bet 1× on the river"}} {
		got, ok := say(i18n.Source, sayFigure("edge_figure.bet_"+tt.street, "N", tt.n))
		if !ok || got != tt.want {
			t.Errorf("bet %d× on the %s: English catalogue says %q (%v); want %q", tt.n, tt.street, got, ok, tt.want)
		}
	}
	checkFigureWords(t, "uth", "folded", sayFigure("edge_figure.folded"))
	checkFigureWords(t, "uth", "fraction of deals, optimal play", sayFigure("edge_figure.note_deals"))
}

func checkFigureWords(t *testing.T, game, english string, why games.Why) {
	t.Helper()
	if english == "" {
		return
	}
	if why == nil {
		t.Errorf("%s: %q has no message id", game, english)
		return
	}
	if got, ok := say(i18n.Source, why); !ok || got != english {
		t.Errorf("%s: the English catalogue says %q (all ids found: %v); edge says %q", game, got, ok, english)
	}
	for _, tag := range []string{"it", "ru"} {
		got, ok := say(tag, why)
		if !ok {
			t.Errorf("%s: %q: an id is missing in %s", game, english, tag)
			continue
		}
		if got == english && english != "Instant Cash" {
			t.Errorf("%s: %q reads in English in %s", game, english, tag)
		}
	}
}

// TestSayMissingID: an id the catalogues lack is not said (the check
// above would otherwise pass on a message id shown as it is).
func TestSayMissingID(t *testing.T) {
	t.Parallel()
	if _, ok := say(i18n.Source, sayFigure("edge_figure.no_such_figure")); ok {
		t.Error("an id the catalogues lack was said")
	}
}
