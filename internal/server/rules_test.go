package server_test

import (
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestRules_VersionsApprovalAndOldAnswers runs the kiosk on rules where the
// default house pays Trips from table A, answers a practice question and
// approves those rules; then restarts it on the built-in rules (table B).
// The new version is recorded and waits for approval (exams closed, the
// page shows the key that changed); the old answer opens exactly as it was
// shown, rebuilt from the copy of the old rules.
func TestRules_VersionsApprovalAndOldAnswers(t *testing.T) {
	plainRunOnly(t)
	t.Parallel()
	path := filepath.Join(t.TempDir(), "trainer.db")
	data, err := rules.FS.ReadFile("houses/default/uth.toml")
	if err != nil {
		t.Fatal(err)
	}
	oldUTH := strings.Replace(string(data), `trips_table               = "50-40-30-8-6-5-3"`, `trips_table               = "50-40-30-9-7-4-3"`, 1)
	oldFS := rulebook.Overlay(fstest.MapFS{"houses/default/uth.toml": {Data: []byte(oldUTH)}}, rules.FS)

	first := servertest.Start(t, servertest.Options{Path: path, Rules: oldFS})
	first.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	tia := first.CreateUser("Tia Trainee", trainer.RoleTrainee, "", traineePIN)
	mc := staffSignIn(t, first, "Max Manager", managerPassword)
	page := mc.Get("/manager/rules/" + first.Book.Version)
	if !strings.Contains(page.TestID("rules-version"), "The first version") || !page.Has(`[data-testid="rules-approve"]`) {
		t.Errorf("the first version's page: %q", page.TestID("rules-version"))
	}
	confirm := mc.PostForm("/manager/rules/"+first.Book.Version+"/approve", nil)
	wantStatus(t, "approve, before the confirmation", confirm, http.StatusOK)
	if !confirm.Has(`[data-testid="rules-confirm-submit"]`) {
		t.Error("approving asks no confirmation")
	}
	if v, _ := first.DB.FindRulesVersion(t.Context(), first.Book.Version); v.Approved() {
		t.Error("the version is approved before the confirmation")
	}
	wantRedirect(t, "approve", mc.PostForm("/manager/rules/"+first.Book.Version+"/approve", confirmed),
		"/manager/rules/"+first.Book.Version+"?done=approved")
	wantStatus(t, "approve twice", mc.PostForm("/manager/rules/"+first.Book.Version+"/approve", confirmed), http.StatusConflict)

	// A practice answer whose key the Trips table decides, under the old rules.
	oldGen, err := drills.Load(first.Book, oldFS)
	if err != nil {
		t.Fatal(err)
	}
	tc := signInTrainee(t, first, tia)
	var answered *trainer.Attempt
	var oldDrill *drills.Drill
	for tries := 0; answered == nil && tries < 30; tries++ {
		id := startSession(t, tc, "uth", "payout", trainer.ModePractice, 3)
		for range trainer.SessionLength {
			a, err := first.DB.PendingAttempt(t.Context(), id)
			if err != nil {
				t.Fatal(err)
			}
			d, err := oldGen.Generate(a.House, drills.Spec{Game: a.Game, Kind: a.Kind, Level: a.Level, Seed: a.Seed})
			if err != nil {
				t.Fatal(err)
			}
			wantStatus(t, "answer", tc.PostForm(answerPath(a), answerForm(d.Key)), http.StatusSeeOther)
			now, err := generator(t).Generate(a.House, drills.Spec{Game: a.Game, Kind: a.Kind, Level: a.Level, Seed: a.Seed})
			if err != nil {
				t.Fatal(err)
			}
			// One whose key the new rules would change: rebuilt under them,
			// it would show another amount.
			if d.Key.Amount != nil && now.Key.Amount != nil && *d.Key.Amount != *now.Key.Amount {
				answered, oldDrill = a, d
				break
			}
			tc.PostForm(sessionPath(id)+"/next", nil)
		}
	}
	if answered == nil {
		t.Fatal("no payout that the Trips table decides was served in 30 sessions")
	}
	first.Close()

	second := servertest.Start(t, servertest.Options{Path: path})
	if second.Book.Version == first.Book.Version {
		t.Fatal("the built-in rules have the old version")
	}
	mc = staffSignIn(t, second, "Max Manager", managerPassword)
	list := mc.Get("/manager/rules")
	if n := list.Doc.Find(`[data-testid="rules-row"]`).Length(); n != 2 {
		t.Errorf("the rules page lists %d versions; want 2", n)
	}
	if note := mc.Get("/manager").TestID("rules-note"); !strings.Contains(note, "wait for approval") || strings.Contains(note, second.Book.Version) {
		t.Errorf("the dashboard does not say the new rules wait for approval, in words: %q", note)
	}
	page = mc.Get("/manager/rules/" + second.Book.Version)
	if got := page.TestID("rules-version"); !strings.Contains(got, "Compared with the house rules approved on") || strings.Contains(got, first.Book.Version) {
		t.Errorf("the new version is compared with %q", page.TestID("rules-version"))
	}
	// A table chosen is said by the rows it pays otherwise, never by the
	// rules files' names of the tables (issue 26).
	if got := page.Text(`[data-testid="rules-setting"]`); !strings.Contains(got, "Trips table") || !strings.Contains(got, "flush 7 to 1") || !strings.Contains(got, "flush 6 to 1") ||
		strings.Contains(got, "50-40-30") {
		t.Errorf("the changed settings: %q; want the Trips table from flush 7 to 1 to flush 6 to 1, without the tables' names", got)
	}
	tc = signInTrainee(t, second, tia)
	wantStatus(t, "an exam under rules not approved", tc.PostForm("/exams", url.Values{"game": {"uth"}}), http.StatusConflict)

	// The old answer, exactly as it was shown and graded.
	resp := tc.Get(fmt.Sprintf("/attempts/%d", answered.ID))
	wantStatus(t, "the old answer", resp, http.StatusOK)
	if resp.Has(`[data-testid="problem"]`) {
		t.Errorf("the old answer is flagged: %q", resp.TestID("problem"))
	}
	if got := resp.TestID("verdict"); !strings.Contains(got, "Right") {
		t.Errorf("the old answer's verdict %q; want Right", got)
	}
	if got, want := resp.Text(`[data-testid="recap"] .recap-prompt`), oldDrill.Prompt; got != want {
		t.Errorf("the old question reads %q; want %q", got, want)
	}
	if got := resp.TestID("your-answer"); !strings.Contains(got, oldDrill.Key.Amount.String()) {
		t.Errorf("the old answer shows %q; want the old key %s", got, oldDrill.Key.Amount)
	}
	wantRedirect(t, "approve the new rules", mc.PostForm("/manager/rules/"+second.Book.Version+"/approve", confirmed),
		"/manager/rules/"+second.Book.Version+"?done=approved")
	if !tc.Get("/exams/new?game=uth").Has(`[data-testid="exam-start-submit"]`) {
		t.Error("the exam is not open once the new rules are approved")
	}
}

// confirmed is the form that confirms an approval.
var confirmed = url.Values{"confirm": {"yes"}}

// staffSignIn signs a manager or administrator in on harness h.
func staffSignIn(t *testing.T, h *servertest.Harness, name, password string) *servertest.Client {
	t.Helper()
	c := h.Client()
	resp := c.PostForm("/signin/staff", url.Values{"name": {name}, "password": {password}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("staff sign-in of %q: status %d", name, resp.StatusCode)
	}
	return c
}

// TestRules_ExamKeepsItsRules starts an exam under approved rules, stops the
// kiosk, and restarts it on other rules: the exam carries on under the rules
// it started on (its items were fixed then), answers graded against those
// rules' keys, and finishes.
func TestRules_ExamKeepsItsRules(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "trainer.db")
	data, err := rules.FS.ReadFile("houses/default/uth.toml")
	if err != nil {
		t.Fatal(err)
	}
	oldUTH := strings.Replace(string(data), `trips_table               = "50-40-30-8-6-5-3"`, `trips_table               = "50-40-30-9-7-4-3"`, 1)
	oldFS := rulebook.Overlay(fstest.MapFS{"houses/default/uth.toml": {Data: []byte(oldUTH)}}, rules.FS)
	first := servertest.Start(t, servertest.Options{Path: path, Rules: oldFS})
	mgr := first.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	tia := first.CreateUser("Tia Trainee", trainer.RoleTrainee, "", traineePIN)
	first.ApproveRules(mgr)
	oldGen, err := drills.Load(first.Book, oldFS)
	if err != nil {
		t.Fatal(err)
	}
	c := signInTrainee(t, first, tia)
	id := startExam(t, c, "uth")
	answerOld := func(h *servertest.Harness, c *servertest.Client, n int) {
		t.Helper()
		a, err := h.DB.PendingAttempt(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		if a.RulesVersion != first.Book.Version || a.Position != n {
			t.Fatalf("item %d: served %+v; want item %d under the exam's rules %s", a.Position, a.Spec, n, first.Book.Version)
		}
		d, err := oldGen.Generate(a.House, drills.Spec{Game: a.Game, Kind: a.Kind, Level: a.Level, Seed: a.Seed})
		if err != nil {
			t.Fatal(err)
		}
		wantRedirect(t, fmt.Sprintf("answer item %d", n), c.PostForm(examItemPath(id, n), answerForm(d.Key)), examShowPath(id))
	}
	answerOld(first, c, 1)
	ex, _ := first.DB.FindExam(t.Context(), id, tia.ID)
	first.Close()

	second := servertest.Start(t, servertest.Options{Path: path})
	if second.Book.Version == first.Book.Version {
		t.Fatal("the restart did not change the rules")
	}
	c = signInTrainee(t, second, tia)
	for n := 2; n <= len(ex.Items); n++ {
		answerOld(second, c, n)
	}
	res := c.Get(examShowPath(id))
	if v := res.TestID("exam-verdict"); !strings.Contains(v, "Exam passed") || !strings.Contains(res.TestID("exam-result"), "under the house rules approved on") {
		t.Errorf("the exam after the rules changed: %q", v)
	}
}
