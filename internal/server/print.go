package server

import (
	"errors"
	"net/http"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
	"github.com/go-chi/chi/v5/middleware"
)

// Printable pages (issue 8): a trainee's transcript and certificate in one
// game, and the house's training programme for the regulator. Each fits one
// A4 or Letter page (cert.css: @page, no navigation when printed).

// Each sheet is printed in the language of the person it is for (issue 18):
// a trainee's transcript and certificate in the trainee's language, the
// programme in the house's, which is the regulator's. The reader may choose
// another (?lang=); the page around the sheet stays in the reader's own.

// printFrame is what every printable page shares: where it goes back to,
// when and by whom it is printed.
func (s *Server) printFrame(r *http.Request, back string) view.PrintFrame {
	return view.PrintFrame{Back: back, Path: r.URL.Path, Now: s.db.Clock(), By: visitOf(r.Context()).user.Name}
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
	t, err := s.certs.Transcript(r.Context(), u.ID, game)
	if err != nil {
		s.error(w, r, err)
		return
	}
	v, err := s.view.Transcript(r.Context(), s.page(r, say.Message{}, "dashboard"), s.printFrame(r, templates.TraineeFileURL(u.ID)),
		s.sheetLanguage(r, s.traineeLanguage(u)), u, game, st, t.Exams, t.Events, t.Versions)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.TranscriptPage(v), nil)
}

// handleCertificate prints the certificate of the last grant in one game:
// who signed it and when, the exam it followed, its validity, and the audit
// entry that records the grant (its number and hash let anyone check the
// certificate against the kiosk's log); certs.Certificate refuses it while
// the records disagree with the audit trail.
func (s *Server) handleCertificate(w http.ResponseWriter, r *http.Request) {
	u, game, st, err := s.printSubject(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if st.Grant == nil {
		s.error(w, r, trainer.NewError(trainer.KindNotFound, "print.never_certified", "Name", u.Name, "Game", say.GameWord(game)))
		return
	}
	c, err := s.certs.Certificate(r.Context(), u.ID, game, st)
	if err != nil {
		s.logRecordsRefusal(r, "print", u.ID, game, err)
		s.error(w, r, err)
		return
	}
	v := s.view.Certificate(r.Context(), s.page(r, say.Message{}, "dashboard"), s.printFrame(r, templates.TraineeFileURL(u.ID)),
		s.sheetLanguage(r, s.traineeLanguage(u)), u, game, st, c)
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
	rv, err := s.db.FindRulesVersion(r.Context(), s.plan.Version())
	if err != nil {
		s.error(w, r, err)
		return
	}
	v := s.view.Programme(r.Context(), s.page(r, say.Message{}, "dashboard"), s.printFrame(r, "/manager"), s.sheetLanguage(r, s.house.Language), rv)
	s.render(w, r, http.StatusOK, templates.ProgrammePage(v), nil)
}
