package storetest

import (
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// testGlance: the class at a glance's two reads. GlanceAnswers gives the
// answers since a time, of active trainees only, oldest first, and leaves
// out answers not yet given; LastActive gives each trainee's last answer
// per game; a class narrows both to its members.
func testGlance(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	ctx := t.Context()
	tia := mustCreateUser(t, db, "Tia Trainee", trainer.RoleTrainee, "")
	bo := mustCreateUser(t, db, "Bo Trainee", trainer.RoleTrainee, "")
	gone := mustCreateUser(t, db, "Gus Gone", trainer.RoleTrainee, "")
	max := mustCreateUser(t, db, "Max Manager", trainer.RoleManager, "")
	start := db.Clock()
	for _, u := range []*trainer.User{tia, bo, gone} {
		s := mustStart(t, db, u, 3)
		for i := range 2 {
			a := mustServe(t, db, s, uint64(i+1))
			if _, err := db.AnswerAttempt(ctx, a.ID, u.ID, db.Clock(), grade(i == 0)); err != nil {
				t.Fatal(err)
			}
		}
		mustServe(t, db, s, 9) // served, never answered
	}
	if err := db.SetUserActive(ctx, gone.ID, false); err != nil {
		t.Fatal(err)
	}
	as, err := db.GlanceAnswers(ctx, trainer.GlanceFilter{Since: start.Add(-time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 4 {
		t.Fatalf("GlanceAnswers: %d answers; want Tia's and Bo's 2 each", len(as))
	}
	for i, a := range as {
		if a.UserID == gone.ID || a.Game != "uth" || a.Elapsed != 4200*time.Millisecond || a.TargetSeconds == 0 || a.At.IsZero() {
			t.Errorf("answer %d: %+v", i, a)
		}
		if i > 0 && a.At.Before(as[i-1].At) {
			t.Errorf("answer %d before the one above it", i)
		}
	}
	if as[0].Correct != true || as[1].Correct != false {
		t.Errorf("the first two answers: %v, %v; want right then wrong", as[0].Correct, as[1].Correct)
	}
	if later, err := db.GlanceAnswers(ctx, trainer.GlanceFilter{Since: db.Clock().Add(time.Hour)}); err != nil || len(later) != 0 {
		t.Errorf("GlanceAnswers since an hour from now: %d (%v)", len(later), err)
	}
	act, err := db.LastActive(ctx, trainer.GlanceFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(act) != 2 {
		t.Fatalf("LastActive: %+v; want Tia's and Bo's", act)
	}
	c := &trainer.Class{Name: "Monday", Instructors: []int64{max.ID}, Members: []int64{bo.ID}, Games: []string{"uth"}}
	if err := db.CreateClass(trainer.WithActor(ctx, max), c); err != nil {
		t.Fatal(err)
	}
	if as, err := db.GlanceAnswers(ctx, trainer.GlanceFilter{ClassID: c.ID, Since: start.Add(-time.Minute)}); err != nil || len(as) != 2 || as[0].UserID != bo.ID {
		t.Errorf("the class's answers: %+v (%v); want Bo's 2", as, err)
	}
	if act, err := db.LastActive(ctx, trainer.GlanceFilter{ClassID: c.ID}); err != nil || len(act) != 1 || act[0].UserID != bo.ID {
		t.Errorf("the class's last answers: %+v (%v); want Bo's", act, err)
	}
}
