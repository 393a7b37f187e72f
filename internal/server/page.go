package server

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/go-chi/chi/v5"
)

// pinPageIdle is how long a trainee's keypad stays on screen untouched before
// the tablet goes back to the name grid, so nobody finds a half-started
// sign-in under someone else's name.
const pinPageIdle = 60 * time.Second

// page builds the layout's view model for r: the title, the signed-in user,
// and the inactivity timeout of the user's role (the trainees' or the
// staff's setting) after which the page returns to the start by itself (one
// second after the server has ended the session).
func (s *Server) page(r *http.Request, title say.Message, section string) templates.Page {
	p := templates.Page{Title: title, Section: section, House: s.house.Title}
	if s.house.Logo != nil {
		p.LogoURL = logoURL + "?v=" + s.logoTag
	}
	v := visitOf(r.Context())
	u := v.user
	if u == nil {
		return p
	}
	p.Viewer = &templates.Viewer{
		Name:      u.Name,
		RoleLabel: say.Role(r.Context(), u.Role),
		CanManage: slices.Contains(managers, u.Role),
		CanAdmin:  slices.Contains(admins, u.Role),
		IsTrainee: u.Role == trainer.RoleTrainee,
	}
	idle := v.idle // read with the session; a sign-in just now has none
	if idle == 0 {
		st, err := s.db.Settings(r.Context())
		if err != nil {
			s.logError(r, err)
			st = trainer.DefaultSettings()
		}
		idle = st.IdleTimeout(u.Role)
	}
	p.IdleSeconds = int(idle/time.Second) + 1
	p.IdleURL = "/"
	p.KeepAliveURL = keepAliveURL
	if p.Viewer.IsTrainee {
		// The navigation shows an exam under way on every page, so that a
		// trainee who looks elsewhere finds the way back to it.
		if open, err := s.db.OpenPracticeSession(r.Context(), u.ID); err == nil && open.Mode == trainer.ModeExam {
			p.ExamURL = templates.ExamURL(open.ID)
			if section == "practice" && strings.HasPrefix(r.URL.Path, "/exams/") {
				p.Section = "exam"
			}
		} else if err != nil && trainer.KindOf(err) != trainer.KindNotFound {
			s.logError(r, err)
		}
	}
	return p
}

// homeURL is where u lands after signing in.
func homeURL(u *trainer.User) string {
	switch u.Role {
	case trainer.RoleAdministrator:
		return "/admin/users"
	case trainer.RoleManager, trainer.RoleDirector:
		return "/manager"
	}
	return "/trainee"
}

// idParam reads the {id} of the route. Returns KindNotFound when it is not a
// positive number, as no user could have it.
func idParam(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, errPageNotFound
	}
	return id, nil
}

// errPageNotFound answers an address with an id no record could have.
var errPageNotFound = trainer.NewError(trainer.KindNotFound, "error.not_found")

// errUnreadableForm answers a form body that cannot be parsed at all (a bad
// percent-escape): no browser sends one.
var errUnreadableForm = trainer.NewError(trainer.KindInvalid, "error.unreadable_form")

// messageIn is err's message for people in l's language (say.Error).
func messageIn(l *i18n.Localizer, err error) string {
	return say.Error(i18n.NewContext(context.Background(), l), err)
}
