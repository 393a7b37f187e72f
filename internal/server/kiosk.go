package server

import (
	"errors"
	"net/http"
	"net/url"

	"github.com/a-h/templ"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// The trainee's practice pages (issue 7). Every handler reads and writes only
// the signed-in trainee's own sessions and attempts: the store looks them up
// by ID and owner, so another trainee's ID is "not found".

// Refusals of practice routes: an exam has its own pages.
var (
	errExamItem         = trainer.NewError(trainer.KindForbidden, "error.exam_item")
	errExamNotEnded     = trainer.NewError(trainer.KindForbidden, "error.exam_not_ended")
	errNoDrills         = trainer.NewError(trainer.KindNotFound, "error.no_drills")
	errUnreadableAnswer = trainer.NewError(trainer.KindInvalid, "error.unreadable_answer")
	errSessionNotFound  = practice.ErrSessionNotFound
	errQuestionNotFound = trainer.NewError(trainer.KindNotFound, "error.question_not_found")
)

// handleTraineeHome is a trainee's start page: the games, and the session to
// resume if one is open (on this tablet or another).
func (s *Server) handleTraineeHome(w http.ResponseWriter, r *http.Request) {
	u := visitOf(r.Context()).user
	v := templates.TraineeHomeView{Page: s.page(r, say.Msg("home.games"), "practice"), Name: u.Name, Games: s.view.GameTiles(r.Context())}
	var err error
	if v.Resume, err = s.openSession(r, u); err != nil {
		s.error(w, r, err)
		return
	}
	if v.Cert, err = s.certHome(r.Context(), u); err != nil {
		s.error(w, r, err)
		return
	}
	running, err := s.drive.Running(r.Context(), u.ID)
	if err != nil {
		s.error(w, r, err)
		return
	}
	v.Classes = view.JoinCards(running, v.Resume)
	s.render(w, r, http.StatusOK, templates.TraineeHomePage(v), nil)
}

// handlePracticeNew shows the form that starts a session of one game (?game=).
func (s *Server) handlePracticeNew(w http.ResponseWriter, r *http.Request) {
	game := r.URL.Query().Get("game")
	if !s.plan.Offers(game, trainer.KindMixed) {
		s.error(w, r, errNoDrills)
		return
	}
	c := view.StartChoice{Game: game, Kind: trainer.KindMixed, Mode: trainer.ModePractice, Level: 1}
	if m, err := trainer.ParseMode(r.URL.Query().Get("mode")); err == nil {
		c.Mode = m // the refresher links here with review chosen
	}
	f := s.view.StartForm(r.Context(), c, nil)
	open, err := s.openSession(r, visitOf(r.Context()).user)
	if err != nil {
		s.error(w, r, err)
		return
	}
	name := say.Game(r.Context(), game)
	s.render(w, r, http.StatusOK, templates.StartPage(templates.StartView{Page: s.page(r, say.Name(name), "practice"), GameName: name, Form: f, Open: open}), nil)
}

// openSession is the trainee's open session or exam, to resume, or nil.
func (s *Server) openSession(r *http.Request, u *trainer.User) (*templates.ResumeView, error) {
	sess, err := s.db.OpenPracticeSession(r.Context(), u.ID)
	switch {
	case err == nil && sess.Mode == trainer.ModeClass:
		return s.classResume(r, u, sess)
	case err == nil:
		return view.Resume(r.Context(), sess), nil
	case trainer.KindOf(err) == trainer.KindNotFound:
		return nil, nil
	}
	return nil, err
}

// handlePracticeStart starts a session (ending the trainee's open one) and
// serves its first scenario (practice.Flow.StartSession).
func (s *Server) handlePracticeStart(w http.ResponseWriter, r *http.Request) {
	u := visitOf(r.Context()).user
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	c, errs := view.ReadStart(r.PostForm, s.plan, loc(r))
	if len(errs) > 0 {
		if !s.plan.Offers(c.Game, trainer.KindMixed) {
			s.error(w, r, errNoDrills)
			return
		}
		f := s.view.StartForm(r.Context(), c, errs)
		name := say.Game(r.Context(), c.Game)
		s.render(w, r, http.StatusUnprocessableEntity, templates.StartPage(templates.StartView{Page: s.page(r, say.Name(name), "practice"), GameName: name, Form: f}),
			templates.StartFormFragment(f))
		return
	}
	sess := &trainer.PracticeSession{UserID: u.ID, Mode: c.Mode, Game: c.Game, Kind: c.Kind, Level: c.Level, SiteID: s.site}
	if err := s.flow.StartSession(r.Context(), sess, drillLang(r.Context())); err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, templates.PracticeURL(sess.ID))
}

