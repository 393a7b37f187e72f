package tablettest_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestIdleWarning follows a trainee's session through the inactivity
// timeout (5 minutes for trainees by default) with the page's clock and the
// server's moved forward together: a tap on the amount keypad, which makes
// no request of its own, keeps the session alive at the server; 30 s before
// the sign-out a warning with "I'm still here" comes up, in view, and its
// button keeps the session; ignored, the warning ends in the sign-out.
func TestIdleWarning(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	ctx := browsertest.New(t, browsertest.Portrait)
	if err := browsertest.InstallFakeClock(ctx); err != nil {
		t.Fatal(err)
	}
	k.signIn(ctx)
	k.startPractice(ctx, "uth", drills.KindPayout, trainer.ModePractice, 1)
	idle := eval[string](t, ctx, "idle seconds", `document.body.getAttribute("data-idle-seconds")`)
	if idle != "301" {
		t.Fatalf("the question's idle seconds %q; want 301 (the trainees' 5 minutes and a second)", idle)
	}
	advance := func(page, server time.Duration) {
		t.Helper()
		k.h.Clock.Advance(server)
		if err := browsertest.AdvanceClock(ctx, page); err != nil {
			t.Fatal(err)
		}
	}
	contact := func() string {
		return eval[string](t, ctx, "last contact", `document.body.getAttribute("data-idle-contact") || ""`)
	}
	waitContact := func(what, before string) {
		t.Helper()
		run(t, ctx, what, chromedp.Poll[chromedp.Void](`(document.body.getAttribute("data-idle-contact") || "") !== `+strconv.Quote(before), chromedp.WithPollingTimeout(30*time.Second)))
	}

	// 4 min 10 s at the server since the page came, 20 s on the page: a
	// tap on the keypad tells the server someone is there.
	advance(20*time.Second, 250*time.Second)
	before := contact()
	run(t, ctx, "tap a key", chromedp.Tap(testID("pad-5")))
	waitContact("the keypad's tap reaches the server", before)
	if v := eval[string](t, ctx, "amount", `document.getElementById("f-amount").value`); v != "5" {
		t.Errorf("after tapping 5 the amount reads %q", v)
	}
	if vis := eval[bool](t, ctx, "warning", `!document.querySelector('[data-testid="idle-warning"]').hidden`); vis {
		t.Error("the idle warning is up right after a tap")
	}

	// Nobody touches the tablet for 4 min 32 s: the warning comes up, with
	// the seconds left, in view.
	advance(272*time.Second, 272*time.Second)
	run(t, ctx, "the warning comes up", chromedp.WaitVisible(testID("idle-warning")))
	if got := text(t, ctx, testID("idle-warning")); !strings.Contains(got, "signed out in") || !strings.Contains(got, "I'm still here") {
		t.Errorf("the idle warning says %q", got)
	}
	if out, err := browsertest.OutOfView(ctx, `[data-testid="idle-warning"]`, `[data-testid="idle-stay"]`); err != nil || len(out) > 0 {
		t.Errorf("the idle warning is not in view: %v %v", out, err)
	}
	browsertest.Axe(t, ctx, "the idle warning")
	browsertest.Screenshot(t, ctx, "idle-warning-820x1180")
	before = contact()
	run(t, ctx, "I'm still here", chromedp.Tap(testID("idle-stay")), chromedp.WaitNotVisible(testID("idle-warning")))
	waitContact("\"I'm still here\" reaches the server", before)

	// 100 s after "I'm still here" (and 6 min 12 s after the page came)
	// the trainee is still signed in: both taps reached the server.
	k.h.Clock.Advance(100 * time.Second)
	run(t, ctx, "still signed in", chromedp.Navigate(k.h.URL+"/trainee"), chromedp.WaitVisible(testID("trainee-home")))

	// Ignored, the warning ends in the sign-out.
	advance(272*time.Second, 272*time.Second)
	run(t, ctx, "the warning on the start page", chromedp.WaitVisible(testID("idle-warning")))
	advance(30*time.Second, 30*time.Second)
	run(t, ctx, "signed out", chromedp.WaitVisible(testID("trainee-tile")))
	if u := eval[string](t, ctx, "where", `location.pathname + location.search`); !strings.HasPrefix(u, "/signin") {
		t.Errorf("after the idle timeout the tablet shows %s; want the sign-in page", u)
	}
}
