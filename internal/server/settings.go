package server

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
)

func settingsForm(st trainer.Settings) templates.SettingsForm {
	return templates.SettingsForm{
		IdleMinutes: strconv.Itoa(int(st.TraineeIdleTimeout / time.Minute)),
		MinMinutes:  int(trainer.MinTraineeIdleTimeout / time.Minute),
		MaxMinutes:  int(trainer.MaxTraineeIdleTimeout / time.Minute),
		Errors:      templates.Errors{},
	}
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
	s.render(w, r, http.StatusOK, templates.SettingsPage(s.page(r, "Settings", "settings"), f), nil)
}

// handleSettingsUpdate saves the settings.
func (s *Server) handleSettingsUpdate(w http.ResponseWriter, r *http.Request) {
	st := trainer.DefaultSettings()
	f := settingsForm(st)
	f.IdleMinutes = strings.TrimSpace(r.PostFormValue("idle_minutes"))
	minutes, err := strconv.Atoi(f.IdleMinutes)
	if err != nil {
		minutes = 0 // not a number: the range message says what to type
	}
	st.TraineeIdleTimeout = time.Duration(minutes) * time.Minute
	err = st.Validate()
	if err != nil {
		fieldError(f.Errors, "idle_minutes", err)
		s.render(w, r, http.StatusUnprocessableEntity,
			templates.SettingsPage(s.page(r, "Settings", "settings"), f), templates.SettingsFormFragment(f))
		return
	}
	if err := s.db.UpdateSettings(r.Context(), st); err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, "/admin/settings?saved=1")
}
