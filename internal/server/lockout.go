package server

import (
	"net/http"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
	"github.com/go-chi/chi/v5/middleware"
)

// Sign-in limits (docs/hardening.md, trainer/signin.go): every PIN or
// password is counted by the store before it is checked, against the
// account on its device, the account everywhere and the device. A sign-in a
// hold stops is refused with 429 and a message that says until when, and
// nothing about the PIN typed; its PIN is not checked.

// refusal is why a sign-in was refused, and its status; the zero value lets
// the sign-in through.
type refusal struct {
	msg    say.Message
	status int
}

// checkSecret checks a sign-in's PIN or password against the sign-in
// limits (lockout.Gate.Check); wrong is the message id of a wrong one
// ("signin.wrong_pin"), whose "_left" message warns of a hold. It returns
// whether the secret was right, or the refusal to show.
func (s *Server) checkSecret(r *http.Request, a trainer.SigninAttempt, check func() bool, wrong string) (bool, refusal, error) {
	v, err := s.hashes.Check(r.Context(), s.db, a, check)
	switch {
	case err != nil:
		return false, refusal{}, err // the visitor left before anything was counted
	case v.OK:
		return true, refusal{}, nil
	}
	s.logHolds(r, a, v.Started)
	if v.Held != nil {
		return false, refusal{view.SigninHeld(v.Held, s.db.Clock()), http.StatusTooManyRequests}, nil
	}
	return false, refusal{view.WrongSecret(wrong, v.Left), http.StatusUnprocessableEntity}, nil
}

// logHolds logs the holds that attempt a's failure started.
func (s *Server) logHolds(r *http.Request, a trainer.SigninAttempt, holds []*trainer.SigninHold) {
	for _, h := range holds {
		args := []any{"request_id", middleware.GetReqID(r.Context()), "address", a.Device,
			"failures", h.Failures, "strike", h.Strike, "until", h.Until}
		if h.Scope != trainer.HoldDevice {
			args = append(args, "user_id", a.UserID, "account", a.Account)
		}
		switch h.Scope {
		case trainer.HoldDevice:
			s.log.WarnContext(r.Context(), "sign-in device held", args...)
		case trainer.HoldAccount:
			s.log.WarnContext(r.Context(), "account locked", args...)
		default:
			s.log.WarnContext(r.Context(), "account held on a device", args...)
		}
	}
}

// handleUserUnlock lifts every hold on a user's account, everywhere and on
// every device (an administrator, POST). The user's wrong entries are
// forgotten too.
func (s *Server) handleUserUnlock(w http.ResponseWriter, r *http.Request) {
	u, err := s.userParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	lifted, err := s.db.Unlock(r.Context(), u.ID)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.log.InfoContext(r.Context(), "account unlocked",
		"request_id", middleware.GetReqID(r.Context()), "user_id", u.ID, "user", u.Name, "holds", len(lifted),
		"by_user_id", visitOf(r.Context()).user.ID, "address", s.clientAddress(r))
	s.redirect(w, r, templates.UserURL(u.ID)+"?done=unlocked")
}

// handleHoldLift lifts one hold shown on the users page: an account on a
// device, an account everywhere, or a device (an administrator, POST).
func (s *Server) handleHoldLift(w http.ResponseWriter, r *http.Request) {
	id, err := idParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	h, err := s.db.LiftSigninHold(r.Context(), id)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.log.InfoContext(r.Context(), "sign-in hold lifted",
		"request_id", middleware.GetReqID(r.Context()), "hold", h.Scope.String(), "user_id", h.UserID, "device", h.Device,
		"by_user_id", visitOf(r.Context()).user.ID, "address", s.clientAddress(r))
	s.redirect(w, r, "/admin/users?lifted=1")
}
