package server_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// browserStandard is the UTH exam of the browser test's house: one item of
// each kind, so that every way of answering (the amount keypad, outcome
// buttons, choices, chips) is tapped in one short exam. The handler tests
// sit the shipped 28-item exam; this test is about the pages.
const browserStandard = `
[games.uth]
blueprint = [
  { kind = "payout",    level = 1, count = 1 },
  { kind = "outcome",   level = 1, count = 1 },
  { kind = "hand",      level = 1, count = 1 },
  { kind = "chips",     level = 1, count = 1 },
  { kind = "procedure", level = 1, count = 1 },
  { kind = "ruling",    level = 1, count = 1 },
]
[games.uth.thresholds.payout]
seconds = 120
[games.uth.thresholds.outcome]
seconds = 120
[games.uth.thresholds.hand]
seconds = 120
[games.uth.thresholds.chips]
seconds = 120
[games.uth.thresholds.procedure]
accuracy = 100
seconds = 120
[games.uth.thresholds.ruling]
accuracy = 100
seconds = 120
`

var examLocation = regexp.MustCompile(`/exams/(\d+)$`)

// TestBrowserCertification takes one trainee through a whole certification
// on tablets: a manager approves the house rules on an upright tablet; the
// trainee signs in with the PIN on a landscape tablet, opens the UTH exam
// from the home page and answers every item with the tablet's controls (the
// key of each is read from the database and regenerated from the stored
// spec, never from the page) with no feedback until the result; the
// manager signs off the table test, sees the certified state on the
// dashboard, prints the certificate (one A4 and one Letter page) and
// downloads the certifications CSV with the browser's own cookies.
func TestBrowserCertification(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	fsys := rulebook.Overlay(fstest.MapFS{"houses/default/certification.toml": {Data: []byte(browserStandard)}}, rules.FS)
	h := servertest.Start(t, servertest.Options{Rules: fsys})
	gen, err := drills.Load(h.Book, fsys)
	if err != nil {
		t.Fatal(err)
	}
	h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	tia := h.CreateUser("Tia Trainee", trainer.RoleTrainee, "1042", traineePIN)

	ctx := browsertest.New(t, browsertest.Landscape)            // the trainee's tablet
	mctx := browsertest.NewTablet(t, ctx, browsertest.Portrait) // the manager's

	// The manager approves the rules the kiosk runs with: no exam starts before.
	run(t, mctx, "staff sign-in",
		chromedp.Navigate(h.URL+"/signin/staff"), chromedp.WaitVisible(testID("staff-form")),
		chromedp.SendKeys(chromedp.CSS("#f-name"), "Max Manager"),
		chromedp.SendKeys(chromedp.CSS("#f-password"), managerPassword),
		chromedp.Click(testID("staff-submit")), chromedp.WaitVisible(testID("manager-home")))
	if note := text(t, mctx, testID("rules-note")); !strings.Contains(note, "wait for approval") || strings.Contains(note, h.Book.Version) {
		t.Errorf("the dashboard's rules note: %q", note)
	}
	run(t, mctx, "review the rules", chromedp.Click(testID("rules-review")), chromedp.WaitVisible(testID("rules-version")))
	browsertest.Screenshot(t, mctx, "manager-rules-version")
	browsertest.Axe(t, mctx, "rules version")
	checkPage(t, mctx, "rules version")
	run(t, mctx, "approve", browsertest.Settled(), chromedp.Tap(testID("rules-approve")), chromedp.WaitVisible(testID("rules-confirm")))
	browsertest.Axe(t, mctx, "rules confirmation")
	// The version's page comes back with who approved it. The page being
	// left may still answer a query while the next one loads (its nodes then
	// vanish under it), so ask again until the approver shows or time is up.
	run(t, mctx, "confirm", browsertest.Settled(), chromedp.Tap(testID("rules-confirm-submit")))
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		got, err := chromedp.Run(mctx, chromedp.Evaluate[string](`document.querySelector('[data-testid="rules-approved"]')?.innerText || ""`))
		if err == nil && strings.Contains(got, "Max Manager") {
			break
		}
	}
	run(t, mctx, "the notice", chromedp.WaitVisible(testID("notice")))
	if got := text(t, mctx, testID("rules-approved")); !strings.Contains(got, "Max Manager") {
		t.Errorf("approved %q; want by Max Manager", got)
	}

	// The trainee sits the exam.
	tr := &trainee{t: t, h: h, ctx: ctx}
	tr.signIn(ctx)
	run(t, ctx, "home", chromedp.WaitVisible(testID("exam-uth")))
	browsertest.Screenshot(t, ctx, "trainee-home")
	browsertest.Axe(t, ctx, "trainee home with certification")
	checkPage(t, ctx, "trainee home")
	run(t, ctx, "open the exam", browsertest.Settled(), chromedp.Tap(testID("exam-uth")), chromedp.WaitVisible(testID("exam-start")))
	browsertest.Screenshot(t, ctx, "exam-start")
	browsertest.Axe(t, ctx, "exam start")
	checkPage(t, ctx, "exam start")
	run(t, ctx, "start the exam", browsertest.Settled(), chromedp.Tap(testID("exam-start-submit")),
		chromedp.WaitVisible(testID("question")), browsertest.Settled())
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	m := examLocation.FindStringSubmatch(loc)
	if m == nil {
		t.Fatalf("after starting: at %q; want /exams/{id}", loc)
	}
	examID, _ := strconv.ParseInt(m[1], 10, 64)
	ex, err := h.DB.FindExam(t.Context(), examID, tia.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range ex.Items {
		a, err := h.DB.PendingAttempt(t.Context(), examID)
		if err != nil {
			t.Fatalf("item %d: %v", it.Position, err)
		}
		d, err := gen.Generate(a.House, drills.Spec{Game: a.Game, Kind: a.Kind, Level: a.Level, Seed: a.Seed})
		if err != nil || d.RulesVersion != a.RulesVersion {
			t.Fatalf("item %d: regenerate: %v (rules %s, stored %s)", it.Position, err, d.RulesVersion, a.RulesVersion)
		}
		shown, err := chromedp.Run(ctx, chromedp.AttributeValue(testID("question"), "data-attempt"))
		if err != nil || shown.Value != strconv.FormatInt(a.ID, 10) {
			t.Fatalf("item %d: the page shows attempt %q (%v); the database waits for %d", it.Position, shown.Value, err, a.ID)
		}
		if it.Position == 1 {
			browsertest.Screenshot(t, ctx, "exam-question")
			browsertest.Axe(t, ctx, "exam question")
		}
		if n := count(t, ctx, `[data-testid="hint-button"], [data-testid="verdict"]`); n != 0 {
			t.Errorf("item %d: the exam page shows a hint or a verdict", it.Position)
		}
		submit := tr.enter(ctx, d, d.Key, false)
		next := fmt.Sprintf(`(function () {
			var q = document.querySelector('[data-testid="question"]');
			return !!document.querySelector('[data-testid="exam-result"], [data-testid="field-error"]') ||
				(q !== null && q.getAttribute("data-attempt") !== "%d");
		})()`, a.ID)
		run(t, ctx, fmt.Sprintf("answer item %d (%s)", it.Position, it.Kind), browsertest.Settled(), chromedp.Tap(submit),
			chromedp.Poll[chromedp.Void](next, chromedp.WithPollingTimeout(30*time.Second)), browsertest.Settled())
		if n := count(t, ctx, `[data-testid="field-error"]`); n != 0 {
			t.Fatalf("item %d: refused: %s", it.Position, text(t, ctx, testID("field-error")))
		}
	}
	run(t, ctx, "the result", chromedp.WaitVisible(testID("exam-result")))
	if v := text(t, ctx, testID("exam-verdict")); !strings.Contains(v, "Exam passed") {
		t.Fatalf("verdict %q; want passed", v)
	}
	browsertest.Screenshot(t, ctx, "exam-result")
	browsertest.Axe(t, ctx, "exam result")
	checkPage(t, ctx, "exam result")

	// The manager signs off the table test.
	run(t, mctx, "the dashboard", chromedp.Navigate(h.URL+"/manager"), chromedp.WaitVisible(testID("cert-matrix")))
	if got := text(t, mctx, chromedp.CSS(`[data-testid="cert-row"] [data-testid="cell-0"] [data-testid="state"]`)); got != "Waiting for the table test" {
		t.Errorf("the dashboard shows UTH %q; want Waiting for the table test", got)
	}
	run(t, mctx, "the trainee's file", browsertest.Settled(), chromedp.Tap(testID("trainee-link")),
		chromedp.WaitVisible(testID("table-test-form")))
	browsertest.Screenshot(t, mctx, "manager-file")
	browsertest.Axe(t, mctx, "trainee file")
	checkPage(t, mctx, "trainee file")
	// Fail without notes first: the form says what is missing.
	run(t, mctx, "fail without notes", browsertest.Settled(), chromedp.Tap(testID("result-fail")),
		chromedp.Tap(testID("table-test-submit")),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="field-notes"] [data-testid="field-error"]`)), browsertest.Settled())
	browsertest.Screenshot(t, mctx, "manager-table-test-422")
	for try := 0; ; try++ {
		run(t, mctx, "choose pass", browsertest.Settled(), chromedp.Tap(testID("result-pass")))
		ok, err := chromedp.Run(mctx, chromedp.Evaluate[bool](`document.querySelector('input[name="result"][value="pass"]').checked`))
		if err == nil && ok {
			break
		}
		if try == 2 {
			t.Fatal("the table test's pass is not chosen after three taps")
		}
	}
	// The first tap says what will be recorded; the second records it.
	run(t, mctx, "sign off", chromedp.Tap(testID("table-test-submit")), chromedp.WaitVisible(testID("table-test-confirm")), browsertest.Settled())
	browsertest.Screenshot(t, mctx, "manager-table-test-confirm")
	run(t, mctx, "confirm the sign-off", chromedp.Tap(testID("table-test-confirm-submit")), chromedp.WaitVisible(testID("notice")), browsertest.Settled())
	if got := text(t, mctx, chromedp.CSS(`[data-testid="file-uth"] [data-testid="state"]`)); got != "Certified" {
		t.Errorf("after the sign-off the file shows %q; want Certified", got)
	}
	if got := text(t, mctx, chromedp.CSS(`[data-testid="file-uth"] [data-testid="signed-by"]`)); !strings.HasPrefix(got, "Max Manager, ") {
		t.Errorf("signed by %q", got)
	}
	run(t, mctx, "the dashboard again", chromedp.Navigate(h.URL+"/manager?game=uth"), chromedp.WaitVisible(testID("cert-matrix")))
	if got := text(t, mctx, chromedp.CSS(`[data-testid="cert-row"] [data-testid="cell-0"] [data-testid="state"]`)); got != "Certified" {
		t.Errorf("the dashboard shows UTH %q; want Certified", got)
	}
	browsertest.Screenshot(t, mctx, "manager-dashboard")
	browsertest.Axe(t, mctx, "dashboard")
	checkPage(t, mctx, "dashboard")

	// The certificate and the transcript print on one sheet, A4 or Letter,
	// in English and in the longer Italian and Russian (issue 18).
	for _, page := range []string{"certificate", "transcript"} {
		for _, lang := range []string{"", "it", "ru"} {
			name, query := page, ""
			if lang != "" {
				name, query = page+" in "+lang, "?lang="+lang
			}
			run(t, mctx, name, chromedp.Navigate(h.URL+fmt.Sprintf("/manager/trainees/%d/games/uth/%s%s", tia.ID, page, query)),
				chromedp.WaitVisible(testID(page)))
			browsertest.Screenshot(t, mctx, name)
			browsertest.Axe(t, mctx, name)
			for _, paper := range []chromedp.PaperSize{chromedp.PaperA4, chromedp.PaperLetter} {
				pdf, err := chromedp.Run(mctx, chromedp.PrintToPDF(chromedp.PDFPaper(paper)))
				if err != nil {
					t.Fatalf("print the %s: %v", name, err)
				}
				if n := pdfPages(pdf); n != 1 {
					t.Errorf("the %s prints on %d pages of %v; want 1", name, n, paper)
				}
			}
		}
	}
	// The last sheet shown is the transcript in Russian: its state too.
	if got := text(t, mctx, chromedp.CSS(`[data-testid="transcript-state"]`)); !strings.HasPrefix(got, "Сертифицирован") {
		t.Errorf("transcript state in Russian %q; want Сертифицирован", got)
	}

	// The CSV, fetched over HTTP with the manager's own browser cookies.
	cookies, err := chromedp.Run(mctx, func(ctx context.Context, tg *chromedp.Target) ([]*network.Cookie, error) {
		res, err := cdp.Call(ctx, tg, network.GetCookies, network.GetCookiesParams{URLs: []string{h.URL}})
		return res.Cookies, err
	})
	if err != nil || len(cookies) == 0 {
		t.Fatalf("the manager's cookies: %v (%d)", err, len(cookies))
	}
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, h.URL+"/manager/certifications.csv?game=uth", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cookies {
		req.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/csv") {
		t.Fatalf("the CSV: status %d, %s\n%s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	body, ok := bytes.CutPrefix(body, []byte("\xef\xbb\xbf"))
	if !ok {
		t.Error("the CSV has no UTF-8 byte-order mark")
	}
	rows, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var tiaRow []string
	for _, r := range rows[1:] {
		if r[1] == "Tia Trainee" && r[3] == "uth" {
			tiaRow = r
		}
	}
	if tiaRow == nil || tiaRow[4] != "certified" || tiaRow[7] != "Max Manager" || tiaRow[6] == "" {
		t.Errorf("the CSV row of Tia's UTH: %q", tiaRow)
	}

	// The manager's pages on a phone.
	run(t, mctx, "a phone", chromedp.EmulateViewport(int64(browsertest.Phone.Width), int64(browsertest.Phone.Height), chromedp.EmulateTouch))
	for _, p := range []struct{ path, id string }{
		{"/manager", "manager-home"},
		{fmt.Sprintf("/manager/trainees/%d", tia.ID), "trainee-file"},
		{fmt.Sprintf("/manager/trainees/%d/games/uth/certificate", tia.ID), "certificate"},
		{"/manager/programme", "programme"},
		{"/manager/rules", "rules-page"},
		{fmt.Sprintf("/manager/exams/%d", examID), "manager-exam"},
	} {
		run(t, mctx, p.path, chromedp.Navigate(h.URL+p.path), chromedp.WaitVisible(testID(p.id)))
		browsertest.Screenshot(t, mctx, "phone-"+p.id)
		browsertest.Axe(t, mctx, p.id+" on a phone")
		checkPage(t, mctx, p.id+" on a phone")
	}
}

// smallTargetsJS lists what a finger taps in the page's main part that is
// less than 44 px high or wide: links, buttons, fields, the labels of
// radio buttons. A link inside a sentence of the rule book's text (on the
// book's pages, in a citation, on the approval page) is exempt, as WCAG
// 2.5.8 exempts inline targets: it is as tall as its line.
const smallTargetsJS = `(function () {
	var out = [];
	document.querySelectorAll("main a[href], main button, main select, main textarea, main input:not([type=hidden]):not([type=radio]), main input[type=radio] + label").forEach(function (el) {
		var r = el.getBoundingClientRect();
		if (r.width === 0 && r.height === 0) { return; } // not shown
		if (el.closest(".book-text")) { return; } // inline in the book's text
		if (r.height < 44 || r.width < 44) {
			out.push(el.tagName.toLowerCase() + " \"" + (el.textContent || el.name || "").trim().slice(0, 40) + "\" " + Math.round(r.width) + "x" + Math.round(r.height));
		}
	});
	return out;
})()`

// checkPage fails the test when the page in ctx has a touch target under
// 44 px or is wider than the window (it would scroll sideways on a phone).
func checkPage(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	small, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](smallTargetsJS))
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	for _, s := range small {
		t.Errorf("%s: a touch target under 44 px: %s", what, s)
	}
	wide, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth + 1`))
	if err != nil || wide {
		t.Errorf("%s: the page is wider than the window (%v)", what, err)
	}
}

// pdfPages counts the pages of a PDF the browser printed: its page objects.
func pdfPages(pdf []byte) int {
	return len(pdfPage.FindAll(pdf, -1))
}

var pdfPage = regexp.MustCompile(`/Type\s*/Page[^s]`)
