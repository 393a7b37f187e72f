package tablettest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

const (
	traineeName     = "Tia Trainee"
	traineePIN      = "2468"
	managerName     = "Max Manager"
	managerPassword = "correct horse battery"
)

// stepTimeout bounds one thing a person does in the browser.
const stepTimeout = 90 * time.Second

// kiosk is a test's kiosk: the server, its trainee, and the drills the
// server makes (to read a question's key the way the server does: from the
// spec stored in the database, never from the page).
type kiosk struct {
	t       *testing.T
	h       *servertest.Harness
	trainee *trainer.User
	manager *trainer.User
	gen     *drills.Generator
}

func newKiosk(t *testing.T) *kiosk {
	t.Helper()
	browsertest.Require(t)
	h := servertest.New(t)
	gen, err := drills.Load(h.Book, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	return &kiosk{
		t: t, h: h, gen: gen,
		trainee: h.CreateUser(traineeName, trainer.RoleTrainee, "1042", traineePIN),
		manager: h.CreateUser(managerName, trainer.RoleManager, "", managerPassword),
	}
}

// tablet opens a browser the size of size with the trainee signed in by the
// name grid and the PIN keypad, as on a tablet.
func (k *kiosk) tablet(size browsertest.Size) context.Context {
	k.t.Helper()
	ctx := browsertest.New(k.t, size)
	k.signIn(ctx)
	return ctx
}

func (k *kiosk) signIn(ctx context.Context) {
	k.t.Helper()
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.Navigate(k.h.URL + "/signin"), chromedp.WaitVisible(testID("trainee-tile")),
		chromedp.Tap(testID("trainee-tile")), chromedp.WaitVisible(testID("key-ok")),
	}
	for _, d := range traineePIN {
		steps = append(steps, chromedp.Tap(testID("key-"+string(d))))
	}
	steps = append(steps, chromedp.Tap(testID("key-ok")), chromedp.WaitVisible(testID("trainee-home")))
	run(k.t, ctx, "sign in with the PIN", steps...)
}

// testID selects the element with this data-testid.
func testID(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }

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

// eval evaluates a JavaScript expression in the page.
func eval[T any](t *testing.T, ctx context.Context, what, js string) T {
	t.Helper()
	step, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	v, err := chromedp.Run(step, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

// text is the whitespace-collapsed text of the element sel.
func text(t *testing.T, ctx context.Context, sel chromedp.CSS) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Text(sel))
	if err != nil {
		t.Fatalf("text of %s: %v", sel, err)
	}
	return strings.Join(strings.Fields(s), " ")
}

// post posts form to path from the page, as its own form would (the same
// origin, the session's cookie), follows the kiosk's redirect and returns
// the path it ends at.
func post(t *testing.T, ctx context.Context, path string, form url.Values) string {
	t.Helper()
	js := fmt.Sprintf(`fetch(%q, {method: "POST", headers: {"Content-Type": "application/x-www-form-urlencoded"}, body: %q})
		.then(function (r) { return r.status + " " + new URL(r.url).pathname; })`, path, form.Encode())
	got := eval[string](t, ctx, "post "+path, js)
	status, where, _ := strings.Cut(got, " ")
	if status != "200" {
		t.Fatalf("post %s %s: status %s at %s", path, form.Encode(), status, where)
	}
	return where
}

var sessionPath = regexp.MustCompile(`^/(?:practice|exams)/(\d+)$`)

