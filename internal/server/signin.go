package server

import (
	"net/http"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/lockout"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// A failed sign-in re-renders its form with 422, like every other form whose
// input cannot be accepted, and says what to do in the sign-in page's
// language (signin.wrong_pin, signin.wrong_staff, signin.inactive). (401
// would ask for an HTTP authentication scheme the kiosk does not use.)

// handleSigninShow shows the trainees' name grid. A new kiosk goes to setup
// and a signed-in user to their home.
func (s *Server) handleSigninShow(w http.ResponseWriter, r *http.Request) {
	if u := visitOf(r.Context()).user; u != nil {
		s.redirect(w, r, homeURL(u))
		return
	}
	isNew, err := s.isNew(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if isNew {
		s.redirect(w, r, "/setup")
		return
	}
	v, err := s.signinView(r, templates.BadgeForm{})
	if err != nil {
		s.error(w, r, err)
		return
	}
	// htmx asks for the grid alone as a name is typed in the filter.
	s.render(w, r, http.StatusOK, templates.SigninPage(v), templates.TraineeGridFragment(v))
}

// signinView is the sign-in screen with the trainees whose names match the
// filter (?q=), and badge as the badge form.
func (s *Server) signinView(r *http.Request, badge templates.BadgeForm) (templates.SigninView, error) {
	users, err := s.db.ListUsers(r.Context(), trainer.UserFilter{Role: trainer.RoleTrainee, ActiveOnly: true, SiteID: s.site})
	if err != nil {
		return templates.SigninView{}, err
	}
	q := trainer.Clip(strings.TrimSpace(r.URL.Query().Get("q")), trainer.MaxNameLen)
	var notice say.Message
	if ended := r.URL.Query().Get("ended"); ended != "" {
		var st *trainer.Settings // nil when unread: the notice says no minutes
		if got, err := s.db.Settings(r.Context()); err == nil {
			st = &got
		}
		notice = view.EndedNotice(ended, st)
	}
	v := view.Signin(r.Context(), users, q, badge, notice)
	v.Page = s.page(r, say.Msg("signin.title"), "")
	return v, nil
}

func (s *Server) renderSignin(w http.ResponseWriter, r *http.Request, status int, badge templates.BadgeForm) {
	v, err := s.signinView(r, badge)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.render(w, r, status, templates.SigninPage(v), templates.BadgeFormFragment(v.Badge))
}

// handleBadgeFind sends a trainee who typed a badge number to their keypad.
func (s *Server) handleBadgeFind(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	f := view.ReadBadge(r.PostForm, loc(r))
	if len(f.Errors) == 0 {
		u, err := s.db.FindUserByBadge(r.Context(), f.Badge)
		switch {
		case trainer.KindOf(err) == trainer.KindNotFound || err == nil && !lockout.OnKeypad(u, s.site):
			f.Errors["badge"] = say.T(r.Context(), "signin.no_badge")
		case err != nil:
			s.error(w, r, err)
			return
		default:
			s.redirect(w, r, templates.PINURL(u.ID))
			return
		}
	}
	f.Badge = trainer.Clip(f.Badge, trainer.MaxBadgeLen)
	s.renderSignin(w, r, http.StatusUnprocessableEntity, f)
}

// traineeParam finds the active trainee of the route's {id}. Returns
// KindNotFound for anyone else, so staff never appear behind a keypad.
func (s *Server) traineeParam(r *http.Request) (*trainer.User, error) {
	id, err := idParam(r)
	if err != nil {
		return nil, err
	}
	u, err := s.db.FindUserByID(r.Context(), id)
	if err != nil {
		return nil, trainer.NotFoundAs(err, errUserNotFound)
	}
	if !lockout.OnKeypad(u, s.site) {
		return nil, errPageNotFound
	}
	return u, nil
}

func (s *Server) pinPage(r *http.Request) templates.Page {
	p := s.page(r, say.Msg("signin.pin_title"), "")
	p.IdleSeconds, p.IdleURL = int(pinPageIdle/time.Second), "/signin"
	return p
}

// handlePINShow shows a trainee's keypad. A signed-in user is sent home, as
// from the name grid: a keypad under their session would sign them out by
// signing someone in.
func (s *Server) handlePINShow(w http.ResponseWriter, r *http.Request) {
	if me := visitOf(r.Context()).user; me != nil {
		s.redirect(w, r, homeURL(me))
		return
	}
	u, err := s.traineeParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	f := templates.PINForm{Action: templates.PINURL(u.ID), Name: u.Name}
	s.render(w, r, http.StatusOK, templates.PINPage(s.pinPage(r), f), nil)
}

// handlePINSignin signs a trainee in with their PIN. A sign-in that a hold
// stops (too many wrong entries from the device, for the account on the
// device, or for the account everywhere) is refused with 429 before the PIN
// is checked (lockout.go).
func (s *Server) handlePINSignin(w http.ResponseWriter, r *http.Request) {
	u, err := s.traineeParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	f := templates.PINForm{Action: templates.PINURL(u.ID), Name: u.Name, Errors: templates.Errors{}}
	pin, msg := view.ReadPIN(r.PostForm, loc(r))
	var ref refusal
	if msg != "" {
		f.Errors["pin"], ref.status = msg, http.StatusUnprocessableEntity
	} else if ref, err = s.pinSignin(r, u, pin); err != nil {
		s.error(w, r, err)
		return
	} else if ref.msg.ID != "" {
		f.Errors["pin"] = say.Text(r.Context(), ref.msg)
	}
	if f.Errors["pin"] != "" {
		s.render(w, r, ref.status, templates.PINPage(s.pinPage(r), f), templates.PINFormFragment(f))
		return
	}
	if err := s.signIn(w, r, u); err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, homeURL(u))
}

// pinSignin checks trainee u's PIN, unless a hold stops the sign-in first
// (lockout.go). It returns no refusal when the trainee may sign in.
func (s *Server) pinSignin(r *http.Request, u *trainer.User, pin string) (refusal, error) {
	a, check := lockout.PINAttempt(u, pin, s.clientAddress(r))
	_, ref, err := s.checkSecret(r, a, check, "signin.wrong_pin")
	return ref, err
}

// handleStaffShow shows the name-and-password sign-in.
func (s *Server) handleStaffShow(w http.ResponseWriter, r *http.Request) {
	if u := visitOf(r.Context()).user; u != nil {
		s.redirect(w, r, homeURL(u))
		return
	}
	s.render(w, r, http.StatusOK, templates.StaffSigninPage(s.page(r, say.Msg("signin.staff_title"), ""), templates.StaffForm{}), nil)
}

// handleStaffSignin signs a manager or an administrator in. A wrong name and
// a wrong password get the same message, the same counting and the same
// time, so the form does not tell which names exist. Sign-ins a hold stops
// are refused with 429 as on the keypad. What was typed as the name is shown
// back at most a name's length.
func (s *Server) handleStaffSignin(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	f, password := view.ReadStaffSignin(r.PostForm, loc(r))
	status := http.StatusUnprocessableEntity
	var u *trainer.User
	if len(f.Errors) == 0 {
		var ref refusal
		var err error
		if u, ref, err = s.staffSignin(r, f.Name, password); err != nil {
			s.error(w, r, err)
			return
		}
		if ref.msg.ID != "" {
			f.Errors[""], status = say.Text(r.Context(), ref.msg), ref.status
		}
	}
	if len(f.Errors) > 0 {
		f.Name = trainer.Clip(f.Name, trainer.MaxNameLen)
		s.render(w, r, status,
			templates.StaffSigninPage(s.page(r, say.Msg("signin.staff_title"), ""), f), templates.StaffFormFragment(f))
		return
	}
	if err := s.signIn(w, r, u); err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, homeURL(u))
}

// staffSignin checks a staff name and password, unless a hold stops the
// sign-in first. It returns the user and no refusal when they may sign in.
// A name that is no staff member's is counted, answered and timed exactly
// like a staff account with a wrong password (lockout.StaffAttempt).
func (s *Server) staffSignin(r *http.Request, name, password string) (*trainer.User, refusal, error) {
	u, a, check, err := lockout.StaffAttempt(r.Context(), s.db, name, password, s.clientAddress(r))
	if err != nil {
		return nil, refusal{}, err
	}
	ok, ref, err := s.checkSecret(r, a, check, "signin.wrong_staff")
	switch {
	case err != nil || !ok:
		return nil, ref, err
	case !u.Active:
		return nil, refusal{say.Msg("signin.inactive"), http.StatusUnprocessableEntity}, nil
	}
	return u, refusal{}, nil
}

// handleSignout ends the session on the server and clears the cookie.
func (s *Server) handleSignout(w http.ResponseWriter, r *http.Request) {
	if v := visitOf(r.Context()); v.token != "" {
		if err := s.db.DeleteSession(r.Context(), v.token); err != nil {
			s.error(w, r, err)
			return
		}
	}
	if err := s.clearCookie(w, r); err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, "/signin?ended=out")
}
