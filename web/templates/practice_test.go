package templates_test

import (
	"testing"

	"github.com/dealerkiosk/trainer/web/templates"
)

// TestProgressCharts checks that each chart is an image with a title and a
// description (its text alternative), and that an empty chart says so.
func TestProgressCharts(t *testing.T) {
	t.Parallel()
	v := templates.ProgressView{Games: []templates.GameProgress{{
		Slug: "uth", Name: "Ultimate Texas Hold'em", Answered: 3,
		Trend: templates.Chart{ID: "trend-uth", Title: "Accuracy", Desc: "70 %, 80 %", Width: 340, Height: 170,
			Line: "M44.0 10.0 L300.0 20.0", Points: []templates.ChartPoint{{X: 44, Y: 10, Label: "Session 1"}, {X: 300, Y: 20, Label: "Session 2"}}},
		Skills: templates.Chart{ID: "mastery-uth", Title: "Mastery", Empty: "No skill practised yet."},
	}}}
	doc := render(t, templates.ProgressPage(v))
	svg := doc.Find(`[data-testid="trend-uth"] svg`)
	if role, _ := svg.Attr("role"); role != "img" {
		t.Errorf("trend chart role %q; want img", role)
	}
	if got := svg.Find("title").First().Text(); got != "Accuracy" {
		t.Errorf("trend chart title %q", got)
	}
	if got := svg.Find("desc").Text(); got != "70 %, 80 %" {
		t.Errorf("trend chart description %q", got)
	}
	if n := svg.Find("circle.chart-point").Length(); n != 2 {
		t.Errorf("%d points; want 2", n)
	}
	if doc.Find(`[data-testid="mastery-uth"] svg`).Length() != 0 || doc.Find(`[data-testid="mastery-uth"]`).Text() == "" {
		t.Error("an empty chart draws an SVG or says nothing")
	}
}

// TestQuestionHoldsNoKey renders a question: the form has no hidden field and
// no choice is marked, whatever the view model carries.
func TestQuestionHoldsNoKey(t *testing.T) {
	t.Parallel()
	q := templates.QuestionView{AttemptID: 7, Action: "/attempts/7/answer", Prompt: "Which hand wins?", Shape: templates.ShapeChoice,
		Choices: []templates.ChoiceView{{N: 1, Value: "1", Text: "Box 1"}, {N: 2, Value: "2", Text: "Box 2", Struck: true}},
		Errors:  templates.Errors{}}
	doc := render(t, templates.DrillPanelFragment(templates.DrillPanel{Question: &q}))
	if doc.Find(`input[type="hidden"]`).Length() != 0 {
		t.Error("the question has a hidden field")
	}
	if _, ok := doc.Find(`[data-testid="choice-2"]`).Attr("disabled"); !ok {
		t.Error("the choice struck out by the hint can still be tapped")
	}
	if _, ok := doc.Find(`[data-testid="choice-1"]`).Attr("disabled"); ok {
		t.Error("a choice not struck out is disabled")
	}
	if got, _ := doc.Find("form").Attr("hx-post"); got != "/attempts/7/answer" {
		t.Errorf("the answer posts to %q", got)
	}
}