// sessionParam finds the trainee's session of the route's {id}. Returns
// KindNotFound for another trainee's.
func (s *Server) sessionParam(r *http.Request) (*trainer.PracticeSession, error) {
	id, err := idParam(r)
	if err != nil {
		return nil, err
	}
	sess, err := s.db.FindPracticeSession(r.Context(), id, visitOf(r.Context()).user.ID)
	return sess, trainer.NotFoundAs(err, errSessionNotFound)
}

// sessionLastParam is sessionParam with the session's scenario served last
// (nil when none), read together.
func (s *Server) sessionLastParam(r *http.Request) (*trainer.PracticeSession, *trainer.Attempt, error) {
	id, err := idParam(r)
	if err != nil {
		return nil, nil, err
	}
	sess, last, err := s.db.FindPracticeSessionLast(r.Context(), id, visitOf(r.Context()).user.ID)
	return sess, last, trainer.NotFoundAs(err, errSessionNotFound)
}

// handlePracticeShow shows the session where it stands: the scenario waiting
// for its answer, the last feedback, or the summary once it has ended. The
// state is in the database, so this resumes the session on any tablet.
func (s *Server) handlePracticeShow(w http.ResponseWriter, r *http.Request) {
	sess, last, err := s.sessionLastParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if sess.Mode == trainer.ModeExam {
		s.redirect(w, r, templates.ExamURL(sess.ID))
		return
	}
	if sess.Mode == trainer.ModeClass {
		s.toClassSession(w, r, sess)
		return
	}
	p, err := s.currentPanel(r, sess, last)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.renderPanel(w, r, http.StatusOK, p)
}

// handlePracticeNext serves the session's next scenario; after the last one,
// it ends the session and shows the summary.
func (s *Server) handlePracticeNext(w http.ResponseWriter, r *http.Request) {
	sess, last, err := s.sessionLastParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if sess.Mode == trainer.ModeExam { // an exam serves its next item by itself
		s.redirect(w, r, templates.ExamURL(sess.ID))
		return
	}
	if sess.Mode == trainer.ModeClass {
		s.toClassSession(w, r, sess)
		return
	}
	var sv *practice.Served
	if sess.Open() {
		sv, sess, err = s.flow.NextOrEnd(r.Context(), sess, last, drillLang(r.Context()))
		if err != nil {
			s.error(w, r, err)
			return
		}
	}
	if !isHTMX(r) {
		s.redirect(w, r, templates.PracticeURL(sess.ID))
		return
	}
	if sv != nil {
		// The scenario just served (or the one already waiting): serving
		// changes none of the session's counts, so sess is current.
		s.renderPanel(w, r, http.StatusOK, s.questionPanel(r, sess, sv, nil, nil))
		return
	}
	p, err := s.currentPanel(r, sess, last) // the session has ended: its summary
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.renderPanel(w, r, http.StatusOK, p)
}

// handlePracticeEnd ends the session before its last scenario.
func (s *Server) handlePracticeEnd(w http.ResponseWriter, r *http.Request) {
	sess, err := s.sessionParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if sess.Mode == trainer.ModeExam {
		s.error(w, r, errExamNotEnded)
		return
	}
	if _, err := s.db.EndPracticeSession(r.Context(), sess.ID, sess.UserID); err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, templates.PracticeURL(sess.ID))
}

