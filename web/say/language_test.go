package say_test

import (
	"context"
	"testing"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
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
		if got, want := say.Wager(ctxIn(i18n.Source, nil), w.game, w.id), drills.WagerTitle(w.game, w.id); got != want {
			t.Errorf("English name of %s's %s = %q; want drills.WagerTitle's %q", w.game, w.id, got, want)
		}
		for _, tag := range []string{"it", "ru"} {
			if got := c.Text(tag, "wager."+w.id); got["other"] == "" {
				t.Errorf("%s.toml has no wager.%s (%s)", tag, w.id, w.game)
			}
		}
	}
	if got := say.Wager(ctxIn("it", nil), "lunar", "dealer_super"); got != "Super sul banco" {
		t.Errorf("Italian name of Lunar's dealer_super = %q; want the catalogue's, “Super sul banco”", got)
	}
}

// TestLanguageSpeedNotes: a speed grade's note says the target and its half
// in the trainee's language, the half with the language's decimal mark, and
// the grades keep the timer's names.
func TestLanguageSpeedNotes(t *testing.T) {
	tests := []struct {
		tag   string
		speed trainer.Speed
		want  string
	}{
		{"en", trainer.SpeedFast, "FAST: within half the 15 s target (7.5 s)."},
		{"en", trainer.SpeedOK, "OK: within the 15 s target, though not within half of it (7.5 s)."},
		{"en", trainer.SpeedSlow, "SLOW: over the 15 s target. FAST is within 7.5 s, OK within 15 s."},
		{"it", trainer.SpeedSlow, "SLOW: oltre i 15 s previsti. FAST è entro 7,5 s, OK entro 15 s."},
		{"ru", trainer.SpeedFast, "FAST: быстрее половины нормы в 15 с (7,5 с)."},
	}
	for _, tt := range tests {
		if got := say.SpeedNote(ctxIn(tt.tag, nil), tt.speed, 15); got != tt.want {
			t.Errorf("speedNote(%s, %s, 15) = %q; want %q", tt.tag, tt.speed, got, tt.want)
		}
	}
}

// ctxIn is a context speaking language tag.
func ctxIn(tag string, _ any) context.Context {
	return i18n.NewContext(context.Background(), i18n.Default().Localizer(tag))
}
