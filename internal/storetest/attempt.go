package storetest

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/google/go-cmp/cmp"
)

// mustStart opens a practice session of user u.
func mustStart(t *testing.T, db Store, u *trainer.User, planned int) *trainer.PracticeSession {
	t.Helper()
	s := &trainer.PracticeSession{UserID: u.ID, Mode: trainer.ModePractice, Game: "uth", Kind: "payout", Level: 1,
		House: "default", RulesVersion: "v1", Planned: planned}
	if err := db.StartPracticeSession(t.Context(), s); err != nil {
		t.Fatal(err)
	}
	return s
}

// mustServe serves the next scenario of s with seed.
func mustServe(t *testing.T, db Store, s *trainer.PracticeSession, seed uint64) *trainer.Attempt {
	t.Helper()
	a := &trainer.Attempt{SessionID: s.ID, UserID: s.UserID, Skill: "uth.payout.blind", TargetSeconds: 12,
		Source: trainer.SourceNew, Spec: trainer.Spec{Game: "uth", Kind: "payout", Level: 1, Seed: seed, House: "default", RulesVersion: "v1"}}
	got, err := db.ServeAttempt(t.Context(), a)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func grade(correct bool) trainer.Grade {
	score := 0.0
	if correct {
		score = 1
	}
	return trainer.Grade{Answer: json.RawMessage(`{"amount":7.5}`), Key: json.RawMessage(`{"amount":7.5}`),
		Correct: correct, Score: score, Speed: trainer.SpeedOK, Elapsed: 4200 * time.Millisecond}
}

func testStartPracticeSession(t *testing.T, open Opener) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		db := open(t)
		newClock(db)
		u := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
		first := mustStart(t, db, u, 10)
		got, err := db.OpenPracticeSession(t.Context(), u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(first, got); diff != "" {
			t.Errorf("OpenPracticeSession mismatch (-started +found):\n%s", diff)
		}
		// A second session ends the first: one open session per trainee.
		second := mustStart(t, db, u, 10)
		got, err = db.OpenPracticeSession(t.Context(), u.ID)
		if err != nil || got.ID != second.ID {
			t.Fatalf("open session %+v (%v); want %d", got, err, second.ID)
		}
		old, err := db.FindPracticeSession(t.Context(), first.ID, u.ID)
		if err != nil || old.Open() {
			t.Errorf("first session after the second started: %+v (%v); want ended", old, err)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		db := open(t)
		ana := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
		bo := mustCreateUser(t, db, "Bo Chan", trainer.RoleTrainee, "")
		s := mustStart(t, db, ana, 10)
		_, err := db.FindPracticeSession(t.Context(), s.ID, bo.ID)
		if trainer.KindOf(err) != trainer.KindNotFound || trainer.MessageOf(err) != "Practice session not found." {
			t.Errorf("Bo reads Ana's session: %v; want KindNotFound", err)
		}
		if _, err := db.OpenPracticeSession(t.Context(), bo.ID); trainer.KindOf(err) != trainer.KindNotFound {
			t.Errorf("Bo's open session: %v; want KindNotFound", err)
		}
		err = db.StartPracticeSession(t.Context(), &trainer.PracticeSession{UserID: 999, Mode: trainer.ModePractice,
			Game: "uth", Kind: "payout", Level: 1, House: "default", RulesVersion: "v1", Planned: 10})
		if trainer.KindOf(err) != trainer.KindNotFound {
			t.Errorf("session of a missing user: %v; want KindNotFound", err)
		}
	})
}

