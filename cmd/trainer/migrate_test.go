package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/postgres/pgtest"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// schoolDB is a school's kiosk file as auditDB leaves it, with a manager, a
// trainee, a rules version the manager approved and a failed exam (so a
// certification event), all in its keyed audit trail.
func schoolDB(t *testing.T) string {
	t.Helper()
	path := auditDB(t)
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	key, _ := sqlite.ReadAuditKeyFile(sqlite.AuditKeyFile(path))
	if err := db.UseAuditKey(t.Context(), key, sqlite.AuditHeadFile(path)); err != nil {
		t.Fatal(err)
	}
	mgr := &trainer.User{Name: "Max Manager", Role: trainer.RoleManager, SecretHash: "$test$"}
	tia := &trainer.User{Name: "Tia Trainee", Role: trainer.RoleTrainee, SecretHash: "$test$"}
	for _, u := range []*trainer.User{mgr, tia} {
		if err := db.CreateUser(t.Context(), u); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.RecordRulesVersion(t.Context(), "v1", map[string][]byte{"drills.toml": nil}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ApproveRulesVersion(trainer.WithActor(t.Context(), mgr), "v1"); err != nil {
		t.Fatal(err)
	}
	ex := &trainer.Exam{UserID: tia.ID, Game: "uth", House: "default", RulesVersion: "v1", Standard: json.RawMessage(`{}`),
		Items: []trainer.ExamItem{{Kind: "payout", Level: 2, Seed: 7, Skill: "uth.payout.blind", Seconds: 30}}}
	if err := db.StartExam(t.Context(), ex, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := db.FinishExam(t.Context(), ex, false, json.RawMessage(`{"passed":false}`)); err != nil {
		t.Fatal(err)
	}
	db.Close()
	// An answered question of the exam and its retry (attempts are not
	// audited; written as the kiosk writes them).
	tamper(t, path, fmt.Sprintf(`INSERT INTO attempts (session_id, user_id, position, game, kind, level, seed, house,
		rules_version, skill, target_seconds, source, retry_of, served_at, hint_used, answered_at, answer, key, correct, score,
		speed, elapsed_ms, mistake_id) VALUES (%d, %d, 1, 'uth', 'payout', 2, 7, 'default', 'v1', 'uth.payout.blind', 30, 'new',
		NULL, '2026-01-02T10:00:00.000Z', 0, '2026-01-02T10:00:09.500Z', '12.50', '12.50', 1, 1, 'ok', 9500, NULL)`, ex.ID, tia.ID),
		fmt.Sprintf(`INSERT INTO attempts (session_id, user_id, position, game, kind, level, seed, house,
		rules_version, skill, target_seconds, source, retry_of, served_at, hint_used) VALUES (%d, %d, 2, 'uth', 'payout', 2, 7,
		'default', 'v1', 'uth.payout.blind', 30, 'retry', (SELECT max(id) FROM attempts), '2026-01-02T10:00:10.000Z', 0)`, ex.ID, tia.ID))
	return path
}

// movedOut is the school's mark of a move, or nil.
func movedOut(t *testing.T, path string) *sqlite.MovedOut {
	t.Helper()
	db, err := sqlite.OpenReadOnly(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m, err := db.MovedOut(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// groupState is what a failed move must leave as it was: the rows of each
// table and the head of the audit chain.
func groupState(t *testing.T, url string) string {
	t.Helper()
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var b strings.Builder
	for _, table := range []string{"sites", "users", "practice_sessions", "attempts", "exams", "exam_items", "cert_events",
		"rules_versions", "audit_log", "moved_rows"} {
		var n int
		if err := db.QueryRowContext(t.Context(), `SELECT count(*) FROM `+table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s=%d ", table, n)
	}
	var seq int64
	var hash string
	if err := db.QueryRowContext(t.Context(), `SELECT seq, hash FROM audit_head`).Scan(&seq, &hash); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "head=%d:%s", seq, hash)
	return b.String()
}

func groupSQL(t *testing.T, url string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.ExecContext(t.Context(), s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// TestMigrate_Postgres moves a school into a site: refused while a late
// step fails (the group as it was), then copied, verified, and copied
// nothing the second time.
func TestMigrate_Postgres(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	key := hex.EncodeToString(pgtest.Key())
	getenv := func(k string) string {
		if k == "TRAINER_AUDIT_KEY" {
			return key
		}
		return ""
	}
	cmd := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := run(t.Context(), args, getenv, strings.NewReader(""), &out, io.Discard)
		return out.String(), err
	}
	school := schoolDB(t)
	// The group exists (its schema made) before the move.
	if _, err := cmd("site", "list", "-db", url); err != nil {
		t.Fatal(err)
	}

	// A failure in a late step (the certification events, after users,
	// sessions and exams): nothing of the school stays.
	before := groupState(t, url)
	groupSQL(t, url, `CREATE FUNCTION injected_failure() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN RAISE EXCEPTION 'injected failure'; END; $$`,
		`CREATE TRIGGER injected_failure BEFORE INSERT ON cert_events FOR EACH ROW EXECUTE FUNCTION injected_failure()`)
	if _, err := cmd("migrate", "-from", school, "-to", url, "-site", "North Shore"); err == nil ||
		!strings.Contains(err.Error(), "nothing copied") || !strings.Contains(err.Error(), "injected failure") {
		t.Fatalf("migrate with a failing step = %v; want the failure, nothing copied", err)
	}
	if after := groupState(t, url); after != before {
		t.Fatalf("a failed move changed the group:\nbefore %s\nafter  %s", before, after)
	}
	if m := movedOut(t, school); m != nil {
		t.Errorf("after a failed move the school is marked %+v; want it a working kiosk still", m)
	}
	groupSQL(t, url, `DROP TRIGGER injected_failure ON cert_events`)

	out, err := cmd("migrate", "-from", school, "-to", url, "-site", "North Shore")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"moved " + school + " into the new site North Shore (house default)", "users                  3",
		"exams                  1", "certification events   1", "rules versions         1", "practice sessions      1", "attempts               2"} {
		if !strings.Contains(out, want) {
			t.Errorf("migrate says %q; want %q", out, want)
		}
	}
	t.Logf("migrate:\n%s", out)
	if out, err := cmd("audit", "verify", "-db", url); err != nil || !strings.Contains(out, "records: 1 exams and 1 certification events agree") {
		t.Errorf("audit verify on the group after the move = %q, %v", out, err)
	}
	if out, err := cmd("site", "list", "-db", url); err != nil || !strings.Contains(out, "North Shore\thouse default") {
		t.Errorf("site list = %q, %v", out, err)
	}
	// A move is made once: the school is marked as moved, a second run
	// copies nothing, and the school's kiosk and commands no longer start
	// on it, pointing to the group; its file still verifies.
	if m := movedOut(t, school); m == nil || m.Moving || m.Site != "North Shore" {
		t.Errorf("the school after the move is marked %+v; want moved to North Shore", m)
	}
	moved := groupState(t, url)
	if _, err := cmd("migrate", "-from", school, "-to", url, "-site", "North Shore"); err == nil || !strings.Contains(err.Error(), "was moved into site North Shore") ||
		!strings.Contains(err.Error(), "nothing copied") {
		t.Errorf("the second run = %v; want refused, the school moved already", err)
	}
	if again := groupState(t, url); again != moved {
		t.Errorf("the second run changed the group:\nbefore %s\nafter  %s", moved, again)
	}
	for _, args := range [][]string{
		{"serve", "-addr", "127.0.0.1:0", "-db", school},
		{"unlock", "-db", school, "--all"},
	} {
		if _, err := cmd(args...); err == nil || !strings.Contains(err.Error(), "was moved into site North Shore") || !strings.Contains(err.Error(), "-site \"North Shore\"") {
			t.Errorf("trainer %s on the moved school = %v; want refused, pointing to the group's site", args[0], err)
		}
	}
	if out, err := verifyAudit(t, school); err != nil || !strings.Contains(out, "records: 1 exams and 1 certification events agree") {
		t.Errorf("audit verify of the moved school's file, with its own key = %q, %v", out, err)
	}
	// The moved entries keep the school's numbers.
	rawKey, _ := hex.DecodeString(key)
	groupDB, err := postgres.Open(t.Context(), url, rawKey)
	if err != nil {
		t.Fatal(err)
	}
	defer groupDB.Close()
	es, err := groupDB.ListAudit(t.Context(), trainer.AuditFilter{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	movedSeqs := 0
	for _, e := range es {
		if strings.Contains(e.Detail, `"moved_seq":`) {
			movedSeqs++
		}
	}
	var answered, correct, retries int
	raw, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if err := raw.QueryRowContext(t.Context(), `SELECT answered_count, correct_count,
		(SELECT count(*) FROM attempts a WHERE a.retry_of IS NOT NULL AND a.session_id = s.id)
		FROM practice_sessions s WHERE site_id <> 1`).Scan(&answered, &correct, &retries); err != nil {
		t.Fatal(err)
	}
	if answered != 1 || correct != 1 || retries != 1 {
		t.Errorf("the moved session has %d answered, %d correct, %d retries; want 1, 1, 1", answered, correct, retries)
	}
	if movedSeqs < 10 {
		t.Errorf("%d entries of the group say they were moved; want the school's trail", movedSeqs)
	}
}

// TestMigrate_Refusals: each wrong flag is refused naming it, on one line,
// without the password; a name taken in the group is refused naming it,
// nothing copied.
func TestMigrate_Refusals(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	key := hex.EncodeToString(pgtest.Key())
	getenv := func(k string) string {
		if k == "TRAINER_AUDIT_KEY" {
			return key
		}
		return ""
	}
	cmd := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := run(t.Context(), args, getenv, strings.NewReader(""), &out, io.Discard)
		return out.String(), err
	}
	school := schoolDB(t)
	notKiosk := filepath.Join(t.TempDir(), "notes.db")
	if err := os.WriteFile(notKiosk, []byte("not a database"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-from", school, "-to", url}, "-site"},
		{[]string{"-from", school, "-to", "mysql://x", "-site", "North"}, "-to"},
		{[]string{"-from", school, "-to", "postgres://ops:s3cret@127.0.0.1:1/none?connect_timeout=2", "-site", "North"}, "-to"},
		{[]string{"-from", filepath.Join(t.TempDir(), "none.db"), "-to", url, "-site", "North"}, "-from"},
		{[]string{"-from", notKiosk, "-to", url, "-site", "North"}, "-from"},
	} {
		_, err := cmd(append([]string{"migrate"}, tt.args...)...)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "s3cret") ||
			strings.Contains(err.Error(), "\n") {
			t.Errorf("migrate %s = %v; want one line naming %s, no password", strings.Join(tt.args, " "), err, tt.want)
		}
	}
	// A school whose trail does not verify.
	broken := filepath.Join(t.TempDir(), "broken.db")
	copyFile(t, school, broken)
	copyFile(t, sqlite.AuditKeyFile(school), sqlite.AuditKeyFile(broken))
	copyFile(t, sqlite.AuditHeadFile(school), sqlite.AuditHeadFile(broken))
	tamper(t, broken, `DROP TRIGGER audit_log_no_update`, `UPDATE audit_log SET actor = 'Someone Else' WHERE seq = 2`)
	if _, err := cmd("migrate", "-from", broken, "-to", url, "-site", "North"); err == nil ||
		!strings.Contains(err.Error(), "does not verify") || !strings.Contains(err.Error(), "2") {
		t.Errorf("migrate of a school whose trail was changed = %v; want a refusal naming the entry", err)
	}

	// A site of the group that plays another house.
	if _, err := cmd("site", "list", "-db", url); err != nil {
		t.Fatal(err)
	}
	groupSQL(t, url, `INSERT INTO sites (name, house, created_at) VALUES ('Elsewhere', 'other', now())`)
	if _, err := cmd("migrate", "-from", school, "-to", url, "-site", "Elsewhere"); err == nil ||
		!strings.Contains(err.Error(), "-site") || !strings.Contains(err.Error(), "house other") {
		t.Errorf("migrate into a site of another house = %v; want a refusal naming -site", err)
	}

	// A name the group has already.
	groupSQL(t, url, `INSERT INTO users (name, role, secret_hash, created_at, updated_at, site_id)
		VALUES ('tia trainee', 'trainee', '$test$', now(), now(), 1)`)
	before := groupState(t, url)
	if _, err := cmd("migrate", "-from", school, "-to", url, "-site", "North"); err == nil || !strings.Contains(err.Error(), "Tia Trainee") {
		t.Errorf("migrate with a name taken = %v; want a refusal naming Tia Trainee", err)
	}
	if after := groupState(t, url); after != before {
		t.Errorf("a refused move changed the group:\nbefore %s\nafter  %s", before, after)
	}
}

// migrateCmd runs the trainer's commands with the group's key, as an
// operator of the group would.
func migrateCmd(t *testing.T) func(args ...string) (string, error) {
	return migrateCmdKey(t, pgtest.Key())
}

// migrateCmdKey is migrateCmd with the group's key given.
func migrateCmdKey(t *testing.T, rawKey []byte) func(args ...string) (string, error) {
	key := hex.EncodeToString(rawKey)
	getenv := func(k string) string {
		if k == "TRAINER_AUDIT_KEY" {
			return key
		}
		return ""
	}
	return func(args ...string) (string, error) {
		var out bytes.Buffer
		err := run(t.Context(), args, getenv, strings.NewReader(""), &out, io.Discard)
		return out.String(), err
	}
}

// TestMigrate_BadgeClash: a school user whose badge number is a group
// user's is refused before anything is written, naming the user and the
// badge field, the whole move refused.
func TestMigrate_BadgeClash(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	cmd := migrateCmd(t)
	school := schoolDB(t)
	tamper(t, school, `UPDATE users SET badge = 'B7001' WHERE name = 'Tia Trainee'`)
	if _, err := cmd("site", "list", "-db", url); err != nil {
		t.Fatal(err)
	}
	groupSQL(t, url, `INSERT INTO users (name, role, badge, secret_hash, created_at, updated_at, site_id)
		VALUES ('Gus Group', 'trainee', 'B7001', '$test$', now(), now(), 1)`,
		`INSERT INTO users (name, role, secret_hash, created_at, updated_at, site_id)
		VALUES ('max manager', 'manager', '$test$', now(), now(), 1)`)
	before := groupState(t, url)
	_, err := cmd("migrate", "-from", school, "-to", url, "-site", "North Shore")
	// Every clash of both kinds in one refusal, not one kind a run.
	if err == nil || !strings.Contains(err.Error(), "nothing copied") || !strings.Contains(err.Error(), "badge") ||
		!strings.Contains(err.Error(), "Tia Trainee (badge B7001)") || !strings.Contains(err.Error(), "names are already taken in the group: Max Manager") ||
		strings.Contains(err.Error(), "\n") {
		t.Fatalf("migrate with a name and a badge taken in the group = %v; want one line naming Max Manager and Tia Trainee's badge, nothing copied", err)
	}
	if after := groupState(t, url); after != before {
		t.Errorf("a refused move changed the group (the site included):\nbefore %s\nafter  %s", before, after)
	}
	if m := movedOut(t, school); m != nil {
		t.Errorf("after a refused move the school is marked %+v; want it a working kiosk still", m)
	}
	// Freed in the group, the same school moves.
	groupSQL(t, url, `UPDATE users SET badge = NULL WHERE name = 'Gus Group'`, `DELETE FROM users WHERE name = 'max manager'`)
	if out, err := cmd("migrate", "-from", school, "-to", url, "-site", "North Shore"); err != nil || !strings.Contains(out, "users                  3") {
		t.Errorf("migrate once the badge is free = %q, %v", out, err)
	}
}

// TestMigrate_ExistingSite: a site the group already has, playing the
// school's house, takes the school in beside its own people (docs/group.md):
// no new site, the school's users in that site, the site's own users left
// as they were, the trail verifying.
func TestMigrate_ExistingSite(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	cmd := migrateCmd(t)
	school := schoolDB(t)
	if _, err := cmd("site", "add", "-db", url, "-name", "North Shore", "-house", "default"); err != nil {
		t.Fatal(err)
	}
	groupSQL(t, url, `INSERT INTO users (name, role, secret_hash, created_at, updated_at, site_id)
		VALUES ('Olga Onsite', 'trainee', '$test$', now(), now(), (SELECT id FROM sites WHERE name = 'North Shore'))`)
	out, err := cmd("migrate", "-from", school, "-to", url, "-site", "north shore")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "into site North Shore (house default)") || strings.Contains(out, "new site") ||
		!strings.Contains(out, "users                  3") {
		t.Errorf("migrate into an existing site = %q; want the site used as it is, 3 users", out)
	}
	raw, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var sites, there int
	var olga string
	if err := raw.QueryRowContext(t.Context(), `SELECT (SELECT count(*) FROM sites),
		(SELECT count(*) FROM users u JOIN sites s ON s.id = u.site_id WHERE s.name = 'North Shore'),
		(SELECT s.name FROM users u JOIN sites s ON s.id = u.site_id WHERE u.name = 'Olga Onsite')`).Scan(&sites, &there, &olga); err != nil {
		t.Fatal(err)
	}
	if sites != 2 || there != 4 || olga != "North Shore" {
		t.Errorf("after the move: %d sites, %d users at North Shore, Olga at %q; want 2, 4 (hers and the school's 3), North Shore", sites, there, olga)
	}
	if out, err := cmd("audit", "verify", "-db", url); err != nil {
		t.Errorf("audit verify after a move into an existing site = %q, %v", out, err)
	}
}

// TestMigrate_UnkeyedSchool: a school whose trail was never keyed (an old
// kiosk, never started with this version) is refused: its entries could
// have been rewritten by anyone with the file, and the group's key would
// then protect them. Started once with this version, which keys its trail,
// it moves, and the operator is told in plain words which entries came
// before the key; a school keyed part way is told the same.
func TestMigrate_UnkeyedSchool(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	cmd := migrateCmd(t)
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sqlite.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	admin := &trainer.User{Name: "Olly Oldtimer", SecretHash: "$test$"}
	if err := db.CreateFirstAdministrator(t.Context(), admin); err != nil {
		t.Fatal(err)
	}
	if err := db.CreateUser(trainer.WithActor(t.Context(), admin), &trainer.User{Name: "Una Unkeyed", Role: trainer.RoleTrainee, SecretHash: "$test$"}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if keyed, err := os.Stat(sqlite.AuditKeyFile(path)); err == nil {
		t.Fatalf("the old school has a key file %v; the test needs one never keyed", keyed.Name())
	}
	if _, err := cmd("migrate", "-from", path, "-to", url, "-site", "Old Town"); err == nil ||
		!strings.Contains(err.Error(), "never protected by an audit key") || !strings.Contains(err.Error(), "start the school's kiosk once") {
		t.Fatalf("migrate of a school never keyed = %v; want refused, saying how to key it", err)
	}
	serveOnce(t, path) // keys the trail
	out, err := cmd("migrate", "-from", path, "-to", url, "-site", "Old Town")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"users                  2", "entries 1 to 2 of the school's audit trail were written before the school had an audit key",
		"From this move on all of them are protected by the group's key."} {
		if !strings.Contains(out, want) {
			t.Errorf("migrate of a school keyed at this version's first start says %q; want %q", out, want)
		}
	}
	if out, err := cmd("audit", "verify", "-db", url); err != nil {
		t.Errorf("audit verify after moving the school = %q, %v", out, err)
	}

	// Keyed part way (auditDB keys it after three entries).
	out, err = cmd("migrate", "-from", schoolDB(t), "-to", url, "-site", "North Shore")
	if err != nil || !strings.Contains(out, "entries 1 to 3 of the school's audit trail were written before the school had an audit key") {
		t.Errorf("migrate of a school keyed from its 4th entry = %q, %v; want the first 3 named", out, err)
	}
}

// serveOnce starts a kiosk on the file at path, as the school's operator
// would once, and stops it once it says it is ready.
func serveOnce(t *testing.T, path string) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := run(ctx, []string{"serve", "-addr", "127.0.0.1:0", "-db", path}, noEnv, nil, io.Discard, pw)
		pw.Close()
		done <- err
	}()
	sc := bufio.NewScanner(pr)
	for sc.Scan() && !strings.Contains(sc.Text(), "kiosk ready") {
	}
	go io.Copy(io.Discard, pr)
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("the school's kiosk: %v", err)
	}
}
