package practice_test

import (
	"encoding/json"
	"maps"
	"path/filepath"
	"testing"
	"time"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// openDB opens a new SQLite store for t, closed when t ends.
func openDB(t *testing.T) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "kiosk.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestFlowPractice reads a trainee's practice from a real SQLite store:
// the answers newest first, and the games answered in the kiosk's order
// (UTH before Oracle, whatever the order they were practised in), each
// with its own answers and sessions; a game with a question served but
// not answered is not listed, and another trainee's answers never are;
// the attempts' export finds each answered session's mode.
func TestFlowPractice(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	book, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := drills.Load(book, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	db := openDB(t)
	tia := &trainer.User{Name: "Tia Trainee", Role: trainer.RoleTrainee, SecretHash: "$test$tia"}
	ola := &trainer.User{Name: "Ola Other", Role: trainer.RoleTrainee, SecretHash: "$test$ola"}
	for _, u := range []*trainer.User{tia, ola} {
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	// session plays game for u: answered questions, then one left waiting
	// when waiting is set; the session is ended.
	modes := map[int64]trainer.Mode{} // of the sessions with answers
	session := func(u *trainer.User, game string, mode trainer.Mode, answered int, waiting bool) {
		t.Helper()
		s := &trainer.PracticeSession{UserID: u.ID, Mode: mode, Game: game, Kind: "payout", Level: 1,
			House: "default", RulesVersion: "v1", Planned: answered + 1}
		if err := db.StartPracticeSession(ctx, s); err != nil {
			t.Fatal(err)
		}
		for i := range answered + map[bool]int{true: 1}[waiting] {
			a, err := db.ServeAttempt(ctx, &trainer.Attempt{SessionID: s.ID, UserID: u.ID, Skill: game + ".payout.x", TargetSeconds: 12,
				Source: trainer.SourceNew, Spec: trainer.Spec{Game: game, Kind: "payout", Level: 1, Seed: uint64(i), House: "default", RulesVersion: "v1"}})
			if err != nil {
				t.Fatal(err)
			}
			if i < answered {
				g := trainer.Grade{Answer: json.RawMessage(`{}`), Key: json.RawMessage(`{}`), Correct: true, Score: 1, Speed: trainer.SpeedOK, Elapsed: time.Second}
				if _, err := db.AnswerAttempt(ctx, a.ID, u.ID, db.Clock(), g); err != nil {
					t.Fatal(err)
				}
			}
		}
		if _, err := db.EndPracticeSession(ctx, s.ID, u.ID); err != nil {
			t.Fatal(err)
		}
		if answered > 0 && u == tia {
			modes[s.ID] = mode
		}
	}
	session(tia, "oracle", trainer.ModePractice, 2, false)
	session(tia, "uth", trainer.ModeTimed, 3, false)
	session(tia, "oracle", trainer.ModeReview, 1, false)
	session(tia, "thrill", trainer.ModePractice, 0, true)
	session(ola, "lunar", trainer.ModePractice, 4, false)

	flow := &practice.Flow{DB: db, Plan: practice.NewPlanner(gen, "default", book.Version)}
	p, err := flow.Practice(ctx, tia.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Answers) != 6 {
		t.Errorf("Practice: %d answers; want Tia's 6", len(p.Answers))
	}
	for i := 1; i < len(p.Answers); i++ {
		if p.Answers[i].ID > p.Answers[i-1].ID {
			t.Errorf("Practice: answer %d before %d; want newest first", p.Answers[i-1].ID, p.Answers[i].ID)
		}
	}
	want := []struct {
		game              string
		answers, sessions int
	}{{"uth", 3, 1}, {"oracle", 3, 2}}
	if len(p.Games) != len(want) {
		t.Fatalf("Practice: %d games (%+v); want %d", len(p.Games), p.Games, len(want))
	}
	for i, w := range want {
		g := p.Games[i]
		if g.Game != w.game || len(g.Attempts) != w.answers || len(g.Sessions) != w.sessions {
			t.Errorf("Practice: game %d is %s with %d answers and %d sessions; want %s with %d and %d",
				i, g.Game, len(g.Attempts), len(g.Sessions), w.game, w.answers, w.sessions)
		}
		for _, a := range g.Attempts {
			if a.Game != g.Game || a.UserID != tia.ID {
				t.Errorf("Practice: %s lists an answer of %s by user %d", g.Game, a.Game, a.UserID)
			}
		}
	}

	// The export's modes: each session with an answer once, as started.
	got, err := flow.SessionModes(ctx, tia.ID, p.Answers)
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(got, modes) {
		t.Errorf("SessionModes = %v; want %v", got, modes)
	}
}

// TestFlowInExam: a trainee with nothing open, or a practice session open,
// is not in an exam; one whose exam is started is, until it finishes.
func TestFlowInExam(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	db := openDB(t)
	mgr := &trainer.User{Name: "Max Manager", Role: trainer.RoleManager, SecretHash: "$test$max"}
	tia := &trainer.User{Name: "Tia Trainee", Role: trainer.RoleTrainee, SecretHash: "$test$tia"}
	for _, u := range []*trainer.User{mgr, tia} {
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	flow := &practice.Flow{DB: db}
	inExam := func(when string, want bool) {
		t.Helper()
		if got, err := flow.InExam(ctx, tia.ID); err != nil || got != want {
			t.Errorf("InExam %s = %v, %v; want %v", when, got, err, want)
		}
	}
	inExam("with nothing open", false)
	s := &trainer.PracticeSession{UserID: tia.ID, Mode: trainer.ModePractice, Game: "uth", Kind: "payout", Level: 1,
		House: "default", RulesVersion: "v1", Planned: 5}
	if err := db.StartPracticeSession(ctx, s); err != nil {
		t.Fatal(err)
	}
	inExam("in practice", false)
	if _, err := db.EndPracticeSession(ctx, s.ID, tia.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.RecordRulesVersion(ctx, "v1", map[string][]byte{"drills.toml": []byte("# v1\n")}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ApproveRulesVersion(trainer.WithActor(ctx, mgr), "v1"); err != nil {
		t.Fatal(err)
	}
	ex := &trainer.Exam{UserID: tia.ID, Game: "uth", House: "default", RulesVersion: "v1", Standard: json.RawMessage(`{"game":"uth"}`),
		Items: []trainer.ExamItem{{Kind: "payout", Level: 2, Seed: 100, Skill: "uth.payout.blind", Seconds: 30}}}
	if err := db.StartExam(ctx, ex, nil); err != nil {
		t.Fatal(err)
	}
	inExam("with the exam started", true)
	if _, err := db.FinishExam(ctx, ex, true, json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
	inExam("after the exam", false)
}
