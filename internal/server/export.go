package server

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/dealerkiosk/trainer/internal/sheet"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/view"
)

// CSV exports (issue 8): the certifications of every trainee (filtered as
// the dashboard is) and one trainee's attempts, their rows made by web/view
// (view.CertificationsCSV, view.AttemptsCSV). Each file begins with a UTF-8
// byte-order mark: Excel on Windows reads a CSV without one in the PC's own
// code page, and "José" comes out as "JosÃ©".

// writeCSV sends rows as a CSV attachment named file, after the byte-order
// mark, no cell starting a formula (package sheet).
func (s *Server) writeCSV(w http.ResponseWriter, r *http.Request, file string, rows [][]string) {
	var b strings.Builder
	if err := sheet.Write(&b, rows); err != nil {
		s.error(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, file))
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte(b.String()))
}

// handleCertificationsCSV exports every active trainee's certification in
// every game, filtered as the class at a glance lists them (?class=&game=
// &state=&q=; view.GlanceListed): its next_step is the state it shows.
func (s *Server) handleCertificationsCSV(w http.ResponseWriter, r *http.Request) {
	f := view.DashboardFacts{Filter: view.ReadCertFilter(r.URL.Query(), s.certGames()), Games: s.certGames(), Now: s.db.Clock()}
	f.Glance.Query = view.ReadGlanceQuery(r.URL.Query())
	var err error
	if f.Rows, err = s.certRows(r.Context(), f.Filter); err == nil {
		err = s.glanceFacts(r.Context(), &f)
	}
	if err != nil {
		s.error(w, r, err)
		return
	}
	out := view.CertificationsCSV(r.Context(), f)
	s.writeCSV(w, r, "certifications-"+s.db.Clock().Local().Format("2006-01-02")+".csv", out)
}

// attemptsCSVLimit bounds one trainee's export; far more than years of practice.
const attemptsCSVLimit = 1_000_000

// handleAttemptsCSV exports every answered attempt of a trainee, practice
// and exams, with its spec (the seed and rules version rebuild it), the
// answer and key as stored, and the time (view.AttemptsCSV), each with its
// session's mode (practice.Flow.SessionModes).
func (s *Server) handleAttemptsCSV(w http.ResponseWriter, r *http.Request) {
	u, err := s.fileTraineeParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	as, err := s.db.ListAttempts(r.Context(), trainer.AttemptFilter{UserID: u.ID, Answered: true, Limit: attemptsCSVLimit})
	if err != nil {
		s.error(w, r, err)
		return
	}
	modes, err := s.flow.SessionModes(r.Context(), u.ID, as)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.writeCSV(w, r, "attempts-"+view.CSVName(u.Name)+".csv", view.AttemptsCSV(r.Context(), as, modes))
}
