package server_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestRecordsMinimumBeforeExam: a house whose programme requires its minimum
// of training hours before the exam (minimum_before_exam) refuses the exam,
// in words and with nothing started, until the dealer's hours reach it; then
// the exam starts. A house that does not require it (the default) lets the
// exam start with no hours at all, as every other exam test shows.
func TestRecordsMinimumBeforeExam(t *testing.T) {
	t.Parallel()
	programme, err := rules.FS.ReadFile("programmes/uth.toml")
	if err != nil {
		t.Fatal(err)
	}
	strict := strings.Replace(string(programme), "minimum_before_exam = false", "minimum_before_exam = true", 1)
	strict = strings.Replace(strict, "minimum_hours       = 40", "minimum_hours       = 1", 1)
	if strict == string(programme) || !strings.Contains(strict, "minimum_hours       = 1\n") {
		t.Fatal("the UTH programme's settings are not where this test changes them")
	}
	files := fstest.MapFS{
		"houses/strict/house.toml":          {Data: []byte("name = \"strict\"\n")},
		"houses/strict/programmes/uth.toml": {Data: []byte(strict)},
	}
	h := servertest.NewWithRules(t, rulebook.Overlay(files, rules.FS), "strict")
	k := &kiosk{Harness: h,
		manager: h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword),
		trainee: h.CreateUser("Tia Trainee", trainer.RoleTrainee, "1042", traineePIN)}
	k.ApproveRules(k.manager)
	c := k.traineeClient(t)

	resp := c.Get("/exams/new?game=uth")
	wantStatus(t, "the exam's page", resp, http.StatusOK)
	if got := resp.TestID("exam-blocked"); !strings.Contains(got, "minimum of training hours before the exam: 0 of 1 hours") {
		t.Errorf("the exam's page before the minimum says %q", got)
	}
	if resp.Has(`[data-testid="exam-start-submit"]`) {
		t.Error("the exam's page offers to start before the minimum")
	}
	resp = c.PostForm("/exams", url.Values{"game": {"uth"}})
	wantStatus(t, "start before the minimum", resp, http.StatusConflict)
	if got := resp.TestID("exam-blocked"); !strings.Contains(got, "minimum of training hours") {
		t.Errorf("the refusal says %q", got)
	}
	if exams, err := k.DB.ListExams(t.Context(), trainer.ExamFilter{UserID: k.trainee.ID}); err != nil || len(exams) != 0 {
		t.Fatalf("%d exams on record after the refusal (%v); want none", len(exams), err)
	}

	hours := &trainer.TableHours{UserID: k.trainee.ID, Game: "uth", Day: k.Clock.Now().UTC().Truncate(24 * time.Hour),
		Table: "UTH 3", Minutes: 60, Note: "dealt with a supervisor"}
	if err := k.DB.EnterTableHours(trainer.WithActor(t.Context(), k.manager), hours); err != nil {
		t.Fatal(err)
	}
	resp = c.Get("/exams/new?game=uth")
	if got := resp.TestID("exam-blocked"); got != "" {
		t.Errorf("the exam's page after the minimum still says %q", got)
	}
	startExam(t, c, "uth")
}
