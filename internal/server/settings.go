package server

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

func settingsForm(st trainer.Settings) templates.SettingsForm {
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

// decodeSettings reads the settings form over the settings in force. It is
// pure, so any input can be fuzzed through it: it returns the settings, or
// messages by field, and the form to show again with what was typed. A
// setting the form does not hold at all (a page loaded before the setting
// existed) keeps its value; one left empty is an error on its field.
func decodeSettings(form url.Values, current trainer.Settings, l *i18n.Localizer) (trainer.Settings, templates.SettingsForm) {
	st := current
	f := settingsForm(st)
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
	fieldError(l, f.Errors, "idle_minutes", trainer.ValidateIdleTimeout(st.TraineeIdleTimeout))
	fieldError(l, f.Errors, "staff_idle_minutes", trainer.ValidateStaffIdleTimeout(st.StaffIdleTimeout))
	fieldError(l, f.Errors, "max_failures", trainer.ValidateMaxSigninFailures(st.MaxSigninFailures))
	fieldError(l, f.Errors, "lockout_minutes", trainer.ValidateLockoutDuration(st.LockoutDuration))
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

// handleSettingsShow shows the kiosk-wide settings.
func (s *Server) handleSettingsShow(w http.ResponseWriter, r *http.Request) {
	st, err := s.db.Settings(r.Context())
	if err != nil {
		s.error(w, r, err)
		return
	}
	f := settingsForm(st)
	f.Saved = r.URL.Query().Get("saved") == "1"
	s.render(w, r, http.StatusOK, templates.SettingsPage(s.page(r, say.Msg("nav.settings"), "settings"), f), nil)
}

// handleSettingsUpdate saves the settings.
func (s *Server) handleSettingsUpdate(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	current, err := s.db.Settings(r.Context())
	if err != nil {
		s.error(w, r, err)
		return
	}
	st, f := decodeSettings(r.PostForm, current, loc(r))
	if len(f.Errors) > 0 {
		s.render(w, r, http.StatusUnprocessableEntity,
			templates.SettingsPage(s.page(r, say.Msg("nav.settings"), "settings"), f), templates.SettingsFormFragment(f))
		return
	}
	if err := s.db.UpdateSettings(r.Context(), st); err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, "/admin/settings?saved=1")
}
