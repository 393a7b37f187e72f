package storetest

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// testAttemptLanguage: an attempt keeps the language its question was shown
// in (attempts.language), through serving, answering, the history and the
// review's list of mistakes, whatever language its trainee uses later: a
// past question is rebuilt in the words it was asked in.
func testAttemptLanguage(t *testing.T, open Opener) {
	t.Parallel()
	db := open(t)
	newClock(db)
	u := mustCreateUser(t, db, "Ana Lee", trainer.RoleTrainee, "")
	s := mustStart(t, db, u, 10)
	for i, lang := range []string{"it", "", "ru"} {
		a := &trainer.Attempt{SessionID: s.ID, UserID: u.ID, Skill: "uth.payout.blind", TargetSeconds: 12,
			Source: trainer.SourceNew, Spec: trainer.Spec{Game: "uth", Kind: "payout", Level: 1, Seed: uint64(i + 1),
				House: "default", RulesVersion: "v1", Lang: lang}}
		served, err := db.ServeAttempt(t.Context(), a)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := db.FindAttempt(t.Context(), served.ID, u.ID); err != nil || got.Lang != lang {
			t.Errorf("served in %q: FindAttempt: Lang %q (%v)", lang, got.Lang, err)
		}
		got, err := db.AnswerAttempt(t.Context(), served.ID, u.ID, db.Clock(), grade(false))
		if err != nil {
			t.Fatal(err)
		}
		if got.Lang != lang {
			t.Errorf("answered in %q: AnswerAttempt returned Lang %q", lang, got.Lang)
		}
	}
	// The trainee changes language: the stored questions keep theirs.
	if err := db.SetUserLanguage(t.Context(), u.ID, "ru"); err != nil {
		t.Fatal(err)
	}
	as, err := db.ListAttempts(t.Context(), trainer.AttemptFilter{UserID: u.ID, SessionID: s.ID, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	want := map[uint64]string{1: "it", 2: "", 3: "ru"}
	if len(as) != len(want) {
		t.Fatalf("ListAttempts: %d attempts; want %d", len(as), len(want))
	}
	for _, a := range as {
		if a.Lang != want[a.Seed] {
			t.Errorf("ListAttempts: seed %d has Lang %q; want %q", a.Seed, a.Lang, want[a.Seed])
		}
	}
	ms, err := db.ReviewMistakes(t.Context(), u.ID, "uth", "", 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) == 0 {
		t.Fatal("ReviewMistakes: none; want the three wrong answers")
	}
	for _, a := range ms {
		if a.Lang != want[a.Seed] {
			t.Errorf("ReviewMistakes: seed %d has Lang %q; want %q", a.Seed, a.Lang, want[a.Seed])
		}
	}
}
