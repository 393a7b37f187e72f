package server_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// testID selects the element with this data-testid.
func testID(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }

// run runs steps in the browser and fails the test at the first error.
// stepTimeout bounds one call of run, so that a step that cannot complete (a
// lost click, a page that never comes) fails within a minute or two with its
// own name instead of holding the test until its overall deadline. It is
// generous: CI machines are shared.
const stepTimeout = 90 * time.Second

// run runs the steps of one thing a person does, failing the test with what
// when they do not complete.
func run(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	step, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(step, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// text returns the text of the element sel.
func text(t *testing.T, ctx context.Context, sel chromedp.CSS) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Text(sel))
	if err != nil {
		t.Fatalf("text of %s: %v", sel, err)
	}
	return strings.Join(strings.Fields(s), " ")
}

// TestBrowserFirstRun_AdminAddsTraineeWhoSignsInWithPIN walks a new kiosk's
// first minutes on a tablet held upright: the first administrator, a trainee
// added (after a mistyped PIN), sign-out, and the trainee signing in by
// tapping their name and the PIN keypad.
func TestBrowserFirstRun_AdminAddsTraineeWhoSignsInWithPIN(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	h := servertest.New(t)
	ctx := browsertest.New(t, browsertest.Portrait)

	run(t, ctx, "open the kiosk", chromedp.Navigate(h.URL+"/"), chromedp.WaitVisible(testID("setup-form")))
	browsertest.Screenshot(t, ctx, "01-setup")
	run(t, ctx, "create the first administrator",
		chromedp.SendKeys(chromedp.CSS("#f-name"), "Ada Admin"),
		chromedp.SendKeys(chromedp.CSS("#f-password"), "correct horse battery"),
		chromedp.SendKeys(chromedp.CSS("#f-confirm"), "correct horse battery"),
		chromedp.Click(testID("setup-submit")),
		chromedp.WaitVisible(testID("users-page")),
	)

	run(t, ctx, "open the new-user form",
		chromedp.Click(testID("add-user")),
		chromedp.WaitVisible(testID("user-form")),
		chromedp.SendKeys(chromedp.CSS("#f-name"), "Tia Trainee"),
		chromedp.SendKeys(chromedp.CSS("#f-badge"), "1042"),
		chromedp.SendKeys(chromedp.CSS("#f-secret"), "2468"),
		chromedp.SendKeys(chromedp.CSS("#f-confirm"), "2469"),
		chromedp.Click(testID("user-submit")),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="field-confirm"] [data-testid="field-error"]`)),
	)
	if got := text(t, ctx, `[data-testid="field-confirm"] [data-testid="field-error"]`); got != "The two entries do not match." {
		t.Errorf("mistyped PIN: message %q", got)
	}
	browsertest.Screenshot(t, ctx, "02-new-trainee-mistyped")
	run(t, ctx, "add the trainee",
		chromedp.SendKeys(chromedp.CSS("#f-secret"), "2468"),
		chromedp.SendKeys(chromedp.CSS("#f-confirm"), "2468"),
		chromedp.Click(testID("user-submit")),
		chromedp.WaitVisible(testID("notice")),
	)
	if got := text(t, ctx, testID("notice")); got != "Added Tia Trainee." {
		t.Errorf("after adding: notice %q", got)
	}
	browsertest.Screenshot(t, ctx, "03-users")

	run(t, ctx, "sign out", chromedp.Click(testID("signout")), chromedp.WaitVisible(testID("trainee-grid")))
	browsertest.Screenshot(t, ctx, "04-signin-grid")

	run(t, ctx, "tap the name, then a wrong PIN",
		chromedp.Tap(testID("trainee-tile")),
		chromedp.WaitVisible(testID("key-1")),
		chromedp.Tap(testID("key-1")), chromedp.Tap(testID("key-3")),
		chromedp.Tap(testID("key-5")), chromedp.Tap(testID("key-7")),
		chromedp.Tap(testID("key-ok")),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="field-pin"] [data-testid="field-error"]`)),
	)
	if got := text(t, ctx, `[data-testid="field-pin"] [data-testid="field-error"]`); got != "That PIN is not right. Try again." {
		t.Errorf("wrong PIN: message %q", got)
	}
	// The keypad still works on the re-rendered form, and ⌫ deletes.
	run(t, ctx, "tap the right PIN",
		chromedp.WaitVisible(testID("key-2")),
		chromedp.Tap(testID("key-2")), chromedp.Tap(testID("key-4")),
		chromedp.Tap(testID("key-9")), chromedp.Tap(testID("key-back")),
		chromedp.Tap(testID("key-6")), chromedp.Tap(testID("key-8")),
	)
	if v, err := chromedp.Run(ctx, chromedp.Value(chromedp.CSS("#f-pin"))); err != nil || len(v) != 4 {
		t.Fatalf("PIN field after 2 4 9 ⌫ 6 8 holds %d digits (%v); want 4", len(v), err)
	}
	browsertest.Screenshot(t, ctx, "05-keypad")
	run(t, ctx, "press OK", chromedp.Tap(testID("key-ok")), chromedp.WaitVisible(testID("trainee-home")))
	if got := text(t, ctx, "h1"); got != "Hello, Tia Trainee" {
		t.Errorf("trainee home greets %q", got)
	}
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil || !strings.HasSuffix(loc, "/trainee") {
		t.Errorf("trainee home at %q (%v); want …/trainee", loc, err)
	}
	browsertest.Screenshot(t, ctx, "06-trainee-home")
}

