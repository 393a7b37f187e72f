package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestClassLive_BrowserTwoProcesses: the live drill in browsers on two
// processes of one PostgreSQL, as a group runs it. The instructor's
// projector is a browser on the first process, a trainee's tablet a browser
// on the second: the tablet signs in with its keypad and joins, shows the
// question the projector asks, answers it; the projector counts the answer
// given through the other process, and after the lock its spread holds it
// and the tablet shows its result. axe-core checks the pages. Needs
// TRAINER_TEST_POSTGRES and Chromium.
func TestClassLive_BrowserTwoProcesses(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	_, open := groupOpener(t)
	a := servertest.Start(t, servertest.Options{Open: open})
	b := servertest.Start(t, servertest.Options{Open: open})
	manager := a.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	tia := a.CreateUser("Tia Trainee", trainer.RoleTrainee, "1042", traineePIN)
	cls := newClass(t, a, "Group Evenings", manager, tia)

	projector := browsertest.New(t, browsertest.Size{Width: 1280, Height: 720})
	run(t, projector, "the instructor signs in on the first process",
		chromedp.Navigate(a.URL+"/signin/staff"), chromedp.WaitVisible(testID("staff-form")),
		chromedp.SendKeys(chromedp.CSS("#f-name"), "Max Manager"),
		chromedp.SendKeys(chromedp.CSS("#f-password"), managerPassword),
		chromedp.Click(testID("staff-submit")), chromedp.WaitVisible(testID("manager-home")))
	run(t, projector, "the live drill's page", chromedp.Navigate(a.URL+classPath(cls)+"/live"), chromedp.WaitVisible(testID("projector-idle")))
	run(t, projector, "start", browsertest.Settled(), chromedp.Tap(testID("start-run")), chromedp.WaitVisible(testID("projector-waiting")))

	tablet := browsertest.NewTablet(t, projector, browsertest.Portrait)
	if err := joinOnTablet(tablet, b.URL+pinPath(tia)); err != nil {
		t.Fatalf("the tablet on the second process joins: %v", err)
	}
	browsertest.Axe(t, tablet, "tablet waiting, second process")
	run(t, projector, "the projector on the first counts the join", chromedp.Poll[chromedp.Void](
		`(document.querySelector('[data-testid="joined"]') || {}).textContent?.trim().startsWith("1 of 1")`,
		chromedp.WithPollingTimeout(30*time.Second)))

	run(t, projector, "ask the question", chromedp.WaitVisible(testID("ask")),
		chromedp.SetValue(chromedp.CSS("#next-kind"), "payout"),
		chromedp.SetValue(chromedp.CSS("#next-preview"), "0"), chromedp.SetValue(chromedp.CSS("#next-window"), "120"),
		browsertest.Settled(), chromedp.Tap(testID("ask")))
	_, d := askedQuestion(t, a, cls, 1)
	if d.Key.Amount == nil {
		t.Fatalf("the question (%s %s) is not answered with an amount", d.Game, d.Kind)
	}
	if err := answerOnTablet(tablet, *d.Key.Amount); err != nil {
		t.Fatalf("the tablet on the second process answers: %v", err)
	}
	browsertest.Axe(t, tablet, "tablet answered, second process")
	run(t, projector, "the projector on the first counts the answer", chromedp.Poll[chromedp.Void](
		`(document.querySelector('[data-testid="answered"] .live-answered-n') || {}).textContent?.trim() === "1"`,
		chromedp.WithPollingTimeout(30*time.Second)))
	browsertest.Axe(t, projector, "projector open, first process")

	run(t, projector, "close the answers", browsertest.Settled(), chromedp.Tap(testID("action-lock")), chromedp.WaitVisible(testID("results")))
	right, err := chromedp.Run(projector, chromedp.Evaluate[int](`(function () {
		var right = 0;
		document.querySelectorAll('[data-testid="spread-bar"][data-right="true"]').forEach(function (b) { right += +b.dataset.count; });
		return right;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if right != 1 {
		t.Errorf("the projector's spread holds %d right answers; want the tablet's 1", right)
	}
	browsertest.Axe(t, projector, "projector locked, first process")
	ctx, cancel := context.WithTimeout(tablet, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`[data-testid="tablet-panel"][data-state="locked"]`))); err != nil {
		t.Fatalf("the tablet on the second process shows no result after the lock: %v", err)
	}
	if got := text(t, tablet, testID("tablet-panel")); got == "" {
		t.Error("the tablet's result panel is empty")
	}
	browsertest.Axe(t, tablet, "tablet locked, second process")
}
