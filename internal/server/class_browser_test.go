package server_test

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The live drill in real browsers (issue 23, docs/classes.md "Live drill"):
// the instructor's projector, two tablets, and trainees whose tablets are
// HTTP clients reading the event stream as a browser does.

// liveEvent is one server-sent event as a stream's reader got it.
type liveEvent struct {
	name, id, data string
	at             time.Time
}

// openStream opens the event stream at path as the signed-in client c and
// hands its events on as they come.
func openStream(t testing.TB, h *servertest.Harness, c *servertest.Client, path string) <-chan liveEvent {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, h.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", "text/event-stream")
	req.AddCookie(&http.Cookie{Name: "trainer_session", Value: c.Cookie("trainer_session")})
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		resp.Body.Close()
		t.Fatalf("stream %s: status %d, %s", path, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	t.Cleanup(func() { resp.Body.Close() })
	ch := make(chan liveEvent, 256)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<16), 1<<22)
		var ev liveEvent
		var data []string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.name != "" {
					ev.data, ev.at = strings.Join(data, "\n"), time.Now()
					ch <- ev
				}
				ev, data = liveEvent{}, nil
			case strings.HasPrefix(line, "event: "):
				ev.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "id: "):
				ev.id = strings.TrimPrefix(line, "id: ")
			case strings.HasPrefix(line, "data: "):
				data = append(data, strings.TrimPrefix(line, "data: "))
			}
		}
	}()
	return ch
}

// waitPanel reads the stream until a panel in state comes, and returns
// when it came.
func waitPanel(t testing.TB, who string, ch <-chan liveEvent, state string) time.Time {
	t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case ev, ok := <-ch:
			if !ok {
				t.Fatalf("%s: the stream ended before a panel %q", who, state)
			}
			if ev.name == "panel" && strings.Contains(ev.data, `data-state="`+state+`"`) {
				return ev.at
			}
		case <-timeout:
			t.Fatalf("%s: no panel %q in 30 s", who, state)
		}
	}
}

// signInTablet signs u in on the tablet ctx with the PIN keypad.
func signInTablet(t *testing.T, ctx context.Context, h *servertest.Harness, u *trainer.User) {
	t.Helper()
	steps := []chromedp.Action[chromedp.Void]{chromedp.Navigate(h.URL + pinPath(u)), chromedp.WaitVisible(testID("key-ok"))}
	for _, d := range traineePIN {
		steps = append(steps, chromedp.Tap(testID("key-"+string(d))))
	}
	steps = append(steps, chromedp.Tap(testID("key-ok")), chromedp.WaitVisible(testID("trainee-home")))
	run(t, ctx, u.Name+" signs in", steps...)
}

// within fails the test unless d is at most max.
func within(t *testing.T, what string, d time.Duration) {
	t.Helper()
	t.Logf("%s: %v", what, d.Round(time.Millisecond))
	// The tests log how long a question took to reach a tablet and fail
	// only past deliveryBound: a busy machine (CI runs the browser tests
	// two at a time beside the other packages) stretches delivery well past
	// the one-second target, which BenchmarkClassLive measures and the
	// README reports; a timed assertion at the target would fail on load,
	// not on the kiosk.
	if d > deliveryBound {
		t.Errorf("%s took %v; want at most %v", what, d.Round(time.Millisecond), deliveryBound)
	}
}

// deliveryBound is how late a question or a result may reach a tablet
// before a test fails: several times the polling fallback's 2 s, so that
// only a tablet left waiting fails it.
const deliveryBound = 10 * time.Second

