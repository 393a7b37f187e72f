package server_test

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestBrowserContent opens the instructors' content page on a tablet, held
// sideways and upright: the samples with their keys, "another sample" swapped
// in by htmx, and the rulings; axe, screenshots, and the page fits.
func TestBrowserContent(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	h := servertest.New(t)
	h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	ctx := browsertest.New(t, browsertest.Landscape)
	run(t, ctx, "staff sign-in", chromedp.Navigate(h.URL+"/signin/staff"), chromedp.WaitVisible(testID("staff-form")),
		chromedp.SendKeys(chromedp.CSS("#f-name"), "Max Manager"),
		chromedp.SendKeys(chromedp.CSS("#f-password"), managerPassword),
		chromedp.Click(testID("staff-submit")), chromedp.WaitVisible(testID("manager-home")))
	for _, size := range []struct {
		name string
		browsertest.Size
	}{{"landscape", browsertest.Landscape}, {"portrait", browsertest.Portrait}} {
		t.Run(size.name, func(t *testing.T) {
			shot := func(name string) { browsertest.Screenshot(t, ctx, size.name+"-"+name) }
			run(t, ctx, "open the content page from the menu",
				chromedp.EmulateViewport(int64(size.Width), int64(size.Height), chromedp.EmulateTouch),
				chromedp.Navigate(h.URL+"/manager"), chromedp.WaitVisible(testID("manager-home")),
				chromedp.Click(chromedp.CSS(`a.nav-link[href="/tools/content"]`)),
				chromedp.WaitVisible(testID("sample-payout")))
			shot("top")
			browsertest.Axe(t, ctx, "content page")
			fitsAndTouchable(t, ctx, "content page")

			run(t, ctx, "the Lunar Poker tab, level 3", browsertest.Settled(), chromedp.Click(testID("game-lunar")),
				chromedp.WaitVisible(`[data-testid="game-lunar"][aria-current="page"]`),
				chromedp.Click(testID("level-3")), chromedp.WaitVisible(`[data-testid="level-3"][aria-current="page"]`))
			before := sampleSeed(t, ctx)
			run(t, ctx, "another outcome sample",
				chromedp.ScrollIntoView(chromedp.CSS(`[data-testid="sample-outcome"]`)),
				browsertest.Settled(),
				chromedp.Tap(chromedp.CSS(`[data-testid="sample-outcome"] [data-testid="another"]`)),
				chromedp.WaitNotPresent(`[data-testid="sample-outcome"][data-seed="`+before+`"]`),
				chromedp.WaitVisible(`[data-testid="sample-outcome"] [data-testid="sample-key"]`))
			if after := sampleSeed(t, ctx); after == before {
				t.Errorf("another sample kept seed %s", before)
			}
			run(t, ctx, "scroll to the sample", browsertest.Settled(), chromedp.ScrollIntoView(chromedp.CSS(`[data-testid="sample-outcome"]`)))
			shot("lunar-outcome")
			run(t, ctx, "scroll to a ruling", chromedp.ScrollIntoView(chromedp.CSS(`[data-testid="situation-lunar.mixed_force"]`)))
			shot("lunar-ruling")
			browsertest.Axe(t, ctx, "content page, Lunar level 3")
			fitsAndTouchable(t, ctx, "content page, Lunar level 3")
		})
	}
}

// sampleSeed is the seed the outcome sample was dealt from (its data-seed:
// the page names a sample in words, not by its seed).
func sampleSeed(t *testing.T, ctx context.Context) string {
	t.Helper()
	res, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(`[data-testid="sample-outcome"]`), "data-seed"))
	if err != nil {
		t.Fatalf("read the sample's seed: %v", err)
	}
	return res.Value
}
