package templates_test

import (
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/web/templates"
)

// TestExamPanelTellsNothingBeforeTheEnd renders an exam question: no score,
// no hint, the time allowed, and the answer form posting to the exam.
func TestExamPanelTellsNothingBeforeTheEnd(t *testing.T) {
	t.Parallel()
	q := templates.QuestionView{AttemptID: 7, Action: "/exams/3/items/2/answer", Prompt: "Does the dealer qualify?",
		Shape: templates.ShapeChoice, Choices: []templates.ChoiceView{{N: 1, Value: "1", Text: "Yes"}, {N: 2, Value: "2", Text: "No"}},
		Errors: templates.Errors{}, TargetSeconds: 25, TimerLabel: "allowed"}
	doc := render(t, templates.ExamPanelFragment(templates.ExamPanel{
		Bar: templates.ExamBar{Title: "Ultimate Texas Hold'em", Position: 2, Planned: 28, Answered: 1}, Question: &q}))
	panel := doc.Find(`[data-testid="exam-panel"]`)
	if id, _ := panel.Attr("id"); id != templates.DrillPanelID {
		t.Errorf("the exam panel's id %q; the answer form targets #%s", id, templates.DrillPanelID)
	}
	if got := strings.Join(strings.Fields(doc.Find(`[data-testid="exam-count"]`).Text()), " "); got != "Question 2 of 28" {
		t.Errorf("exam bar %q", got)
	}
	if strings.Contains(doc.Text(), "right") || doc.Find(`[data-testid="hint-button"]`).Length() > 0 {
		t.Error("the exam question shows a score or a hint")
	}
	if got := strings.TrimSpace(doc.Find(`[data-testid="timer"]`).Text()); got != "0 s · allowed 25 s" {
		t.Errorf("timer %q; want 0 s · allowed 25 s (as practice.js writes it each second)", got)
	}
	if a, _ := doc.Find(`form[data-testid="answer-form"]`).Attr("action"); a != q.Action {
		t.Errorf("the form posts to %q", a)
	}
}

// TestCertificateVoid marks a certificate that is no longer valid.
func TestCertificateVoid(t *testing.T) {
	t.Parallel()
	v := templates.CertificateView{Trainee: "Tia", GameName: "Lunar Poker", SignedBy: "Max", Status: "Revoked on 3 Mar 2027: x"}
	doc := render(t, templates.CertificatePage(v))
	if doc.Find(`.certificate.is-void`).Length() != 1 {
		t.Error("a certificate that is not valid is not marked void")
	}
	if got := doc.Find(`[data-testid="certificate-status"]`).Text(); got != v.Status {
		t.Errorf("status %q", got)
	}
}