// TestClassLive_Browser: an instructor runs a live drill of two questions
// on the projector (1280×720, then 1920×1080) for two browser tablets (one
// upright in English, one sideways in Italian) and four tablets that are
// HTTP clients on the event stream. Every tablet shows the question after
// the tap that asks it (how long it took logged; deliveryBound); answers given on the tablets show on
// the projector as a count only; a tablet that reloads keeps its answer;
// after the lock the spread agrees with the answers given and each tablet
// shows its own result; a trainee who signs in late waits,
// then takes the next question. axe-core checks every page.
func TestClassLive_Browser(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	k := newKiosk(t)
	ugo := k.CreateUser("Ugo Uberti", trainer.RoleTrainee, "1043", traineePIN)
	var others []*trainer.User
	for i := range 4 {
		others = append(others, k.CreateUser(fmt.Sprintf("Stream Trainee %c", 'A'+i), trainer.RoleTrainee, fmt.Sprintf("20%02d", i), traineePIN))
	}
	lea := k.CreateUser("Lea Late", trainer.RoleTrainee, "1099", traineePIN)
	members := append([]*trainer.User{k.trainee, ugo, lea}, others...)
	cls := newClass(t, k.Harness, "Evening Drill", k.manager, members...)
	wantRedirect(t, "Ugo reads Italian", signInTrainee(t, k.Harness, ugo).PostForm("/language", url.Values{"language": {"it"}}), "/language?saved=1")

	projector := browsertest.New(t, browsertest.Size{Width: 1280, Height: 720})
	tia := browsertest.NewTablet(t, projector, browsertest.Portrait)
	ugoTab := browsertest.NewTablet(t, projector, browsertest.Landscape)
	live := classPath(cls) + "/live"

	run(t, projector, "the instructor signs in",
		chromedp.Navigate(k.URL+"/signin/staff"), chromedp.WaitVisible(testID("staff-form")),
		chromedp.SendKeys(chromedp.CSS("#f-name"), "Max Manager"),
		chromedp.SendKeys(chromedp.CSS("#f-password"), managerPassword),
		chromedp.Click(testID("staff-submit")), chromedp.WaitVisible(testID("manager-home")))
	run(t, projector, "the class's page", chromedp.Navigate(k.URL+classPath(cls)), chromedp.WaitVisible(testID("class-page")))
	browsertest.Axe(t, projector, "class page")
	browsertest.Screenshot(t, projector, "class-page")
	run(t, projector, "the live drill's page", chromedp.Navigate(k.URL+live), chromedp.WaitVisible(testID("projector-idle")))
	browsertest.Axe(t, projector, "projector idle")
	run(t, projector, "start", browsertest.Settled(), chromedp.Tap(testID("start-run")), chromedp.WaitVisible(testID("projector-waiting")))
	browsertest.Axe(t, projector, "projector waiting")

	for _, tab := range []struct {
		ctx context.Context
		u   *trainer.User
	}{{tia, k.trainee}, {ugoTab, ugo}} {
		signInTablet(t, tab.ctx, k.Harness, tab.u)
		run(t, tab.ctx, tab.u.Name+" joins", chromedp.WaitVisible(testID("join-class")), browsertest.Settled(),
			chromedp.Tap(testID("join-class")), chromedp.WaitVisible(testID("tablet-waiting")))
	}
	browsertest.Axe(t, tia, "tablet waiting")
	browsertest.Axe(t, ugoTab, "tablet waiting, in Italian")
	browsertest.Screenshot(t, ugoTab, "tablet-1024-it-waiting")

	clients := make([]*servertest.Client, len(others))
	streams := make([]<-chan liveEvent, len(others))
	for i, u := range others {
		clients[i] = signInTrainee(t, k.Harness, u)
		wantRedirect(t, u.Name+" joins", clients[i].PostForm(livePath(cls)+"/join", nil), livePath(cls))
		streams[i] = openStream(t, k.Harness, clients[i], livePath(cls)+"/events")
		waitPanel(t, u.Name, streams[i], "waiting")
	}
	run(t, projector, "everyone joined", chromedp.Poll[chromedp.Void](
		`(document.querySelector('[data-testid="joined"]') || {}).textContent?.trim().startsWith("6 of 7")`,
		chromedp.WithPollingTimeout(30*time.Second)))
	browsertest.Screenshot(t, projector, "projector-1280-waiting")

	// The first question: the instructor asks it; every tablet shows it.
	ask := func(n int) time.Time {
		run(t, projector, fmt.Sprintf("fill in question %d", n), chromedp.WaitVisible(testID("ask")),
			chromedp.SetValue(chromedp.CSS("#next-preview"), "5"), chromedp.SetValue(chromedp.CSS("#next-window"), "90"), browsertest.Settled())
		start := time.Now()
		run(t, projector, fmt.Sprintf("ask question %d", n), chromedp.Tap(testID("ask")))
		return start
	}
	// watch notes in the page when sel first shows (the page's own clock,
	// which is the machine's, as the server's is), and seen reads it.
	watch := func(ctx context.Context, sel string) {
		t.Helper()
		js := `window.__seenAt = 0; (function (sel) {
			if (document.querySelector(sel)) { window.__seenAt = Date.now(); return; }
			new MutationObserver(function (m, o) {
				if (document.querySelector(sel)) { window.__seenAt = Date.now(); o.disconnect(); }
			}).observe(document.body, {childList: true, subtree: true});
		})(` + strconv.Quote(sel) + `)`
		run(t, ctx, "watch for "+sel, chromedp.Evaluate[chromedp.Void](js))
	}
	seen := func(ctx context.Context, what string, from time.Time) {
		t.Helper()
		run(t, ctx, what, chromedp.Poll[chromedp.Void](`window.__seenAt > 0`, chromedp.WithPollingTimeout(30*time.Second)))
		at, err := chromedp.Run(ctx, chromedp.Evaluate[int64](`window.__seenAt`))
		if err != nil {
			t.Fatal(err)
		}
		within(t, what, time.UnixMilli(at).Sub(from))
	}
	watch(tia, `[data-testid="tablet-preview"]`)
	watch(ugoTab, `[data-testid="tablet-preview"]`)
	tapped := ask(1)
	q, d := askedQuestion(t, k.Harness, cls, 1)
	start := q.Start // the server's start: what a tap's own latency adds is the browser's
	t.Logf("the start recorded %v after the tap", start.Sub(tapped).Round(time.Millisecond))
	for i, ch := range streams {
		within(t, others[i].Name+": the question after the start", waitPanel(t, others[i].Name, ch, "preview").Sub(start))
	}
	seen(tia, "Tia's tablet: the question after the start", start)
	seen(ugoTab, "Ugo's tablet: the question after the start", start)
	if n := count(t, tia, `[data-testid="answer-form"]`); n != 0 {
		t.Error("Tia's tablet shows the answer form during the preview")
	}
	run(t, projector, "the projector's preview", chromedp.WaitVisible(chromedp.CSS(`[data-testid="projector-panel"][data-state="preview"]`)))
	browsertest.Screenshot(t, projector, "projector-1280-preview")
	browsertest.Screenshot(t, tia, "tablet-820-preview")

	// Answers open: the browser tablets answer with their keypads, the
	// others over HTTP; one stays silent.
	run(t, tia, "answers open on Tia's tablet", chromedp.WaitVisible(testID("answer-form")))
	run(t, ugoTab, "answers open on Ugo's tablet", chromedp.WaitVisible(testID("answer-form")))
	browsertest.Axe(t, tia, "tablet question")
	browsertest.Axe(t, ugoTab, "tablet question, in Italian")
	browsertest.Screenshot(t, tia, "tablet-820-open")
	browsertest.Screenshot(t, ugoTab, "tablet-1024-it-open")
	browsertest.Screenshot(t, projector, "projector-1280-open")
	tr := &trainee{t: t, h: k.Harness, ctx: tia}
	submit := tr.enter(tia, d, d.Key, false)
	run(t, tia, "Tia answers", browsertest.Settled(), chromedp.Tap(submit), chromedp.WaitVisible(testID("tablet-answered")))
	ur := &trainee{t: t, h: k.Harness, ctx: ugoTab}
	wrong := wrongKey(d)
	submit = ur.enter(ugoTab, d, wrong, false)
	run(t, ugoTab, "Ugo answers", browsertest.Settled(), chromedp.Tap(submit), chromedp.WaitVisible(testID("tablet-answered")))
	run(t, ugoTab, "Ugo's tablet reloads", chromedp.Reload(), chromedp.WaitVisible(testID("tablet-answered")))
	browsertest.Screenshot(t, ugoTab, "tablet-1024-it-answered")
	answerPath := fmt.Sprintf("%s/questions/%d/answer", livePath(cls), q.ID)
	for i, key := range []drills.Key{d.Key, d.Key, wrong} {
		if resp := clients[i].PostForm(answerPath, answerForm(key)); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("%s answers: status %d\n%s", others[i].Name, resp.StatusCode, resp.TestID("tablet-notice"))
		}
	}
	if resp := clients[0].PostForm(answerPath, answerForm(wrong)); resp.StatusCode != http.StatusConflict {
		t.Errorf("a second answer over HTTP: status %d; want 409", resp.StatusCode)
	}
	run(t, projector, "the projector counts 5 answers", chromedp.Poll[chromedp.Void](
		`(document.querySelector('[data-testid="answered"] .live-answered-n') || {}).textContent?.trim() === "5"`,
		chromedp.WithPollingTimeout(30*time.Second)))
	if got := text(t, projector, testID("projector-panel")); strings.Contains(got, k.trainee.Name) || strings.Contains(got, ugo.Name) {
		t.Error("the projector names who answered while answers are open")
	}

	// Lea signs in late: she waits for the next question.
	lc := signInTrainee(t, k.Harness, lea)
	wantRedirect(t, "Lea joins late", lc.PostForm(livePath(cls)+"/join", nil), livePath(cls))
	if resp := lc.Get(livePath(cls)); !resp.Has(`[data-testid="tablet-late"]`) {
		t.Errorf("Lea, late: want to wait for the next question\n%s", resp.TestID("tablet-panel"))
	}

	// The lock: the spread agrees with the answers; each tablet its result.
	watch(tia, `[data-testid="tablet-panel"][data-state="locked"]`)
	watch(ugoTab, `[data-testid="tablet-panel"][data-state="locked"]`)
	run(t, projector, "close the answers", browsertest.Settled(), chromedp.Tap(testID("action-lock")), chromedp.WaitVisible(testID("results")))
	locked, _ := liveQuestion(t, k.Harness, cls)
	lockAt := locked.Events[len(locked.Events)-1].At // the server's lock
	for i, ch := range streams {
		within(t, others[i].Name+": the result after the lock", waitPanel(t, others[i].Name, ch, "locked").Sub(lockAt))
	}
	seen(tia, "Tia's tablet: the result after the lock", lockAt)
	seen(ugoTab, "Ugo's tablet: the result after the lock", lockAt)
	if got := text(t, projector, testID("percent")); got != "60 %" {
		t.Errorf("the projector says %q right; want 60 %% (3 of 5)", got)
	}
	got, err := chromedp.Run(projector, chromedp.Evaluate[string](`[...document.querySelectorAll('[data-testid="spread-bar"]')].map(b => b.dataset.right + ":" + b.dataset.count).sort().join(" ")`))
	if err != nil {
		t.Fatal(err)
	}
	if got != "false:2 true:3" {
		t.Errorf("the spread's bars %q; want the right one with 3 and the wrong one with 2", got)
	}
	browsertest.Axe(t, projector, "projector results")
	browsertest.Axe(t, tia, "tablet result")
	browsertest.Axe(t, ugoTab, "tablet result, in Italian")
	browsertest.Screenshot(t, projector, "projector-1280-locked")
	browsertest.Screenshot(t, tia, "tablet-820-locked")
	browsertest.Screenshot(t, ugoTab, "tablet-1024-it-locked")
	if err := browsertest.Resize(projector, browsertest.Size{Width: 1920, Height: 1080}); err != nil {
		t.Fatal(err)
	}
	browsertest.Screenshot(t, projector, "projector-1920-locked")
	checkPage(t, projector, "projector results at 1920×1080")

	// The second question: Lea takes it.
	watch(tia, `[data-testid="tablet-preview"]`)
	ask(2)
	q2, _ := askedQuestion(t, k.Harness, cls, 2)
	seen(tia, "Tia's tablet: the second question after the start", q2.Start)
	lstream := openStream(t, k.Harness, lc, livePath(cls)+"/events")
	waitPanel(t, "Lea", lstream, "preview")
	browsertest.Screenshot(t, projector, "projector-1920-preview")
	run(t, projector, "the instructor ends the drill", chromedp.Tap(testID("more-controls")), chromedp.WaitVisible(testID("end-run")),
		chromedp.Tap(testID("end-run")), chromedp.WaitVisible(testID("report")))
	browsertest.Axe(t, projector, "report")
	browsertest.Screenshot(t, projector, "report-1920")
	if n := count(t, projector, `[data-testid="report-row"]`); n != 7 {
		t.Errorf("the report has %d rows; want the 7 who joined", n)
	}
	run(t, tia, "Tia's tablet says the drill ended", chromedp.WaitVisible(testID("tablet-idle")))
}

