package sqlite

import (
	"context"
	"database/sql"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/migrations"
)

// countsMigration is the migration that keeps a session's counts in its row.
const countsMigration = "0031_practice_session_counts"

// TestOpen_BackfillsSessionCounts opens a database made before the counts were
// kept in practice_sessions, with answered attempts in it, and checks that
// the migration counts them.
func TestOpen_BackfillsSessionCounts(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "trainer.db")
	old, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	old.SetMaxOpenConns(1)
	mustExec := func(q string, args ...any) {
		t.Helper()
		if _, err := old.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	mustExec(`CREATE TABLE schema_migrations (version TEXT NOT NULL PRIMARY KEY, applied_at TEXT NOT NULL) STRICT`)
	names, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	for _, name := range names {
		version := strings.TrimSuffix(name, ".sql")
		if version >= countsMigration {
			break
		}
		body, err := fs.ReadFile(migrations.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		mustExec(string(body))
		mustExec(`INSERT INTO schema_migrations (version, applied_at) VALUES (?, '2026-01-01T00:00:00.000Z')`, version)
	}
	const at = "2026-01-01T00:00:00.000Z"
	mustExec(`INSERT INTO users (id, name, role, secret_hash, created_at, updated_at) VALUES (1, 'Ana', 'trainee', 'x', ?, ?)`, at, at)
	for id := range 3 {
		ended := any(at) // one open session a trainee: the last
		if id == 2 {
			ended = nil
		}
		mustExec(`INSERT INTO practice_sessions (id, user_id, mode, game, kind, level, house, rules_version, planned, started_at, ended_at)
			VALUES (?, 1, 'practice', 'uth', 'payout', 1, 'default', 'v1', 10, ?, ?)`, id+1, at, ended)
	}
	// Session 1: two right, one wrong, one waiting. Session 2: one wrong.
	// Session 3: none.
	for i, a := range []struct {
		session int
		correct any // nil: not answered yet
	}{{1, 1}, {1, 0}, {1, 1}, {1, nil}, {2, 0}} {
		answered, score, speed, elapsed, answer := any(nil), any(nil), any(nil), any(nil), any(nil)
		if a.correct != nil {
			answered, score, speed, elapsed, answer = at, 1.0, "ok", 1000, "{}"
		}
		mustExec(`INSERT INTO attempts (session_id, user_id, position, game, kind, level, seed, house, rules_version, skill,
				target_seconds, source, served_at, answered_at, answer, correct, score, speed, elapsed_ms)
			VALUES (?, 1, ?, 'uth', 'payout', 1, 7, 'default', 'v1', 'uth.payout.x', 30, 'new', ?, ?, ?, ?, ?, ?, ?)`,
			a.session, i+1, at, answered, answer, a.correct, score, speed, elapsed)
	}
	if err := old.Close(); err != nil {
		t.Fatal(err)
	}

	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, want := range []struct{ id, answered, correct int64 }{{1, 3, 2}, {2, 1, 0}, {3, 0, 0}} {
		s, err := db.FindPracticeSession(ctx, want.id, 1)
		if err != nil {
			t.Fatal(err)
		}
		if int64(s.Answered) != want.answered || int64(s.Correct) != want.correct {
			t.Errorf("session %d after the migration: answered %d, correct %d; want %d, %d",
				want.id, s.Answered, s.Correct, want.answered, want.correct)
		}
	}
	checkCounts(t, db)
}

// TestDB_SessionCountsFollowAttempts answers, re-answers and deletes attempts
// and checks after each step that every session's stored counts equal the
// counts of its attempts.
func TestDB_SessionCountsFollowAttempts(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "trainer.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u := &trainer.User{Name: "Ana", Role: trainer.RoleTrainee, SecretHash: "x"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	sess := &trainer.PracticeSession{UserID: u.ID, Mode: trainer.ModePractice, Game: "uth", Kind: "payout", Level: 1,
		House: "default", RulesVersion: "v1", Planned: 5}
	if err := db.StartPracticeSession(ctx, sess); err != nil {
		t.Fatal(err)
	}
	serve := func() *trainer.Attempt {
		t.Helper()
		a := &trainer.Attempt{SessionID: sess.ID, UserID: u.ID, Source: trainer.SourceNew, Skill: "uth.payout.x", TargetSeconds: 30}
		a.Game, a.Kind, a.Level, a.Seed, a.House, a.RulesVersion = "uth", "payout", 1, 7, "default", "v1"
		if _, err := db.ServeAttempt(ctx, a); err != nil {
			t.Fatal(err)
		}
		return a
	}
	answer := func(a *trainer.Attempt, correct bool) error {
		g := trainer.Grade{Answer: []byte(`{}`), Key: []byte(`{}`), Correct: correct, Score: 1, Speed: "ok"}
		_, err := db.AnswerAttempt(ctx, a.ID, u.ID, db.Now(), g)
		return err
	}
	want := func(answered, correct int) {
		t.Helper()
		s, err := db.FindPracticeSession(ctx, sess.ID, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if s.Answered != answered || s.Correct != correct {
			t.Errorf("answered %d, correct %d; want %d, %d", s.Answered, s.Correct, answered, correct)
		}
		checkCounts(t, db)
	}
	a1 := serve()
	want(0, 0)
	if err := answer(a1, true); err != nil {
		t.Fatal(err)
	}
	want(1, 1)
	if err := answer(a1, false); err != trainer.ErrAnswered {
		t.Fatalf("second answer: %v; want ErrAnswered", err)
	}
	want(1, 1) // the refused answer counts nothing
	a2 := serve()
	if err := answer(a2, false); err != nil {
		t.Fatal(err)
	}
	want(2, 1)
	serve() // waiting: not counted
	want(2, 1)
	if _, err := db.db.ExecContext(ctx, `DELETE FROM attempts WHERE id = ?`, a1.ID); err != nil {
		t.Fatal(err)
	}
	want(1, 0)
}

// checkCounts fails t when a session's stored counts differ from the counts
// of its attempts.
func checkCounts(t *testing.T, db *DB) {
	t.Helper()
	rows, err := db.db.QueryContext(context.WithoutCancel(t.Context()), `
		SELECT s.id, s.answered_count, s.correct_count,
			(SELECT count(*) FROM attempts a WHERE a.session_id = s.id AND a.answered_at IS NOT NULL),
			(SELECT count(*) FROM attempts a WHERE a.session_id = s.id AND a.correct = 1)
		FROM practice_sessions s`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, answered, correct, wantAnswered, wantCorrect int64
		if err := rows.Scan(&id, &answered, &correct, &wantAnswered, &wantCorrect); err != nil {
			t.Fatal(err)
		}
		if answered != wantAnswered || correct != wantCorrect {
			t.Errorf("session %d stores answered %d, correct %d; its attempts count %d, %d",
				id, answered, correct, wantAnswered, wantCorrect)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}
