package server

import (
	"net/http"

	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// handleSettingsShow shows the kiosk-wide settings.
func (s *Server) handleSettingsShow(w http.ResponseWriter, r *http.Request) {
	st, err := s.db.Settings(r.Context())
	if err != nil {
		s.error(w, r, err)
		return
	}
	f := view.SettingsForm(st)
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
	st, f := view.ReadSettings(r.PostForm, current, loc(r))
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
