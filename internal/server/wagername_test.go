package server

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/web/templates"
)

// TestLanguageWagerNames: every wager a game's felt places, and Lunar's bets
// on other hands and its insurance, has its name in every catalogue under
// its id ("wager.<id>"), and the English is drills.WagerTitle's, word for
// word: the felt never falls back to English in Italian or Russian.
func TestLanguageWagerNames(t *testing.T) {
	type wager struct{ game, id string }
	var ws []wager
	for game, layout := range templates.GameLayouts {
		for _, sp := range layout.Spots {
			ws = append(ws, wager{game, sp.Wager})
		}
	}
	for _, id := range append(append([]string{}, lunar.SideWagers...), lunar.Insurance) {
		ws = append(ws, wager{lunar.Slug, id})
	}
	if len(ws) < 15 {
		t.Fatalf("%d wagers found; want every game's", len(ws))
	}
	c := i18n.Default()
	for _, w := range ws {
		if got, want := wagerName(c.Localizer(i18n.Source), w.game, w.id), drills.WagerTitle(w.game, w.id); got != want {
			t.Errorf("English name of %s's %s = %q; want drills.WagerTitle's %q", w.game, w.id, got, want)
		}
		for _, tag := range []string{"it", "ru"} {
			if got := c.Text(tag, "wager."+w.id); got["other"] == "" {
				t.Errorf("%s.toml has no wager.%s (%s)", tag, w.id, w.game)
			}
		}
	}
	if got := wagerName(c.Localizer("it"), "lunar", "dealer_super"); got != "Super sul banco" {
		t.Errorf("Italian name of Lunar's dealer_super = %q; want the catalogue's, “Super sul banco”", got)
	}
}
