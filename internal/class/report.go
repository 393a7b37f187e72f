package class

import (
	"cmp"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/sheet"
)

// Member is a trainee as the report lists them.
type Member struct {
	UserID int64
	Name   string
	Badge  string
}

// Asked is one question of a live drill for the report: what made its
// drill, the skill it trained, its target time, whether it was skipped,
// and the responses it got.
type Asked struct {
	Number        int
	Game          string
	Kind          string
	Level         int
	Seed          uint64
	Skill         string
	TargetSeconds int
	Skipped       bool
	Responses     []Response
}

// Cell is one trainee's answer to one question: none (Answered false), or
// right or wrong with its time.
type Cell struct {
	Answered bool
	Correct  bool
	Elapsed  time.Duration
}

// ReportRow is one trainee's line: a cell per question, in the report's
// order, and their totals over the questions not skipped.
type ReportRow struct {
	Member
	Cells    []Cell
	Answered int
	Right    int
	Median   time.Duration // of their answers; 0 for none
}

// Report is a live drill's results per trainee and per question: the
// printable table and the CSV. Questions skipped keep their place, empty,
// and count in no total.
type Report struct {
	Questions []Asked
	Rows      []ReportRow
	// Totals are each question's figures, in the order of Questions: the
	// answers, those right and the median time (Tally's, without the spread).
	Totals []Results
}

// NewReport lays out the responses to qs for members, a row each, sorted
// by name (without regard to case, then by user ID). The caller passes the
// class's roster and anybody else who answered; a response from a user
// not among members is left out, and a second response of one user to one
// question is ignored (the store allows one).
func NewReport(members []Member, qs []Asked) *Report {
	r := &Report{Questions: qs}
	rows := slices.Clone(members)
	keys := make(map[int64]string, len(rows))
	for _, m := range rows {
		keys[m.UserID] = folded(m.Name)
	}
	slices.SortFunc(rows, func(a, b Member) int {
		if c := strings.Compare(keys[a.UserID], keys[b.UserID]); c != 0 {
			return c
		}
		return cmp.Compare(a.UserID, b.UserID)
	})
	at := make(map[int64]int, len(rows))
	for i, m := range rows {
		r.Rows = append(r.Rows, ReportRow{Member: m, Cells: make([]Cell, len(qs))})
		at[m.UserID] = i
	}
	for j, q := range qs {
		var total figures
		for _, x := range q.Responses {
			i, ok := at[x.UserID]
			if !ok || r.Rows[i].Cells[j].Answered {
				continue
			}
			r.Rows[i].Cells[j] = Cell{Answered: true, Correct: x.Correct, Elapsed: x.Elapsed}
			if !q.Skipped {
				total.add(x.Correct, x.Elapsed)
			}
		}
		r.Totals = append(r.Totals, total.results())
	}
	for i := range r.Rows {
		row := &r.Rows[i]
		var f figures
		for j, c := range row.Cells {
			if c.Answered && !qs[j].Skipped {
				f.add(c.Correct, c.Elapsed)
			}
		}
		t := f.results()
		row.Answered, row.Right, row.Median = t.Answered, t.Right, t.Median
	}
	return r
}

// Participant is a trainee who joined a live drill, at a practice table
// ("" for none).
type Participant struct {
	UserID int64
	Table  string
}

// Scores are the participants' scores for the standings: their answers
// right in the report, 0 for one who has no row.
func (r *Report) Scores(ps []Participant) []Score {
	right := make(map[int64]int, len(r.Rows))
	for _, row := range r.Rows {
		right[row.UserID] = row.Right
	}
	out := make([]Score, len(ps))
	for i, p := range ps {
		out[i] = Score{UserID: p.UserID, Table: p.Table, Right: right[p.UserID]}
	}
	return out
}

// The result of a cell in the CSV: codes, as every export writes values.
const (
	ResultRight    = "right"
	ResultWrong    = "wrong"
	ResultNoAnswer = "no_answer"
	ResultSkipped  = "skipped"
)

// reportColumns are the CSV's columns, in order; the header row says them
// in the reader's language from the catalogue's export.<column>, as the
// kiosk's other exports do.
var reportColumns = []string{"trainee_id", "trainee", "badge", "position", "game", "kind", "level", "seed", "skill",
	"result", "elapsed_s", "target_s"}

// WriteCSV writes the report as CSV for spreadsheets (package sheet: the
// byte-order mark, no cell starting a formula): the header in l's
// language, then one line per trainee and question, trainees in the
// report's order and questions in theirs. A line is long rather than one
// column per question, so that the file has the same columns whatever the
// drill asked and a pivot table makes the grid. The values are for
// programs in every language: codes (ResultRight …), seconds with a
// decimal point.
func (r *Report) WriteCSV(w io.Writer, l *i18n.Localizer) error {
	head := make([]string, len(reportColumns))
	for i, c := range reportColumns {
		head[i] = l.T("export." + c)
	}
	rows := [][]string{head}
	for _, row := range r.Rows {
		for j, q := range r.Questions {
			c := row.Cells[j]
			result, elapsed := ResultNoAnswer, ""
			switch {
			case q.Skipped:
				result = ResultSkipped
			case c.Answered && c.Correct:
				result = ResultRight
			case c.Answered:
				result = ResultWrong
			}
			if c.Answered && !q.Skipped {
				elapsed = seconds(c.Elapsed)
			}
			rows = append(rows, []string{strconv.FormatInt(row.UserID, 10), row.Name, row.Badge, strconv.Itoa(q.Number),
				q.Game, q.Kind, strconv.Itoa(q.Level), strconv.FormatUint(q.Seed, 10), q.Skill,
				result, elapsed, strconv.Itoa(q.TargetSeconds)})
		}
	}
	return sheet.Write(w, rows)
}

// seconds writes a time in seconds with one decimal, as attempts.csv does.
func seconds(d time.Duration) string {
	tenths := (d + 50*time.Millisecond) / (100 * time.Millisecond)
	return strconv.FormatInt(int64(tenths/10), 10) + "." + strconv.FormatInt(int64(tenths%10), 10)
}
