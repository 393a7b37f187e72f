package server_test

import (
	"database/sql"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/postgres/pgtest"
	"github.com/dealerkiosk/trainer/internal/server"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/migrations"
)

// The group edition (issue 17): two kiosk servers, each with its own
// connections, on one PostgreSQL database, as two processes of a casino
// group would be, raced over real HTTP. What one process decides in memory
// would be decided twice; these tests show each rule decided once, in the
// database. They need TRAINER_TEST_POSTGRES (skipped without it, failing on
// CI).

// group is two kiosk servers on one database, and its URL for the checks
// the services do not offer.
type group struct {
	a, b *servertest.Harness
	url  string
}

// groupOpener returns a new schema on the test PostgreSQL
// (TRAINER_TEST_POSTGRES), and the opener of each process's store on it, on
// the harness's clock: every process of the test shares the schema.
func groupOpener(tb testing.TB) (string, func(testing.TB, func() time.Time) trainer.Store) {
	u, key := pgtest.URL(tb), pgtest.Key()
	return u, func(tb testing.TB, now func() time.Time) trainer.Store {
		db, err := postgres.Open(tb.Context(), u, key)
		if err != nil {
			tb.Fatal(err)
		}
		db.Now = now
		return db
	}
}

func newGroup(t *testing.T) *group {
	t.Helper()
	u, open := groupOpener(t)
	return &group{
		a:   servertest.Start(t, servertest.Options{Open: open}),
		b:   servertest.Start(t, servertest.Options{Open: open}),
		url: u,
	}
}

// on returns the server of request i: a and b in turn.
func (g *group) on(i int) *servertest.Harness {
	if i%2 == 0 {
		return g.a
	}
	return g.b
}