func testServeAttempt(t *testing.T, open Opener) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		db := open(t)
		c := newClock(db)
		u := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
		s := mustStart(t, db, u, 2)
		a := mustServe(t, db, s, 1<<52)
		if a.ID == 0 || a.Position != 1 || !a.ServedAt.Equal(c.Now()) {
			t.Fatalf("served %+v; want an ID, position 1, served now", a)
		}
		// A second serve while one waits returns the waiting one.
		again := mustServe(t, db, s, 99)
		if again.ID != a.ID || again.Seed != 1<<52 {
			t.Errorf("second serve while one waits: attempt %d seed %d; want %d seed %d", again.ID, again.Seed, a.ID, uint64(1<<52))
		}
		got, err := db.FindAttempt(t.Context(), a.ID, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(a, got); diff != "" {
			t.Errorf("FindAttempt mismatch (-served +found):\n%s", diff)
		}
	})
	t.Run("ErrConflict", func(t *testing.T) {
		db := open(t)
		newClock(db)
		u := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
		s := mustStart(t, db, u, 1)
		a := mustServe(t, db, s, 1)
		if _, err := db.AnswerAttempt(t.Context(), a.ID, u.ID, db.Clock(), grade(true)); err != nil {
			t.Fatal(err)
		}
		s, _ = db.FindPracticeSession(t.Context(), s.ID, u.ID)
		_, err := db.ServeAttempt(t.Context(), &trainer.Attempt{SessionID: s.ID, UserID: u.ID, Source: trainer.SourceNew})
		if trainer.KindOf(err) != trainer.KindConflict {
			t.Errorf("serve past the planned scenarios: %v; want KindConflict", err)
		}
		if _, err := db.EndPracticeSession(t.Context(), s.ID, u.ID); err != nil {
			t.Fatal(err)
		}
		_, err = db.ServeAttempt(t.Context(), &trainer.Attempt{SessionID: s.ID, UserID: u.ID, Source: trainer.SourceNew})
		if trainer.KindOf(err) != trainer.KindConflict || trainer.MessageOf(err) != "This practice session has ended." {
			t.Errorf("serve in an ended session: %v; want KindConflict", err)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		db := open(t)
		ana := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
		bo := mustCreateUser(t, db, "Bo Chan", trainer.RoleTrainee, "")
		s := mustStart(t, db, ana, 10)
		_, err := db.ServeAttempt(t.Context(), &trainer.Attempt{SessionID: s.ID, UserID: bo.ID, Source: trainer.SourceNew})
		if trainer.KindOf(err) != trainer.KindNotFound {
			t.Errorf("Bo serves into Ana's session: %v; want KindNotFound", err)
		}
	})
}

