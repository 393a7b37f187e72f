package server

import (
	"context"
	"net/http"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
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

// checkSecret is the one way a sign-in checks a PIN or password: attempt a
// is counted against the limits first, in one transaction with the check
// of the holds in force, so that concurrent guesses cannot slip past a
// limit; only then does check run (argon2id); then the attempt is finished,
// a right one taking its count back. wrong is the message id of a wrong one
// ("signin.wrong_pin"), whose "_left" message warns of a hold.
// It returns whether the secret was right, or the refusal to show.
//
// All three steps run in one slot of the hash gate. Attempts in flight
// count against the limits until they are finished, so letting only as many
// be in flight as there are slots keeps honest concurrent sign-ins (a class
// behind one address at nine o'clock, a double tap) from filling a limit
// with attempts that will turn out right; the limits do not rely on it.
func (s *Server) checkSecret(r *http.Request, a trainer.SigninAttempt, check func() bool, wrong string) (bool, refusal, error) {
	ctx := r.Context()
	var (
		d       trainer.SigninDecision
		ok      bool
		started []*trainer.SigninHold
		err     error
	)
	if gerr := s.hashes.do(ctx, func() {
		if d, err = s.db.ReserveSigninAttempt(ctx, a); err != nil || d.Refused != nil {
			return
		}
		s.hashes.checks.Add(1)
		ok = check()
		// Finished even if the visitor has left meanwhile: the count
		// must say how the check came out.
		started, err = s.db.FinishSigninAttempt(context.WithoutCancel(ctx), d.Attempt, ok)
	}); gerr != nil {
		return false, refusal{}, gerr // the visitor left before anything was counted
	}
	switch {
	case err != nil:
		return false, refusal{}, err
	case d.Refused != nil:
		return false, refusal{msgHeld(d.Refused, s.db.Clock()), http.StatusTooManyRequests}, nil
	case ok:
		return true, refusal{}, nil
	}
	s.logHolds(r, a, started)
	if h := firstHold(started); h != nil {
		return false, refusal{msgHeld(h, s.db.Clock()), http.StatusTooManyRequests}, nil
	}
	return false, refusal{wrongMessage(wrong, d.Left), http.StatusUnprocessableEntity}, nil
}

// warnTries is how few tries left the sign-in forms warn of: the keypad
// says "2 tries left" before a hold stops the account on the device.
const warnTries = 2

// wrongMessage is the message of a wrong PIN or password (message id
// wrong) with, when few are left, how many more a hold allows ("That PIN is
// not right. 2 tries left before sign-in is held on this device."). The
// words are the same for every account, so they tell nothing of whether a
// staff name exists: a name of nobody's is counted like an account.
func wrongMessage(wrong string, left int) say.Message {
	if left <= 0 || left > warnTries {
		return say.Msg(wrong)
	}
	return say.Msg(wrong+"_left", "Count", left)
}

// firstHold is the hold to tell the visitor about among those a failure
// started: the device's, then the account's everywhere, then the account's
// on the device.
func firstHold(holds []*trainer.SigninHold) *trainer.SigninHold {
	for _, scope := range []trainer.HoldScope{trainer.HoldDevice, trainer.HoldAccount, trainer.HoldPair} {
		for _, h := range holds {
			if h.Scope == scope {
				return h
			}
		}
	}
	return nil
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

// msgHeld tells a visitor the hold h stops their sign-in, and until when
// on the kiosk's clock (say.Clock). The words depend on what is held, never
// on whether a staff name exists.
func msgHeld(h *trainer.SigninHold, now time.Time) say.Message {
	until := say.ClockWord(now, h.Until)
	what := "pins"
	if h.Staff {
		what = "passwords"
	}
	switch h.Scope {
	case trainer.HoldDevice:
		return say.Msg("signin.held_device", "Until", until)
	case trainer.HoldAccount:
		return say.Msg("signin.locked_"+what, "Until", until)
	}
	return say.Msg("signin.held_here_"+what, "Until", until)
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
