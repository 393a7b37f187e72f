package server

import (
	"net/http"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// isNew reports whether the kiosk has no users yet, the only time the setup
// page exists.
func (s *Server) isNew(r *http.Request) (bool, error) {
	n, err := s.db.CountUsers(r.Context())
	return n == 0, err
}

// handleSetupShow shows the first-administrator form on a new kiosk; once a
// user exists the page is gone (404).
func (s *Server) handleSetupShow(w http.ResponseWriter, r *http.Request) {
	isNew, err := s.isNew(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if !isNew {
		s.handleNotFound(w, r)
		return
	}
	s.render(w, r, http.StatusOK, templates.SetupPage(s.page(r, say.Msg("admin.setup_title"), ""), templates.SetupForm{}), nil)
}

// handleSetupCreate creates the first administrator and signs them in.
func (s *Server) handleSetupCreate(w http.ResponseWriter, r *http.Request) {
	isNew, err := s.isNew(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if !isNew {
		s.handleNotFound(w, r)
		return
	}
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	f, password := view.ReadSetup(r.PostForm, loc(r))
	if len(f.Errors) > 0 {
		f.Name = trainer.Clip(f.Name, trainer.MaxNameLen) // shown back at most a name's length
		s.render(w, r, http.StatusUnprocessableEntity,
			templates.SetupPage(s.page(r, say.Msg("admin.setup_title"), ""), f), templates.SetupFormFragment(f))
		return
	}
	u := &trainer.User{Name: f.Name, Role: trainer.RoleAdministrator, SiteID: s.site}
	if err := s.accounts.CreateFirst(r.Context(), u, password); err != nil {
		s.error(w, r, err)
		return
	}
	if err := s.signIn(w, r, u); err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, homeURL(u))
}
