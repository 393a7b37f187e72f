package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/go-chi/chi/v5/middleware"
)

// Printable pages (issue 8): a trainee's transcript and certificate in one
// game, and the house's training programme for the regulator. Each fits one
// A4 or Letter page (cert.css: @page, no navigation when printed).

// Each sheet is printed in the language of the person it is for (issue 18):
// a trainee's transcript and certificate in the trainee's language, the
// programme in the house's, which is the regulator's. The reader may choose
// another (?lang=); the page around the sheet stays in the reader's own.

// printView is the frame of a printable page in the reader's language
// around a sheet in sheet's: the moment and the printer's name in the
// sheet's words, and a link to the same page in each offered language.
func (s *Server) printView(r *http.Request, title, back string, sheet *i18n.Localizer) templates.PrintView {
	me := visitOf(r.Context()).user
	v := templates.PrintView{Page: s.page(r, title, "dashboard"), BackURL: back, Sheet: sheet,
		Printed: sheet.T("print.printed", "When", dateTimeIn(sheet, s.db.Clock()), "Who", me.Name, "App", sheet.T("app.name"))}
	for _, l := range i18n.Offered {
		v.Languages = append(v.Languages, templates.PrintLanguage{Name: l.Name, Lang: l.Tag,
			URL: r.URL.Path + "?lang=" + l.Tag, Current: sheet.Tag() == l.Tag})
	}
	return v
}

// sheetLanguage is the Localizer of a printed sheet: the language ?lang=
// names if it is offered, else def; a value not offered is ignored, as a
// link from an older page may carry one. In the pseudo-locale the sheet is
// pseudo too, so that a text left out of the catalogues shows there.
func (s *Server) sheetLanguage(r *http.Request, def string) *i18n.Localizer {
	if tag := r.URL.Query().Get("lang"); i18n.IsOffered(tag) {
		return s.catalog.Localizer(tag)
	}
	if s.pseudo {
		return s.catalog.Localizer(i18n.Pseudo)
	}
	return s.catalog.Localizer(def)
}

// traineeLanguage is the language trainee u reads: their own, else the
// house's.
func (s *Server) traineeLanguage(u *trainer.User) string {
	if u.Language != "" {
		return u.Language
	}
	return s.house.Language
}

