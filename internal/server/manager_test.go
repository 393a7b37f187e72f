package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// dashDay and dashMinute write dates as the kiosk prints them.
func dashDay(t time.Time) string    { return t.Local().Format("2 Jan 2006") }
func dashMinute(t time.Time) string { return t.Local().Format("2 Jan 2006 15:04") }

// TestDashboard_Steps seeds each state a manager acts on through the store
// (an exam failed, one passed waiting for its table test, a certificate due,
// one expired) and checks what the dashboard says of each, with its date,
// that the state filter finds each one alone, and that the CSV follows the
// filter (issue 15).
func TestDashboard_Steps(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	dan := k.CreateUser("Dan Expired", trainer.RoleTrainee, "", traineePIN)
	cat := k.CreateUser("Cat Due", trainer.RoleTrainee, "", traineePIN)
	ann := k.CreateUser("Ann Failed", trainer.RoleTrainee, "", traineePIN)
	ben := k.CreateUser("Ben Passed", trainer.RoleTrainee, "", traineePIN)

	k.Certify(dan, "uth", k.manager)
	danExpires := k.Clock.Now().AddDate(1, 0, 0)
	k.Clock.Advance(20 * 24 * time.Hour)
	k.Certify(cat, "uth", k.manager)
	catExpires := k.Clock.Now().AddDate(1, 0, 0)
	k.Clock.Advance(350 * 24 * time.Hour) // Dan's ran out 5 days ago, Cat's runs out in 15
	failedAt := k.Clock.Now()
	k.SitExam(ann, "uth", false)
	k.Clock.Advance(time.Hour)
	passedAt := k.Clock.Now()
	k.SitExam(ben, "uth", true)

	mc := k.staffClient(t, "Max Manager", managerPassword)
	dash := mc.Get("/manager?game=uth")
	wantStatus(t, "dashboard", dash, 200)
	cell := func(name string) string {
		t.Helper()
		var got string
		dash.Doc.Find(`[data-testid="cert-row"]`).Each(func(_ int, row *goquery.Selection) {
			if strings.Contains(row.Find(`[data-testid="trainee-link"]`).Text(), name) {
				got = strings.Join(strings.Fields(row.Find(`[data-testid="cell-0"] [data-testid="glance-state"]`).Text()), " ")
			}
		})
		return got
	}
	for _, tt := range []struct{ name, want string }{
		{"Ann Failed", "Exam failed next sitting on " + dashMinute(failedAt.Add(48*time.Hour))},
		{"Ben Passed", "Waiting for the table test exam passed on " + dashDay(passedAt)},
		{"Cat Due", "Due expires on " + dashDay(catExpires) + " the recertification exam is open"},
		{"Dan Expired", "Expired on " + dashDay(danExpires) + " refresher required"},
		{"Tia Trainee", "In training no exam yet"},
	} {
		if got := cell(tt.name); got != tt.want {
			t.Errorf("%s: %q; want %q", tt.name, got, tt.want)
		}
	}

	for _, tt := range []struct{ state, who string }{
		{"exam_failed", "Ann Failed"}, {"table_test", "Ben Passed"}, {"due", "Cat Due"}, {"expired", "Dan Expired"},
		{"exam_passed", "Ben Passed"}, // the state's name before issue 15, in a kept link
	} {
		only := mc.Get("/manager?state=" + tt.state)
		rows := only.Doc.Find(`[data-testid="cert-row"]`)
		if rows.Length() != 1 || !strings.Contains(rows.Text(), tt.who) {
			t.Errorf("filtered on %s: %d cards %q; want %s's alone", tt.state, rows.Length(), only.TestID("trainee-link"), tt.who)
		}
		if got := only.Text(`#filter-state option[selected]`); tt.state != "exam_passed" && got == "" {
			t.Errorf("filtered on %s: no state selected in the filter", tt.state)
		}
	}
	if got := mc.Get("/manager?state=exam_failed").TestID("trainee-count"); got != "1 trainee of 5" {
		t.Errorf("count under the filter: %q", got)
	}

	rows := csvRows(t, mc, "/manager/certifications.csv?state=exam_failed")
	if len(rows) != 2 || rows[1][1] != "Ann Failed" {
		t.Fatalf("CSV of the failed exams: %q", rows)
	}
	head := rows[0]
	if head[len(head)-2] != "next_step" || rows[1][len(head)-2] != "exam_failed" || rows[1][len(head)-1] == "" {
		t.Errorf("CSV next step: %q / %q", head, rows[1])
	}
}

// TestDashboard_NoSittingsLeft: three failed sittings ask a manager to allow
// another, and the card says so.
func TestDashboard_NoSittingsLeft(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	var last time.Time
	for range 3 {
		last = k.Clock.Now()
		k.SitExam(k.trainee, "uth", false)
		k.Clock.Advance(49 * time.Hour)
	}
	mc := k.staffClient(t, "Max Manager", managerPassword)
	got := mc.Get("/manager?game=uth").Text(`[data-testid="cert-row"] [data-testid="cell-0"] [data-testid="glance-state"]`)
	want := "Exam failed on " + dashDay(last) + ", no sittings left a manager must allow another sitting"
	if got != want {
		t.Errorf("cell %q; want %q", got, want)
	}
}
