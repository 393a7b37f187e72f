package server

import (
	"net/http"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// handleRoot sends a visitor where they belong: setup on a new kiosk, their
// home when signed in, sign-in otherwise.
func (s *Server) handleRoot(w http.ResponseWriter, r *http.Request) {
	v := visitOf(r.Context())
	if v.user != nil {
		s.redirect(w, r, homeURL(v.user))
		return
	}
	isNew, err := s.isNew(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	switch {
	case isNew:
		s.redirect(w, r, "/setup")
	case v.ended != trainer.SessionLive:
		s.redirect(w, r, "/signin?ended="+endedParam(v.ended))
	default:
		s.redirect(w, r, "/signin")
	}
}
