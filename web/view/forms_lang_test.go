package view_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/view"
)

// TestLanguageFormMessages: the forms' messages that repeat package
// trainer's sentences say them word for word in English, and in the
// trainee's language otherwise.
func TestLanguageFormMessages(t *testing.T) {
	en, it := i18n.Default().Localizer("en"), i18n.Default().Localizer("it")
	_, err := trainer.ParseMode("poker")
	if _, got := view.ReadPIN(url.Values{"pin": {"12"}}, en); got != trainer.MessageOf(trainer.ValidatePIN("12")) {
		t.Errorf("English PIN message %q; want trainer's %q", got, trainer.MessageOf(trainer.ValidatePIN("12")))
	}
	if got := en.T("form.choose_mode"); got != trainer.MessageOf(err) {
		t.Errorf("English mode message %q; want trainer's %q", got, trainer.MessageOf(err))
	}
	if _, got := view.ReadPIN(url.Values{"pin": {"12"}}, it); !strings.HasPrefix(got, "Il PIN ha da ") {
		t.Errorf("Italian PIN message %q", got)
	}
	if f := view.ReadBadge(url.Values{"badge": {""}}, it); f.Errors["badge"] != "Digita il numero del tuo badge, oppure tocca il tuo nome." {
		t.Errorf("Italian empty badge message %q", f.Errors["badge"])
	}
	if f, _ := view.ReadStaffSignin(url.Values{}, i18n.Default().Localizer("ru")); f.Errors["password"] != "Введите свой пароль." {
		t.Errorf("Russian empty password message %q", f.Errors["password"])
	}
}