// attemptParam finds the trainee's attempt of the route's {id} and its
// session, read together. Returns KindNotFound for another trainee's.
func (s *Server) attemptParam(r *http.Request) (*trainer.Attempt, *trainer.PracticeSession, error) {
	id, err := idParam(r)
	if err != nil {
		return nil, nil, err
	}
	a, sess, err := s.db.FindAttemptInSession(r.Context(), id, visitOf(r.Context()).user.ID)
	return a, sess, trainer.NotFoundAs(err, errQuestionNotFound)
}

// handleAttemptAnswer grades an answer on the server and shows the feedback.
// The key never left the server: the drill is rebuilt from the stored spec.
// A second answer to the same scenario is refused with 409 and the feedback
// already given; no second answer is stored.
func (s *Server) handleAttemptAnswer(w http.ResponseWriter, r *http.Request) {
	a, sess, err := s.attemptParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if sess.Mode == trainer.ModeExam {
		s.error(w, r, errExamItem)
		return
	}
	if a.Answered() {
		s.renderAnswered(w, r, sess, a, nil, http.StatusConflict)
		return
	}
	if !sess.Open() {
		s.error(w, r, trainer.ErrSessionEnded)
		return
	}
	changed := a.RulesVersion != s.plan.Version()
	sv, err := s.flow.Rebuild(r.Context(), a)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if changed {
		// The answer is to a question made under the old rules: it is not
		// graded against another. The same seed is asked again, timed anew.
		p := s.questionPanel(r, sess, sv, nil, nil)
		p.Notice = say.Msg("practice.rules_changed")
		s.renderPanel(w, r, http.StatusConflict, p)
		return
	}
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableAnswer)
		return
	}
	answer, msgs := practice.DecodeAnswer(sv.Drill, practice.Chips(s.house), r.PostForm)
	if len(msgs) > 0 {
		s.renderPanel(w, r, http.StatusUnprocessableEntity, s.questionPanel(r, sess, sv, r.PostForm, view.FieldErrors(r.Context(), msgs)))
		return
	}
	stored, after, err := s.flow.Grade(r.Context(), sv, answer)
	if errors.Is(err, trainer.ErrAnswered) {
		s.renderAnswered(w, r, after, stored, sv.Drill, http.StatusConflict)
		return
	}
	if err != nil {
		s.error(w, r, err)
		return
	}
	if !isHTMX(r) {
		s.redirect(w, r, templates.PracticeURL(sess.ID))
		return
	}
	s.renderAnswered(w, r, after, stored, sv.Drill, http.StatusOK)
}

// renderAnswered shows the stored feedback of an answered attempt; d is its
// drill if already rebuilt, or nil. sess must have been read with a, so that
// its counts include the answer.
func (s *Server) renderAnswered(w http.ResponseWriter, r *http.Request, sess *trainer.PracticeSession, a *trainer.Attempt, d *drills.Drill, status int) {
	f, err := s.feedback(r, sess, a, d, true)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.renderPanel(w, r, status, templates.DrillPanel{Bar: view.SessionBar(r.Context(), sess, a.Position), Feedback: &f})
}

// handleAttemptHint records that the trainee asked for the hint and shows it.
func (s *Server) handleAttemptHint(w http.ResponseWriter, r *http.Request) {
	a, sess, err := s.attemptParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if !sess.Mode.AllowsHint() {
		s.error(w, r, trainer.NewError(trainer.KindForbidden, "exam.no_hints", "Mode", say.ModeWord(sess.Mode)))
		return
	}
	if !sess.Open() && !a.Answered() {
		s.error(w, r, trainer.ErrSessionEnded) // the store checks again, in its transaction
		return
	}
	if a, err = s.db.UseHint(r.Context(), a.ID, a.UserID); err != nil {
		s.error(w, r, err)
		return
	}
	if !isHTMX(r) {
		s.redirect(w, r, templates.PracticeURL(sess.ID))
		return
	}
	sv, err := s.flow.Rebuild(r.Context(), a)
	if err != nil {
		s.error(w, r, err)
		return
	}
	p := s.questionPanel(r, sess, sv, nil, nil)
	if p.Question.HintTarget == "#"+templates.HintBoxID {
		s.render(w, r, http.StatusOK, templates.DrillPage(templates.DrillView{Page: s.page(r, say.Msg("nav.practice"), "practice")}),
			templates.HintFragment(*p.Question.Hint))
		return
	}
	s.renderPanel(w, r, http.StatusOK, p)
}

