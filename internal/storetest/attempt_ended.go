package storetest

import (
	"errors"
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestDB_AnswerAttempt_SessionEnded: the question a session was waiting on
// when it ended takes neither an answer nor a hint (ErrSessionEnded, kind
// KindConflict), checked inside the store's transaction whatever the
// handler read before; an answered question of it still says so.
func testAnswerAttempt_SessionEnded(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	newClock(db)
	u := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
	s := mustStart(t, db, u, 10)
	done := mustServe(t, db, s, 1)
	if _, err := db.AnswerAttempt(t.Context(), done.ID, u.ID, db.Clock(), grade(true)); err != nil {
		t.Fatal(err)
	}
	waiting := mustServe(t, db, s, 2)
	if _, err := db.EndPracticeSession(t.Context(), s.ID, u.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.UseHint(t.Context(), waiting.ID, u.ID); !errors.Is(err, trainer.ErrSessionEnded) || trainer.KindOf(err) != trainer.KindConflict {
		t.Errorf("a hint for the waiting question of an ended session: %v; want ErrSessionEnded", err)
	}
	if _, err := db.AnswerAttempt(t.Context(), waiting.ID, u.ID, db.Clock(), grade(true)); !errors.Is(err, trainer.ErrSessionEnded) {
		t.Errorf("an answer to the waiting question of an ended session: %v; want ErrSessionEnded", err)
	}
	if a, _ := db.FindAttempt(t.Context(), waiting.ID, u.ID); a.Answered() || a.HintUsed {
		t.Errorf("the waiting question was changed: %+v", a)
	}
	if _, err := db.AnswerAttempt(t.Context(), done.ID, u.ID, db.Clock(), grade(false)); !errors.Is(err, trainer.ErrAnswered) {
		t.Errorf("a second answer to an answered question of the ended session: %v; want ErrAnswered", err)
	}
}
