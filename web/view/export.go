package view

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
)

// The CSV exports' rows (issue 8): the certifications of every trainee
// (filtered as the dashboard is) and one trainee's attempts. Times are
// written "2006-01-02 15:04:05" in the kiosk's time zone, figures as
// decimal text; the server writes the file (no cell starting a formula,
// package sheet, after a UTF-8 byte-order mark).

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

// CertificationsCSV is certifications.csv: the header in ctx's language,
// then a row per certification the class at a glance lists
// (GlanceListed(f)), its next_step the state it shows.
func CertificationsCSV(ctx context.Context, f DashboardFacts) [][]string {
	out := [][]string{CSVHeader(ctx, certColumns)}
	for _, cr := range GlanceListed(f) {
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
	return out
}

// elapsedSeconds writes a duration in seconds with one decimal.
func elapsedSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 1, 64)
}

// AttemptsCSV is attempts.csv: the header in ctx's language, then each
// answered attempt of as (newest first, as the store lists them) oldest
// first, with its session's mode from modes. The spec's columns, the
// skill, the mistake, the answer and the key are as stored, for rebuilding
// a question and for other programs; "question" names the skill in words
// for people.
func AttemptsCSV(ctx context.Context, as []*trainer.Attempt, modes map[int64]trainer.Mode) [][]string {
	out := [][]string{CSVHeader(ctx, attemptColumns)}
	for i := len(as) - 1; i >= 0; i-- { // oldest first
		a := as[i]
		out = append(out, []string{strconv.FormatInt(a.ID, 10), strconv.FormatInt(a.SessionID, 10), string(modes[a.SessionID]),
			strconv.Itoa(a.Position), a.Game, a.Kind, strconv.Itoa(a.Level), strconv.FormatUint(a.Seed, 10), a.House,
			a.RulesVersion, a.Skill, say.Skill(ctx, a.Skill), csvMoment(a.ServedAt), csvMoment(a.AnsweredAt), elapsedSeconds(a.Elapsed),
			strconv.Itoa(a.TargetSeconds), strconv.FormatBool(a.Correct), strconv.FormatFloat(a.Score, 'f', -1, 64),
			string(a.Speed), strconv.FormatBool(a.HintUsed), a.MistakeID, string(a.Answer), string(a.Key)})
	}
	return out
}

// CSVName is name as a file name's part: letters and digits of ASCII,
// every other character a hyphen.
func CSVName(name string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '-'
	}, name)
}
