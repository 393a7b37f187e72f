package sqlite_test

import (
	"encoding/json"
	"testing"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The helpers below are the conformance suite's (internal/storetest), for
// the tests of this package that reach SQLite's own file or internals.

// attempt is a sign-in attempt at user u's account from device.
func attempt(u *trainer.User, device string) trainer.SigninAttempt {
	return trainer.SigninAttempt{Account: trainer.UserAccount(u.ID), UserID: u.ID, Staff: !u.Role.UsesPIN(), Device: device}
}

// fail reserves attempt a and finishes it as a wrong PIN or password.
func fail(t *testing.T, db *sqlite.DB, a trainer.SigninAttempt) (trainer.SigninDecision, []*trainer.SigninHold) {
	t.Helper()
	d, err := db.ReserveSigninAttempt(t.Context(), a)
	if err != nil {
		t.Fatal(err)
	}
	if d.Refused != nil {
		return d, nil
	}
	started, err := db.FinishSigninAttempt(t.Context(), d.Attempt, false)
	if err != nil {
		t.Fatal(err)
	}
	return d, started
}

// mustApprove records and approves rules version v, by manager m.
func mustApprove(t *testing.T, db *sqlite.DB, m *trainer.User, v string) {
	t.Helper()
	if _, err := db.RecordRulesVersion(t.Context(), v, map[string][]byte{"drills.toml": []byte("# " + v + "\n")}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ApproveRulesVersion(trainer.WithActor(t.Context(), m), v); err != nil {
		t.Fatal(err)
	}
}

func newExam(u *trainer.User, game string, n int) *trainer.Exam {
	ex := &trainer.Exam{UserID: u.ID, Game: game, House: "default", RulesVersion: "v1", Standard: json.RawMessage(`{"game":"` + game + `"}`)}
	for i := range n {
		ex.Items = append(ex.Items, trainer.ExamItem{Kind: "payout", Level: 2, Seed: uint64(100 + i), Skill: "uth.payout.blind", Seconds: 30})
	}
	return ex
}