// TestBrowserScreens opens every page at each size the kiosk is laid out for
// and saves a screenshot of it, for people to look at; it fails if a page
// does not show or the browser reports an error (a blocked script or style).
func TestBrowserScreens(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	h := servertest.New(t)
	ctx := browsertest.New(t, browsertest.Landscape)

	run(t, ctx, "setup page", chromedp.Navigate(h.URL+"/setup"), chromedp.WaitVisible(testID("setup-form")))
	browsertest.Screenshot(t, ctx, "landscape-setup")

	admin := h.CreateUser("Ada Admin", trainer.RoleAdministrator, "", adminPassword)
	h.CreateUser("Max Manager", trainer.RoleManager, "M-7", managerPassword)
	for i, name := range []string{"Tia Trainee", "Bo Chan", "Carmen Ortega", "Dmitri Volkov", "Esi Mensah",
		"Farah Haddad", "Gus Lindqvist", "Hana Sato", "Ivan Petrov"} {
		h.CreateUser(name, trainer.RoleTrainee, "10"+string(rune('1'+i)), traineePIN)
	}
	_ = admin

	for _, size := range []struct {
		name string
		browsertest.Size
	}{{"landscape", browsertest.Landscape}, {"portrait", browsertest.Portrait}, {"phone", browsertest.Phone}} {
		shot := func(name string) { browsertest.Screenshot(t, ctx, size.name+"-"+name) }
		run(t, ctx, "resize", chromedp.EmulateViewport(int64(size.Width), int64(size.Height), chromedp.EmulateTouch))

		run(t, ctx, "sign-in grid", chromedp.Navigate(h.URL+"/signin"), chromedp.WaitVisible(testID("trainee-grid")))
		shot("signin")
		run(t, ctx, "keypad", chromedp.Click(testID("trainee-tile")), chromedp.WaitVisible(testID("key-ok")))
		shot("keypad")
		run(t, ctx, "staff sign-in", chromedp.Navigate(h.URL+"/signin/staff"), chromedp.WaitVisible(testID("staff-form")),
			chromedp.SendKeys(chromedp.CSS("#f-name"), "Ada Admin"),
			chromedp.SendKeys(chromedp.CSS("#f-password"), "wrong password"),
			chromedp.Click(testID("staff-submit")), chromedp.WaitVisible(testID("form-problem")))
		shot("staff-signin-wrong")
		run(t, ctx, "sign in", chromedp.SendKeys(chromedp.CSS("#f-password"), adminPassword),
			chromedp.Click(testID("staff-submit")), chromedp.WaitVisible(testID("users-page")))
		shot("users")
		run(t, ctx, "new user with errors", chromedp.Navigate(h.URL+"/admin/users/new?role=trainee"),
			chromedp.WaitVisible(testID("user-form")), chromedp.SendKeys(chromedp.CSS("#f-secret"), "12"),
			chromedp.Click(testID("user-submit")), chromedp.WaitVisible(testID("field-error")))
		shot("new-user-errors")
		run(t, ctx, "user page", chromedp.Navigate(h.URL+userPath(mustFind(t, h, "Tia Trainee"))), chromedp.WaitVisible(testID("user-page")))
		shot("user")
		run(t, ctx, "settings", chromedp.Navigate(h.URL+"/admin/settings"), chromedp.WaitVisible(testID("settings-form")))
		shot("settings")
		run(t, ctx, "dashboard", chromedp.Navigate(h.URL+"/manager"), chromedp.WaitVisible(testID("manager-home")))
		shot("dashboard")
		run(t, ctx, "sign out", chromedp.Click(testID("signout")), chromedp.WaitVisible(testID("trainee-grid")))
		run(t, ctx, "trainee signs in", chromedp.Navigate(h.URL+pinPath(mustFind(t, h, "Tia Trainee"))),
			chromedp.WaitVisible(testID("key-ok")),
			chromedp.KeyEvent(traineePIN+"\r"), // a keyboard works as well as the keypad
			chromedp.WaitVisible(testID("trainee-home")))
		shot("trainee-home")
		run(t, ctx, "trainee signs out", chromedp.Click(testID("signout")), chromedp.WaitVisible(testID("trainee-grid")))
	}
}

func mustFind(t *testing.T, h *servertest.Harness, name string) *trainer.User {
	t.Helper()
	u, err := h.DB.FindUserByName(t.Context(), name)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
