package tablettest_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// pageSizes are the sizes every page a trainee sees is checked at: a phone,
// and the tablet upright and sideways (the last is the size the next page
// opens at).
var pageSizes = []browsertest.Size{browsertest.Phone, browsertest.Landscape, browsertest.Portrait}

// headerLines counts the lines the page's header takes: its parts (the
// house, the links, the name, the sign-out) on one line all overlap
// vertically.
const headerLinesJS = `(function () {
  var parts = Array.from(document.querySelectorAll(".topbar > *, .topbar .nav-link")).map(function (el) {
    return el.getBoundingClientRect();
  }).filter(function (r) { return r.width > 0 && r.height > 0; });
  var lines = [];
  parts.sort(function (a, b) { return a.top - b.top; }).forEach(function (r) {
    var last = lines[lines.length - 1];
    if (!last || r.top >= last.bottom - 1) {
      lines.push({top: r.top, bottom: r.bottom});
    } else {
      last.bottom = Math.max(last.bottom, r.bottom);
    }
  });
  return lines.length;
})()`

// checkPage turns the tablet to each size and fails the test when the page
// scrolls sideways, or when on a tablet its header takes more than one
// line. It runs axe-core on the page once and saves screenshots at
// 820 × 1180 and 1024 × 768.
func checkPage(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	browsertest.Axe(t, ctx, name)
	for _, size := range pageSizes {
		if err := browsertest.Resize(ctx, size); err != nil {
			t.Fatalf("%s: turn to %s: %v", name, sizeName(size), err)
		}
		run(t, ctx, "settle", browsertest.Settled())
		noSideways(t, ctx, name+" at "+sizeName(size))
		if size == browsertest.Phone {
			continue
		}
		if n := eval[int](t, ctx, "header lines", headerLinesJS); n != 1 {
			t.Errorf("%s at %s: the header takes %d lines; want one", name, sizeName(size), n)
		}
		browsertest.Screenshot(t, ctx, name+"-"+sizeName(size))
	}
}

// TestTraineePages goes through every page a trainee sees, from the start
// page to the rule book, with a practice session open: none scrolls
// sideways at 390 × 844, 820 × 1180 or 1024 × 768, the header is one line
// on a tablet, axe-core finds nothing serious; the start page says that a
// new session ends the open one, ending a session asks first, and a
// one-line answer is not a list.
func TestTraineePages(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.h.ApproveRules(k.manager)
	ctx := k.tablet(browsertest.Portrait)
	checkPage(t, ctx, "home")

	id := k.startPractice(ctx, "lunar", drills.KindRuling, trainer.ModePractice, 2)
	a, _ := k.pending(id)
	checkPage(t, ctx, "question")
	run(t, ctx, "answer", chromedp.Tap(testID("choice-1")), chromedp.WaitVisible(testID("feedback")))
	if n := eval[int](t, ctx, "lists", `document.querySelectorAll('[data-testid="your-answer"] li').length`); n != 0 {
		t.Errorf("feedback: \"Your answer\" is a list of %d; want one line", n)
	}
	checkPage(t, ctx, "feedback")

	run(t, ctx, "the start page", chromedp.Navigate(k.h.URL+"/practice/new?game=uth"), chromedp.WaitVisible(testID("start-form")))
	if got := text(t, ctx, testID("open-session")); !strings.Contains(got, "Starting a new session ends it") || !strings.Contains(got, "Lunar Poker") {
		t.Errorf("the start page with a session open says %q; want that starting a new one ends the Lunar Poker session", got)
	}
	checkPage(t, ctx, "start")

	run(t, ctx, "back to the session", chromedp.Navigate(fmt.Sprintf("%s/practice/%d", k.h.URL, id)), chromedp.WaitVisible(testID("end-session")))
	run(t, ctx, "ask to end the session", chromedp.Tap(testID("end-session")), chromedp.WaitVisible(testID("end-session-confirm")))
	if n := eval[int](t, ctx, "still open", `document.querySelectorAll('[data-testid="summary"]').length`); n != 0 {
		t.Errorf("tapping End session left the page before it was confirmed")
	}
	checkPage(t, ctx, "end-confirm")
	run(t, ctx, "end the session", chromedp.Tap(testID("end-session-confirm")), chromedp.WaitVisible(testID("summary")))
	checkPage(t, ctx, "summary")

	for _, p := range []struct{ path, ready, name string }{
		{"/progress", "progress-page", "progress"},
		{"/history", "history-page", "history"},
		{fmt.Sprintf("/attempts/%d", a.ID), "attempt-page", "attempt"},
		{"/exams/new?game=uth", "exam-start", "exam-start"},
		{"/book", "book-list", "book-list"},
	} {
		run(t, ctx, p.name, chromedp.Navigate(k.h.URL+p.path), chromedp.WaitVisible(testID(p.ready)))
		checkPage(t, ctx, p.name)
	}

	// An exam's question, with the exam's link in the header.
	where := post(t, ctx, "/exams", url.Values{"game": {"lunar"}})
	run(t, ctx, "the exam", chromedp.Navigate(k.h.URL+where), chromedp.WaitVisible(testID("question")), chromedp.WaitVisible(testID("nav-exam")))
	checkPage(t, ctx, "exam-question")
}
