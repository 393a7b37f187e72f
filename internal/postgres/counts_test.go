package postgres_test

import (
	"context"
	"database/sql"
	"testing"

	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/postgres/pgtest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestSessionCountsFollowAttempts serves, answers, re-answers, regrades,
// moves and deletes attempts and checks after each step that every
// session's stored counts equal the counts of its attempts, whichever
// statement changed them (the triggers of migrations/postgres 0001 and 0009:
// a change that moves no count leaves the session's row alone).
func TestSessionCountsFollowAttempts(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	url := pgtest.URL(t)
	db, err := postgres.Open(ctx, url, pgtest.Key())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	raw, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := raw.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	u := &trainer.User{Name: "Ana", Role: trainer.RoleTrainee, SecretHash: "x"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	start := func() *trainer.PracticeSession {
		t.Helper()
		s := &trainer.PracticeSession{UserID: u.ID, Mode: trainer.ModePractice, Game: "uth", Kind: "payout", Level: 1,
			House: "default", RulesVersion: "v1", Planned: 5}
		if err := db.StartPracticeSession(ctx, s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	sess := start()
	serve := func(s *trainer.PracticeSession) *trainer.Attempt {
		t.Helper()
		a := &trainer.Attempt{SessionID: s.ID, UserID: u.ID, Source: trainer.SourceNew, Skill: "uth.payout.x", TargetSeconds: 30}
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
	want := func(s *trainer.PracticeSession, answered, correct int) {
		t.Helper()
		got, err := db.FindPracticeSession(ctx, s.ID, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Answered != answered || got.Correct != correct {
			t.Errorf("session %d: answered %d, correct %d; want %d, %d", s.ID, got.Answered, got.Correct, answered, correct)
		}
		checkCounts(t, raw)
	}
	a1 := serve(sess)
	want(sess, 0, 0)
	if _, err := db.UseHint(ctx, a1.ID, u.ID); err != nil { // moves no count
		t.Fatal(err)
	}
	want(sess, 0, 0)
	if err := answer(a1, true); err != nil {
		t.Fatal(err)
	}
	want(sess, 1, 1)
	if err := answer(a1, false); err != trainer.ErrAnswered {
		t.Fatalf("second answer: %v; want ErrAnswered", err)
	}
	want(sess, 1, 1) // the refused answer counts nothing
	a2 := serve(sess)
	if err := answer(a2, false); err != nil {
		t.Fatal(err)
	}
	want(sess, 2, 1)
	exec(`UPDATE attempts SET correct = 1 WHERE id = $1`, a2.ID) // regraded
	want(sess, 2, 2)
	a3 := serve(sess) // waiting: not counted
	want(sess, 2, 2)
	// An answered attempt written whole (as a school's move copies them).
	exec(`INSERT INTO attempts (session_id, user_id, position, game, kind, level, seed, house, rules_version, skill,
			target_seconds, source, served_at, answered_at, answer, correct, score, speed, elapsed_ms)
		VALUES ($1, $2, 9, 'uth', 'payout', 1, 7, 'default', 'v1', 'uth.payout.x', 30, 'new', now(), now(), '{}', 1, 1, 'ok', 1000)`,
		sess.ID, u.ID)
	want(sess, 3, 3)
	if _, err := db.EndPracticeSession(ctx, sess.ID, u.ID); err != nil {
		t.Fatal(err)
	}
	other := start()
	exec(`UPDATE attempts SET session_id = $1 WHERE id = $2`, other.ID, a2.ID) // moved to another session
	want(sess, 2, 2)
	want(other, 1, 1)
	exec(`DELETE FROM attempts WHERE id = $1`, a1.ID)
	want(sess, 1, 1)
	exec(`DELETE FROM attempts WHERE id = $1`, a3.ID) // waiting: counted nowhere
	want(sess, 1, 1)
}

// checkCounts fails t when a session's stored counts differ from the counts
// of its attempts.
func checkCounts(t *testing.T, raw *sql.DB) {
	t.Helper()
	rows, err := raw.QueryContext(context.WithoutCancel(t.Context()), `
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
