package server

import (
	"net/http"
	"strconv"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// handleUserList lists every user, active or not, with the accounts locked
// or held after too many wrong entries marked, and every hold in force with
// the form that lifts it. ?added=ID names the user just added; ?lifted=1
// says a hold was lifted.
func (s *Server) handleUserList(w http.ResponseWriter, r *http.Request) {
	users, holds, err := s.accounts.List(r.Context(), s.scopeSite(r.Context()))
	if err != nil {
		s.error(w, r, err)
		return
	}
	added, _ := strconv.ParseInt(r.URL.Query().Get("added"), 10, 64)
	v := view.Users(r.Context(), users, holds, added, r.URL.Query().Get("lifted") == "1", s.db.Clock())
	v.Page = s.page(r, say.Msg("nav.users"), "users")
	s.render(w, r, http.StatusOK, templates.UsersPage(v), nil)
}

// newUserView builds the new-user page for form f's role.
func (s *Server) newUserView(r *http.Request, f templates.UserForm) templates.NewUserView {
	v := view.NewUser(r.Context(), f)
	v.Page = s.page(r, say.Msg("admin.add_user"), "users")
	return v
}

// handleUserNew shows the new-user form for ?role= (trainee by default).
func (s *Server) handleUserNew(w http.ResponseWriter, r *http.Request) {
	role, err := trainer.ParseRole(r.URL.Query().Get("role"))
	if err != nil {
		role = trainer.RoleTrainee
	}
	s.render(w, r, http.StatusOK, templates.NewUserPage(s.newUserView(r, view.UserForm(role))), nil)
}

// handleUserCreate adds a user with a PIN (trainee) or a password (staff).
func (s *Server) handleUserCreate(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	if to := r.PostForm.Get("switch_role"); to != "" {
		s.switchRole(w, r, to)
		return
	}
	f, role, secret, err := view.ReadNewUser(r.PostForm, loc(r))
	if err != nil {
		s.error(w, r, err)
		return
	}
	var u *trainer.User
	if len(f.Errors) == 0 {
		u = &trainer.User{Name: f.Name, Role: role, Badge: f.Badge, SiteID: s.homeSite(r.Context())}
		if err := s.accounts.Create(r.Context(), u, secret); err != nil && !view.UserRefused(loc(r), f.Errors, err, true) {
			s.error(w, r, err)
			return
		}
	}
	if len(f.Errors) > 0 {
		// What was typed is shown back, at most a field's length.
		f.Name, f.Badge = trainer.Clip(f.Name, trainer.MaxNameLen), trainer.Clip(f.Badge, trainer.MaxBadgeLen)
		v := s.newUserView(r, f)
		s.render(w, r, http.StatusUnprocessableEntity, templates.NewUserPage(v), templates.UserFormFragment(v.Form))
		return
	}
	s.redirect(w, r, "/admin/users?added="+strconv.FormatInt(u.ID, 10))
}

// switchRole shows the new-user form for role to, keeping the name and the
// badge typed so far (a role tab is a button of the form, so that switching
// the role does not lose them); a PIN or password is never sent back.
func (s *Server) switchRole(w http.ResponseWriter, r *http.Request, to string) {
	role, err := trainer.ParseRole(to)
	if err != nil {
		s.error(w, r, err)
		return
	}
	f := view.UserForm(role)
	f.Name = trainer.Clip(trainer.NormalizeName(r.PostForm.Get("name")), trainer.MaxNameLen)
	f.Badge = trainer.Clip(trainer.NormalizeBadge(r.PostForm.Get("badge")), trainer.MaxBadgeLen)
	v := s.newUserView(r, f)
	s.render(w, r, http.StatusOK, templates.NewUserPage(v), templates.UserFormFragment(v.Form))
}

// errUserNotFound refuses a user the administrator may not see.
var errUserNotFound = trainer.NewError(trainer.KindNotFound, "err.user_not_found")

// userParam finds the user of the route's {id}. Returns KindNotFound.
func (s *Server) userParam(r *http.Request) (*trainer.User, error) {
	id, err := idParam(r)
	if err != nil {
		return nil, err
	}
	u, err := s.db.FindUserByID(r.Context(), id)
	if err == nil && !s.sees(r.Context(), u) {
		return nil, errUserNotFound
	}
	return u, trainer.NotFoundAs(err, errUserNotFound)
}

// userView builds one user's page; ?done= names the action just done.
func (s *Server) userView(r *http.Request, u *trainer.User, secret templates.SecretForm, profile *templates.ProfileForm) (templates.UserView, error) {
	holds, err := s.db.ListSigninHolds(r.Context())
	if err != nil {
		return templates.UserView{}, err
	}
	v := view.User(r.Context(), view.UserPage{User: u, Me: visitOf(r.Context()).user, Holds: holds, Secret: secret,
		Profile: profile, House: s.house.Language, Done: r.URL.Query().Get("done")}, s.db.Clock())
	v.Page = s.page(r, say.Name(u.Name), "users")
	return v, nil
}

// handleUserShow shows one user.
func (s *Server) handleUserShow(w http.ResponseWriter, r *http.Request) {
	u, err := s.userParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	v, err := s.userView(r, u, view.SecretForm(u), nil)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.UserPage(v), nil)
}

