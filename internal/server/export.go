package server

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/sheet"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/view"
)

// CSV exports (issue 8): the certifications of every trainee (filtered as
// the dashboard is) and one trainee's attempts. Times are written
// "2006-01-02 15:04:05" in the kiosk's time zone, figures as decimal text,
// and no cell can start a spreadsheet formula. Each file begins with a UTF-8
// byte-order mark: Excel on Windows reads a CSV without one in the PC's own
// code page, and "José" comes out as "JosÃ©".

// csvTime is how the exports write a moment: sortable, and read as a date by
// every spreadsheet.
const csvTime = "2006-01-02 15:04:05"

func csvMoment(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Local().Format(csvTime)
}

// The header row of each export is in the requester's language (issue 18),
// from the catalogue's export.<column> messages; English keeps the column
// names programs have read since the exports began. The columns' order is
// the same in every language, and the values below them are codes, ISO
// times and decimal points in every language: they are for programs.

// certColumns are the columns of certifications.csv, in order.
var certColumns = []string{"trainee_id", "trainee", "badge", "game", "state", "state_since", "expires", "signed_off_by",
	"signed_off_at", "exam_passed_at", "last_table_test", "last_table_test_at", "sittings_left", "revoked_at", "revoked_reason",
	"next_step", "next_step_at"}

// attemptColumns are the columns of attempts.csv, in order.
var attemptColumns = []string{"attempt_id", "session_id", "mode", "position", "game", "kind", "level", "seed", "house", "rules_version",
	"skill", "question", "served_at", "answered_at", "elapsed_s", "target_s", "correct", "score", "speed", "hint_used", "mistake", "answer", "key"}

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
	f := view.DashboardFacts{Filter: s.readCertFilter(r.URL.Query()), Games: s.certGames(), Now: s.db.Clock()}
	f.Glance.Query = view.ReadGlanceQuery(r.URL.Query())
	var err error
	if f.Rows, err = s.certRows(r.Context(), f.Filter); err == nil {
		err = s.glanceFacts(r.Context(), &f)
	}
	if err != nil {
		s.error(w, r, err)
		return
	}
	out := [][]string{view.CSVHeader(r.Context(), certColumns)}
	for _, cr := range view.GlanceListed(f) {
		st := cr.Status
		row := []string{strconv.FormatInt(cr.User.ID, 10), cr.User.Name, cr.User.Badge, cr.Game, string(st.State),
			csvMoment(st.Since), "", "", "", "", "", "", strconv.Itoa(st.SittingsLeft), "", "",
			string(cr.Step), csvMoment(st.StepDate())}
		if st.Grant != nil {
			row[6], row[7], row[8] = csvMoment(st.Expires), st.Grant.Actor, csvMoment(st.Grant.At)
		}
		if st.PendingExam != nil {
			row[9] = csvMoment(st.PendingExam.At)
		}
		if st.LastTableTest != nil {
			row[10], row[11] = st.LastTableTest.Kind.FormValue(), csvMoment(st.LastTableTest.At)
		}
		if st.Revocation != nil {
			row[13], row[14] = csvMoment(st.Revocation.At), st.Revocation.Notes
		}
		out = append(out, row)
	}
	s.writeCSV(w, r, "certifications-"+s.db.Clock().Local().Format("2006-01-02")+".csv", out)
}

// elapsedSeconds writes a duration in seconds with one decimal.
func elapsedSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 1, 64)
}

// attemptsCSVLimit bounds one trainee's export; far more than years of practice.
const attemptsCSVLimit = 1_000_000

// handleAttemptsCSV exports every answered attempt of a trainee, practice
// and exams, with its spec (the seed and rules version rebuild it), the
// answer and key as stored, and the time. The spec's columns, the skill, the
// mistake, the answer and the key are as stored, for rebuilding a question
// and for other programs; "question" names the skill in words for people.
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
	modes := map[int64]trainer.Mode{}
	out := [][]string{view.CSVHeader(r.Context(), attemptColumns)}
	for i := len(as) - 1; i >= 0; i-- { // oldest first
		a := as[i]
		mode, ok := modes[a.SessionID]
		if !ok {
			sess, err := s.db.FindPracticeSession(r.Context(), a.SessionID, u.ID)
			if err != nil {
				s.error(w, r, err)
				return
			}
			mode, modes[a.SessionID] = sess.Mode, sess.Mode
		}
		out = append(out, []string{strconv.FormatInt(a.ID, 10), strconv.FormatInt(a.SessionID, 10), string(mode),
			strconv.Itoa(a.Position), a.Game, a.Kind, strconv.Itoa(a.Level), strconv.FormatUint(a.Seed, 10), a.House,
			a.RulesVersion, a.Skill, say.Skill(r.Context(), a.Skill), csvMoment(a.ServedAt), csvMoment(a.AnsweredAt), elapsedSeconds(a.Elapsed),
			strconv.Itoa(a.TargetSeconds), strconv.FormatBool(a.Correct), strconv.FormatFloat(a.Score, 'f', -1, 64),
			string(a.Speed), strconv.FormatBool(a.HintUsed), a.MistakeID, string(a.Answer), string(a.Key)})
	}
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '-'
	}, u.Name)
	s.writeCSV(w, r, "attempts-"+name+".csv", out)
}
