package server

import (
	"context"
	"errors"
	"net/http"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
	"github.com/go-chi/chi/v5"
)

// The trainee's side of a live drill (issue 23): joining in one tap, the
// live page on the tablet (the question as in practice with a countdown,
// then the trainee's own result and the explanation), and the answer,
// graded on the server from the seed once, while answers are open. The key
// never reaches a tablet before the lock: the question's page is made
// without it, as practice's is, and the result only once the store's
// clock says the answers are closed.

// memberClass finds the class of the route's {id} for the signed-in
// trainee: 403 for a class they are not in (trainer.ErrClassNotMember).
func (s *Server) memberClass(r *http.Request) (*class.Class, error) {
	id, err := idParam(r)
	if err != nil {
		return nil, err
	}
	return s.drive.ForMember(r.Context(), id, visitOf(r.Context()).user.ID)
}

// handleTabletShow is the trainee's live page: where the class's live drill
// stands for them.
func (s *Server) handleTabletShow(w http.ResponseWriter, r *http.Request) {
	c, err := s.memberClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	panel, err := s.tabletNow(r.Context(), c.ID, false)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.renderTablet(w, r, http.StatusOK, c, panel)
}

// renderTablet writes the live page, or only its panel for htmx.
func (s *Server) renderTablet(w http.ResponseWriter, r *http.Request, status int, c *class.Class, panel templates.TabletPanel) {
	page := s.page(r, say.Name(c.Name), "practice")
	page.RefreshSeconds = 5 // without JavaScript; the event stream does it otherwise
	v := templates.TabletView{Page: page, ClassName: c.Name, EventsURL: tabletURL(c.ID) + "/events",
		PollURL: tabletURL(c.ID) + "/panel", Panel: panel}
	s.render(w, r, status, templates.TabletPage(v), templates.TabletPanelFragment(panel))
}

// tabletNow is the signed-in trainee's panel now; poll keeps the class
// watched by the hub for a tablet that polls.
func (s *Server) tabletNow(ctx context.Context, classID int64, poll bool) (templates.TabletPanel, error) {
	u := visitOf(ctx).user
	sn, err := s.live.Current(ctx, classID, poll)
	if err != nil {
		return templates.TabletPanel{}, err
	}
	p, err := s.live.Participation(ctx, sn, u.ID)
	if err != nil {
		return templates.TabletPanel{}, err
	}
	return s.view.TabletPanel(ctx, &sn.Live, p, u.ID, drillLang(ctx), s.db.Clock())
}

// handleTabletJoin joins the class's live drill: one tap from the home
// page. A trainee who joins during a question's preview takes it; later,
// they wait for the next (class.State.Admits).
func (s *Server) handleTabletJoin(w http.ResponseWriter, r *http.Request) {
	c, err := s.memberClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if c.RunID == 0 {
		s.error(w, r, errClassNoRun)
		return
	}
	if _, err := s.db.JoinClassRun(r.Context(), c.RunID, visitOf(r.Context()).user.ID); err != nil {
		s.error(w, r, err)
		return
	}
	s.live.Poke()
	s.redirect(w, r, tabletURL(c.ID))
}

// handleTabletAnswer takes the trainee's answer to the question of the
// route, graded on the server and stored once (class.Drive.Answer): a second
// answer is 409 with the answer already given, an answer once answers are
// closed is refused with why, and an answer that cannot be read (422) is
// shown again with its message, as in practice.
func (s *Server) handleTabletAnswer(w http.ResponseWriter, r *http.Request) {
	c, err := s.memberClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	ctx := r.Context()
	a, refused, err := s.drive.Answer(ctx, c.ID, visitOf(ctx).user.ID, chi.URLParam(r, "question"), drillLang(ctx), practice.Chips(s.house), r.PostForm)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if refused != nil {
		s.tabletRefused(w, r, c, refused)
		return
	}
	if len(a.Errs) > 0 {
		panel, err := s.tabletNow(ctx, c.ID, false)
		if err != nil {
			s.error(w, r, err)
			return
		}
		if panel.Question != nil && panel.Form {
			panel.Question = s.view.LiveQuestion(ctx, a.Question, a.Drill, templates.ClassAnswerURL(c.ID, a.Question.ID), r.PostForm, view.FieldErrors(ctx, a.Errs))
		}
		s.renderTablet(w, r, http.StatusUnprocessableEntity, c, panel)
		return
	}
	s.live.Poke()
	if !isHTMX(r) {
		s.redirect(w, r, tabletURL(c.ID))
		return
	}
	panel, err := s.tabletNow(ctx, c.ID, false)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.renderTablet(w, r, http.StatusOK, c, panel)
}

// tabletRefused shows the live page as it stands with why the answer was
// not taken: 409 for a second answer (the answer given shows), an answer
// after the lock or once the drill moved on; the refusal's own status
// otherwise.
func (s *Server) tabletRefused(w http.ResponseWriter, r *http.Request, c *class.Class, err error) {
	panel, perr := s.tabletNow(r.Context(), c.ID, false)
	if perr != nil {
		s.error(w, r, perr)
		return
	}
	var e *trainer.Error
	if errors.As(err, &e) && e.ID != "" {
		panel.Notice = e.ID
		panel.NoticeArgs = e.Args
	} else {
		panel.Notice = "classes.tablet.refused"
	}
	s.renderTablet(w, r, statusOf(trainer.KindOf(err)), c, panel)
}

// classResume offers the trainee's open class session on the home page:
// back to the class's live page.
func (s *Server) classResume(r *http.Request, u *trainer.User, sess *trainer.PracticeSession) (*templates.ResumeView, error) {
	c, err := s.drive.OfSession(r.Context(), u.ID, sess.ID)
	if err != nil || c == nil {
		return nil, err
	}
	return view.ClassResume(r.Context(), c.Name, c.ID, sess.Answered), nil
}

// toClassSession sends a request for a class's session to its class's live
// page (or home, once the live drill has ended): practice serves no class
// question.
func (s *Server) toClassSession(w http.ResponseWriter, r *http.Request, sess *trainer.PracticeSession) {
	u := visitOf(r.Context()).user
	c, err := s.drive.OfSession(r.Context(), u.ID, sess.ID)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if c == nil {
		s.redirect(w, r, "/trainee")
		return
	}
	s.redirect(w, r, tabletURL(c.ID))
}
