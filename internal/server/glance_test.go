package server_test

import (
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The class at a glance and a trainee's practice on their file (issue 23,
// parts 3 and 4; docs/classes.md "The class at a glance"). Every state and
// figure comes from real answers over HTTP, exams and table tests through
// the store: nothing is written into the tables by hand.

// practiseSessions answers sessions whole practice sessions of UTH payouts
// as c, every answer right or every answer wrong (an anticipated mistake
// where the drill has one).
func practiseSessions(t *testing.T, h *servertest.Harness, c *servertest.Client, sessions int, right bool) {
	t.Helper()
	for range sessions {
		id := startSession(t, c, "uth", "payout", trainer.ModePractice, 1)
		for i := range trainer.SessionLength {
			a, d := pending(t, h, id)
			k := d.Key
			switch {
			case right:
			case len(d.Mistakes) > 0: // a mistake the drill anticipates, with its feedback
				k = d.Mistakes[0].Key
			default:
				k = wrongKey(d)
			}
			c.PostForm(answerPath(a), answerForm(k))
			if i < trainer.SessionLength-1 {
				c.PostForm(sessionPath(id)+"/next", nil)
			}
		}
	}
}

// glanceLine is the text of a trainee's line in the table's column id.
func glanceLine(r *servertest.Response, name, cell, column string) string {
	var got string
	r.Doc.Find(`[data-testid="cert-row"]`).Each(func(_ int, row *goquery.Selection) {
		if strings.Contains(row.Find(`[data-testid="trainee-link"]`).Text(), name) {
			got = strings.Join(strings.Fields(row.Find(`[data-testid="`+cell+`"] [data-testid="`+column+`"]`).Text()), " ")
		}
	})
	return got
}

// glanceNames are the trainees of the table, in its order.
func glanceNames(r *servertest.Response) []string {
	var out []string
	r.Doc.Find(`[data-testid="cert-row"] [data-testid="trainee-link"]`).Each(func(_ int, s *goquery.Selection) {
		out = append(out, s.Text())
	})
	return out
}

// TestGlance_StatesAndFigures brings one trainee to each state the table
// names (ready by practice, an exam failed, one waiting for its table
// test, certified, due) and checks each line's state, the practice
// figures, the state filter's links, the name search and the sorting.
func TestGlance_StatesAndFigures(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	due := k.CreateUser("Cat Due", trainer.RoleTrainee, "", traineePIN)
	k.Certify(due, "uth", k.manager)
	k.Clock.Advance(350 * 24 * time.Hour) // Cat's certificate runs out in 15 days
	failed := k.CreateUser("Ann Failed", trainer.RoleTrainee, "", traineePIN)
	passed := k.CreateUser("Ben Passed", trainer.RoleTrainee, "", traineePIN)
	certified := k.CreateUser("Dee Certified", trainer.RoleTrainee, "77", traineePIN)
	k.CreateUser("Eve Idle", trainer.RoleTrainee, "", traineePIN)
	failedAt := k.Clock.Now()
	k.SitExam(failed, "uth", false)
	passedAt := k.Clock.Now()
	k.SitExam(passed, "uth", true)
	certifiedAt := k.Clock.Now()
	k.Certify(certified, "uth", k.manager)

	// Tia practises right until the mastery rule finds her ready; Ann
	// practises three sessions all wrong: 30 answers over UTH's few payout
	// skills give one of them the three answers a skill needs to be named
	// weakest, whatever the drills (ten did not always).
	tc := k.traineeClient(t)
	mc := k.staffClient(t, "Max Manager", managerPassword)
	ready := false
	for range 12 {
		practiseSessions(t, k.Harness, tc, 1, true)
		if glanceLine(mc.Get("/manager?game=uth"), "Tia Trainee", "cell-0", "glance-state") == "Ready for the exam" {
			ready = true
			break
		}
	}
	if !ready {
		t.Fatal("120 answers all right did not make Tia ready for the exam")
	}
	// Tia answers more than Ann's 30 (the sort by answers below), however
	// soon she was ready: at least four sessions, all right.
	for range 4 {
		n, err := strconv.Atoi(glanceLine(mc.Get("/manager?game=uth"), "Tia Trainee", "cell-0", "glance-month"))
		if err != nil {
			t.Fatalf("Tia's answers in the month: %v", err)
		}
		if n >= 40 {
			break
		}
		practiseSessions(t, k.Harness, tc, 1, true)
	}
	practiseSessions(t, k.Harness, signInTrainee(t, k.Harness, failed), 3, false)

	dash := mc.Get("/manager?game=uth")
	wantStatus(t, "dashboard", dash, http.StatusOK)
	for _, tt := range []struct{ name, want string }{
		{"Tia Trainee", "Ready for the exam"},
		{"Ann Failed", "Exam failed next sitting on " + dashMinute(failedAt.Add(48*time.Hour))},
		{"Ben Passed", "Waiting for the table test exam passed on " + dashDay(passedAt)},
		{"Dee Certified", "Certified until " + dashDay(certifiedAt.AddDate(1, 0, 0))},
		{"Cat Due", "Due expires on " + dashDay(failedAt.Add(-350*24*time.Hour).AddDate(1, 0, 0)) + " the recertification exam is open"},
		{"Eve Idle", "In training no exam yet"},
	} {
		if got := glanceLine(dash, tt.name, "cell-0", "glance-state"); got != tt.want {
			t.Errorf("%s: state %q; want %q", tt.name, got, tt.want)
		}
	}
	tiaMonth := glanceLine(dash, "Tia Trainee", "cell-0", "glance-month")
	if tiaMonth == "0" || tiaMonth != glanceLine(dash, "Tia Trainee", "cell-0", "glance-week") {
		t.Errorf("Tia's answers: %q in 30 days, %q in 7", tiaMonth, glanceLine(dash, "Tia Trainee", "cell-0", "glance-week"))
	}
	for _, tt := range []struct{ name, col, want string }{
		{"Tia Trainee", "glance-accuracy", "100 %"},
		{"Ann Failed", "glance-month", "30"},
		{"Ann Failed", "glance-accuracy", "0 %"},
		{"Eve Idle", "glance-month", "0"},
		{"Eve Idle", "glance-active", "never"},
		{"Ann Failed", "glance-active", dashDay(k.Clock.Now())},
	} {
		if got := glanceLine(dash, tt.name, "cell-0", tt.col); got != tt.want {
			t.Errorf("%s %s: %q; want %q", tt.name, tt.col, got, tt.want)
		}
	}
	if got := glanceLine(dash, "Ann Failed", "cell-0", "glance-weakest"); got == "" || strings.Contains(got, "uth.") {
		t.Errorf("Ann's weakest skills: %q; want them in words", got)
	}
	if got := glanceLine(dash, "Tia Trainee", "cell-0", "glance-time"); !strings.Contains(got, "target") {
		t.Errorf("Tia's time: %q; want the median against the target", got)
	}
	if !dash.Has(`[data-testid="missed-questions-row"]`) {
		t.Error("the class's most-missed questions are not listed")
	}

	// The state filter's links find each one alone.
	for _, tt := range []struct{ state, who string }{
		{"ready", "Tia Trainee"}, {"exam_failed", "Ann Failed"}, {"table_test", "Ben Passed"},
		{"certified", "Dee Certified"}, {"due", "Cat Due"},
	} {
		var href string
		dash.Doc.Find(`[data-testid="glance-states"] a`).Each(func(_ int, a *goquery.Selection) {
			if attr(a, "data-state") == tt.state {
				href = attr(a, "href")
			}
		})
		if href == "" {
			t.Errorf("no link to the state %s", tt.state)
			continue
		}
		if got := glanceNames(mc.Get(href)); len(got) != 1 || got[0] != tt.who {
			t.Errorf("%s: %q; want %s alone", tt.state, got, tt.who)
		}
	}

	// The certifications CSV the page links to lists the page's trainees,
	// under each state's filter, the search and every state (it once
	// listed none as ready: the CSV knew eval's steps only).
	for _, page := range []string{"/manager?game=uth", "/manager?game=uth&state=ready", "/manager?game=uth&state=exam_failed",
		"/manager?game=uth&state=table_test", "/manager?game=uth&state=certified", "/manager?game=uth&state=due",
		"/manager?game=uth&state=in_training", "/manager?game=uth&q=ann", "/manager?state=ready", "/manager"} {
		r := mc.Get(page)
		link := attr(r.Doc.Find(`[data-testid="certifications-csv"]`), "href")
		want := map[string]bool{}
		for _, n := range glanceNames(r) {
			want[n] = true
		}
		got := map[string]bool{}
		for i, row := range csvRows(t, mc, link) {
			if i > 0 {
				got[row[1]] = true
			}
		}
		if len(want) == 0 && page != "/manager?game=uth&state=in_training" {
			t.Errorf("%s lists no trainee", page)
		}
		if !maps.Equal(got, want) {
			t.Errorf("%s: the CSV (%s) lists %v; the page %v", page, link, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
		}
	}
	if rows := csvRows(t, mc, "/manager/certifications.csv?game=uth&state=ready"); len(rows) != 2 || rows[1][15] != "ready" {
		t.Errorf("the CSV of those ready: %q; want Tia's row, its next step ready", rows)
	}

	// The search finds by name or badge, without JavaScript.
	if got := glanceNames(mc.Get("/manager?game=uth&q=ann")); len(got) != 1 || got[0] != "Ann Failed" {
		t.Errorf("search ann: %q", got)
	}
	if got := glanceNames(mc.Get("/manager?game=uth&q=77")); len(got) != 1 || got[0] != "Dee Certified" {
		t.Errorf("search by badge: %q", got)
	}
	if got := mc.Get("/manager?game=uth&q=ann").TestID("trainee-count"); got != "1 trainee of 6" {
		t.Errorf("count under the search: %q", got)
	}

	// Sorting: by the month's answers, most first; by name, the other way.
	if got := glanceNames(mc.Get("/manager?game=uth&sort=month&dir=desc")); len(got) != 6 || got[0] != "Tia Trainee" || got[1] != "Ann Failed" {
		t.Errorf("by answers, most first: %q", got)
	}
	if got := glanceNames(mc.Get("/manager?game=uth&sort=name&dir=desc")); len(got) != 6 || got[0] != "Tia Trainee" || got[5] != "Ann Failed" {
		t.Errorf("by name, Z to A: %q", got)
	}
	if got := glanceNames(mc.Get("/manager?game=uth&sort=state")); len(got) != 6 || got[0] != "Ben Passed" || got[1] != "Tia Trainee" {
		t.Errorf("by state, the most urgent first: %q", got)
	}
	head := mc.Get("/manager?game=uth&sort=accuracy")
	if got := attr(head.Doc.Find(`th[aria-sort]`), "aria-sort"); got != "ascending" {
		t.Errorf("the sorted column says %q; want ascending", got)
	}
}

// TestGlance_ByClass shows a class's members alone, and its missed
// questions from their answers only.
func TestGlance_ByClass(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	out := k.CreateUser("Olly Outside", trainer.RoleTrainee, "", traineePIN)
	cls := newClass(t, k.Harness, "Monday dealers", k.manager, k.trainee)
	practiseSessions(t, k.Harness, signInTrainee(t, k.Harness, out), 1, false)
	mc := k.staffClient(t, "Max Manager", managerPassword)
	all := mc.Get("/manager")
	if got := glanceNames(all); len(got) != 2 {
		t.Errorf("everyone: %q", got)
	}
	if !all.Has(`[data-testid="missed-questions-row"]`) {
		t.Error("everyone's missed questions are not listed")
	}
	one := mc.Get(strings.Replace(classPath(cls), "/classes/", "/manager?class=", 1))
	if got := glanceNames(one); len(got) != 1 || got[0] != "Tia Trainee" {
		t.Errorf("the class: %q; want its member alone", got)
	}
	if one.Has(`[data-testid="missed-questions-row"]`) {
		t.Error("the class lists questions only others missed")
	}
	link := attr(one.Doc.Find(`[data-testid="certifications-csv"]`), "href")
	if rows := csvRows(t, mc, link); len(rows) != 2 || rows[1][1] != "Tia Trainee" {
		t.Errorf("the class's CSV (%s): %q; want its member alone", link, rows)
	}
	if got := one.Text(`#filter-class option[selected]`); got != "Monday dealers" {
		t.Errorf("the class chosen: %q", got)
	}
}

// TestGlance_ExamApartFromPractice: a trainee who practised well then
// failed an exam keeps their practice figures and mastery; the exam's
// answers are reported apart, on their progress page and on their file,
// and each of the file's last answers says its mode. Certification is
// unchanged: the exam failed.
func TestGlance_ExamApartFromPractice(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	tc := k.traineeClient(t)
	// Eight sessions: a skill is mastered after ten answers, and eighty
	// answers over UTH's payout skills leave none of them short of it by
	// chance (forty did, once).
	practiseSessions(t, k.Harness, tc, 8, true)
	before := tc.Get("/progress")
	mastery, answered := before.TestID("stat-mastery"), before.TestID("stat-answered")
	if mastery == "" || strings.HasPrefix(mastery, "0 of") || answered != "80" {
		t.Fatalf("after practice: mastered %q, answered %q", mastery, answered)
	}

	id := startExam(t, tc, "uth")
	answerExam(t, k.Harness, tc, id, func(int) bool { return true })
	ex, err := k.Store.FindExam(t.Context(), id, k.trainee.ID)
	if err != nil || ex.Passed {
		t.Fatalf("the exam: %+v (%v); want it failed", ex, err)
	}

	after := tc.Get("/progress")
	if got := after.TestID("stat-mastery"); got != mastery {
		t.Errorf("mastered after a failed exam: %q; want %q as before", got, mastery)
	}
	if got := after.TestID("stat-answered"); got != answered {
		t.Errorf("answered after the exam: %q; want %q (practice only)", got, answered)
	}
	if got := after.TestID("progress-exams"); !strings.Contains(got, "Exam answers") || !strings.Contains(got, "0 %") {
		t.Errorf("the exam apart: %q", got)
	}

	mc := k.staffClient(t, "Max Manager", managerPassword)
	file := mc.Get(filePath(k.trainee))
	wantStatus(t, "file", file, http.StatusOK)
	sec := file.Doc.Find(`[data-testid="file-practice"]`)
	if got := sec.Find(`[data-testid="stat-mastery"]`).Text(); got != mastery {
		t.Errorf("the file's mastery: %q; want %q", got, mastery)
	}
	rows := sec.Find(`[data-testid="file-answer"]`)
	if rows.Length() != 20 {
		t.Fatalf("the file lists %d answers; want the last 20", rows.Length())
	}
	if got := sec.Find(`[data-testid="file-answer"][data-mode="exam"]`).Length(); got != min(len(ex.Items), 20) {
		t.Errorf("%d exam answers on the file; want the exam's %d", got, min(len(ex.Items), 20))
	}
	if got := strings.TrimSpace(rows.First().Find(`[data-testid="answer-mode"]`).Text()); got != "Exam" {
		t.Errorf("the newest answer's mode: %q; want Exam", got)
	}

	// A session of mistakes after the exam: the newest answers are
	// practice, with their feedback, and the exam's follow.
	practiseSessions(t, k.Harness, tc, 1, false)
	file = mc.Get(filePath(k.trainee))
	rows = file.Doc.Find(`[data-testid="file-practice"] [data-testid="file-answer"]`)
	if got := strings.TrimSpace(rows.First().Find(`[data-testid="answer-mode"]`).Text()); got != "Practice" {
		t.Errorf("the newest answer's mode: %q; want Practice", got)
	}
	if got := rows.Filter(`[data-mode="exam"]`).Length(); got != min(len(ex.Items), 10) {
		t.Errorf("%d exam answers among the last 20; want %d", got, min(len(ex.Items), 10))
	}
	feedback := 0
	rows.Filter(`[data-mode="practice"]`).Each(func(_ int, r *goquery.Selection) {
		if strings.TrimSpace(r.Find(`[data-testid="answer-feedback"]`).Text()) != "" {
			feedback++
		}
	})
	if feedback == 0 {
		t.Error("no practice answer shows its feedback")
	}
	if file.Has(`[data-testid="file-practice"] a[href^="/practice"]`) {
		t.Error("the file offers the manager to practise")
	}
	if got := glanceLine(mc.Get("/manager?game=uth"), "Tia Trainee", "cell-0", "glance-state"); !strings.HasPrefix(got, "Exam failed") {
		t.Errorf("the dashboard after the failed exam: %q", got)
	}
}
