package server

import (
	"fmt"
	"net/http"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/go-chi/chi/v5/middleware"
)

// Sign-in limits (docs/hardening.md): an account is locked after too many
// wrong PINs or passwords (kept in the database, settings on the settings
// page), and a device that sends too many wrong entries across accounts is
// held back for a while (in memory, ratelimit.go). Both are refused with 429
// and a message that says until when, and nothing about the PIN typed.

// refusal is why a sign-in was refused, and its status; the zero value lets
// the sign-in through.
type refusal struct {
	msg    string
	status int
}

// signinRefusal refuses a sign-in before its PIN or password is checked:
// the device is held back, or account u (nil when the name matched nobody)
// is locked.
func (s *Server) signinRefusal(r *http.Request, u *trainer.User) (refusal, error) {
	now := s.db.Now()
	if until, blocked := s.addrs.blockedUntil(clientAddress(r), now); blocked {
		return refusal{msgBlocked(now, until), http.StatusTooManyRequests}, nil
	}
	if u == nil {
		return refusal{}, nil
	}
	l, err := s.db.SigninLockout(r.Context(), u.ID)
	switch {
	case trainer.KindOf(err) == trainer.KindNotFound:
		return refusal{}, nil
	case err != nil:
		return refusal{}, err
	}
	return refusal{msgLocked(u, now, l.Until), http.StatusTooManyRequests}, nil
}

// signinFailed records a wrong PIN or password for account u (nil when the
// name matched nobody) from the request's address, and returns the refusal
// to show: wrong, or the lockout this failure caused. Lockouts are logged.
func (s *Server) signinFailed(r *http.Request, u *trainer.User, wrong string) (refusal, error) {
	now, addr := s.db.Now(), clientAddress(r)
	ref := refusal{wrong, http.StatusUnprocessableEntity}
	if until, blocked := s.addrs.fail(addr, now); blocked {
		s.log.WarnContext(r.Context(), "sign-in address held back",
			"request_id", middleware.GetReqID(r.Context()), "address", addr,
			"failures", addressMaxFailures, "window", addressWindow, "until", until)
		ref = refusal{msgBlocked(now, until), http.StatusTooManyRequests}
	}
	if u == nil {
		return ref, nil
	}
	l, err := s.db.RecordSigninFailure(r.Context(), u.ID, addr)
	if err != nil || l == nil {
		return ref, err
	}
	s.log.WarnContext(r.Context(), "account locked",
		"request_id", middleware.GetReqID(r.Context()), "user_id", u.ID, "user", u.Name, "role", string(u.Role),
		"address", addr, "failures", l.Failures, "strike", l.Strike, "until", l.Until)
	return refusal{msgLocked(u, now, l.Until), http.StatusTooManyRequests}, nil
}

// msgLocked tells a user their account is locked, and until when.
func msgLocked(u *trainer.User, now, until time.Time) string {
	what := "passwords"
	if u.Role.UsesPIN() {
		what = "PINs"
	}
	return fmt.Sprintf("Too many wrong %s: this account is locked until %s. An administrator can unlock it sooner.",
		what, clockText(now, until))
}

// msgBlocked tells a device it sent too many wrong entries.
func msgBlocked(now, until time.Time) string {
	return fmt.Sprintf("Too many wrong PINs and passwords from this device. Try again at %s.", clockText(now, until))
}

// clockText writes t as the kiosk's clock shows it: "14:35", with the day
// when it is not today.
func clockText(now, t time.Time) string {
	now, t = now.Local(), t.Local()
	if t.YearDay() != now.YearDay() || t.Year() != now.Year() {
		return t.Format("Mon 15:04")
	}
	return t.Format("15:04")
}

// handleUserUnlock lifts the lock on a user's account (an administrator,
// POST). The user's wrong entries are forgotten too.
func (s *Server) handleUserUnlock(w http.ResponseWriter, r *http.Request) {
	u, err := s.userParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if err := s.db.Unlock(r.Context(), u.ID); err != nil {
		s.error(w, r, err)
		return
	}
	s.log.InfoContext(r.Context(), "account unlocked",
		"request_id", middleware.GetReqID(r.Context()), "user_id", u.ID, "user", u.Name,
		"by_user_id", visitOf(r.Context()).user.ID, "address", clientAddress(r))
	s.redirect(w, r, userURL(u.ID)+"?done=unlocked")
}
