package tablettest_test

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The four tablet sizes a question must fit, in the order the tests turn the
// tablet (the last is the one the next page opens at).
var tabletSizes = []browsertest.Size{browsertest.Landscape, browsertest.PortraitSmall, browsertest.LandscapeLarge, browsertest.Portrait}

var (
	allGames = []string{"uth", "oracle", "thrill", "lunar"}
	allKinds = []string{drills.KindPayout, drills.KindOutcome, drills.KindHand, drills.KindChips, drills.KindProcedure, drills.KindRuling}
)

// minLinePX is the smallest line of words the round may draw once fitted to
// the screen: a line about 1.2 times its font, so about a 9.5 px font in
// the fullest rounds (the words are never zoomed out with the cards:
// practice.css). Before, the fullest rounds drew labels 7 px high.
const minLinePX = 11

// checkInView turns the tablet to each size and fails the test for every
// part of question d that is not on the screen without scrolling (the
// prompt, the round or the chips asked about, the clock, every answer
// control and the one that submits them), and for a page that scrolls
// sideways, and for words on the felt drawn too small to read. With axe it runs axe-core on the page (once: the sizes change
// the layout, not the markup). It saves screenshots at 820 × 1180 and
// 1024 × 768 when shots is set.
func checkInView(t *testing.T, ctx context.Context, what string, d *drills.Drill, timed bool, extra []string, axe bool, shots string) {
	t.Helper()
	sels := append(questionSelectors(d, timed), extra...)
	for i, size := range tabletSizes {
		if err := browsertest.Resize(ctx, size); err != nil {
			t.Fatalf("%s: turn to %s: %v", what, sizeName(size), err)
		}
		fitted(t, ctx, size)
		out, err := browsertest.OutOfView(ctx, sels...)
		if err != nil {
			t.Fatalf("%s at %s: %v", what, sizeName(size), err)
		}
		if len(out) > 0 {
			t.Errorf("%s at %s: not in view without scrolling:\n\t%s", what, sizeName(size), strings.Join(out, "\n\t"))
		}
		noSideways(t, ctx, what+" at "+sizeName(size))
		if px, txt, err := browsertest.SmallestText(ctx, ".question .round-table"); err != nil {
			t.Fatalf("%s at %s: %v", what, sizeName(size), err)
		} else if px < minLinePX {
			t.Errorf("%s at %s: %q on the felt is drawn %.0f px high; want %d px at least", what, sizeName(size), txt, px, minLinePX)
		}
		if i == 0 && axe {
			browsertest.Axe(t, ctx, what)
		}
		if shots != "" && (size == browsertest.Portrait || size == browsertest.Landscape) {
			browsertest.Screenshot(t, ctx, shots+"-"+sizeName(size))
		}
	}
}

// TestQuestionsInView opens a question of every game, kind and level (in
// practice at odd levels, timed at even ones, with the clock) and checks it
// at the four tablet sizes: the whole round and the submit control are seen
// without scrolling, nothing scrolls sideways, and axe finds nothing serious.
func TestQuestionsInView(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	ctx := k.tablet(browsertest.Portrait)
	levels := []int{1, 2, 3, 4}
	for _, game := range allGames {
		for _, kind := range allKinds {
			for _, level := range levels {
				mode := trainer.ModePractice
				if level%2 == 0 {
					mode = trainer.ModeTimed
				}
				id := k.startPractice(ctx, game, kind, mode, level)
				a, d := k.pending(id)
				what := fmt.Sprintf("%s %s level %d %s (seed %d)", game, kind, level, mode, a.Seed)
				shots := ""
				if level == 1 || level == 4 {
					shots = fmt.Sprintf("%s-%s-%d", game, kind, level)
				}
				// axe-core once per game and kind: the levels change the
				// round, not the page's markup (and axe is most of the
				// package's time).
				checkInView(t, ctx, what, d, mode == trainer.ModeTimed, nil, level == levels[0], shots)
			}
		}
	}
}

