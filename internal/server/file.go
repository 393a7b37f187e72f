package server

import (
	"cmp"
	"net/http"
	"strings"

	"github.com/a-h/templ"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
	"github.com/go-chi/chi/v5"
)

// A trainee's personnel file for the managers (issue 8): each game's
// certification with its exams, table tests and events, the sign-off,
// revocation and allowance forms, and the links to the printable pages and
// the CSV. Each form is checked three times: here (one's own certification,
// the fields), by eval inside the store's transaction (what the state
// allows), and by the store and the schema (the signer's role, never the
// holder).

// errTraineeNotFound refuses a trainee the manager may not see, or a user
// who is not a trainee.
var errTraineeNotFound = trainer.NewError(trainer.KindNotFound, "err.trainee_not_found")

// fileTraineeParam finds the trainee of the route's {id}. Returns KindNotFound
// for a user who is not a trainee.
func (s *Server) fileTraineeParam(r *http.Request) (*trainer.User, error) {
	id, err := idParam(r)
	if err != nil {
		return nil, err
	}
	u, err := s.db.FindUserByID(r.Context(), id)
	if err != nil || u.Role != trainer.RoleTrainee || !s.sees(r.Context(), u) {
		return nil, errTraineeNotFound
	}
	return u, nil
}

// gameParam reads the route's {game}: a game with a certification standard.
func (s *Server) gameParam(r *http.Request) (string, error) {
	g := chi.URLParam(r, "game")
	if _, ok := s.house.Certification[g]; !ok {
		return "", trainer.NewError(trainer.KindNotFound, "err.no_certification")
	}
	return g, nil
}

// handleTraineeFile shows a trainee's file. ?done= names what was just recorded.
func (s *Server) handleTraineeFile(w http.ResponseWriter, r *http.Request) {
	u, err := s.fileTraineeParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	// Records changed behind the kiosk's back are shown as the kiosk
	// reads them, with a warning: no certificate is granted or printed
	// from them until they agree with the audit trail again.
	problem := ""
	game, m, err := s.certs.Mismatch(r.Context(), u.ID, s.certGames())
	if err != nil {
		s.error(w, r, err)
		return
	}
	if m != nil {
		problem = say.T(r.Context(), "file.records_mismatch", "Game", say.GameWord(game), "About", m.About)
	}
	v, err := s.fileView(r, u, problem, nil)
	if err != nil {
		s.error(w, r, err)
		return
	}
	switch done := r.URL.Query().Get("done"); done {
	case "table-test", "revoked", "allowed", "hours", "struck", "topic":
		v.Notice = say.Msg("file.done_" + strings.ReplaceAll(done, "-", "_"))
	}
	s.render(w, r, http.StatusOK, templates.TraineeFilePage(v), nil)
}

// fileView builds a trainee's file (certs.Certs.File, practice.Flow.Practice);
// refused, if not nil, is a form to show again with its messages.
func (s *Server) fileView(r *http.Request, u *trainer.User, problem string, refused *view.FileForm) (templates.TraineeFileView, error) {
	ctx := r.Context()
	f := view.FileFacts{Trainee: u, Me: visitOf(ctx).user, Now: s.db.Clock(), Problem: problem, Refused: refused}
	var err error
	if f.File, err = s.certs.File(ctx, u, s.certGames()); err != nil {
		return templates.TraineeFileView{}, err
	}
	// The trainee's practice (issue 23): one read serves the weakest
	// skills, the progress panels and the last answers.
	p, err := s.flow.Practice(ctx, u.ID)
	if err != nil {
		return templates.TraineeFileView{}, err
	}
	f.Answers, f.Practice, f.Weakest = p.Answers, p.Games, view.WeakestPractised(ctx, p.Answers)
	return s.view.File(ctx, s.page(r, say.Message{}, "dashboard"), f), nil
}

// handleTableTestRecord records a table test: pass (which grants the
// certification), fail or re-test, the latter two with notes.
func (s *Server) handleTableTestRecord(w http.ResponseWriter, r *http.Request) {
	f := view.FileForm{Form: "table-test", Errs: templates.Errors{}}
	f.Result = r.PostFormValue("result")
	f.Notes = trainer.NormalizeNotes(r.PostFormValue("notes"))
	if g, err := s.gameParam(r); err == nil {
		// A game whose programme has an approved version records its
		// table test with the checklist and a typed signature (records.go).
		if p, err := s.register().ApprovedVersion(r.Context(), g); err != nil || p != nil {
			s.error(w, r, cmp.Or[error](err, errChecklistRequired))
			return
		}
	}
	kind, err := trainer.ParseTableResult(f.Result)
	view.FieldError(loc(r), f.Errs, "result", err)
	if err == nil {
		view.FieldError(loc(r), f.Errs, "notes", trainer.ValidateNotes(kind, f.Notes))
	}
	s.recordCertEvent(w, r, kind, &f, "table-test")
}