// handleAttemptShow opens a past scenario exactly as it was shown, with the
// answer given and its feedback. A scenario still waiting for its answer is
// answered on its session's page.
func (s *Server) handleAttemptShow(w http.ResponseWriter, r *http.Request) {
	a, sess, err := s.attemptParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if sess.Mode == trainer.ModeExam && sess.Open() { // nothing of an exam is told before its end
		s.redirect(w, r, templates.ExamURL(sess.ID))
		return
	}
	if !a.Answered() {
		s.redirect(w, r, templates.PracticeURL(sess.ID))
		return
	}
	f, err := s.feedback(r, sess, a, nil, false)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if sess.Mode == trainer.ModeExam {
		if err := s.examTiming(r, sess, a, &f); err != nil {
			s.error(w, r, err)
			return
		}
	}
	s.render(w, r, http.StatusOK, templates.AttemptPage(s.page(r, say.Msg("feedback.your_answer"), "history"), f), nil)
}

// renderPanel writes the session page, or only its panel for htmx.
func (s *Server) renderPanel(w http.ResponseWriter, r *http.Request, status int, p templates.DrillPanel) {
	var page templ.Component
	if !wantsFragment(r) {
		// The page's frame reads the store (an exam under way): only
		// for a whole page, not for the fragment of every answer.
		page = templates.DrillPage(templates.DrillView{Page: s.page(r, say.Name(p.Bar.Title), "practice"), Panel: p})
	}
	s.render(w, r, status, page, templates.DrillPanelFragment(p))
}

// currentPanel is the session where it stands (practice.Flow.Where);
// last is its scenario served last, read with it (nil when none).
func (s *Server) currentPanel(r *http.Request, sess *trainer.PracticeSession, last *trainer.Attempt) (templates.DrillPanel, error) {
	ctx := r.Context()
	at, err := s.flow.Where(ctx, sess, last, drillLang(ctx))
	switch {
	case err != nil:
		return templates.DrillPanel{}, err
	case at.Ended != nil:
		sum := view.Summary(ctx, at.Ended, at.Attempts)
		return templates.DrillPanel{Bar: view.SessionBar(ctx, at.Ended, 0), Summary: &sum}, nil
	case at.Answered != nil:
		f, err := s.feedback(r, sess, at.Answered, nil, true)
		if err != nil {
			return templates.DrillPanel{}, err
		}
		return templates.DrillPanel{Bar: view.SessionBar(ctx, sess, at.Answered.Position), Feedback: &f}, nil
	}
	return s.questionPanel(r, sess, at.Waiting, nil, nil), nil
}

// questionPanel is the session's panel with served question sv waiting for
// its answer; form and errs re-render a refused answer (422).
func (s *Server) questionPanel(r *http.Request, sess *trainer.PracticeSession, sv *practice.Served, form url.Values, errs templates.Errors) templates.DrillPanel {
	q := s.view.Question(r.Context(), sess, sv.Attempt, sv.Drill, s.db.Clock(), form, errs)
	return templates.DrillPanel{Bar: view.SessionBar(r.Context(), sess, sv.Attempt.Position), Question: &q}
}

// feedback is the feedback of answered attempt a of sess; d is its drill
// if already rebuilt, or nil. A drill whose rules are no longer kept shows
// what is stored, with the reason (view.Feedback).
func (s *Server) feedback(r *http.Request, sess *trainer.PracticeSession, a *trainer.Attempt, d *drills.Drill, inSession bool) (templates.FeedbackView, error) {
	if d == nil {
		var err error
		if d, err = s.flow.AnsweredDrill(a); err != nil {
			return templates.FeedbackView{}, err
		}
	}
	return s.view.Feedback(r.Context(), sess, a, d, inSession)
}
