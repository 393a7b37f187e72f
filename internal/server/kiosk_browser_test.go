package server_test

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Browser tests of the practice pages (issue 7). The key of each scenario is
// read from the database and regenerated from the stored spec, as the server
// does; never from the page.

// trainee is a browser test's kiosk: a server, a trainee and a tablet.
type trainee struct {
	t   *testing.T
	h   *servertest.Harness
	ctx context.Context
}

func newTrainee(t *testing.T, size browsertest.Size) *trainee {
	t.Helper()
	h := servertest.New(t)
	h.CreateUser("Tia Trainee", trainer.RoleTrainee, "1042", traineePIN)
	ctx := browsertest.New(t, size)
	return &trainee{t: t, h: h, ctx: ctx}
}

// signIn taps the trainee's name and the PIN on the keypad.
func (tr *trainee) signIn(ctx context.Context) {
	tr.t.Helper()
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.Navigate(tr.h.URL + "/signin"), chromedp.WaitVisible(testID("trainee-tile")),
		chromedp.Tap(testID("trainee-tile")), chromedp.WaitVisible(testID("key-ok")),
	}
	for _, d := range traineePIN {
		steps = append(steps, chromedp.Tap(testID("key-"+string(d))))
	}
	steps = append(steps, chromedp.Tap(testID("key-ok")), chromedp.WaitVisible(testID("trainee-home")))
	run(tr.t, ctx, "sign in with the PIN", steps...)
}

// start opens a game from the home page and starts a session; it returns
// the session's ID, read from the page's address.
func (tr *trainee) start(ctx context.Context, game, kind string, mode trainer.Mode) int64 {
	tr.t.Helper()
	run(tr.t, ctx, "open "+game,
		chromedp.Navigate(tr.h.URL+"/trainee"), chromedp.WaitVisible(testID("game-"+game)),
		chromedp.Tap(testID("game-"+game)), chromedp.WaitVisible(testID("start-form")),
		// The form arrives by a swap; a tap before it settles can land on
		// a node the swap is about to replace.
		browsertest.Settled(),
	)
	tr.choose(ctx, "kind", kind)
	tr.choose(ctx, "mode", string(mode))
	tr.choose(ctx, "level", "1")
	run(tr.t, ctx, "start "+game+" "+kind, chromedp.Tap(testID("start-submit")), chromedp.WaitVisible(testID("question")), browsertest.Settled())
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		tr.t.Fatal(err)
	}
	m := practicePath.FindStringSubmatch(strings.TrimPrefix(loc, tr.h.URL))
	if m == nil {
		tr.t.Fatalf("after starting: at %q; want /practice/{id}", loc)
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	u, err := tr.h.DB.FindUserByName(tr.t.Context(), "Tia Trainee")
	if err != nil {
		tr.t.Fatal(err)
	}
	sess, err := tr.h.DB.FindPracticeSession(tr.t.Context(), id, u.ID)
	if err != nil || sess.Game != game || sess.Kind != kind || sess.Mode != mode || sess.Level != 1 {
		tr.t.Fatalf("started %+v (%v); want %s %s %s level 1", sess, err, game, kind, mode)
	}
	return id
}

// choose taps the option value of the start form's group name and checks
// that it is chosen. A tap the browser drops (it happens on a loaded
// machine) is tried again, twice at most.
func (tr *trainee) choose(ctx context.Context, name, value string) {
	tr.t.Helper()
	checked := fmt.Sprintf(`document.getElementById("g-%s-%s").checked`, name, value)
	for range 3 {
		run(tr.t, ctx, "choose "+name+" "+value, chromedp.Tap(testID(name+"-"+value)))
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](checked)); err == nil && ok {
			return
		}
	}
	tr.t.Fatalf("the start form's %s %q is not chosen after three taps", name, value)
}

