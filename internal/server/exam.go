package server

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
	"github.com/go-chi/chi/v5"
)

// The trainee's certification exam (issue 8). An exam is a practice session
// in ModeExam with its items fixed at the start (exam_items): each is served
// in turn as an attempt (the server's timer starts when it is served),
// answered once, with no hint and no feedback; after the last answer the
// exam is judged (eval.JudgeExam) and the result page shows everything. The
// state is only in the database, so the exam resumes on any tablet and after
// a restart.

// handleExamNew shows what the exam of ?game= holds and starts it, when the
// trainee may sit it now; otherwise it says why not.
func (s *Server) handleExamNew(w http.ResponseWriter, r *http.Request) {
	u := visitOf(r.Context()).user
	game := r.URL.Query().Get("game")
	st, ok := s.house.Certification[game]
	if !ok {
		s.error(w, r, errNoExam)
		return
	}
	if open, err := s.db.OpenPracticeSession(r.Context(), u.ID); err == nil && open.Mode == trainer.ModeExam {
		s.redirect(w, r, templates.ExamURL(open.ID))
		return
	}
	v, err := s.examStartView(r, u, game, st, nil)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.ExamStartPage(v), nil)
}

// errNoExam refuses the exam of a game without a certification standard.
var errNoExam = trainer.NewError(trainer.KindNotFound, "error.no_exam")

// examStartView describes the exam of game and whether it may start;
// refused is why starting it was just refused, or nil.
func (s *Server) examStartView(r *http.Request, u *trainer.User, game string, st *rulebook.Standard, refused error) (templates.ExamStartView, error) {
	g, err := s.flow.Gate(r.Context(), u.ID, game)
	if err != nil {
		return templates.ExamStartView{}, err
	}
	return view.ExamStart(r.Context(), s.page(r, say.Message{}, "practice"), game, st, g, refused), nil
}

// handleExamStart starts the exam of the posted game (practice.Flow.StartExam)
// and serves its first item.
func (s *Server) handleExamStart(w http.ResponseWriter, r *http.Request) {
	u := visitOf(r.Context()).user
	game := r.PostFormValue("game")
	st, ok := s.house.Certification[game]
	if !ok {
		s.error(w, r, errNoExam)
		return
	}
	ex, err := s.flow.StartExam(r.Context(), u.ID, game, st, s.site, drillLang(r.Context()))
	if errors.Is(err, trainer.ErrExamOpen) {
		open, oerr := s.db.OpenPracticeSession(r.Context(), u.ID)
		if oerr == nil {
			s.redirect(w, r, templates.ExamURL(open.ID))
			return
		}
	}
	if trainer.KindOf(err) == trainer.KindConflict {
		v, verr := s.examStartView(r, u, game, st, err)
		if verr != nil {
			s.error(w, r, verr)
			return
		}
		s.render(w, r, http.StatusConflict, templates.ExamStartPage(v), nil)
		return
	}
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, templates.ExamURL(ex.ID))
}

// examParam finds the trainee's exam of the route's {id} and its session.
// Returns KindNotFound for another trainee's.
func (s *Server) examParam(r *http.Request) (*trainer.Exam, *trainer.PracticeSession, error) {
	id, err := idParam(r)
	if err != nil {
		return nil, nil, err
	}
	return s.flow.Exam(r.Context(), id, visitOf(r.Context()).user.ID)
}

// handleExamShow shows the exam where it stands: the question waiting for
// its answer (served now if none waits), or the result. It resumes the exam
// on any tablet; a finish interrupted by a crash is completed here.
func (s *Server) handleExamShow(w http.ResponseWriter, r *http.Request) {
	ex, _, err := s.examParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	p, err := s.examPanel(r, ex, say.Message{})
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.renderExam(w, r, http.StatusOK, p)
}

