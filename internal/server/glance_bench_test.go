package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// BenchmarkGlance times the managers' dashboard (the class at a glance) on
// a real SQLite file with 35 and with 500 trainees, each with a session of
// ten practice answers stored through the store (served and answered as
// the kiosk does), a fifth of them with a failed exam and a fifth
// certified. The page reads a handful of statements whatever the number
// of trainees (docs/load.md): the time per page grows with the rows it
// draws, not with a query per trainee per game.
//
//	go test -run '^$' -bench BenchmarkGlance -benchtime 20x ./internal/server
func BenchmarkGlance(b *testing.B) {
	for _, n := range []int{35, 500} {
		b.Run(fmt.Sprintf("trainees=%d", n), func(b *testing.B) {
			h := servertest.New(b)
			manager := h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
			h.ApproveRules(manager)
			for i := range n {
				u := h.CreateUser(fmt.Sprintf("Trainee %03d", i), trainer.RoleTrainee, fmt.Sprint(10000+i), traineePIN)
				storePractice(b, h, u, i)
				switch i % 5 {
				case 0:
					h.SitExam(u, "uth", false)
				case 1:
					h.Certify(u, "uth", manager)
				}
			}
			c := h.Client()
			c.PostForm("/signin/staff", map[string][]string{"name": {"Max Manager"}, "password": {managerPassword}})
			b.ResetTimer()
			for b.Loop() {
				if resp := c.Get("/manager"); resp.StatusCode != http.StatusOK {
					b.Fatalf("dashboard: status %d", resp.StatusCode)
				}
			}
		})
	}
}

// storePractice stores a practice session of ten UTH payout answers of u
// through the store, every third one wrong.
func storePractice(tb testing.TB, h *servertest.Harness, u *trainer.User, seed int) {
	tb.Helper()
	ctx := tb.Context()
	s := &trainer.PracticeSession{UserID: u.ID, Mode: trainer.ModePractice, Game: "uth", Kind: "payout", Level: 1,
		House: "default", RulesVersion: h.Book.Version, Planned: trainer.SessionLength}
	if err := h.DB.StartPracticeSession(ctx, s); err != nil {
		tb.Fatal(err)
	}
	skills := []string{"uth.payout.ante", "uth.payout.blind", "uth.payout.trips", "uth.payout.play"}
	for i := range trainer.SessionLength {
		a := &trainer.Attempt{SessionID: s.ID, UserID: u.ID, Skill: skills[(seed+i)%len(skills)], TargetSeconds: 12, Source: trainer.SourceNew,
			Spec: trainer.Spec{Game: "uth", Kind: "payout", Level: 1, Seed: uint64(seed*100 + i + 1), House: "default", RulesVersion: h.Book.Version}}
		a, err := h.DB.ServeAttempt(ctx, a)
		if err != nil {
			tb.Fatal(err)
		}
		right := i%3 != 0
		score := 0.0
		if right {
			score = 1
		}
		g := trainer.Grade{Answer: json.RawMessage(`{}`), Key: json.RawMessage(`{}`), Correct: right, Score: score,
			Speed: trainer.SpeedOK, Elapsed: time.Duration(3+i) * time.Second}
		if _, err := h.DB.AnswerAttempt(ctx, a.ID, u.ID, h.Clock.Now(), g); err != nil {
			tb.Fatal(err)
		}
	}
}
