package view

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The forms of signing in, setting up, the users and the settings, read
// here as view.ReadChecker and view.ReadWhatIf read theirs: each reader is
// pure, so any input can be fuzzed through it, and returns the form to
// show again with a message, in l's language, on each field that cannot be
// used. The handlers call the store with what they accept.

// FieldError puts err's message for people on the form's field, in l's
// language; nil puts nothing.
func FieldError(l *i18n.Localizer, errs templates.Errors, field string, err error) {
	if err != nil {
		errs[field] = say.Error(i18n.NewContext(context.Background(), l), err)
	}
}

// ReadBadge reads the badge form. Like every decoder of the kiosk's forms
// it is pure, so any input can be fuzzed through it: it returns the form to
// show again, with messages by field when the input cannot be used.
func ReadBadge(form url.Values, l *i18n.Localizer) templates.BadgeForm {
	f := templates.BadgeForm{Badge: trainer.NormalizeBadge(form.Get("badge")), Errors: templates.Errors{}}
	switch {
	case f.Badge == "":
		f.Errors["badge"] = l.T("form.badge_empty")
	case trainer.ValidateBadge(f.Badge) != nil:
		f.Errors["badge"] = l.T("form.badge_unknown") // no badge is written so: nobody has it
	}
	return f
}

// ReadPIN reads the keypad's form: the PIN, or a message for its field
// in l's language (trainer.ValidatePIN's sentence).
func ReadPIN(form url.Values, l *i18n.Localizer) (pin, msg string) {
	pin = form.Get("pin")
	if err := trainer.ValidatePIN(pin); err != nil {
		return "", l.T("form.pin_digits", "Min", trainer.MinPINLen, "Max", trainer.MaxPINLen)
	}
	return pin, ""
}

// ReadStaffSignin reads the staff sign-in form: the form to show again
// (with messages for empty fields, in l's language) and the password.
func ReadStaffSignin(form url.Values, l *i18n.Localizer) (templates.StaffForm, string) {
	f := templates.StaffForm{Name: trainer.NormalizeName(form.Get("name")), Errors: templates.Errors{}}
	password := form.Get("password")
	if f.Name == "" {
		f.Errors["name"] = l.T("form.enter_name")
	}
	if password == "" {
		f.Errors["password"] = l.T("form.enter_password")
	}
	return f, password
}

// ReadSetup reads the first administrator's form: the form to show again,
// with messages by field, and the password.
func ReadSetup(form url.Values, l *i18n.Localizer) (templates.SetupForm, string) {
	f := templates.SetupForm{Name: trainer.NormalizeName(form.Get("name")), Errors: templates.Errors{}}
	password := form.Get("password")
	FieldError(l, f.Errors, "name", trainer.ValidateName(f.Name))
	FieldError(l, f.Errors, "password", trainer.ValidatePassword(password))
	if f.Errors["password"] == "" {
		FieldError(l, f.Errors, "confirm", trainer.ValidateConfirm(password, form.Get("confirm")))
	}
	return f, password
}

// ReadNewUser reads the new-user form: the form to show again, with
// messages by field, the role and the PIN or password. A role the form does
// not offer is an error (KindInvalid): the form never posts one.
func ReadNewUser(form url.Values, l *i18n.Localizer) (templates.UserForm, trainer.Role, string, error) {
	role, err := trainer.ParseRole(form.Get("role"))
	if err != nil {
		return templates.UserForm{}, "", "", err
	}
	f := UserForm(role)
	f.Name = trainer.NormalizeName(form.Get("name"))
	f.Badge = trainer.NormalizeBadge(form.Get("badge"))
	FieldError(l, f.Errors, "name", trainer.ValidateName(f.Name))
	FieldError(l, f.Errors, "badge", trainer.ValidateBadge(f.Badge))
	secret := ReadSecret(form, role, f.Errors, l)
	return f, role, secret, nil
}

// ReadSecret reads a new PIN or password for role and its confirmation,
// putting their messages on the "secret" and "confirm" fields of errs.
func ReadSecret(form url.Values, role trainer.Role, errs templates.Errors, l *i18n.Localizer) string {
	secret := form.Get("secret")
	FieldError(l, errs, "secret", trainer.ValidateSecret(role, secret))
	if errs["secret"] == "" {
		FieldError(l, errs, "confirm", trainer.ValidateConfirm(secret, form.Get("confirm")))
	}
	return secret
}