// handleExamAnswer grades the answer to the exam's item {n}, stores it once,
// and serves the next item (or, after the last, judges the exam). It shows
// nothing of the answer's worth. An answer to an item that is not the one
// waiting (a double tap, a second tablet, a stale page) is refused with 409
// and the exam where it stands, and is not stored anywhere.
func (s *Server) handleExamAnswer(w http.ResponseWriter, r *http.Request) {
	ex, sess, err := s.examParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	n, err := strconv.Atoi(chi.URLParam(r, "n"))
	if err != nil || n < 1 || n > len(ex.Items) {
		s.error(w, r, errPageNotFound)
		return
	}
	stale := func() {
		p, err := s.examPanel(r, ex, say.Msg("exam.answered_once"))
		if err != nil {
			s.error(w, r, err)
			return
		}
		s.renderExam(w, r, http.StatusConflict, p)
	}
	if ex.Finished() {
		stale()
		return
	}
	sv, err := s.flow.ExamItem(r.Context(), ex, drillLang(r.Context()))
	if errors.Is(err, practice.ErrSessionDone) || err == nil && sv.Attempt.Position != n {
		stale()
		return
	}
	if err != nil {
		s.error(w, r, err)
		return
	}
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableAnswer)
		return
	}
	answer, msgs := practice.DecodeAnswer(sv.Drill, practice.Chips(s.house), r.PostForm)
	if len(msgs) > 0 {
		q := s.view.ExamQuestion(r.Context(), sess, ex, sv.Attempt, sv.Drill, s.db.Clock(), r.PostForm, view.FieldErrors(r.Context(), msgs))
		s.renderExam(w, r, http.StatusUnprocessableEntity, templates.ExamPanel{Bar: view.ExamBar(r.Context(), ex, sess.Answered, sv.Attempt.Position), Question: &q})
		return
	}
	if _, _, err := s.flow.Grade(r.Context(), sv, answer); errors.Is(err, trainer.ErrAnswered) {
		stale()
		return
	} else if err != nil {
		s.error(w, r, err)
		return
	}
	if err := s.flow.AdvanceExam(r.Context(), ex, drillLang(r.Context())); err != nil {
		s.error(w, r, err)
		return
	}
	if !isHTMX(r) {
		s.redirect(w, r, templates.ExamURL(ex.ID))
		return
	}
	if ex, _, err = s.examParam(r); err != nil {
		s.error(w, r, err)
		return
	}
	p, err := s.examPanel(r, ex, say.Message{})
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.renderExam(w, r, http.StatusOK, p)
}

// examPanel is the exam where it stands (practice.Flow.ExamWhere).
func (s *Server) examPanel(r *http.Request, ex *trainer.Exam, notice say.Message) (templates.ExamPanel, error) {
	ctx := r.Context()
	at, err := s.flow.ExamWhere(ctx, ex, drillLang(ctx))
	switch {
	case err != nil:
		return templates.ExamPanel{}, err
	case at.Waiting != nil:
		sv := at.Waiting
		q := s.view.ExamQuestion(ctx, at.Session, at.Exam, sv.Attempt, sv.Drill, s.db.Clock(), nil, nil)
		return templates.ExamPanel{Bar: view.ExamBar(ctx, at.Exam, at.Session.Answered, sv.Attempt.Position), Question: &q, Notice: notice}, nil
	}
	res, err := s.examResult(r, at.Exam, visitOf(ctx).user.Name, true)
	if err != nil {
		return templates.ExamPanel{}, err
	}
	return templates.ExamPanel{Bar: view.ExamBar(ctx, at.Exam, len(at.Exam.Items), 0), Result: &res, Notice: notice}, nil
}

// examResult is the finished exam ex of trainee with each item rebuilt
// from its spec under the exam's own rules (practice.Flow.Review,
// view.ExamResult). An item that cannot be rebuilt is logged.
func (s *Server) examResult(r *http.Request, ex *trainer.Exam, trainee string, forTrainee bool) (templates.ExamResultView, error) {
	items, rv, err := s.flow.Review(r.Context(), ex, loc(r).Lang())
	if err != nil {
		return templates.ExamResultView{}, err
	}
	for _, x := range items {
		if x.Err != nil {
			s.logError(r, fmt.Errorf("exam %d, item %d: %w", ex.ID, x.Item.Position, x.Err))
		}
	}
	return s.view.ExamResult(r.Context(), ex, rv, trainee, items, forTrainee)
}

// examTiming puts the exam's time allowed on the feedback of one of its
// items (view.ExamTiming).
func (s *Server) examTiming(r *http.Request, sess *trainer.PracticeSession, a *trainer.Attempt, f *templates.FeedbackView) error {
	it, err := s.flow.ExamItemOf(r.Context(), sess.ID, a)
	if err != nil {
		return err
	}
	view.ExamTiming(r.Context(), it, a, f)
	return nil
}

// renderExam writes the exam page, or only its panel for htmx.
func (s *Server) renderExam(w http.ResponseWriter, r *http.Request, status int, p templates.ExamPanel) {
	pg := s.page(r, say.Msg("exam.title_of", "Game", p.Bar.Title), "practice")
	// No way into the rule book while a question waits (the /book routes
	// refuse it too, bookClosed): only the result cites it.
	pg.HideBook = p.Result == nil
	page := templates.ExamPage(templates.ExamView{Page: pg, Panel: p})
	s.render(w, r, status, page, templates.ExamPanelFragment(p))
}