func testAnswerAttempt(t *testing.T, open Opener) {
	t.Parallel()
	t.Run("OK", func(t *testing.T) {
		db := open(t)
		c := newClock(db)
		u := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
		s := mustStart(t, db, u, 10)
		a := mustServe(t, db, s, 1)
		c.Advance(5 * time.Second)
		g := grade(false)
		g.MistakeID = "slip.stake_included"
		got, err := db.AnswerAttempt(t.Context(), a.ID, u.ID, c.Now(), g)
		if err != nil {
			t.Fatal(err)
		}
		want := *a
		want.AnsweredAt, want.Grade = c.Now(), g
		if diff := cmp.Diff(&want, got); diff != "" {
			t.Errorf("answered attempt mismatch (-want +got):\n%s", diff)
		}
		s, _ = db.FindPracticeSession(t.Context(), s.ID, u.ID)
		if s.Answered != 1 || s.Correct != 0 {
			t.Errorf("session counts %d answered, %d right; want 1, 0", s.Answered, s.Correct)
		}
	})
	t.Run("ErrConflict", func(t *testing.T) {
		db := open(t)
		newClock(db)
		u := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
		a := mustServe(t, db, mustStart(t, db, u, 10), 1)
		if _, err := db.AnswerAttempt(t.Context(), a.ID, u.ID, db.Clock(), grade(true)); err != nil {
			t.Fatal(err)
		}
		got, err := db.AnswerAttempt(t.Context(), a.ID, u.ID, db.Clock(), grade(false))
		if !errors.Is(err, trainer.ErrAnswered) || trainer.KindOf(err) != trainer.KindConflict {
			t.Fatalf("second answer: %v; want ErrAnswered", err)
		}
		if got == nil || !got.Correct {
			t.Errorf("second answer returned %+v; want the stored (right) answer", got)
		}
		if _, err := db.UseHint(t.Context(), a.ID, u.ID); !errors.Is(err, trainer.ErrAnswered) {
			t.Errorf("hint after the answer: %v; want ErrAnswered", err)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		db := open(t)
		ana := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
		bo := mustCreateUser(t, db, "Bo Chan", trainer.RoleTrainee, "")
		a := mustServe(t, db, mustStart(t, db, ana, 10), 1)
		for what, err := range map[string]error{
			"answer": func() error {
				_, err := db.AnswerAttempt(t.Context(), a.ID, bo.ID, db.Clock(), grade(true))
				return err
			}(),
			"find": func() error { _, err := db.FindAttempt(t.Context(), a.ID, bo.ID); return err }(),
			"hint": func() error { _, err := db.UseHint(t.Context(), a.ID, bo.ID); return err }(),
		} {
			if trainer.KindOf(err) != trainer.KindNotFound || trainer.MessageOf(err) != "Question not found." {
				t.Errorf("Bo's %s on Ana's attempt: %v; want KindNotFound", what, err)
			}
		}
		if got, err := db.FindAttempt(t.Context(), a.ID, ana.ID); err != nil || got.Answered() {
			t.Errorf("Ana's attempt after Bo's tries: %+v (%v); want unanswered", got, err)
		}
	})
}

func testReviewMistakes(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	c := newClock(db)
	u := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
	s := mustStart(t, db, u, 10)
	var wrong []*trainer.Attempt
	for i := range 4 {
		a := mustServe(t, db, s, uint64(i))
		c.Advance(time.Second)
		if _, err := db.AnswerAttempt(t.Context(), a.ID, u.ID, c.Now(), grade(i%2 == 0)); err != nil {
			t.Fatal(err)
		}
		if i%2 == 1 {
			wrong = append(wrong, a)
		}
	}
	review := mustStart(t, db, u, 10)
	ms, err := db.ReviewMistakes(t.Context(), u.ID, "uth", "", review.ID, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 2 || ms[0].ID != wrong[1].ID || ms[1].ID != wrong[0].ID {
		t.Fatalf("mistakes %v; want %d then %d, the newest first", ids(ms), wrong[1].ID, wrong[0].ID)
	}
	// Asked again, a mistake leaves the list.
	retry := &trainer.Attempt{SessionID: review.ID, UserID: u.ID, Spec: ms[0].Spec, Skill: ms[0].Skill, TargetSeconds: 12,
		Source: trainer.SourceRetry, RetryOf: ms[0].ID}
	if _, err := db.ServeAttempt(t.Context(), retry); err != nil {
		t.Fatal(err)
	}
	ms, err = db.ReviewMistakes(t.Context(), u.ID, "uth", "", review.ID, 10)
	if err != nil || len(ms) != 1 || ms[0].ID != wrong[0].ID {
		t.Errorf("after asking one again: %v (%v); want only %d", ids(ms), err, wrong[0].ID)
	}
	if ms, _ := db.ReviewMistakes(t.Context(), u.ID, "uth", "", s.ID, 10); len(ms) != 0 {
		t.Errorf("mistakes of the excluded session: %v; want none", ids(ms))
	}
}

func ids(as []*trainer.Attempt) []int64 {
	out := make([]int64, len(as))
	for i, a := range as {
		out[i] = a.ID
	}
	return out
}

func testFindPracticeSessionLast(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	newClock(db)
	ana := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
	bo := mustCreateUser(t, db, "Bo Chan", trainer.RoleTrainee, "")
	s := mustStart(t, db, ana, 10)
	last := func() (*trainer.PracticeSession, *trainer.Attempt) {
		t.Helper()
		got, a, err := db.FindPracticeSessionLast(t.Context(), s.ID, ana.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got, a
	}
	t.Run("None", func(t *testing.T) {
		if got, a := last(); got.ID != s.ID || a != nil {
			t.Errorf("FindPracticeSessionLast = session %d, attempt %v; want session %d, none", got.ID, a, s.ID)
		}
	})
	first := mustServe(t, db, s, 1)
	t.Run("Pending", func(t *testing.T) {
		if _, a := last(); a == nil || a.ID != first.ID || a.Answered() {
			t.Errorf("FindPracticeSessionLast attempt = %+v; want %d, waiting", a, first.ID)
		}
	})
	if _, err := db.AnswerAttempt(t.Context(), first.ID, ana.ID, db.Clock(), grade(true)); err != nil {
		t.Fatal(err)
	}
	t.Run("Answered", func(t *testing.T) {
		got, a := last()
		if a == nil || a.ID != first.ID || !a.Answered() || got.Answered != 1 || got.Correct != 1 {
			t.Errorf("FindPracticeSessionLast = %d/%d answered, attempt %+v; want 1/1, %d answered", got.Correct, got.Answered, a, first.ID)
		}
		second := mustServe(t, db, s, 2)
		if _, a := last(); a == nil || a.ID != second.ID {
			t.Errorf("FindPracticeSessionLast attempt = %+v; want %d, the last served", a, second.ID)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		_, _, err := db.FindPracticeSessionLast(t.Context(), s.ID, bo.ID)
		if trainer.KindOf(err) != trainer.KindNotFound {
			t.Errorf("another trainee's session: %v; want KindNotFound", err)
		}
	})
}