// answer enters k on the page the way a trainee would: the keypad (or the
// chips, when byChips) for an amount, a tap on a choice, the outcome buttons,
// the chips. It waits for the feedback.
func (tr *trainee) answer(ctx context.Context, d *drills.Drill, k drills.Key, byChips bool) {
	tr.t.Helper()
	what := fmt.Sprintf("answer %s %s (seed %d) with %+v", d.Game, d.Kind, d.Seed, k)
	submit := tr.enter(ctx, d, k, byChips)
	// The feedback, or the question again with a message: fail at once
	// rather than wait for a verdict that will not come.
	run(tr.t, ctx, what, browsertest.Settled(), chromedp.Tap(submit),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="verdict"], [data-testid="field-error"]`)), browsertest.Settled())
	if msg, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`(document.querySelector('[data-testid="field-error"]') || {}).textContent || ""`)); err != nil || msg != "" {
		tr.t.Fatalf("%s: refused: %q (%v)", what, msg, err)
	}
}

// enter enters k on the page, checks that the form holds it (entering it
// again after a dropped tap), and returns what to tap to submit it.
func (tr *trainee) enter(ctx context.Context, d *drills.Drill, k drills.Key, byChips bool) chromedp.CSS {
	tr.t.Helper()
	what := fmt.Sprintf("answer %s %s (seed %d) with %+v", d.Game, d.Kind, d.Seed, k)
	// entered says what the form holds, as the trainee's taps left it.
	var entry func(again bool) []chromedp.Action[chromedp.Void]
	var want, entered string
	submit := testID("answer-submit")
	switch {
	case k.Amount != nil:
		submit = testID("pad-submit")
		amount := *k.Amount
		want, entered = amount.String(), `document.getElementById("f-amount").value`
		entry = func(again bool) []chromedp.Action[chromedp.Void] {
			// Clear what a dropped tap left, then type or chip the amount.
			steps := []chromedp.Action[chromedp.Void]{chromedp.WaitVisible(testID("pad-submit"))}
			for range 16 * btoi(again) {
				steps = append(steps, chromedp.Tap(testID("pad-back")))
			}
			if byChips && amount != 0 { // a push is typed: no chip makes 0
				for _, c := range chipsFor(tr.t, amount) {
					steps = append(steps, chromedp.Tap(testID("add-chip-"+c.String())))
				}
				if amount < 0 {
					steps = append(steps, chromedp.Tap(testID("pad-sign")))
				}
				return steps
			}
			return append(steps, padTaps(amount)...)
		}
	case k.Choice != 0:
		entry = func(again bool) []chromedp.Action[chromedp.Void] { return nil }
		submit = testID("choice-" + strconv.Itoa(k.Choice))
	case k.Outcomes != nil:
		var parts []string
		for i, o := range k.Outcomes {
			parts = append(parts, fmt.Sprintf(`(document.querySelector('input[name="outcome-%d"]:checked') || {}).value`, i+1))
			want += o.Result + " "
		}
		entered = `[` + strings.Join(parts, ",") + `].map(v => v || "").join(" ") + " "`
		entry = func(again bool) []chromedp.Action[chromedp.Void] {
			var steps []chromedp.Action[chromedp.Void]
			for i, o := range k.Outcomes {
				steps = append(steps, chromedp.Tap(testID(fmt.Sprintf("outcome-%d-%s", i+1, o.Result))))
			}
			return steps
		}
	default:
		var parts []string
		for _, c := range k.Chips {
			parts = append(parts, fmt.Sprintf(`document.getElementById("chips-%s").value`, c.Value))
			want += strconv.Itoa(c.Count) + " "
		}
		entered = `[` + strings.Join(parts, ",") + `].join(" ") + " "`
		entry = func(again bool) []chromedp.Action[chromedp.Void] {
			var steps []chromedp.Action[chromedp.Void]
			for _, c := range k.Chips {
				steps = append(steps, chromedp.SetValue(chromedp.CSS(`[id="chips-`+c.Value.String()+`"]`), ""))
				for range c.Count {
					steps = append(steps, chromedp.Tap(testID("plus-"+c.Value.String())))
				}
			}
			return steps
		}
	}
	// A tap the browser drops (it happens on a loaded machine) would send
	// another answer than meant: check what the form holds, and enter it
	// again if it is not k.
	for try := 0; ; try++ {
		run(tr.t, ctx, what, entry(try > 0)...)
		if entered == "" {
			break
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](entered))
		if err == nil && got == want {
			break
		}
		if try == 2 {
			tr.t.Fatalf("%s: the form holds %q (%v); want %q", what, got, err, want)
		}
	}
	return submit
}

// padTaps are the keypad's taps that type amount, its sign last.
func padTaps(amount games.Money) []chromedp.Action[chromedp.Void] {
	var taps []chromedp.Action[chromedp.Void]
	for _, ch := range strings.TrimPrefix(amount.String(), "-") {
		key := string(ch)
		if ch == '.' {
			key = "dot"
		}
		taps = append(taps, chromedp.Tap(testID("pad-"+key)))
	}
	if amount < 0 {
		taps = append(taps, chromedp.Tap(testID("pad-sign")))
	}
	return taps
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// chipsFor is |m| in the house's chips, largest first.
func chipsFor(t *testing.T, m games.Money) []games.Money {
	if m < 0 {
		m = -m
	}
	chips := chipValues(t)
	slices.Reverse(chips)
	var out []games.Money
	for _, c := range chips {
		for m >= c {
			out = append(out, c)
			m -= c
		}
	}
	if m != 0 {
		t.Fatalf("%s cannot be made with the house's chips", m)
	}
	return out
}

// next taps "Next question" and waits for the question, or for the summary
// after the last one.
func (tr *trainee) next(ctx context.Context, last bool) {
	tr.t.Helper()
	want := testID("question")
	if last {
		want = testID("summary")
	}
	run(tr.t, ctx, "next", browsertest.Settled(), chromedp.Tap(testID("next")), chromedp.WaitVisible(want), browsertest.Settled())
}

// practiseTen runs a practice session of ten payout scenarios in game,
// answering every third one wrong and one with the chips, with screenshots
// and accessibility checks of the question and the feedback, and checks the
// progress page before and after.
func practiseTen(t *testing.T, game string, size browsertest.Size) {
	tr := newTrainee(t, size)
	ctx := tr.ctx
	tr.signIn(ctx)

	run(t, ctx, "progress before", chromedp.Navigate(tr.h.URL+"/progress"), chromedp.WaitVisible(testID("progress-page")))
	if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid^="progress-"]').length`)); err != nil || n != 1 {
		t.Fatalf("progress before any answer shows %d games (%v); want none", n-1, err)
	}

	id := tr.start(ctx, game, "payout", trainer.ModePractice)
	browsertest.Screenshot(t, ctx, game+"-payout-question")
	browsertest.Axe(t, ctx, game+" payout question")
	right, shotWrong := 0, false
	for i := range trainer.SessionLength {
		a, d := pending(t, tr.h, id)
		got, err := chromedp.Run(ctx, chromedp.AttributeValue(testID("question"), "data-attempt"))
		if err != nil || got.Value != strconv.FormatInt(a.ID, 10) {
			t.Fatalf("item %d: the page shows attempt %q (%v); the database waits for %d", i+1, got.Value, err, a.ID)
		}
		wrong := i%3 == 1
		k := d.Key
		if wrong {
			k = wrongKey(d)
		} else {
			right++
		}
		tr.answer(ctx, d, k, i == 2)
		verdict := text(t, ctx, testID("verdict"))
		if want := map[bool]string{false: "Right", true: "Not quite"}[wrong]; !strings.Contains(verdict, want) {
			t.Errorf("item %d (seed %d): verdict %q; want %q", i+1, a.Seed, verdict, want)
		}
		if i == 0 {
			browsertest.Screenshot(t, ctx, game+"-feedback-right")
			browsertest.Axe(t, ctx, game+" feedback")
		}
		if wrong && !shotWrong {
			shotWrong = true
			if text(t, ctx, testID("right-answer")) == "" {
				t.Errorf("item %d: a wrong answer's feedback lacks the right answer", i+1)
			}
			browsertest.Screenshot(t, ctx, game+"-feedback-wrong")
		}
		tr.next(ctx, i == trainer.SessionLength-1)
	}
	if got, want := text(t, ctx, testID("summary-right")), fmt.Sprintf("%d of %d", right, trainer.SessionLength); got != want {
		t.Errorf("summary: %q right; want %q", got, want)
	}
	browsertest.Screenshot(t, ctx, game+"-summary")

	run(t, ctx, "progress after", chromedp.Tap(testID("summary-progress")), chromedp.WaitVisible(testID("progress-"+game)))
	if got := text(t, ctx, chromedp.CSS(`[data-testid="progress-`+game+`"] [data-testid="stat-answered"]`)); got != "10" {
		t.Errorf("progress after the session: %q answered; want 10", got)
	}
	if got, want := text(t, ctx, chromedp.CSS(`[data-testid="progress-`+game+`"] [data-testid="stat-accuracy"]`)), percentText(right, 10); got != want {
		t.Errorf("progress after the session: accuracy %q; want %q", got, want)
	}
	browsertest.Screenshot(t, ctx, game+"-progress")
	browsertest.Axe(t, ctx, game+" progress")
}

