package view_test

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/view"
)

// The fuzz targets of the kiosk's form readers. Each takes a posted body
// (as a browser url-encodes it) and checks that the decoder never panics,
// that what it accepts passes the domain's own validation, and that what it
// refuses gets clear messages: on the form's own fields, one sentence each,
// with nothing of Go's error texts. Seed corpora: testdata/fuzz/<target>.

// en is the source language, the decoders' English.
var en = i18n.Default().Localizer(i18n.Source)

// wantMessages checks the messages a decoder returned for raw.
func wantMessages(t *testing.T, raw string, errs map[string]string, fields ...string) {
	t.Helper()
	for field, msg := range errs {
		if !slices.Contains(fields, field) {
			t.Errorf("%q: a message on %q, which is not a field of the form (%v)", raw, field, fields)
		}
		wantSentence(t, raw, msg)
	}
}

// wantSentence checks one message for people: a sentence on one line.
func wantSentence(t *testing.T, raw, msg string) {
	t.Helper()
	switch {
	case msg == "" || !strings.HasSuffix(msg, "."):
		t.Errorf("%q: message %q is not a sentence", raw, msg)
	case strings.ContainsAny(msg, "\n\r"):
		t.Errorf("%q: message %q is not one line", raw, msg)
	case strings.Contains(msg, "strconv") || strings.Contains(msg, "%!") || strings.Contains(msg, "<nil>"):
		t.Errorf("%q: message %q leaks an error meant for programmers", raw, msg)
	}
}

func parseBody(raw string) (url.Values, bool) {
	form, err := url.ParseQuery(raw)
	return form, err == nil
}

// FuzzSigninForms: the badge form, the keypad and the staff sign-in.
func FuzzSigninForms(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw string) {
		form, ok := parseBody(raw)
		if !ok {
			return
		}
		b := view.ReadBadge(form, i18n.Default().Localizer("en"))
		wantMessages(t, raw, b.Errors, "badge")
		if len(b.Errors) == 0 && (b.Badge == "" || trainer.ValidateBadge(b.Badge) != nil) {
			t.Errorf("%q: badge %q accepted", raw, b.Badge)
		}
		pin, msg := view.ReadPIN(form, i18n.Default().Localizer("ru"))
		if msg != "" {
			wantSentence(t, raw, msg)
		} else if trainer.ValidatePIN(pin) != nil {
			t.Errorf("%q: PIN %q accepted", raw, pin)
		}
		s, password := view.ReadStaffSignin(form, i18n.Default().Localizer("it"))
		wantMessages(t, raw, s.Errors, "name", "password")
		if len(s.Errors) == 0 && (s.Name == "" || s.Name != trainer.NormalizeName(s.Name) || password == "") {
			t.Errorf("%q: staff sign-in %q accepted with password %q", raw, s.Name, password)
		}
	})
}

// FuzzSetupForm: the first administrator's form.
func FuzzSetupForm(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw string) {
		form, ok := parseBody(raw)
		if !ok {
			return
		}
		s, password := view.ReadSetup(form, en)
		wantMessages(t, raw, s.Errors, "name", "password", "confirm")
		if len(s.Errors) == 0 {
			if trainer.ValidateName(s.Name) != nil || trainer.ValidatePassword(password) != nil || password != form.Get("confirm") {
				t.Errorf("%q: setup accepted as %q / %q", raw, s.Name, password)
			}
		}
	})
}

// FuzzUserForms: the new-user form and the PIN or password reset.
func FuzzUserForms(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw string) {
		form, ok := parseBody(raw)
		if !ok {
			return
		}
		u, role, secret, err := view.ReadNewUser(form, en)
		switch {
		case err != nil:
			if trainer.KindOf(err) != trainer.KindInvalid {
				t.Errorf("%q: error %v of kind %v; want KindInvalid", raw, err, trainer.KindOf(err))
			}
			wantSentence(t, raw, trainer.MessageOf(err))
		default:
			wantMessages(t, raw, u.Errors, "name", "badge", "secret", "confirm")
			stored := &trainer.User{Name: u.Name, Role: role, Badge: u.Badge, SecretHash: "$h$"}
			if len(u.Errors) == 0 && (stored.Validate() != nil || trainer.ValidateSecret(role, secret) != nil) {
				t.Errorf("%q: user %+v accepted with secret %q", raw, stored, secret)
			}
		}
		for _, role := range trainer.Roles {
			errs := map[string]string{}
			secret := view.ReadSecret(form, role, errs, en)
			wantMessages(t, raw, errs, "secret", "confirm")
			if len(errs) == 0 && (trainer.ValidateSecret(role, secret) != nil || secret != form.Get("confirm")) {
				t.Errorf("%q: new secret %q accepted for a %s", raw, secret, role)
			}
		}
	})
}

// FuzzSettingsForm: the kiosk's settings.
func FuzzSettingsForm(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw string) {
		form, ok := parseBody(raw)
		if !ok {
			return
		}
		st, sf := view.ReadSettings(form, trainer.DefaultSettings(), en)
		wantMessages(t, raw, sf.Errors, "idle_minutes", "staff_idle_minutes", "max_failures", "lockout_minutes")
		if len(sf.Errors) == 0 && st.Validate() != nil {
			t.Errorf("%q: settings %+v accepted: %v", raw, st, st.Validate())
		}
	})
}