// startPractice starts a session of game, kind, mode and level from the
// page, opens it and returns its ID.
func (k *kiosk) startPractice(ctx context.Context, game, kind string, mode trainer.Mode, level int) int64 {
	k.t.Helper()
	where := post(k.t, ctx, "/practice", url.Values{"game": {game}, "kind": {kind}, "mode": {string(mode)}, "level": {strconv.Itoa(level)}})
	m := sessionPath.FindStringSubmatch(where)
	if m == nil {
		k.t.Fatalf("start %s %s level %d: ended at %s; want /practice/{id}", game, kind, level, where)
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	run(k.t, ctx, "open session "+m[1], chromedp.Navigate(k.h.URL+where), chromedp.WaitVisible(testID("question")))
	return id
}

// pending is the question of session waiting for its answer, with its
// drill made again from the stored spec.
func (k *kiosk) pending(sessionID int64) (*trainer.Attempt, *drills.Drill) {
	k.t.Helper()
	a, err := k.h.DB.PendingAttempt(k.t.Context(), sessionID)
	if err != nil {
		k.t.Fatalf("pending attempt of session %d: %v", sessionID, err)
	}
	d, err := k.gen.Generate(a.House, drills.Spec{Game: a.Game, Kind: a.Kind, Level: a.Level, Seed: a.Seed})
	if err != nil {
		k.t.Fatalf("make attempt %d again: %v", a.ID, err)
	}
	return a, d
}

// answerForm is the form a trainee posts to answer with k.
func answerForm(k drills.Key) url.Values {
	f := url.Values{}
	switch {
	case k.Amount != nil:
		f.Set(practice.FieldAmount, k.Amount.String())
	case k.Choice != 0:
		f.Set(practice.FieldChoice, strconv.Itoa(k.Choice))
	case k.Outcomes != nil:
		for i, o := range k.Outcomes {
			f.Set(practice.FieldOutcome+strconv.Itoa(i+1), o.Result)
		}
	default:
		for _, c := range k.Chips {
			f.Set(practice.FieldChips+c.Value.String(), strconv.Itoa(c.Count))
		}
	}
	return f
}

// fitted waits until the question has been fitted to the window's size
// (practice.js marks it), after a load or a resize.
func fitted(t *testing.T, ctx context.Context, size browsertest.Size) {
	t.Helper()
	want := fmt.Sprintf("%dx%d", size.Width, size.Height)
	run(t, ctx, "fit the question to "+want,
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="question"][data-fitted="`+want+`"]`)),
		browsertest.Settled())
}

// answerSelectors are what must be in view to answer d: its controls and
// the control that submits them.
func answerSelectors(d *drills.Drill) []string {
	switch practice.ShapeOf(d) {
	case practice.ShapeAmount:
		return []string{`#f-amount`, `.amount-keypad`, `[data-testid="pad-submit"]`, `.chip-tray`}
	case practice.ShapeChoice:
		return []string{`[data-testid="choices"] .choice`}
	case practice.ShapeOutcomes:
		return []string{`[data-testid^="row-outcome-"]`, `[data-testid="answer-submit"]`}
	}
	return []string{`[data-testid^="row-chips-"]`, `[data-testid="chip-total"]`, `[data-testid="answer-submit"]`}
}

// questionSelectors are what must be in view of question d: the prompt,
// the round or the chips asked about, the clock when there is one, and the
// answer's controls.
func questionSelectors(d *drills.Drill, timed bool) []string {
	sels := []string{`[data-testid="prompt-block"]`}
	if d.Round != nil {
		sels = append(sels, `[data-testid="round-table"]`)
	}
	if len(d.Ask.Stack) > 0 {
		sels = append(sels, `[data-testid="ask-chips"]`)
	} else if d.Ask.Amount != nil && d.Kind == drills.KindChips {
		sels = append(sels, `[data-testid="ask-amount"]`)
	}
	if timed {
		sels = append(sels, `[data-testid="timer"]`)
	}
	return append(sels, answerSelectors(d)...)
}

// noSideways fails the test when the page scrolls sideways.
func noSideways(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	o, err := browsertest.SidewaysOverflow(ctx)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if o.Sideways() {
		t.Errorf("%s: the page scrolls sideways: %d px wide in a window of %d (furthest right: %s)", what, o.ScrollWidth, o.InnerWidth, o.Widest)
	}
}

// sizeName names a window size for a message or a screenshot.
func sizeName(s browsertest.Size) string { return fmt.Sprintf("%dx%d", s.Width, s.Height) }

// jsonOf writes v for a message.
func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
