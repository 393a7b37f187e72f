package server

import (
	"net/url"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
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

// TestLanguageSpeedNotes: a speed grade's note says the target and its half
// in the trainee's language, the half with the language's decimal mark, and
// the grades keep the timer's names.
func TestLanguageSpeedNotes(t *testing.T) {
	c := i18n.Default()
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
		if got := speedNote(c.Localizer(tt.tag), tt.speed, 15); got != tt.want {
			t.Errorf("speedNote(%s, %s, 15) = %q; want %q", tt.tag, tt.speed, got, tt.want)
		}
	}
}

// TestLanguageFormMessages: the forms' messages that repeat package
// trainer's sentences say them word for word in English, and in the
// trainee's language otherwise.
func TestLanguageFormMessages(t *testing.T) {
	en, it := i18n.Default().Localizer("en"), i18n.Default().Localizer("it")
	_, err := trainer.ParseMode("poker")
	if _, got := decodePIN(url.Values{"pin": {"12"}}, en); got != trainer.MessageOf(trainer.ValidatePIN("12")) {
		t.Errorf("English PIN message %q; want trainer's %q", got, trainer.MessageOf(trainer.ValidatePIN("12")))
	}
	if got := en.T("form.choose_mode"); got != trainer.MessageOf(err) {
		t.Errorf("English mode message %q; want trainer's %q", got, trainer.MessageOf(err))
	}
	if _, got := decodePIN(url.Values{"pin": {"12"}}, it); !strings.HasPrefix(got, "Il PIN ha da ") {
		t.Errorf("Italian PIN message %q", got)
	}
	if f := decodeBadge(url.Values{"badge": {""}}, it); f.Errors["badge"] != "Digita il numero del tuo badge, oppure tocca il tuo nome." {
		t.Errorf("Italian empty badge message %q", f.Errors["badge"])
	}
	if f, _ := decodeStaffSignin(url.Values{}, i18n.Default().Localizer("ru")); f.Errors["password"] != "Введите свой пароль." {
		t.Errorf("Russian empty password message %q", f.Errors["password"])
	}
}
