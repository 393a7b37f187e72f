package sqlite

import (
	"database/sql"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestMigrate_PracticeModeClass: migration 0043 rebuilds practice_sessions
// to allow the mode 'class' on a kiosk that has practice, answers and an
// exam. Every session is kept as it was, with its counts; the attempts and
// the exam still reference it, and deleting a session still deletes its
// attempts; the counting triggers still count; foreign keys are on again
// afterwards; and the table still refuses a mode it does not know.
func TestMigrate_PracticeModeClass(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "old.db")
	sdb, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	sdb.SetMaxOpenConns(1)
	db := newDB(sdb, path)
	defer db.Close()
	db.Now = func() time.Time { return time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC) }
	if err := db.migrateUpTo(ctx, "0042_create_moved_out"); err != nil {
		t.Fatal(err)
	}
	// A kiosk as the version before classes left it.
	mgr := &trainer.User{Name: "Max Manager", Role: trainer.RoleManager, SecretHash: "$test$"}
	tia := &trainer.User{Name: "Tia Trainee", Role: trainer.RoleTrainee, SecretHash: "$test$"}
	for _, u := range []*trainer.User{mgr, tia} {
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	done := &trainer.PracticeSession{UserID: tia.ID, Mode: trainer.ModePractice, Game: "uth", Kind: "payout", Level: 1,
		House: "default", RulesVersion: "v1", Planned: 3}
	if err := db.StartPracticeSession(ctx, done); err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(2) {
		a, err := db.ServeAttempt(ctx, &trainer.Attempt{SessionID: done.ID, UserID: tia.ID, Skill: "uth.payout.blind",
			TargetSeconds: 12, Source: trainer.SourceNew,
			Spec: trainer.Spec{Game: "uth", Kind: "payout", Level: 1, Seed: seed, House: "default", RulesVersion: "v1"}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.AnswerAttempt(ctx, a.ID, tia.ID, db.Now(), trainer.Grade{Answer: []byte(`{}`), Key: []byte(`{}`),
			Correct: seed == 0, Score: 1, Speed: trainer.SpeedOK, Elapsed: time.Second}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.RecordRulesVersion(ctx, "v1", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ApproveRulesVersion(trainer.WithActor(ctx, mgr), "v1"); err != nil {
		t.Fatal(err)
	}
	ex := &trainer.Exam{UserID: tia.ID, Game: "uth", House: "default", RulesVersion: "v1", Standard: []byte(`{}`),
		Items: []trainer.ExamItem{{Kind: "payout", Level: 1, Seed: 9, Skill: "uth.payout.blind", Seconds: 30}}}
	if err := db.StartExam(ctx, ex, nil); err != nil {
		t.Fatal(err)
	}
	before := dumpSessions(t, db)
	attempts := countRows(t, db, "attempts")

	if err := db.migrate(ctx); err != nil {
		t.Fatalf("migrating to classes: %v", err)
	}
	if after := dumpSessions(t, db); !reflect.DeepEqual(after, before) {
		t.Errorf("practice_sessions after the rebuild:\n%v\nwant as before:\n%v", after, before)
	}
	if n := countRows(t, db, "attempts"); n != attempts || n != 2 {
		t.Errorf("%d attempts after the migration; want the %d before", n, attempts)
	}
	if got, err := db.FindExam(ctx, ex.ID, tia.ID); err != nil || len(got.Items) != 1 {
		t.Errorf("the exam after the migration = %+v, %v", got, err)
	}
	var on, strict int
	if err := db.db.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&on); err != nil || on != 1 {
		t.Errorf("foreign keys after the migration = %d, %v; want on", on, err)
	}
	if err := db.db.QueryRowContext(ctx, `SELECT strict FROM pragma_table_list WHERE name = 'practice_sessions'`).Scan(&strict); err != nil || strict != 1 {
		t.Errorf("practice_sessions is STRICT = %d, %v", strict, err)
	}
	// The triggers count, the references hold, the exam is still open.
	s, err := db.FindPracticeSession(ctx, done.ID, tia.ID)
	if err != nil || s.Answered != 2 || s.Correct != 1 {
		t.Errorf("the finished session after the migration = %+v, %v; want 2 answered, 1 right", s, err)
	}
	if open, err := db.OpenPracticeSession(ctx, tia.ID); err != nil || open.ID != ex.ID || open.Mode != trainer.ModeExam {
		t.Errorf("Tia's open session = %+v, %v; want her exam", open, err)
	}
	if _, err := db.db.ExecContext(ctx, `INSERT INTO attempts (session_id, user_id, position, game, kind, level, seed, house,
		rules_version, skill, target_seconds, source, served_at) VALUES (9999, ?, 1, 'uth', 'payout', 1, 1, 'default', 'v1', 's', 12, 'new', 'x')`,
		tia.ID); err == nil {
		t.Error("an attempt of no session was taken: the reference to practice_sessions is lost")
	}
	if _, err := db.db.ExecContext(ctx, `UPDATE practice_sessions SET mode = 'bogus' WHERE id = ?`, done.ID); err == nil {
		t.Error("a mode of no kind was taken")
	}
	if _, err := db.db.ExecContext(ctx, `UPDATE practice_sessions SET mode = 'class' WHERE id = ?`, done.ID); err != nil {
		t.Errorf("the mode class is refused: %v", err)
	}
	if _, err := db.db.ExecContext(ctx, `DELETE FROM practice_sessions WHERE id = ?`, done.ID); err != nil {
		t.Fatal(err)
	}
	var left int
	if err := db.db.QueryRowContext(ctx, `SELECT count(*) FROM attempts WHERE session_id = ?`, done.ID).Scan(&left); err != nil || left != 0 {
		t.Errorf("%d attempts outlived their session (%v); want them deleted with it", left, err)
	}
}

// dumpSessions is every row of practice_sessions, as text.
func dumpSessions(t *testing.T, db *DB) [][]string {
	t.Helper()
	rows, err := db.db.QueryContext(t.Context(), `SELECT id, user_id, mode, game, kind, level, house, rules_version, planned,
		started_at, coalesce(ended_at, '-'), answered_count, correct_count, site_id FROM practice_sessions ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out [][]string
	for rows.Next() {
		row := make([]string, 14)
		ptrs := make([]any, len(row))
		for i := range row {
			ptrs[i] = &row[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		out = append(out, row)
	}
	if len(out) != 2 {
		t.Fatalf("%d sessions; want the practice and the exam", len(out))
	}
	return out
}

func countRows(t *testing.T, db *DB, table string) int {
	t.Helper()
	var n int
	if err := db.db.QueryRowContext(t.Context(), `SELECT count(*) FROM `+table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