// SettingsForm is the settings form filled with st, with each field's
// range.
func SettingsForm(st trainer.Settings) templates.SettingsForm {
	return templates.SettingsForm{
		IdleMinutes:       strconv.Itoa(int(st.TraineeIdleTimeout / time.Minute)),
		MinMinutes:        int(trainer.MinTraineeIdleTimeout / time.Minute),
		MaxMinutes:        int(trainer.MaxTraineeIdleTimeout / time.Minute),
		StaffIdleMinutes:  strconv.Itoa(int(st.StaffIdleTimeout / time.Minute)),
		MinStaffMinutes:   int(trainer.MinStaffIdleTimeout / time.Minute),
		MaxStaffMinutes:   int(trainer.MaxStaffIdleTimeout / time.Minute),
		MaxFailures:       strconv.Itoa(st.MaxSigninFailures),
		MinFailures:       trainer.MinMaxSigninFailures,
		MaxMaxFailures:    trainer.MaxMaxSigninFailures,
		LockoutMinutes:    strconv.Itoa(int(st.LockoutDuration / time.Minute)),
		MinLockoutMinutes: int(trainer.MinLockoutDuration / time.Minute),
		MaxLockoutMinutes: int(trainer.MaxLockoutDuration / time.Minute),
		Errors:            templates.Errors{},
	}
}

// ReadSettings reads the settings form over the settings in force. It is
// pure, so any input can be fuzzed through it: it returns the settings, or
// messages by field, and the form to show again with what was typed. A
// setting the form does not hold at all (a page loaded before the setting
// existed) keeps its value; one left empty is an error on its field.
func ReadSettings(form url.Values, current trainer.Settings, l *i18n.Localizer) (trainer.Settings, templates.SettingsForm) {
	st := current
	f := SettingsForm(st)
	f.IdleMinutes = strings.TrimSpace(form.Get("idle_minutes"))
	if _, ok := form["staff_idle_minutes"]; ok {
		f.StaffIdleMinutes = strings.TrimSpace(form.Get("staff_idle_minutes"))
	}
	f.MaxFailures = strings.TrimSpace(form.Get("max_failures"))
	f.LockoutMinutes = strings.TrimSpace(form.Get("lockout_minutes"))
	// A value that is not a number reads as 0: the range message says
	// what to type.
	st.TraineeIdleTimeout = time.Duration(atoiOrZero(f.IdleMinutes)) * time.Minute
	st.StaffIdleTimeout = time.Duration(atoiOrZero(f.StaffIdleMinutes)) * time.Minute
	st.MaxSigninFailures = atoiOrZero(f.MaxFailures)
	st.LockoutDuration = time.Duration(atoiOrZero(f.LockoutMinutes)) * time.Minute
	FieldError(l, f.Errors, "idle_minutes", trainer.ValidateIdleTimeout(st.TraineeIdleTimeout))
	FieldError(l, f.Errors, "staff_idle_minutes", trainer.ValidateStaffIdleTimeout(st.StaffIdleTimeout))
	FieldError(l, f.Errors, "max_failures", trainer.ValidateMaxSigninFailures(st.MaxSigninFailures))
	FieldError(l, f.Errors, "lockout_minutes", trainer.ValidateLockoutDuration(st.LockoutDuration))
	return st, f
}

// atoiOrZero reads a whole number of at most 6 digits, or returns 0, so
// that no typed value can overflow a duration.
func atoiOrZero(s string) int {
	if len(s) > 6 {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0
	}
	return n
}

// ReadProfile reads a user's profile form: the name and badge normalised,
// with the messages of a new user's checks.
func ReadProfile(form url.Values, l *i18n.Localizer) templates.ProfileForm {
	f := templates.ProfileForm{Name: trainer.NormalizeName(form.Get("name")),
		Badge: trainer.NormalizeBadge(form.Get("badge")), Errors: templates.Errors{}}
	FieldError(l, f.Errors, "name", trainer.ValidateName(f.Name))
	FieldError(l, f.Errors, "badge", trainer.ValidateBadge(f.Badge))
	return f
}

// UserRefused puts the store's refusal of a user's name or badge on its
// field of errs (a name taken or too like another's, a badge taken), and,
// when whole is set, any other conflict on the form as a whole. It reports
// whether it put err anywhere: an error it does not is the error page's.
func UserRefused(l *i18n.Localizer, errs templates.Errors, err error, whole bool) bool {
	switch {
	case errors.Is(err, trainer.ErrNameTaken) || errors.As(err, new(*trainer.NameLookalike)):
		FieldError(l, errs, "name", err)
	case errors.Is(err, trainer.ErrBadgeTaken):
		FieldError(l, errs, "badge", err)
	case whole && trainer.KindOf(err) == trainer.KindConflict:
		FieldError(l, errs, "", err)
	default:
		return false
	}
	return true
}
