package server_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestLanguage_DrillsRemembered: a question is asked in the trainee's
// language and its attempt records it; after the trainee changes language,
// the past question still reads as it was asked, and a new one comes in the
// new language.
func TestLanguage_DrillsRemembered(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	if err := k.DB.SetUserLanguage(t.Context(), k.trainee.ID, "it"); err != nil {
		t.Fatal(err)
	}
	c := k.traineeClient(t)
	id := startSession(t, c, "uth", drills.KindChips, trainer.ModePractice, 1)
	page := c.Get(sessionPath(id))
	wantStatus(t, "the Italian question", page, http.StatusOK)
	a, it := pending(t, k.Harness, id)
	if a.Lang != "it" {
		t.Fatalf("the attempt served to an Italian trainee records Lang %q; want it", a.Lang)
	}
	en := drillOf(t, &trainer.Attempt{Spec: trainer.Spec{Game: a.Game, Kind: a.Kind, Level: a.Level, Seed: a.Seed,
		House: a.House, RulesVersion: a.RulesVersion}})
	if it.Prompt == en.Prompt || !strings.Contains(it.Prompt, "fiche") {
		t.Fatalf("the Italian drill's prompt %q is not Italian (English: %q)", it.Prompt, en.Prompt)
	}
	if got := page.TestID("prompt"); got != it.Prompt {
		t.Errorf("the page asks %q; want the Italian prompt %q", got, it.Prompt)
	}
	resp := c.PostForm(answerPath(a), answerForm(wrongKey(it)))
	if resp.StatusCode == http.StatusSeeOther {
		resp = c.Get(resp.Header.Get("Location"))
	}
	wantStatus(t, "the Italian answer", resp, http.StatusOK)

	wantRedirect(t, "choose Русский", c.PostForm("/language", url.Values{"language": {"ru"}}), "/language?saved=1")
	past := c.Get(attemptURL(a.ID))
	wantStatus(t, "the past question", past, http.StatusOK)
	if got := past.Text(`[data-testid="recap"] .recap-prompt`); got != it.Prompt {
		t.Errorf("after switching to Russian, the past question reads %q; want it as asked, %q", got, it.Prompt)
	}
	if got, want := past.TestID("explanation"), it.Explanation; want != "" && !strings.Contains(got, want) {
		t.Errorf("the past question's explanation %q; want the Italian %q", got, want)
	}

	id = startSession(t, c, "uth", drills.KindChips, trainer.ModePractice, 1)
	page = c.Get(sessionPath(id))
	b, ru := pending(t, k.Harness, id)
	if b.Lang != "ru" {
		t.Errorf("a new question after switching records Lang %q; want ru", b.Lang)
	}
	if got := page.TestID("prompt"); got != ru.Prompt || !strings.Contains(got, "фиш") {
		t.Errorf("the new question asks %q; want the Russian %q", got, ru.Prompt)
	}
}

// TestLanguage_ExamItemsRemembered: an exam's item is asked in the trainee's
// language when it is served and its attempt records that language; after
// the trainee changes language, the next item comes in the new one while the
// answered item keeps its own.
func TestLanguage_ExamItemsRemembered(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	if err := k.DB.SetUserLanguage(t.Context(), k.trainee.ID, "it"); err != nil {
		t.Fatal(err)
	}
	c := k.traineeClient(t)
	id := startExam(t, c, "uth")
	wantStatus(t, "the exam in Italian", c.Get(examShowPath(id)), http.StatusOK)
	first, d := pending(t, k.Harness, id)
	if first.Lang != "it" {
		t.Fatalf("the first item records Lang %q; want it", first.Lang)
	}
	wantRedirect(t, "choose Русский", c.PostForm("/language", url.Values{"language": {"ru"}}), "/language?saved=1")
	c.PostForm(examItemPath(id, first.Position), answerForm(d.Key))
	wantStatus(t, "the exam in Russian", c.Get(examShowPath(id)), http.StatusOK)
	second, _ := pending(t, k.Harness, id)
	if second.Position == first.Position || second.Lang != "ru" {
		t.Errorf("the next item: position %d, Lang %q; want a new item in ru", second.Position, second.Lang)
	}
	if a, err := k.DB.FindAttempt(t.Context(), first.ID, k.trainee.ID); err != nil || a.Lang != "it" {
		t.Errorf("the answered item: Lang %q (%v); want it, as asked", a.Lang, err)
	}
}