// count runs a count(*) query on the group's database.
func (g *group) count(t *testing.T, query string, args ...any) int {
	t.Helper()
	db, err := sql.Open("pgx", g.url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRowContext(t.Context(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// exec runs a statement on the group's database, behind the servers' backs.
func (g *group) exec(t *testing.T, query string) {
	t.Helper()
	db, err := sql.Open("pgx", g.url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.ExecContext(t.Context(), query); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// traineeOn signs u in on harness h with the trainees' PIN.
func traineeOn(t *testing.T, h *servertest.Harness, u *trainer.User) *servertest.Client {
	t.Helper()
	c := h.Client()
	wantRedirect(t, "sign in", c.PostForm(pinPath(u), url.Values{"pin": {traineePIN}}), "/trainee")
	return c
}

// staffOn signs a staff member in on harness h.
func staffOn(t *testing.T, h *servertest.Harness, name, password string) *servertest.Client {
	t.Helper()
	c := h.Client()
	wantStatus(t, "staff sign-in of "+name, c.PostForm("/signin/staff", url.Values{"name": {name}, "password": {password}}), http.StatusSeeOther)
	return c
}

// noServerErrors fails the test if a burst had a 5xx answer.
func noServerErrors(t *testing.T, what string, statuses map[int]int) {
	t.Helper()
	for code, n := range statuses {
		if code >= 500 {
			t.Errorf("%s: %d answers with status %d (statuses %v)", what, n, code, statuses)
		}
	}
}

// TestGroup_SigninLimits: 100 wrong PINs for one trainee, sent at once and
// split across the two servers, reach argon2id at most the limit's number of
// times in all, and the right PIN is then refused on both.
func TestGroup_SigninLimits(t *testing.T) {
	t.Parallel()
	g := newGroup(t)
	tia := g.a.CreateUser("Tia Trainee", trainer.RoleTrainee, "", traineePIN)
	checks := func() int64 { return server.SecretChecks(g.a.Server) + server.SecretChecks(g.b.Server) }
	before := checks()
	statuses := burst(t, 100, func(i int) *servertest.Response {
		return g.on(i).Client().PostForm(pinPath(tia), url.Values{"pin": {fmt.Sprintf("%04d", 1000+i)}})
	})
	noServerErrors(t, "wrong PINs", statuses)
	checked := checks() - before
	if checked < 1 || checked > trainer.DefaultMaxSigninFailures {
		t.Errorf("100 concurrent wrong PINs on two servers: %d checked against the hash; want 1 to %d (statuses %v)",
			checked, trainer.DefaultMaxSigninFailures, statuses)
	}
	for _, h := range []*servertest.Harness{g.a, g.b} {
		wantStatus(t, "the right PIN after the burst", h.Client().PostForm(pinPath(tia), url.Values{"pin": {traineePIN}}), http.StatusTooManyRequests)
	}
}

// TestGroup_OneOpenSession: a trainee signed in on both servers starts 20
// practice sessions at once, split across them: each start ends the one
// before, and one session is left open, waiting on one question.
func TestGroup_OneOpenSession(t *testing.T) {
	t.Parallel()
	g := newGroup(t)
	tia := g.a.CreateUser("Tia Trainee", trainer.RoleTrainee, "", traineePIN)
	clients := []*servertest.Client{traineeOn(t, g.a, tia), traineeOn(t, g.b, tia)}
	statuses := burst(t, 20, func(i int) *servertest.Response {
		return clients[i%2].PostForm("/practice", url.Values{"game": {"uth"}, "kind": {"payout"}, "mode": {"practice"}, "level": {"1"}})
	})
	// A start that another ends before its first question is served is
	// told so (409), on one SQLite kiosk as here: the start and the serve
	// are two transactions.
	if statuses[http.StatusSeeOther] < 1 || statuses[http.StatusSeeOther]+statuses[http.StatusConflict] != 20 {
		t.Errorf("20 concurrent starts on two servers: statuses %v; want only 303 and 409, one 303 at least", statuses)
	}
	if n := g.count(t, `SELECT count(*) FROM practice_sessions WHERE user_id = $1 AND ended_at IS NULL`, tia.ID); n != 1 {
		t.Errorf("%d sessions left open; want 1", n)
	}
	if n := g.count(t, `SELECT count(*) FROM practice_sessions WHERE user_id = $1`, tia.ID); n != 20 {
		t.Errorf("%d sessions started; want 20", n)
	}
	if n := g.count(t, `SELECT count(*) FROM attempts a JOIN practice_sessions s ON s.id = a.session_id
		WHERE s.user_id = $1 AND s.ended_at IS NULL AND a.answered_at IS NULL`, tia.ID); n != 1 {
		t.Errorf("the open session waits on %d questions; want 1", n)
	}
}

// TestGroup_OneAnswer: the same answer to one question, sent 20 times at
// once from the trainee's browsers on both servers, is graded once.
func TestGroup_OneAnswer(t *testing.T) {
	t.Parallel()
	g := newGroup(t)
	tia := g.a.CreateUser("Tia Trainee", trainer.RoleTrainee, "", traineePIN)
	clients := []*servertest.Client{traineeOn(t, g.a, tia), traineeOn(t, g.b, tia)}
	id := startSession(t, clients[0], "uth", "payout", trainer.ModePractice, 1)
	a, err := g.b.Store.PendingAttempt(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	form := answerForm(drillOf(t, a).Key)
	statuses := burst(t, 20, func(i int) *servertest.Response {
		return clients[i%2].PostForm(answerPath(a), form)
	})
	noServerErrors(t, "answers", statuses)
	if statuses[http.StatusSeeOther] != 1 || statuses[http.StatusConflict] != 19 {
		t.Errorf("20 concurrent answers on two servers: statuses %v; want one 303 and 19 × 409", statuses)
	}
	sess, err := g.a.Store.FindPracticeSession(t.Context(), id, tia.ID)
	if err != nil {
		t.Fatal(err)
	}
	if sess.Answered != 1 || sess.Correct != 1 {
		t.Errorf("the session counts %d answered, %d right; want 1 and 1", sess.Answered, sess.Correct)
	}
}

// TestGroup_AuditAppends: an administrator on each server adds 20 users at
// once; every change has its entry, and the chain the two servers appended
// to verifies, up to its head.
func TestGroup_AuditAppends(t *testing.T) {
	t.Parallel()
	g := newGroup(t)
	g.a.CreateUser("Ada Admin", trainer.RoleAdministrator, "", adminPassword)
	clients := []*servertest.Client{staffOn(t, g.a, "Ada Admin", adminPassword), staffOn(t, g.b, "Ada Admin", adminPassword)}
	statuses := burst(t, 20, func(i int) *servertest.Response {
		pin := fmt.Sprintf("%05d", 24680+i)
		return clients[i%2].PostForm("/admin/users", url.Values{"role": {"trainee"}, "name": {fmt.Sprintf("Trainee %02d", i+1)},
			"secret": {pin}, "confirm": {pin}})
	})
	if statuses[http.StatusSeeOther] != 20 {
		t.Errorf("20 concurrent new users on two servers: statuses %v; want 20 × 303", statuses)
	}
	rep, err := g.b.Store.VerifyAudit(t.Context())
	if err != nil {
		t.Fatalf("the audit trail appended from two servers: %v", err)
	}
	if rep.Recorded == nil || rep.Recorded.Seq != rep.HeadSeq || rep.HeadSeq != rep.Entries {
		t.Errorf("VerifyAudit = %+v; want every entry intact up to the head row", rep)
	}
	if n := g.count(t, `SELECT count(*) FROM audit_log WHERE action = $1`, trainer.AuditUserCreated); n != 21 {
		t.Errorf("%d user.created entries; want 21 (the administrator and the 20)", n)
	}
}

// TestGroup_RulesApprovedOnce: a manager on each server approves the rules
// version at once, 10 times: it is approved once, with one entry.
func TestGroup_RulesApprovedOnce(t *testing.T) {
	t.Parallel()
	g := newGroup(t)
	g.a.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	clients := []*servertest.Client{staffOn(t, g.a, "Max Manager", managerPassword), staffOn(t, g.b, "Max Manager", managerPassword)}
	statuses := burst(t, 10, func(i int) *servertest.Response {
		return clients[i%2].PostForm("/manager/rules/"+g.a.Book.Version+"/approve", confirmed)
	})
	noServerErrors(t, "approvals", statuses)
	if n := g.count(t, `SELECT count(*) FROM audit_log WHERE action = $1`, trainer.AuditRulesApproved); n != 1 {
		t.Errorf("%d rules.approved entries after 10 concurrent approvals; want 1 (statuses %v)", n, statuses)
	}
	rv, err := g.b.Store.FindRulesVersion(t.Context(), g.a.Book.Version)
	if err != nil || rv.ApprovedAt.IsZero() {
		t.Errorf("the rules version after the approvals: %+v, %v", rv, err)
	}
}

// TestGroup_Smoke: a trainee's day across the group's two servers. She signs
// in on one and carries on on the other with the same cookie; she practises,
// sits the exam, is signed off by a manager on the other server; and the
// audit trail and the records verify.
func TestGroup_Smoke(t *testing.T) {
	t.Parallel()
	g := newGroup(t)
	tia := g.a.CreateUser("Tia Trainee", trainer.RoleTrainee, "", traineePIN)
	g.a.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)

	// Signed in on a, the same session goes on on b.
	ca := traineeOn(t, g.a, tia)
	cb := g.b.Client()
	cb.SetCookie("trainer_session", ca.Cookie("trainer_session"))
	wantStatus(t, "the trainee's home on the other server", cb.Get("/trainee"), http.StatusOK)

	// Practice: started on a, answered on b.
	id := startSession(t, ca, "uth", "payout", trainer.ModePractice, 1)
	a, err := g.a.Store.PendingAttempt(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	wantRedirect(t, "the answer on the other server", cb.PostForm(answerPath(a), answerForm(drillOf(t, a).Key)), sessionPath(id))

	// The exam, once a manager (on b) has approved the rules: started on b.
	mc := staffOn(t, g.b, "Max Manager", managerPassword)
	wantStatus(t, "approve the rules", mc.PostForm("/manager/rules/"+g.a.Book.Version+"/approve", confirmed), http.StatusSeeOther)
	exam := startExam(t, cb, "uth")
	ex, err := g.a.Store.FindExam(t.Context(), exam, tia.ID)
	if err != nil {
		t.Fatal(err)
	}
	for i, it := range ex.Items {
		p, err := g.on(i).Store.PendingAttempt(t.Context(), exam)
		if err != nil {
			t.Fatal(err)
		}
		c := []*servertest.Client{ca, cb}[i%2]
		resp := c.PostForm(examItemPath(exam, it.Position), answerForm(drillOf(t, p).Key))
		if resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("exam item %d: status %d", it.Position, resp.StatusCode)
		}
	}
	if ex, err = g.b.Store.FindExam(t.Context(), exam, tia.ID); err != nil || !ex.Passed {
		t.Fatalf("the exam across two servers did not pass: %+v (%v)", ex, err)
	}

	// The table test, signed off on a.
	mca := staffOn(t, g.a, "Max Manager", managerPassword)
	wantRedirect(t, "the table test", mca.PostForm(gamePath(tia, "uth")+"/table-test", url.Values{"result": {"pass"}, "confirm": {"yes"}}),
		filePath(tia)+"?done=table-test")
	if got := mc.Get(filePath(tia)).Text(`[data-testid="file-uth"] [data-testid="state"]`); got != "Certified" {
		t.Errorf("the trainee's file on the other server: %q; want Certified", got)
	}

	// The audit trail and the records.
	rep, err := g.a.Store.VerifyAudit(t.Context())
	if err != nil {
		t.Fatalf("audit verify: %v", err)
	}
	if rep.Entries < 6 || rep.Recorded.Seq != rep.HeadSeq {
		t.Errorf("VerifyAudit = %+v", rep)
	}
	if _, ms, err := g.b.Store.VerifyRecords(t.Context()); err != nil || len(ms) != 0 {
		t.Errorf("VerifyRecords = %v, %v; want agreement", ms, err)
	}
}

// TestGroup_Health: /healthz on PostgreSQL answers 200 with the schema on
// both servers while they can write, and 503 with the reason in words once
// the database refuses their writes (here its probe table is gone).
func TestGroup_Health(t *testing.T) {
	t.Parallel()
	g := newGroup(t)
	for _, h := range []*servertest.Harness{g.a, g.b} {
		if code, body, _ := health(t, h, http.MethodGet); code != http.StatusOK || body["schema"] != migrations.LastPostgres() {
			t.Fatalf("GET /healthz = %d %v; want 200 and the schema", code, body)
		}
	}
	g.exec(t, `DROP TABLE health_probe`)
	for _, h := range []*servertest.Harness{g.a, g.b} {
		h.Clock.Advance(time.Minute) // past the last probe's answer
		code, body, _ := health(t, h, http.MethodGet)
		if code != http.StatusServiceUnavailable || body["status"] != "unavailable" || !strings.Contains(body["reason"], "cannot be written") {
			t.Errorf("GET /healthz without the probe table = %d %v; want 503 saying it cannot be written", code, body)
		}
	}
}
