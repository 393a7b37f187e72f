package tablettest_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/server"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestPseudoLocalePages runs the kiosk in the pseudo-locale (`trainer serve
// -pseudo-locale`: every message 40 % longer and accented) and goes through
// the pages whose texts come from the catalogues, upright on the tablet
// (820 × 1180): none may scroll sideways, so a longer language fits.
func TestPseudoLocalePages(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	h := servertest.New(t, func(c *server.Config) { c.PseudoLocale = true })
	gen, err := drills.Load(h.Book, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	k := &kiosk{t: t, h: h, gen: gen,
		trainee: h.CreateUser(traineeName, trainer.RoleTrainee, "1042", traineePIN),
		manager: h.CreateUser(managerName, trainer.RoleManager, "", managerPassword),
	}
	ctx := browsertest.New(t, browsertest.Portrait)

	check := func(name string) {
		t.Helper()
		run(t, ctx, "settle "+name, browsertest.Settled())
		// The page is in the pseudo-locale: the kiosk's name in its title
		// is accented and bracketed.
		if title := eval[string](t, ctx, "title", "document.title"); !strings.Contains(title, "[Ďéáľéŕ Ţŕáíñéŕ") {
			t.Errorf("%s: title %q is not pseudo-localized", name, title)
		}
		noSideways(t, ctx, name+" in the pseudo-locale at 820x1180")
		browsertest.Screenshot(t, ctx, "pseudo-"+name)
	}
	for _, p := range []struct{ path, ready, name string }{
		{"/signin", "signin-languages", "signin"},
		{"/signin/staff", "staff-form", "staff-signin"},
		{"/signin/trainees/" + itoa(k.trainee.ID), "pin-form", "pin"},
	} {
		run(t, ctx, p.name, chromedp.Navigate(h.URL+p.path), chromedp.WaitVisible(testID(p.ready)))
		check(p.name)
	}
	k.signIn(ctx)
	check("home")
	for _, p := range []struct{ path, ready, name string }{
		{"/language", "language-page", "language"},
		{"/practice/new?game=uth", "start-form", "start"},
	} {
		run(t, ctx, p.name, chromedp.Navigate(h.URL+p.path), chromedp.WaitVisible(testID(p.ready)))
		check(p.name)
	}
	id := k.startPractice(ctx, "uth", drills.KindPayout, trainer.ModePractice, 1)
	fitted(t, ctx, browsertest.Portrait)
	check("question")
	_, d := k.pending(id)
	post(t, ctx, answerPathOf(k, id), answerForm(d.Key))
	run(t, ctx, "feedback", chromedp.Navigate(h.URL+"/practice/"+itoa(id)), chromedp.WaitVisible(testID("feedback")))
	check("feedback")
	run(t, ctx, "ask to end the session", chromedp.Tap(testID("end-session")), chromedp.WaitVisible(testID("end-session-confirm")))
	check("end-confirm")
	run(t, ctx, "end the session", chromedp.Tap(testID("end-session-confirm")), chromedp.WaitVisible(testID("summary")))
	check("summary")
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }

// answerPathOf is where the pending question of session id is answered.
func answerPathOf(k *kiosk, id int64) string {
	a, _ := k.pending(id)
	return "/attempts/" + itoa(a.ID) + "/answer"
}