// askedQuestion waits for the class's question n (the tap that asks it
// returns before the kiosk answers) and returns it with its drill.
func askedQuestion(t *testing.T, h *servertest.Harness, cls *trainer.Class, n int) (*trainer.ClassQuestion, *drills.Drill) {
	t.Helper()
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		live, err := h.Store.ClassLive(t.Context(), cls.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		if live.Question != nil && live.Question.Number == n {
			return liveQuestion(t, h, cls)
		}
	}
	t.Fatalf("question %d was not asked in 30 s", n)
	return nil, nil
}

// TestClassRoster_Browser: a manager makes a class with the form, uploads
// the 40-row roster (semicolons, a byte-order mark, every refusal) on the
// class's page, reads each row's fate in the preview, saves, and prints
// the PIN slips on one A4 sheet. axe-core checks every page.
func TestClassRoster_Browser(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	k := newKiosk(t)
	classUsers(t, k) // the users the file names, and a class of theirs
	file := filepath.Join(t.TempDir(), "roster.csv")
	if err := os.WriteFile(file, forty(), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := browsertest.New(t, browsertest.Landscape)
	run(t, ctx, "the manager signs in",
		chromedp.Navigate(k.URL+"/signin/staff"), chromedp.WaitVisible(testID("staff-form")),
		chromedp.SendKeys(chromedp.CSS("#f-name"), "Max Manager"),
		chromedp.SendKeys(chromedp.CSS("#f-password"), managerPassword),
		chromedp.Click(testID("staff-submit")), chromedp.WaitVisible(testID("manager-home")))
	run(t, ctx, "the classes", chromedp.Navigate(k.URL+"/classes"), chromedp.WaitVisible(testID("class-list-page")))
	browsertest.Axe(t, ctx, "class list")
	run(t, ctx, "a new class", browsertest.Settled(), chromedp.Tap(testID("class-new")), chromedp.WaitVisible(testID("class-form")))
	browsertest.Axe(t, ctx, "new class")
	checkPage(t, ctx, "new class")
	browsertest.Screenshot(t, ctx, "class-new")
	run(t, ctx, "make it",
		chromedp.SendKeys(chromedp.CSS("#f-name"), "Evenings, March intake"),
		chromedp.Click(testID("class-submit")), chromedp.WaitVisible(testID("roster-empty")))
	browsertest.Axe(t, ctx, "class page, empty")
	checkPage(t, ctx, "class page, empty")
	run(t, ctx, "preview the file", chromedp.SetUploadFiles(chromedp.CSS("#f-roster"), []string{file}),
		chromedp.Click(testID("import-preview")), chromedp.WaitVisible(testID("roster-plan")))
	if n := count(t, ctx, `[data-testid="plan-row"]`); n != 40 {
		t.Errorf("the preview shows %d rows; want 40", n)
	}
	if n := count(t, ctx, `[data-testid="plan-reason"]`); n != 17 {
		t.Errorf("the preview gives %d reasons; want 17", n)
	}
	browsertest.Axe(t, ctx, "roster preview")
	checkPage(t, ctx, "roster preview")
	browsertest.Screenshot(t, ctx, "roster-preview")
	run(t, ctx, "save", browsertest.Settled(), chromedp.Click(testID("roster-commit")), chromedp.WaitVisible(testID("slips")))
	if n := count(t, ctx, `[data-testid="slip"]`); n != 18 {
		t.Errorf("%d slips; want 18", n)
	}
	browsertest.Axe(t, ctx, "PIN slips")
	browsertest.Screenshot(t, ctx, "roster-slips")
	if n := browsertest.PrintedPages(t, ctx, "slips", browsertest.A4); n != 1 {
		t.Errorf("the slips print on %d A4 sheets; want 1", n)
	}
	run(t, ctx, "back to the class", chromedp.Click(testID("back-to-class")), chromedp.WaitVisible(testID("roster")))
	if n := count(t, ctx, `[data-testid="roster-row"]`); n != 23 {
		t.Errorf("the class's roster has %d trainees; want 23 (3 joining, 20 added)", n)
	}
	browsertest.Axe(t, ctx, "class page with its roster")
	checkPage(t, ctx, "class page with its roster")
}
