package server_test

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
)

// passExam sits the whole exam of game as the kiosk's trainee, over HTTP,
// every answer right, and returns the exam's ID.
func passExam(t *testing.T, k *kiosk, c *servertest.Client, game string) int64 {
	t.Helper()
	id := startExam(t, c, game)
	ex, err := k.Store.FindExam(t.Context(), id, k.trainee.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range ex.Items {
		_, d := pending(t, k.Harness, id)
		resp := c.PostForm(examItemPath(id, it.Position), answerForm(d.Key))
		if resp.StatusCode != http.StatusSeeOther && resp.StatusCode != http.StatusOK {
			t.Fatalf("answer item %d: status %d", it.Position, resp.StatusCode)
		}
	}
	if ex, err = k.Store.FindExam(t.Context(), id, k.trainee.ID); err != nil || !ex.Passed {
		t.Fatalf("the exam did not pass: %+v (%v)", ex, err)
	}
	return id
}

func filePath(u *trainer.User) string { return fmt.Sprintf("/manager/trainees/%d", u.ID) }

func gamePath(u *trainer.User, game string) string { return filePath(u) + "/games/" + game }

// TestCert_Roles: every manager page is for managers and administrators;
// trainees get 403 and visitors are sent to sign-in.
func TestCert_Roles(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	clients := map[string]*servertest.Client{
		"signed out":    k.Client(),
		"trainee":       k.traineeClient(t),
		"manager":       k.staffClient(t, "Max Manager", managerPassword),
		"administrator": k.staffClient(t, "Ada Admin", adminPassword),
	}
	gets := []string{"/manager", "/manager?game=uth&state=expired", "/manager/certifications.csv", "/manager/programme",
		filePath(k.trainee), filePath(k.trainee) + "/attempts.csv", gamePath(k.trainee, "uth") + "/transcript",
		"/manager/rules", "/manager/rules/" + k.Book.Version}
	for _, path := range gets {
		for who, c := range clients {
			resp := c.Get(path)
			what := who + " GET " + path
			switch who {
			case "signed out":
				wantRedirect(t, what, resp, "/signin")
			case "trainee":
				wantStatus(t, what, resp, http.StatusForbidden)
			default:
				wantStatus(t, what, resp, http.StatusOK)
			}
		}
	}
	posts := []string{gamePath(k.trainee, "uth") + "/table-test", gamePath(k.trainee, "uth") + "/revoke",
		gamePath(k.trainee, "uth") + "/allow", "/manager/rules/" + k.Book.Version + "/approve"}
	for _, path := range posts {
		resp := clients["trainee"].PostForm(path, url.Values{"result": {"pass"}, "reason": {"x"}})
		wantStatus(t, "trainee POST "+path, resp, http.StatusForbidden)
		wantRedirect(t, "signed out POST "+path, clients["signed out"].PostForm(path, nil), "/signin")
	}
	// A trainee cannot sign off their own certification either: the role
	// stops them before anything else.
	resp := clients["trainee"].PostForm(gamePath(k.trainee, "uth")+"/table-test", url.Values{"result": {"pass"}})
	wantStatus(t, "trainee signs off their own", resp, http.StatusForbidden)
	for _, path := range []string{"/manager/exams/1", gamePath(k.trainee, "uth") + "/certificate"} {
		wantStatus(t, "trainee GET "+path, clients["trainee"].Get(path), http.StatusForbidden)
		wantRedirect(t, "signed out GET "+path, clients["signed out"].Get(path), "/signin")
		wantStatus(t, "manager GET "+path+" (none yet)", clients["manager"].Get(path), http.StatusNotFound)
	}
	wantStatus(t, "a manager's file", clients["manager"].Get(filePath(k.manager)), http.StatusNotFound)
	wantStatus(t, "a game with no standard", clients["manager"].Get(gamePath(k.trainee, "bingo")+"/transcript"), http.StatusNotFound)
}

// TestCert_SignOffRevokeAndExport follows one certification through the
// managers' pages: a passed exam, a table test refused for missing input
// (422, the field named), a failed one, a passed one (granted: who and
// when), the dashboard, the CSV, the certificate, a revocation, and the
// audit trail of it all.
func TestCert_SignOffRevokeAndExport(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	tc := k.traineeClient(t)
	exam := passExam(t, k, tc, "uth")
	mc := k.staffClient(t, "Max Manager", managerPassword)
	tt := gamePath(k.trainee, "uth") + "/table-test"

	file := mc.Get(filePath(k.trainee))
	wantStatus(t, "the file", file, http.StatusOK)
	if !file.Has(`[data-testid="file-uth"] [data-testid="table-test-form"]`) || file.Has(`[data-testid="file-oracle"] [data-testid="table-test-form"]`) {
		t.Fatal("the file offers the table test in the wrong games")
	}
	// Bad input: 422 with the field's message, nothing saved.
	resp := mc.PostForm(tt, url.Values{"result": {"fail"}, "notes": {"   "}})
	wantStatus(t, "a failed table test without notes", resp, http.StatusUnprocessableEntity)
	wantFieldError(t, "a failed table test without notes", resp, "notes", "Write what went wrong at the table.")
	resp = mc.PostForm(tt, url.Values{"result": {"maybe"}})
	wantStatus(t, "a table test with no result", resp, http.StatusUnprocessableEntity)
	wantFieldError(t, "a table test with no result", resp, "result", "Choose pass, fail or re-test.")
	resp = htmxClient(k.staffClient(t, "Max Manager", managerPassword)).PostForm(tt, url.Values{"result": {"retest"}})
	wantStatus(t, "htmx re-test without notes", resp, http.StatusUnprocessableEntity)
	if !isFragment(resp.Body) || !resp.Has(`[data-testid="table-test-form"]`) {
		t.Errorf("htmx 422: want the form alone\n%s", resp.Body)
	}
	wantFieldError(t, "htmx re-test without notes", resp, "notes", "Write why the table test is to be taken again.")
	if rec, _ := k.DB.FindCertRecord(t.Context(), k.trainee.ID, "uth"); len(rec.Events) != 1 {
		t.Fatalf("refused forms saved events: %+v", rec.Events)
	}
	revoke := gamePath(k.trainee, "uth") + "/revoke"
	wantStatus(t, "revoke before any grant", mc.PostForm(revoke, url.Values{"reason": {"test"}}), http.StatusConflict)

	// The first tap says what will be recorded, and records nothing (issue 15).
	ask := mc.PostForm(tt, url.Values{"result": {"fail"}, "notes": {"Paid the Blind on two pair."}})
	wantStatus(t, "a failed table test, not confirmed", ask, http.StatusOK)
	if got := ask.TestID("table-test-confirm"); got != "Record a fail for Tia Trainee in Ultimate Texas Hold'em?" {
		t.Errorf("confirmation %q", got)
	}
	if rec, _ := k.DB.FindCertRecord(t.Context(), k.trainee.ID, "uth"); len(rec.Events) != 1 {
		t.Fatalf("an unconfirmed table test saved events: %+v", rec.Events)
	}
	change := mc.PostForm(tt, url.Values{"result": {"fail"}, "notes": {"Paid the Blind on two pair."}, "confirm": {"yes"}, "edit": {"1"}})
	wantStatus(t, "change the table test", change, http.StatusOK)
	if change.Has(`[data-testid="table-test-confirm"]`) || change.Doc.Find(`[data-testid="table-test-form"] textarea[name="notes"]`).Text() != "Paid the Blind on two pair." ||
		!change.Has(`[data-testid="table-test-form"] input[value="fail"][checked]`) {
		t.Error("Change does not show the form again with what was chosen")
	}
	wantRedirect(t, "a failed table test", mc.PostForm(tt, url.Values{"result": {"fail"}, "notes": {"Paid the Blind on two pair."}, "confirm": {"yes"}}),
		filePath(k.trainee)+"?done=table-test")
	file = mc.Get(filePath(k.trainee))
	if got := file.Text(`[data-testid="file-uth"] [data-testid="state"]`); got != "Exam passed" {
		t.Errorf("after a failed table test: %q; want Exam passed", got)
	}
	if !strings.Contains(file.TestID("file-events"), "Paid the Blind on two pair.") {
		t.Error("the failed table test's notes are not in the file")
	}
	k.Clock.Advance(time.Hour)
	mc = k.staffClient(t, "Max Manager", managerPassword) // an hour idle signed the manager out
	ask = mc.PostForm(tt, url.Values{"result": {"pass"}})
	if got, want := ask.TestID("table-test-what"), "Tia Trainee is certified to deal Ultimate Texas Hold'em until "+
		k.Clock.Now().AddDate(1, 0, 0).Local().Format("2 Jan 2006")+", signed off by you, Max Manager."; !strings.HasPrefix(got, want) {
		t.Errorf("the pass will do %q; want it to begin %q", got, want)
	}
	wantRedirect(t, "a passed table test", mc.PostForm(tt, url.Values{"result": {"pass"}, "confirm": {"yes"}}), filePath(k.trainee)+"?done=table-test")
	file = mc.Get(filePath(k.trainee))
	if got := file.Text(`[data-testid="file-uth"] [data-testid="state"]`); got != "Certified" {
		t.Errorf("after the sign-off: %q; want Certified", got)
	}
	if got := file.Text(`[data-testid="file-uth"] [data-testid="signed-by"]`); !strings.HasPrefix(got, "Max Manager, ") {
		t.Errorf("signed by %q; want Max Manager and the date", got)
	}
	wantStatus(t, "a second sign-off", mc.PostForm(tt, url.Values{"result": {"pass"}}), http.StatusConflict)

	// The dashboard and the CSV.
	dash := mc.Get("/manager?game=uth&state=certified")
	if got := dash.Text(`[data-testid="cert-row"] [data-testid="state"]`); got != "Certified" {
		t.Errorf("the dashboard filtered on certified UTH shows %q", got)
	}
	if dash.Doc.Find(`[data-testid="cert-row"]`).Length() != 1 {
		t.Errorf("the filter shows %d rows; want Tia's", dash.Doc.Find(`[data-testid="cert-row"]`).Length())
	}
	if n := mc.Get("/manager?state=expired").Doc.Find(`[data-testid="cert-row"]`).Length(); n != 0 {
		t.Errorf("filtered on expired: %d rows; want none", n)
	}
	rows := csvRows(t, mc, "/manager/certifications.csv?game=uth")
	if len(rows) != 2 || rows[1][1] != "Tia Trainee" || rows[1][3] != "uth" || rows[1][4] != "certified" || rows[1][7] != "Max Manager" {
		t.Errorf("certifications CSV: %q", rows)
	}
	// The certificate names the signer and the audit entry of the grant.
	cert := mc.Get(gamePath(k.trainee, "uth") + "/certificate")
	wantStatus(t, "certificate", cert, http.StatusOK)
	if cert.TestID("certificate-signer") != "Max Manager" || !strings.HasPrefix(cert.TestID("certificate-status"), "Valid until") ||
		!strings.Contains(cert.Body, "Verification code") {
		t.Errorf("certificate: signer %q, status %q", cert.TestID("certificate-signer"), cert.TestID("certificate-status"))
	}
	wantStatus(t, "a certificate never granted", mc.Get(gamePath(k.trainee, "oracle")+"/certificate"), http.StatusNotFound)
	trans := mc.Get(gamePath(k.trainee, "uth") + "/transcript")
	if !strings.Contains(trans.TestID("transcript"), "Passed") || !strings.Contains(trans.TestID("transcript"), "Paid the Blind") {
		t.Error("the transcript lacks the exam or the failed table test")
	}
	wantStatus(t, "the exam on the manager's page", mc.Get(fmt.Sprintf("/manager/exams/%d", exam)), http.StatusOK)

	// Revocation: reason required, then the trainee must take a refresher.
	resp = mc.PostForm(revoke, url.Values{"reason": {""}})
	wantStatus(t, "revoke without a reason", resp, http.StatusUnprocessableEntity)
	wantFieldError(t, "revoke without a reason", resp, "reason", "Give the reason for the revocation.")
	wantRedirect(t, "revoke", mc.PostForm(revoke, url.Values{"reason": {"Short-paid two players in one shift."}}),
		filePath(k.trainee)+"?done=revoked")
	home := k.traineeClient(t).Get("/trainee")
	if got := home.Text(`[data-testid="cert-uth"] [data-testid="state"]`); got != "Revoked" || !home.Has(`[data-testid="refresher-uth"]`) {
		t.Errorf("the trainee's home after the revocation: %q, refresher offered %v", got, home.Has(`[data-testid="refresher-uth"]`))
	}
	// The audit trail holds it all, chained.
	rep, err := k.DB.VerifyAudit(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	es, _ := k.DB.ListAudit(t.Context(), sqlite.AuditFilter{SubjectPrefix: trainer.CertSubject(k.trainee.ID, "uth")})
	var actions []string
	for i := len(es) - 1; i >= 0; i-- {
		actions = append(actions, es[i].Action)
	}
	want := "exam.started exam.finished table_test.recorded table_test.recorded certification.granted certification.revoked refresher.assigned"
	if strings.Join(actions, " ") != want {
		t.Errorf("audit of Tia's UTH: %v; want %s", actions, want)
	}
	// The trainee's file shows that trail with the game named as people
	// call it, never by the code it is stored under.
	trail := mc.Get(filePath(k.trainee))
	if !strings.Contains(trail.Body, "game: Ultimate Texas Hold&#39;em") || strings.Contains(trail.Body, "game: uth") {
		t.Errorf("the file's audit details do not name the game: %q", trail.Text(".audit-detail"))
	}
	if head := mc.Get("/manager").TestID("audit-head"); !strings.Contains(head, say.VerificationCode(rep.Head)) || strings.Contains(head, rep.Head) {
		t.Errorf("the dashboard's audit line %q; want the head's verification code %q and not its hash", head, say.VerificationCode(rep.Head))
	}
}

// csvRows downloads a CSV as client c. Every export begins with a UTF-8
// byte-order mark, so that Excel on Windows reads accented names (issue 15).
func csvRows(t *testing.T, c *servertest.Client, path string) [][]string {
	t.Helper()
	resp := c.Get(path)
	wantStatus(t, path, resp, http.StatusOK)
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
		t.Errorf("%s: Content-Type %q", path, ct)
	}
	body, ok := strings.CutPrefix(resp.Body, "\xef\xbb\xbf")
	if !ok {
		t.Errorf("%s: no UTF-8 byte-order mark at the start: %q", path, resp.Body[:min(len(resp.Body), 12)])
	}
	rows, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rows
}

// TestCert_OwnCertificationRefused: a manager posting for their own user ID
// is refused before anything else, whatever the form holds; so is an
// administrator; and the store refuses a signer who is the holder.
func TestCert_OwnCertificationRefused(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	for _, who := range []struct {
		u        *trainer.User
		password string
	}{{k.manager, managerPassword}, {k.admin, adminPassword}} {
		c := k.staffClient(t, who.u.Name, who.password)
		for _, action := range []string{"table-test", "revoke", "allow"} {
			resp := c.PostForm(gamePath(who.u, "uth")+"/"+action, url.Values{"result": {"pass"}, "reason": {"r"}, "notes": {"n"}})
			wantStatus(t, who.u.Name+" "+action+" on their own", resp, http.StatusForbidden)
			if !strings.Contains(resp.TestID("error-page"), "your own certification") {
				t.Errorf("%s %s on their own: %q", who.u.Name, action, resp.TestID("error-page"))
			}
		}
	}
}

// TestCert_AllowAnotherSitting uses up a cycle's sittings and has a manager
// allow another.
func TestCert_AllowAnotherSitting(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	for i := range 3 {
		c := k.traineeClient(t)
		id := startExam(t, c, "thrill")
		ex, _ := k.DB.FindExam(t.Context(), id, k.trainee.ID)
		for _, it := range ex.Items {
			_, d := pending(t, k.Harness, id)
			c.PostForm(examItemPath(id, it.Position), answerForm(wrongKey(d)))
		}
		if i < 2 {
			k.Clock.Advance(49 * time.Hour)
		}
	}
	k.Clock.Advance(49 * time.Hour)
	tc := k.traineeClient(t)
	if got := tc.Get("/exams/new?game=thrill").TestID("exam-blocked"); !strings.Contains(got, "a manager must allow another") {
		t.Fatalf("after three failed sittings: %q", got)
	}
	mc := k.staffClient(t, "Max Manager", managerPassword)
	if !mc.Get(filePath(k.trainee)).Has(`[data-testid="file-thrill"] [data-testid="allow-form"]`) {
		t.Fatal("the file offers no allowance")
	}
	wantRedirect(t, "allow", mc.PostForm(gamePath(k.trainee, "thrill")+"/allow", url.Values{"notes": {"Retrained on the joker."}}),
		filePath(k.trainee)+"?done=allowed")
	if !k.traineeClient(t).Get("/exams/new?game=thrill").Has(`[data-testid="exam-start-submit"]`) {
		t.Error("the exam does not open after the allowance")
	}
}

// TestCert_DashboardDueAndExpired puts one trainee's certificate past its
// expiry and another's within its due window: the lists show both, the
// filter narrows, the expiry goes on record once (with the refresher), and
// the expired trainee must take the refresher before the exam.
func TestCert_DashboardDueAndExpired(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	bo := k.CreateUser("Bo Chan", trainer.RoleTrainee, "", traineePIN)
	grant := func(u *trainer.User) {
		ex := &trainer.Exam{UserID: u.ID, Game: "uth", House: "default", RulesVersion: k.Book.Version, Standard: json.RawMessage(`{}`),
			Items: []trainer.ExamItem{{Kind: "payout", Level: 2, Seed: 1, Skill: "uth.payout.ante", Seconds: 30}}}
		if err := k.DB.StartExam(t.Context(), ex, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := k.DB.FinishExam(t.Context(), ex, true, json.RawMessage(`{"passed":true,"items":1,"right":1}`)); err != nil {
			t.Fatal(err)
		}
		e := &trainer.CertEvent{UserID: u.ID, Game: "uth", Kind: trainer.EventTablePass, ActorID: k.manager.ID, ExamID: ex.ID}
		if err := k.DB.RecordCertEvent(t.Context(), e, nil); err != nil {
			t.Fatal(err)
		}
	}
	grant(bo)
	k.Clock.Advance(31 * 24 * time.Hour)
	grant(k.trainee)
	k.Clock.Advance(344 * 24 * time.Hour) // Bo's ran out 10 days ago; Tia's runs out in 21 days
	mc := k.staffClient(t, "Max Manager", managerPassword)
	dash := mc.Get("/manager")
	due, expired := dash.TestID("due-list"), dash.TestID("expired-list")
	if !strings.Contains(due, "Tia Trainee") || strings.Contains(due, "Bo Chan") || !strings.Contains(due, "in 21 days") {
		t.Errorf("due list: %q", due)
	}
	if !strings.Contains(expired, "Bo Chan") || strings.Contains(expired, "Tia Trainee") || !strings.Contains(expired, "10 days ago") {
		t.Errorf("expired list: %q", expired)
	}
	only := mc.Get("/manager?state=expired")
	if rows := only.Doc.Find(`[data-testid="cert-row"]`); rows.Length() != 1 || !strings.Contains(rows.Text(), "Bo Chan") {
		t.Errorf("filtered on expired: %q", rows.Text())
	}
	rows := csvRows(t, mc, "/manager/certifications.csv?state=due")
	if len(rows) != 2 || rows[1][1] != "Tia Trainee" || rows[1][4] != "due" {
		t.Errorf("CSV of those due: %q", rows)
	}
	// The expiry is on record once, however often it is seen.
	mc.Get("/manager")
	rec, _ := k.DB.FindCertRecord(t.Context(), bo.ID, "uth")
	n := 0
	for _, e := range rec.Events {
		if e.Kind == trainer.EventExpired {
			n++
		}
	}
	if n != 1 {
		t.Errorf("Bo's expiry is recorded %d times; want once", n)
	}
	es, _ := k.DB.ListAudit(t.Context(), sqlite.AuditFilter{SubjectPrefix: trainer.CertSubject(bo.ID, "uth"), Limit: 2})
	if es[0].Action != trainer.AuditRefresherAssigned || es[1].Action != trainer.AuditExpired || es[1].Actor != "kiosk" {
		t.Errorf("audit after the expiry: %s, %s by %s", es[1].Action, es[0].Action, es[1].Actor)
	}
	// Bo takes the refresher (a review session), then may sit the exam.
	bc := signInTrainee(t, k.Harness, bo)
	home := bc.Get("/trainee")
	if got := home.Text(`[data-testid="cert-uth"] [data-testid="state"]`); got != "Expired" || home.Has(`[data-testid="exam-uth"]`) {
		t.Errorf("Bo's home: %q, exam offered %v", got, home.Has(`[data-testid="exam-uth"]`))
	}
	refresher := attr(home.Doc.Find(`[data-testid="refresher-uth"]`), "href")
	if refresher == "" {
		t.Fatal("no refresher offered")
	}
	form := bc.Get(refresher)
	if !form.Has(`#g-mode-review[checked]`) {
		t.Error("the refresher link does not choose review")
	}
	id := startSession(t, bc, "uth", "payout", trainer.ModeReview, 1)
	for i := range trainer.SessionLength {
		_, d := pending(t, k.Harness, id)
		a, _ := pending(t, k.Harness, id)
		bc.PostForm(answerPath(a), answerForm(d.Key))
		if i < trainer.SessionLength-1 {
			bc.PostForm(sessionPath(id)+"/next", nil)
		}
	}
	if !bc.Get("/trainee").Has(`[data-testid="exam-uth"]`) {
		t.Error("after the refresher the UTH exam is not offered")
	}
}

// TestCert_AdminChangesAreAudited: the administrator's user and settings
// changes, made through the pages, are in the audit log under their name.
func TestCert_AdminChangesAreAudited(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	ac := k.staffClient(t, "Ada Admin", adminPassword)
	wantRedirect(t, "settings", ac.PostForm("/admin/settings", url.Values{"idle_minutes": {"9"}, "max_failures": {"5"}, "lockout_minutes": {"15"}}), "/admin/settings?saved=1")
	wantRedirect(t, "deactivate", ac.PostForm(userPath(k.trainee)+"/deactivate", url.Values{"confirm": {"yes"}}), userPath(k.trainee)+"?done=deactivated")
	es, err := k.DB.ListAudit(t.Context(), sqlite.AuditFilter{Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	if es[0].Action != trainer.AuditUserDeactivated || es[0].Actor != "Ada Admin" || es[1].Action != trainer.AuditSettingsChanged || es[1].Actor != "Ada Admin" {
		t.Errorf("audit: %s by %s, %s by %s", es[1].Action, es[1].Actor, es[0].Action, es[0].Actor)
	}
	// Only the setting that changed is recorded, with its old and new value.
	if got, want := es[1].Detail, `{"trainee_idle_timeout_minutes":{"new":9,"old":5}}`; got != want {
		t.Errorf("settings entry detail %s; want %s", got, want)
	}
}

// TestCert_FormulaInjectionInCSV: a cell that a spreadsheet would read as a
// formula is written as text.
func TestCert_FormulaInjectionInCSV(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.CreateUser("=HYPERLINK(1)", trainer.RoleTrainee, "", traineePIN)
	mc := k.staffClient(t, "Max Manager", managerPassword)
	rows := csvRows(t, mc, "/manager/certifications.csv?game=uth")
	found := false
	for _, r := range rows {
		for _, cell := range r {
			if strings.HasPrefix(cell, "=") || strings.HasPrefix(cell, "+") || strings.HasPrefix(cell, "@") {
				t.Errorf("a cell starts a formula: %q", cell)
			}
		}
		if len(r) > 1 && r[1] == "'=HYPERLINK(1)" {
			found = true
		}
	}
	if !found {
		t.Errorf("the trainee's name is not written as text: %q", rows)
	}
}

// TestCert_AttemptsCSV exports a trainee's answers with the spec that
// rebuilds each one.
func TestCert_AttemptsCSV(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	tc := k.traineeClient(t)
	id := startSession(t, tc, "uth", "payout", trainer.ModePractice, 1)
	a, d := pending(t, k.Harness, id)
	tc.PostForm(answerPath(a), answerForm(d.Key))
	mc := k.staffClient(t, "Max Manager", managerPassword)
	rows := csvRows(t, mc, filePath(k.trainee)+"/attempts.csv")
	if len(rows) != 2 {
		t.Fatalf("attempts CSV: %d rows; want a header and one answer", len(rows))
	}
	h, r := rows[0], rows[1]
	col := map[string]string{}
	for i, name := range h {
		col[name] = r[i]
	}
	if col["seed"] != fmt.Sprint(a.Seed) || col["rules_version"] != k.Book.Version || col["correct"] != "true" ||
		col["mode"] != "practice" || col["answer"] == "" || col["elapsed_s"] == "" {
		t.Errorf("attempts CSV row: %v", col)
	}
}
