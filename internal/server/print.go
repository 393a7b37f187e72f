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
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/go-chi/chi/v5/middleware"
)

// Printable pages (issue 8): a trainee's transcript and certificate in one
// game, and the house's training programme for the regulator. Each fits one
// A4 or Letter page (cert.css: @page, no navigation when printed).

// printView is the frame of a printable page.
func (s *Server) printView(r *http.Request, title, back string) templates.PrintView {
	me := visitOf(r.Context()).user
	return templates.PrintView{Page: s.page(r, title, "dashboard"), BackURL: back,
		Printed: "Printed " + dateTimeText(s.db.Clock()) + " by " + me.Name + " · Dealer Trainer"}
}

// handleTranscript prints a trainee's record in one game: the state, the
// sign-off, every exam with its result per kind, and every event.
func (s *Server) handleTranscript(w http.ResponseWriter, r *http.Request) {
	u, game, st, err := s.printSubject(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	v := templates.TranscriptView{PrintView: s.printView(r, "Transcript · "+u.Name, traineeFileURL(u.ID)),
		Trainee: u.Name, Badge: u.Badge, GameName: s.gameName(game), House: s.house.Title, State: st.State.Label(),
		Since: dateText(st.Since)}
	if st.Grant != nil {
		v.Expires, v.SignedBy, v.SignedAt = dateText(st.Expires), st.Grant.Actor, dateTimeText(st.Grant.At)
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
		te := templates.TranscriptExam{When: dateTimeText(ex.FinishedAt), Rules: ex.RulesVersion,
			Right: fmt.Sprintf("%d of %d", res.Right, res.Items), Result: "Not passed"}
		if res.Passed {
			te.Result = "Passed"
		}
		var kinds []string
		for _, k := range res.Kinds {
			kinds = append(kinds, fmt.Sprintf("%s %d/%d", kindLabel(k.Kind), k.Right, k.Items))
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
		v.Events = append(v.Events, templates.FileEvent{When: dateTimeText(e.At), What: e.Kind.Label(), Who: e.Actor, Notes: e.Notes})
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
		s.error(w, r, trainer.Errorf(trainer.KindNotFound, "%s has never been certified in %s.", u.Name, s.gameName(game)))
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
	v := templates.CertificateView{PrintView: s.printView(r, "Certificate · "+u.Name, traineeFileURL(u.ID)),
		HouseTitle: s.house.Title, Trainee: u.Name, Badge: u.Badge, GameName: s.gameName(game),
		Granted: dateText(st.Grant.At), Expires: dateText(st.Expires), SignedBy: st.Grant.Actor,
		Valid: st.State.MayDeal(), Status: "Valid until " + dateText(st.Expires)}
	switch st.State {
	case eval.StateExpired:
		v.Status = "Expired on " + dateText(st.Expires)
	case eval.StateRevoked:
		v.Status = "Revoked on " + dateText(st.Revocation.At) + ": " + st.Revocation.Notes
	case eval.StateExamPassed, eval.StateInTraining:
		v.Status = "No longer valid: see the transcript"
	}
	if st.Grant.ExamID != 0 {
		if exams, err := s.db.ListExams(r.Context(), trainer.ExamFilter{ID: st.Grant.ExamID, Finished: true}); err == nil && len(exams) == 1 {
			var res eval.ExamResult
			if json.Unmarshal(exams[0].Result, &res) == nil {
				v.ExamDate, v.ExamRight = dateText(exams[0].FinishedAt), fmt.Sprintf("%d of %d", res.Right, res.Items)
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
	v := templates.ProgrammeView{PrintView: s.printView(r, "Training programme", "/manager"), HouseTitle: s.house.Title,
		Rules: s.plan.Version(), Approved: "not yet approved"}
	if rv, err := s.db.FindRulesVersion(r.Context(), s.plan.Version()); err != nil {
		s.error(w, r, err)
		return
	} else if rv.Approved() {
		v.Approved = "approved " + dateTimeText(rv.ApprovedAt) + " by " + rv.ApprovedBy
	}
	for _, l := range s.plan.Levels() {
		v.Levels = append(v.Levels, strconv.Itoa(l.Level)+": "+l.Title)
	}
	for _, g := range s.certGames() {
		st := s.house.Certification[g]
		p := st.Policy
		v.Games = append(v.Games, templates.ProgrammeGame{Name: s.gameName(g), Items: st.Items(), Kinds: standardRows(st),
			Policy: []string{
				fmt.Sprintf("%d sittings per cycle, at least %d hours apart after a failed one; then a manager allows more", 1+p.Retakes, p.RetakeWaitHours),
				"Table test judged by a manager or an administrator who is not the trainee",
				fmt.Sprintf("Certificate valid %d months from the sign-off; recertification opens %d days before", p.ValidityMonths, p.DueDays),
				"After an expiry or a revocation: a refresher (review session), then the exam and the table test again",
			}})
	}
	s.render(w, r, http.StatusOK, templates.ProgrammePage(v), nil)
}