// handleTranscript prints a trainee's record in one game: the state, the
// sign-off, every exam with its result per kind, and every event.
func (s *Server) handleTranscript(w http.ResponseWriter, r *http.Request) {
	u, game, st, err := s.printSubject(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	sheet := s.sheetLanguage(r, s.traineeLanguage(u))
	v := templates.TranscriptView{PrintView: s.printView(r, t(r, "print.title_transcript", "Name", u.Name), traineeFileURL(u.ID), sheet),
		Trainee: u.Name, Badge: u.Badge, GameName: s.gameNameIn(sheet, game), House: s.house.Title, State: certStateLabel(sheet, st.State),
		Since: dateIn(sheet, st.Since)}
	if st.Grant != nil {
		v.Expires, v.SignedBy, v.SignedAt = dateIn(sheet, st.Expires), st.Grant.Actor, dateTimeIn(sheet, st.Grant.At)
	}
	exams, err := s.db.ListExams(r.Context(), trainer.ExamFilter{UserID: u.ID, Game: game, Finished: true})
	if err != nil {
		s.error(w, r, err)
		return
	}
	for i := len(exams) - 1; i >= 0; i-- {
		ex := exams[i]
		var res eval.ExamResult
		if err := json.Unmarshal(ex.Result, &res); err != nil {
			s.error(w, r, fmt.Errorf("exam %d: stored result: %w", ex.ID, err))
			return
		}
		te := templates.TranscriptExam{When: dateTimeIn(sheet, ex.FinishedAt), Rules: ex.RulesVersion,
			Right: sheet.T("print.right", "Right", res.Right, "Items", res.Items), Result: sheet.T("print.not_passed")}
		if res.Passed {
			te.Result = sheet.T("print.passed")
		}
		var kinds []string
		for _, k := range res.Kinds {
			kinds = append(kinds, fmt.Sprintf("%s %d/%d", kindName(sheet, k.Kind), k.Right, k.Items))
		}
		te.Kinds = strings.Join(kinds, " · ")
		v.Exams = append(v.Exams, te)
	}
	rec, err := s.db.FindCertRecord(r.Context(), u.ID, game)
	if err != nil {
		s.error(w, r, err)
		return
	}
	for _, e := range rec.Events {
		v.Events = append(v.Events, templates.FileEvent{When: dateTimeIn(sheet, e.At), What: certEventLabel(sheet, e.Kind), Who: e.Actor, Notes: e.Notes})
	}
	s.render(w, r, http.StatusOK, templates.TranscriptPage(v), nil)
}

// handleCertificate prints the certificate of the last grant in one game:
// who signed it and when, the exam it followed, its validity, and the audit
// entry that records the grant (its number and hash let anyone check the
// certificate against the kiosk's log).
func (s *Server) handleCertificate(w http.ResponseWriter, r *http.Request) {
	u, game, st, err := s.printSubject(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if st.Grant == nil {
		s.error(w, r, trainer.Errorf(trainer.KindNotFound, "%s", t(r, "print.never_certified", "Name", u.Name, "Game", s.gameNameIn(loc(r), game))))
		return
	}
	// A certificate printed from records changed behind the kiosk's back
	// would carry their word: refuse it while they disagree with the audit
	// trail.
	if ms, err := s.db.CheckCertRecords(r.Context(), u.ID, game); err != nil {
		s.error(w, r, err)
		return
	} else if len(ms) > 0 {
		err := &trainer.RecordsError{Mismatches: ms}
		s.logRecordsRefusal(r, "print", u.ID, game, err)
		s.error(w, r, err)
		return
	}
	sheet := s.sheetLanguage(r, s.traineeLanguage(u))
	v := templates.CertificateView{PrintView: s.printView(r, t(r, "print.title_certificate", "Name", u.Name), traineeFileURL(u.ID), sheet),
		HouseTitle: s.house.Title, Trainee: u.Name, Badge: u.Badge, GameName: s.gameNameIn(sheet, game),
		Granted: dateIn(sheet, st.Grant.At), Expires: dateIn(sheet, st.Expires), SignedBy: st.Grant.Actor,
		Valid: st.State.MayDeal(), Status: sheet.T("print.status_valid", "Date", dateIn(sheet, st.Expires))}
	switch st.State {
	case eval.StateExpired:
		v.Status = sheet.T("print.status_expired", "Date", dateIn(sheet, st.Expires))
	case eval.StateRevoked:
		v.Status = sheet.T("print.status_revoked", "Date", dateIn(sheet, st.Revocation.At), "Reason", st.Revocation.Notes)
	case eval.StateExamPassed, eval.StateInTraining:
		v.Status = sheet.T("print.status_void")
	}
	if st.Grant.ExamID != 0 {
		if exams, err := s.db.ListExams(r.Context(), trainer.ExamFilter{ID: st.Grant.ExamID, Finished: true}); err == nil && len(exams) == 1 {
			var res eval.ExamResult
			if json.Unmarshal(exams[0].Result, &res) == nil {
				v.ExamDate, v.ExamRight = dateIn(sheet, exams[0].FinishedAt), sheet.T("print.right", "Right", res.Right, "Items", res.Items)
			}
			v.Rules = exams[0].RulesVersion
		}
	}
	if e, err := s.grantEntry(r.Context(), u.ID, game, st.Grant.ID); err != nil {
		s.error(w, r, err)
		return
	} else if e != nil {
		v.AuditSeq, v.AuditHash = strconv.FormatInt(e.Seq, 10), e.Hash
	}
	s.render(w, r, http.StatusOK, templates.CertificatePage(v), nil)
}

// logRecordsRefusal logs, at warning level, a certificate refused because
// its records disagree with the audit trail: what was refused and every
// disagreement, by record and entry number, for the administrator. Other
// errors are not logged here.
func (s *Server) logRecordsRefusal(r *http.Request, what string, userID int64, game string, err error) {
	var re *trainer.RecordsError
	if !errors.As(err, &re) {
		return
	}
	for _, m := range re.Mismatches {
		s.log.WarnContext(r.Context(), "certificate refused: records disagree with the audit trail",
			"request_id", middleware.GetReqID(r.Context()), "refused", what, "trainee", userID, "game", game, "disagreement", m.Text)
	}
}

// grantEntry finds the audit entry that records the grant of event id.
func (s *Server) grantEntry(ctx context.Context, userID int64, game string, id int64) (*trainer.AuditEntry, error) {
	es, err := s.db.ListAudit(ctx, trainer.AuditFilter{SubjectPrefix: trainer.CertSubject(userID, game), Limit: 10000})
	if err != nil {
		return nil, err
	}
	for _, e := range es {
		if e.Action != trainer.AuditGranted {
			continue
		}
		var d struct {
			Event int64 `json:"event"`
		}
		if json.Unmarshal([]byte(e.Detail), &d) == nil && d.Event == id {
			return e, nil
		}
	}
	return nil, nil
}

// printSubject reads the trainee and game of a printable page and judges
// the certification.
func (s *Server) printSubject(r *http.Request) (*trainer.User, string, eval.CertStatus, error) {
	u, err := s.fileTraineeParam(r)
	if err != nil {
		return nil, "", eval.CertStatus{}, err
	}
	game, err := s.gameParam(r)
	if err != nil {
		return nil, "", eval.CertStatus{}, err
	}
	st, err := s.certStatus(r.Context(), u.ID, game)
	return u, game, st, err
}

// handleProgramme prints the house's training programme: the games, each
// exam's blueprint and pass marks, the policy, the levels, and the rules
// version with its approval.
func (s *Server) handleProgramme(w http.ResponseWriter, r *http.Request) {
	sheet := s.sheetLanguage(r, s.house.Language)
	v := templates.ProgrammeView{PrintView: s.printView(r, t(r, "print.title_programme"), "/manager", sheet), HouseTitle: s.house.Title,
		Rules: s.plan.Version(), Approved: sheet.T("print.programme_not_approved")}
	if rv, err := s.db.FindRulesVersion(r.Context(), s.plan.Version()); err != nil {
		s.error(w, r, err)
		return
	} else if rv.Approved() {
		v.Approved = sheet.T("print.programme_approved", "When", dateTimeIn(sheet, rv.ApprovedAt), "Who", rv.ApprovedBy)
	}
	for _, l := range s.plan.Levels() {
		v.Levels = append(v.Levels, strconv.Itoa(l.Level)+": "+levelTitle(sheet, l))
	}
	for _, g := range s.certGames() {
		st := s.house.Certification[g]
		p := st.Policy
		v.Games = append(v.Games, templates.ProgrammeGame{Name: s.gameNameIn(sheet, g), Items: st.Items(), Kinds: standardRowsIn(sheet, st),
			Policy: []string{
				sheet.T("print.policy_sittings", "Sittings", sheet.T("print.sittings", "Count", 1+p.Retakes),
					"Hours", sheet.T("print.hours", "Count", p.RetakeWaitHours)),
				sheet.T("print.policy_judge"),
				sheet.T("print.policy_validity", "Months", sheet.T("print.months", "Count", p.ValidityMonths),
					"Days", sheet.T("print.days", "Count", p.DueDays)),
				sheet.T("print.policy_after"),
			}})
	}
	s.render(w, r, http.StatusOK, templates.ProgrammePage(v), nil)
}