// handleCertRevoke revokes a valid certification, with the reason.
func (s *Server) handleCertRevoke(w http.ResponseWriter, r *http.Request) {
	f := view.FileForm{Form: "revoke", Errs: templates.Errors{}}
	f.Notes = trainer.NormalizeNotes(r.PostFormValue("reason"))
	if err := trainer.ValidateNotes(trainer.EventRevoked, f.Notes); err != nil {
		view.FieldError(loc(r), f.Errs, "reason", err)
	}
	s.recordCertEvent(w, r, trainer.EventRevoked, &f, "revoked")
}

// handleRetakeAllow allows another sitting once a cycle's are used up.
func (s *Server) handleRetakeAllow(w http.ResponseWriter, r *http.Request) {
	f := view.FileForm{Form: "allow", Errs: templates.Errors{}}
	f.Notes = trainer.NormalizeNotes(r.PostFormValue("notes"))
	view.FieldError(loc(r), f.Errs, "notes", trainer.ValidateNotes(trainer.EventRetakeAllowed, f.Notes))
	s.recordCertEvent(w, r, trainer.EventRetakeAllowed, &f, "allowed")
}

// recordCertEvent is the rest of the three forms: one's own certification is
// refused (403) before anything else, a form with messages is shown again
// (422), then the store records the event if eval allows it on the state
// inside its transaction (409 otherwise), and the file is shown (303).
func (s *Server) recordCertEvent(w http.ResponseWriter, r *http.Request, kind trainer.CertEventKind, f *view.FileForm, done string) {
	me := visitOf(r.Context()).user
	id, err := idParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if id == me.ID {
		s.error(w, r, trainer.ErrOwnCertification)
		return
	}
	u, err := s.fileTraineeParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if f.Game, err = s.gameParam(r); err != nil {
		s.error(w, r, err)
		return
	}
	if len(f.Errs) > 0 {
		s.renderFileForm(w, r, u, "", f, http.StatusUnprocessableEntity)
		return
	}
	st, err := s.certStatus(r.Context(), u.ID, f.Game)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if f.Form == "table-test" && st.CanSignOff && (r.PostFormValue("confirm") != "yes" || r.PostFormValue("edit") != "") {
		// A table test is recorded once confirmed (issue 15): the first
		// tap shows what it will do; "Change" shows the form again. One
		// that cannot be recorded now is refused below, unasked.
		f.Confirm = r.PostFormValue("edit") == ""
		s.renderFileForm(w, r, u, "", f, http.StatusOK)
		return
	}
	e := &trainer.CertEvent{UserID: u.ID, Game: f.Game, Kind: kind, ActorID: me.ID, Notes: f.Notes}
	if err := s.certs.Record(r.Context(), e, st); err != nil {
		s.logRecordsRefusal(r, "grant", u.ID, f.Game, err)
		// Refused by the state (another manager recorded something
		// meanwhile, or records that disagree with the audit trail): the
		// page again, as the state now is, with the reason.
		if trainer.KindOf(err) == trainer.KindConflict && !isHTMX(r) {
			s.renderFileForm(w, r, u, say.Error(r.Context(), err), nil, http.StatusConflict)
			return
		}
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, templates.TraineeFileURL(u.ID)+"?done="+done)
}

// renderFileForm shows the file again with a refused form (or a problem):
// the whole page, or for htmx the form alone.
func (s *Server) renderFileForm(w http.ResponseWriter, r *http.Request, u *trainer.User, problem string, f *view.FileForm, status int) {
	v, err := s.fileView(r, u, problem, f)
	if err != nil {
		s.error(w, r, err)
		return
	}
	var frag templ.Component
	if f != nil {
		for _, g := range v.Games {
			if g.Game != f.Game {
				continue
			}
			switch {
			case f.Form == "table-test" && g.TableTest != nil:
				frag = templates.TableTestFormFragment(*g.TableTest)
			case f.Form == "revoke" && g.Revoke != nil:
				frag = templates.RevokeFormFragment(*g.Revoke)
			case f.Form == "allow" && g.Allow != nil:
				frag = templates.AllowFormFragment(*g.Allow)
			}
		}
	}
	s.render(w, r, status, templates.TraineeFilePage(v), frag)
}

// errExamNotFound refuses an exam the manager may not see or not finished.
var errExamNotFound = trainer.NewError(trainer.KindNotFound, "err.exam_not_found")

// handleManagerExam shows a finished exam to a manager, with every item.
func (s *Server) handleManagerExam(w http.ResponseWriter, r *http.Request) {
	id, err := idParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	exams, err := s.db.ListExams(r.Context(), trainer.ExamFilter{ID: id, Finished: true})
	if err != nil {
		s.error(w, r, err)
		return
	}
	if len(exams) == 0 {
		s.error(w, r, errExamNotFound)
		return
	}
	ex := exams[0]
	u, err := s.db.FindUserByID(r.Context(), ex.UserID)
	if err == nil && !s.sees(r.Context(), u) {
		err = errExamNotFound
	}
	if err != nil {
		s.error(w, r, err)
		return
	}
	res, err := s.examResult(r, ex, u.Name, false)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.ManagerExamPage(templates.ExamResultPageView{
		Page: s.page(r, say.Msg("file.exam_of", "Name", u.Name), "dashboard"), BackURL: templates.TraineeFileURL(u.ID), Result: res}), nil)
}