func percentText(a, b int) string { return strconv.Itoa((a*100+b/2)/b) + " %" }

func TestBrowserPractice_UTHLandscape(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	practiseTen(t, "uth", browsertest.Landscape)
}

func TestBrowserPractice_OraclePortrait(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	practiseTen(t, "oracle", browsertest.Portrait)
}

func TestBrowserPractice_ThrillLandscape(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	practiseTen(t, "thrill", browsertest.Landscape)
}

func TestBrowserPractice_LunarPortrait(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	practiseTen(t, "lunar", browsertest.Portrait)
}

// TestBrowserPractice_EveryAnswerShape answers one scenario of each other
// kind through its own controls (outcome buttons, choices, chips), asks for
// a hint, and checks each page with axe, on a tablet held upright and then
// sideways.
func TestBrowserPractice_EveryAnswerShape(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	tr := newTrainee(t, browsertest.Portrait)
	ctx := tr.ctx
	tr.signIn(ctx)
	browsertest.Screenshot(t, ctx, "home")
	browsertest.Axe(t, ctx, "trainee home")
	run(t, ctx, "start form", chromedp.Tap(testID("game-uth")), chromedp.WaitVisible(testID("start-form")), browsertest.Settled())
	browsertest.Screenshot(t, ctx, "start-form")
	browsertest.Axe(t, ctx, "start form")
	for i, kind := range []string{"outcome", "hand", "chips", "ruling", "procedure"} {
		game := []string{"uth", "oracle", "thrill", "lunar", "uth"}[i]
		if i == 3 {
			run(t, ctx, "turn the tablet", chromedp.EmulateViewport(1024, 768, chromedp.EmulateTouch))
		}
		id := tr.start(ctx, game, kind, trainer.ModePractice)
		a, d := pending(t, tr.h, id)
		name := game + "-" + kind
		browsertest.Screenshot(t, ctx, name+"-question")
		browsertest.Axe(t, ctx, name+" question")
		if kind == "hand" {
			run(t, ctx, "hint", chromedp.Tap(testID("hint-button")), chromedp.WaitVisible(testID("hint")))
			browsertest.Screenshot(t, ctx, name+"-hint")
			if d.Key.Choice != 0 && len(d.Choices) > 2 {
				struck, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('.choice.is-struck').length`))
				if err != nil || struck != 1 {
					t.Errorf("hint: %d choices struck out (%v); want 1", struck, err)
				}
			}
		}
		tr.answer(ctx, d, d.Key, false)
		if v := text(t, ctx, testID("verdict")); !strings.Contains(v, "Right") {
			t.Errorf("%s (seed %d): verdict %q; want Right", name, a.Seed, v)
		}
		browsertest.Screenshot(t, ctx, name+"-feedback")
		browsertest.Axe(t, ctx, name+" feedback")
		stored, err := tr.h.DB.FindAttempt(t.Context(), a.ID, a.UserID)
		if err != nil || !stored.Correct || stored.HintUsed != (kind == "hand") {
			t.Errorf("%s: stored %+v (%v); want right, hint used only for the hand question", name, stored, err)
		}
	}
	run(t, ctx, "history", chromedp.Navigate(tr.h.URL+"/history"), chromedp.WaitVisible(testID("history-table")))
	browsertest.Screenshot(t, ctx, "history")
	browsertest.Axe(t, ctx, "history")
	run(t, ctx, "a past scenario", chromedp.Tap(testID("history-link")), chromedp.WaitVisible(testID("attempt-page")))
	browsertest.Screenshot(t, ctx, "history-attempt")
	browsertest.Axe(t, ctx, "a past scenario")
}

// TestBrowserPractice_ResumesOnAnotherTablet starts a timed session on one
// tablet, leaves it in the middle of a question, and signs in on a second
// device (another browser context with its own cookies, the size of a phone):
// the session goes on there with the same question.
func TestBrowserPractice_ResumesOnAnotherTablet(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	tr := newTrainee(t, browsertest.Landscape)
	first := tr.ctx
	tr.signIn(first)
	id := tr.start(first, "thrill", trainer.KindMixed, trainer.ModeTimed)
	a, d := pending(t, tr.h, id)
	if text(t, first, testID("timer")) == "" {
		t.Error("timed mode shows no timer")
	}
	tr.answer(first, d, d.Key, false)
	if v := text(t, first, testID("speed")); v != "FAST" && v != "OK" && v != "SLOW" {
		t.Errorf("timed mode: speed grade %q", v)
	}
	tr.next(first, false)
	b, _ := pending(t, tr.h, id)
	if b.ID == a.ID {
		t.Fatal("no new scenario after Next")
	}

	// The second device is a phone, the smallest screen the kiosk is laid out for.
	second := browsertest.NewTablet(t, first, browsertest.Phone)
	tr.signIn(second)
	browsertest.Screenshot(t, second, "second-tablet-home")
	run(t, second, "resume", chromedp.Tap(testID("resume")), chromedp.WaitVisible(testID("question")))
	got, err := chromedp.Run(second, chromedp.AttributeValue(testID("question"), "data-attempt"))
	if err != nil || got.Value != strconv.FormatInt(b.ID, 10) {
		t.Errorf("the second tablet shows attempt %q (%v); want %d, the one waiting", got.Value, err, b.ID)
	}
	if c := text(t, second, testID("session-count")); !strings.Contains(c, "Question 2 of 10") {
		t.Errorf("the second tablet's session bar says %q; want question 2 of 10", c)
	}
	browsertest.Screenshot(t, second, "second-tablet-resumed")
	browsertest.Axe(t, second, "resumed session")
}