// TestExamInView sits an exam of each game on one tablet, checking every
// item at the four sizes as in practice, with the clock and the time
// allowed; one item is left waiting past its time, and the notice that it
// now counts as wrong must be in view too. The navigation shows the exam
// under way on every page until it is finished; the result labels each
// item by its question.
func TestExamInView(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.h.ApproveRules(k.manager)
	ctx := k.tablet(browsertest.Portrait)
	for _, game := range allGames {
		where := post(t, ctx, "/exams", url.Values{"game": {game}})
		m := sessionPath.FindStringSubmatch(where)
		if m == nil || !strings.HasPrefix(where, "/exams/") {
			t.Fatalf("start the %s exam: ended at %s", game, where)
		}
		id, _ := strconv.ParseInt(m[1], 10, 64)
		ex, err := k.h.DB.FindExam(t.Context(), id, k.trainee.ID)
		if err != nil {
			t.Fatal(err)
		}
		for n, it := range ex.Items {
			late := n == 1 // the second item waits past its time
			if late {
				k.h.Clock.Advance(time.Duration(it.Seconds+2) * time.Second)
			}
			run(t, ctx, "open the exam", chromedp.Navigate(k.h.URL+where), chromedp.WaitVisible(testID("question")))
			a, d := k.pending(id)
			if a.Position != it.Position {
				t.Fatalf("%s exam: item %d waits; want %d", game, a.Position, it.Position)
			}
			what := fmt.Sprintf("%s exam item %d, %s level %d (seed %d)", game, it.Position, it.Kind, it.Level, it.Seed)
			if got := text(t, ctx, testID("timer")); !strings.Contains(got, fmt.Sprintf("allowed %d s", it.Seconds)) {
				t.Errorf("%s: the clock says %q; want the %d s allowed", what, got, it.Seconds)
			}
			if text(t, ctx, testID("nav-exam")) == "" {
				t.Errorf("%s: the navigation does not show the exam under way", what)
			}
			var extra []string
			if late {
				extra = append(extra, `[data-testid="timer-late"]`)
				if got := text(t, ctx, testID("timer-late")); !strings.Contains(got, "counts as wrong") {
					t.Errorf("%s, past its time: the page says %q; want that it now counts as wrong", what, got)
				}
			}
			shots := ""
			if n < 2 {
				shots = fmt.Sprintf("exam-%s-item%d", game, it.Position)
			}
			checkInView(t, ctx, what, d, true, extra, n < 2, shots)
			if n == 0 {
				// Elsewhere in the kiosk, the exam under way is one tap away.
				run(t, ctx, "progress during the exam", chromedp.Navigate(k.h.URL+"/progress"), chromedp.WaitVisible(testID("nav-exam")))
				if href := eval[string](t, ctx, "the exam's link", `document.querySelector('[data-testid="nav-exam"]').getAttribute("href")`); href != where {
					t.Errorf("progress during the exam: the navigation's exam links to %q; want %q", href, where)
				}
				browsertest.Axe(t, ctx, "progress during the "+game+" exam")
			}
			post(t, ctx, fmt.Sprintf("/exams/%d/items/%d/answer", id, it.Position), answerForm(d.Key))
		}
		run(t, ctx, "the exam's result", chromedp.Navigate(k.h.URL+where), chromedp.WaitVisible(testID("exam-result")))
		if n := eval[int](t, ctx, "nav", `document.querySelectorAll('[data-testid="nav-exam"]').length`); n != 0 {
			t.Errorf("%s exam finished: the navigation still shows an exam under way", game)
		}
		labels := eval[[]string](t, ctx, "item labels", `Array.from(document.querySelectorAll('[data-testid="exam-item"] .exam-item-skill')).map(e => e.textContent.trim())`)
		for _, l := range labels {
			if parts := strings.Split(l, " · "); len(parts) > 1 && parts[0] == parts[1] {
				t.Errorf("%s exam result: an item is labelled %q, its kind twice", game, l)
			}
		}
		browsertest.Axe(t, ctx, game+" exam result")
		for _, size := range []browsertest.Size{browsertest.Phone, browsertest.Portrait, browsertest.Landscape} {
			if err := browsertest.Resize(ctx, size); err != nil {
				t.Fatal(err)
			}
			run(t, ctx, "settle", browsertest.Settled())
			noSideways(t, ctx, game+" exam result at "+sizeName(size))
			if size != browsertest.Phone {
				browsertest.Screenshot(t, ctx, "exam-"+game+"-result-"+sizeName(size))
			}
		}
		// An answered item opens with the exam's time allowed, not the
		// practice target.
		run(t, ctx, "an answered item", chromedp.Tap(chromedp.CSS(`[data-testid="exam-item"] a`)), chromedp.WaitVisible(testID("attempt-page")))
		if got := text(t, ctx, testID("timing")); !strings.Contains(got, fmt.Sprintf("allowed %d s", ex.Items[0].Seconds)) || strings.Contains(got, "target") {
			t.Errorf("%s exam, item 1 opened afterwards: timing %q; want the %d s allowed", game, got, ex.Items[0].Seconds)
		}
		browsertest.Axe(t, ctx, game+" exam item afterwards")
	}
}
