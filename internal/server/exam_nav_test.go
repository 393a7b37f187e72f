package server_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestExamNav: while an exam is open the header offers no Practice and
// lights "● Exam under way"; the answer that ends the exam, swapped in by
// htmx, turns that link back into Practice out of band (the header is not
// part of the swap), and the result page loaded afresh shows Practice and
// no exam (issue 26, item 14).
func TestExamNav(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	c := k.traineeClient(t)
	id := startExam(t, c, "uth")
	practice := `nav a.nav-link[href="/trainee"]`
	page := c.Get(fmt.Sprintf("/exams/%d", id))
	if !page.Has(`nav [data-testid="nav-exam"]`) {
		t.Error("the exam's page does not light the exam in the header")
	}
	if page.Has(practice) {
		t.Error("the header offers Practice while the exam is open")
	}
	if home := c.Get("/progress"); home.Has(practice) || !home.Has(`nav [data-testid="nav-exam"]`) {
		t.Error("another page, while the exam is open: the header offers Practice or hides the exam")
	}
	ex, err := k.Store.FindExam(t.Context(), id, k.trainee.ID)
	if err != nil {
		t.Fatal(err)
	}
	var last string
	for _, it := range ex.Items {
		_, d := pending(t, k.Harness, id)
		req := c.NewRequest(http.MethodPost, examItemPath(id, it.Position), strings.NewReader(answerForm(d.Key).Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("HX-Request", "true")
		resp := c.Do(req)
		wantStatus(t, fmt.Sprintf("answer item %d", it.Position), resp, http.StatusOK)
		last = resp.Body
		if it.Position < len(ex.Items) && strings.Contains(last, `hx-swap-oob`) {
			t.Errorf("item %d: the exam's link is swapped out before the exam ends", it.Position)
		}
	}
	if !strings.Contains(last, `id="nav-exam" hx-swap-oob="outerHTML"`) || !strings.Contains(last, `href="/trainee"`) {
		t.Errorf("the answer that ends the exam does not turn the header's exam link into Practice:\n%s", last[:min(len(last), 600)])
	}
	after := c.Get(fmt.Sprintf("/exams/%d", id))
	if after.Has(`[data-testid="nav-exam"]`) || !after.Has(practice) {
		t.Error("the result page still lights the exam, or offers no Practice")
	}
	if after.Has(`main [hx-swap-oob]`) {
		t.Error("the full result page carries the out-of-band swap in its body")
	}
}
