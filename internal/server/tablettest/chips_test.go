package tablettest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestChipTotal answers a chips question by tapping chips on a tablet: the
// line says how, the running total follows each tap and each −, and a
// wrong answer's feedback says what the chips made against what was due.
func TestChipTotal(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	ctx := k.tablet(browsertest.Landscape)
	var d *drills.Drill
	for level := 1; level <= 4 && d == nil; level++ {
		id := k.startPractice(ctx, "uth", drills.KindChips, trainer.ModePractice, level)
		if _, dd := k.pending(id); practice.ShapeOf(dd) == practice.ShapeChips {
			d = dd
		}
	}
	if d == nil {
		t.Fatal("no chips question to answer with chips at levels 1 to 4")
	}
	if got := text(t, ctx, testID("chip-help")); !strings.Contains(got, "Tap a chip to add one") || !strings.Contains(got, "take one back") {
		t.Errorf("the chips' help line says %q", got)
	}
	total := func() string { return text(t, ctx, chromedp.CSS(`[data-chip-total]`)) }
	if got := total(); got != "0" {
		t.Errorf("before any chip the total reads %q; want 0", got)
	}
	run(t, ctx, "tap 25, 25 and 5", chromedp.Tap(testID("plus-25")), chromedp.Tap(testID("plus-25")), chromedp.Tap(testID("plus-5")))
	if got := total(); got != "55" {
		t.Errorf("after 25, 25 and 5 the total reads %q; want 55", got)
	}
	run(t, ctx, "take a 5 back", chromedp.Tap(testID("minus-5")))
	if got := total(); got != "50" {
		t.Errorf("after taking the 5 back the total reads %q; want 50", got)
	}
	browsertest.Axe(t, ctx, "a chips question with chips placed")
	browsertest.Screenshot(t, ctx, "chips-total-1024x768")

	var want games.Money
	for _, c := range d.Key.Chips {
		want += c.Value * games.Money(c.Count)
	}
	made := "50"
	if want == 50*games.Unit {
		run(t, ctx, "one more 1", chromedp.Tap(testID("plus-1")))
		made = "51"
	}
	run(t, ctx, "answer", chromedp.Tap(testID("answer-submit")), chromedp.WaitVisible(testID("answer-note")))
	if got, note := text(t, ctx, testID("answer-note")), fmt.Sprintf("Your chips make %s, not %s.", made, want); got != note {
		t.Errorf("the feedback says %q; want %q", got, note)
	}
	browsertest.Axe(t, ctx, "the chips answer's feedback")
	browsertest.Screenshot(t, ctx, "chips-feedback-1024x768")
}