// handleUserSecretReset sets a new PIN or password; the user's sessions end.
func (s *Server) handleUserSecretReset(w http.ResponseWriter, r *http.Request) {
	u, err := s.userParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	f := view.SecretForm(u)
	secret := view.ReadSecret(r.PostForm, u.Role, f.Errors, loc(r))
	if len(f.Errors) > 0 {
		v, err := s.userView(r, u, f, nil)
		if err != nil {
			s.error(w, r, err)
			return
		}
		s.render(w, r, http.StatusUnprocessableEntity, templates.UserPage(v), templates.SecretFormFragment(f))
		return
	}
	if err := s.accounts.Reset(r.Context(), u.ID, secret); err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, templates.UserURL(u.ID)+"?done=secret")
}

// handleUserDeactivate stops a user from signing in and ends their sessions.
// An administrator cannot deactivate their own account, and the last active
// administrator cannot be deactivated.
func (s *Server) handleUserDeactivate(w http.ResponseWriter, r *http.Request) {
	s.setActive(w, r, false)
}

// handleUserReactivate lets a deactivated user sign in again.
func (s *Server) handleUserReactivate(w http.ResponseWriter, r *http.Request) {
	s.setActive(w, r, true)
}

func (s *Server) setActive(w http.ResponseWriter, r *http.Request, active bool) {
	u, err := s.userParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	me := visitOf(r.Context()).user
	if !active && me.ID != u.ID && r.PostForm.Get("confirm") != "yes" {
		// Deactivating signs the user out everywhere: the page asks first.
		v, err := s.userView(r, u, view.SecretForm(u), nil)
		if err != nil {
			s.error(w, r, err)
			return
		}
		v.ConfirmDeactivate = true
		s.render(w, r, http.StatusOK, templates.UserPage(v), nil)
		return
	}
	err = s.accounts.SetActive(r.Context(), me, u.ID, active)
	if trainer.KindOf(err) == trainer.KindConflict {
		v, verr := s.userView(r, u, view.SecretForm(u), nil)
		if verr != nil {
			s.error(w, r, verr)
			return
		}
		v.Problem = say.Error(r.Context(), err)
		s.render(w, r, http.StatusConflict, templates.UserPage(v), nil)
		return
	}
	if err != nil {
		s.error(w, r, err)
		return
	}
	done := "deactivated"
	if active {
		done = "reactivated"
	}
	s.redirect(w, r, templates.UserURL(u.ID)+"?done="+done)
}

// handleUserProfileUpdate corrects a user's name and badge, with the checks
// of a new user's (normalised, valid, unique, not a look-alike of another
// user's), audited by the store. A refused change shows the form again with
// its messages (422); nothing is saved.
func (s *Server) handleUserProfileUpdate(w http.ResponseWriter, r *http.Request) {
	u, err := s.userParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	f := view.ReadProfile(r.PostForm, loc(r))
	if len(f.Errors) == 0 {
		if _, err := s.db.UpdateUser(r.Context(), u.ID, f.Name, f.Badge); err != nil && !view.UserRefused(loc(r), f.Errors, err, false) {
			s.error(w, r, err)
			return
		}
	}
	if len(f.Errors) > 0 {
		f.Name, f.Badge = trainer.Clip(f.Name, trainer.MaxNameLen), trainer.Clip(f.Badge, trainer.MaxBadgeLen)
		v, err := s.userView(r, u, view.SecretForm(u), &f)
		if err != nil {
			s.error(w, r, err)
			return
		}
		s.render(w, r, http.StatusUnprocessableEntity, templates.UserPage(v), templates.ProfileFormFragment(v.Profile))
		return
	}
	s.redirect(w, r, templates.UserURL(u.ID)+"?done=profile")
}
