package server_test

import (
	"context"
	"fmt"
	"io/fs"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Browser tests of the rule book (issue 14): `go test -run TestBook ./...`.
// Each page visited is checked with axe-core; screenshots go to
// $TRAINER_ARTIFACTS at both tablet sizes.

// signInStaff signs a manager in on the tablet ctx.
func signInStaff(t *testing.T, ctx context.Context, h *servertest.Harness) {
	t.Helper()
	run(t, ctx, "staff sign-in",
		chromedp.Navigate(h.URL+"/signin/staff"), chromedp.WaitVisible(testID("staff-form")),
		chromedp.SendKeys(chromedp.CSS("#f-name"), "Max Manager"),
		chromedp.SendKeys(chromedp.CSS("#f-password"), managerPassword),
		chromedp.Click(testID("staff-submit")), chromedp.WaitVisible(testID("manager-home")))
}

// evaluate runs a script on the page and returns its value.
func evaluate[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// TestBookPagesInTheBrowser reads the book as a manager on a tablet held
// each way: the list of games, a game's book, a contents entry taking the
// page to its section's anchor, a search swapped in by htmx (and kept in the
// address), and the page as printed (A4, no navigation, no search).
func TestBookPagesInTheBrowser(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	h := servertest.New(t)
	h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	bk := h.Book.Houses[rulebook.DefaultHouse].Book("uth")
	target := bk.Sections[len(bk.Sections)/2]
	ctx := browsertest.New(t, browsertest.Landscape)
	signInStaff(t, ctx, h)
	for _, size := range []struct {
		name string
		size browsertest.Size
	}{{"landscape", browsertest.Landscape}, {"portrait", browsertest.Portrait}} {
		tab := browsertest.NewTablet(t, ctx, size.size)
		signInStaff(t, tab, h)
		run(t, tab, "the rule books", chromedp.Tap(chromedp.CSS(`nav a[href="/book"]`)), chromedp.WaitVisible(testID("book-list")))
		browsertest.Axe(t, tab, "book list "+size.name)
		checkPage(t, tab, "book list "+size.name)
		browsertest.Screenshot(t, tab, "book-list-"+size.name)

		run(t, tab, "open the uth book", chromedp.Tap(testID("book-uth")), chromedp.WaitVisible(testID("book-contents")))
		if got := text(t, tab, testID("book-title")); got != bk.Title {
			t.Errorf("%s: the book's title %q; want %q", size.name, got, bk.Title)
		}
		browsertest.Axe(t, tab, "book "+size.name)
		checkPage(t, tab, "book "+size.name)
		browsertest.Screenshot(t, tab, "book-"+size.name)

		// A contents entry takes the page to its section.
		run(t, tab, "contents entry", chromedp.Click(chromedp.CSS(`[data-testid="book-contents"] a[href="#`+target.ID+`"]`)))
		if got := evaluate[string](t, tab, `(document.querySelector(":target") || {}).id || ""`); got != target.ID {
			t.Errorf("%s: the contents entry of %s lands on %q", size.name, target.ID, got)
		}
		// At the top of the window, or as high as the end of the page lets it.
		if !evaluate[bool](t, tab, `(function () {
			var top = document.getElementById(`+jsString(target.ID)+`).getBoundingClientRect().top;
			var atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
			return top >= -1 && (top < 120 || atEnd && top < window.innerHeight - 40);
		})()`) {
			t.Errorf("%s: section %s is not brought into view by its contents entry", size.name, target.ID)
		}
		browsertest.Screenshot(t, tab, "book-anchor-"+size.name)

		// The search, swapped in by htmx.
		run(t, tab, "search", browsertest.Settled(), chromedp.SetValue(chromedp.ID("book-q"), "flush"),
			chromedp.Submit(chromedp.ID("book-q")), chromedp.WaitVisible(testID("book-hits")), browsertest.Settled())
		n := evaluate[int](t, tab, `document.querySelectorAll('[data-testid="book-hit"]').length`)
		if want := len(bk.Search("flush")); n != want {
			t.Errorf("%s: the search lists %d sections; want %d", size.name, n, want)
		}
		if loc := evaluate[string](t, tab, `location.search`); loc != "?q=flush" {
			t.Errorf("%s: after the search the address is %q; want ?q=flush", size.name, loc)
		}
		browsertest.Axe(t, tab, "book search "+size.name)
		browsertest.Screenshot(t, tab, "book-search-"+size.name)

		// Printed: the sections only.
		if _, err := chromedp.Call(tab, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
			t.Fatal(err)
		}
		for _, sel := range []string{".topbar", ".book-search", ".book-hits", ".book-tools"} {
			if d := evaluate[string](t, tab, `getComputedStyle(document.querySelector(`+jsString(sel)+`)).display`); d != "none" {
				t.Errorf("%s: printed, %s shows (display %s)", size.name, sel, d)
			}
		}
		if d := evaluate[string](t, tab, `getComputedStyle(document.querySelector(".book-sections")).display`); d == "none" {
			t.Errorf("%s: printed, the sections do not show", size.name)
		}
		browsertest.Screenshot(t, tab, "book-print-"+size.name)
		if _, err := chromedp.Call(tab, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{}); err != nil {
			t.Fatal(err)
		}
	}
}

func jsString(s string) string { return fmt.Sprintf("%q", s) }

// citingHouse is the built-in rules with a house "test" whose book has a
// section of its own, which every ruling situation and sequence of the
// house cites: a ruling question answered wrong then cites it.
func citingHouse(t *testing.T) fs.FS {
	t.Helper()
	shipped, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	last := ""
	for _, s := range shipped.Houses[rulebook.DefaultHouse].Book("uth").Sections {
		if strings.HasPrefix(s.ID, "common.") && s.Level == 1 {
			last = s.ID
		}
	}
	var over strings.Builder
	p := shipped.Houses[rulebook.DefaultHouse].Procedures
	for _, s := range p.Situations {
		fmt.Fprintf(&over, "[[override]]\nid = %q\nref = \"common.test_procedures\"\n\n", s.ID)
	}
	for _, q := range p.Sequences {
		fmt.Fprintf(&over, "[[override]]\nid = %q\nref = \"common.test_procedures\"\n\n", q.ID)
	}
	return rulebook.Overlay(fstest.MapFS{
		"houses/test/house.toml": {Data: []byte("name = \"test\"\ntitle = \"Test casino\"\n")},
		"houses/test/books/common.md": {Data: []byte("# The house's procedures {#common.test_procedures after=\"" + last + "\"}\n\n" +
			"Every ruling at Test casino follows the pit's instructions.\n\n## Disputes at Test casino {#common.test_disputes}\n\nThe pit decides.\n")},
		"houses/test/procedures.toml": {Data: []byte(over.String())},
	}, rules.FS)
}

// TestBookCitationFromPractice answers a ruling question wrong on a tablet
// and follows the feedback's citation: the section opens in a dialog over
// the feedback, which is still there when the dialog is closed. The session
// bar's "Rule book" opens the whole book the same way.
func TestBookCitationFromPractice(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	fsys := citingHouse(t)
	h := servertest.NewWithRules(t, fsys, "test")
	h.CreateUser("Tia Trainee", trainer.RoleTrainee, "1042", traineePIN)
	gen, err := drills.Load(h.Book, fsys)
	if err != nil {
		t.Fatal(err)
	}
	want, ok := h.Book.Houses["test"].Cite("uth", "common.test_procedures")
	if !ok {
		t.Fatal("the test house's section is not in its uth book")
	}
	ctx := browsertest.New(t, browsertest.Portrait)
	tr := &trainee{t: t, h: h, ctx: ctx}
	tr.signIn(ctx)
	id := tr.start(ctx, "uth", drills.KindRuling, trainer.ModePractice)
	a, err := h.DB.PendingAttempt(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	d, err := gen.Generate(a.House, drills.Spec{Game: a.Game, Kind: a.Kind, Level: a.Level, Seed: a.Seed})
	if err != nil || len(d.Mistakes) == 0 {
		t.Fatalf("the ruling drill: %v (%d mistakes)", err, len(d.Mistakes))
	}
	browsertest.Axe(t, ctx, "ruling question")
	tr.answer(ctx, d, d.Mistakes[0].Key, false)
	if got := text(t, ctx, testID("mistake-refs")); !strings.Contains(got, want.String()) {
		t.Fatalf("the mistake cites %q; want %q", got, want.String())
	}
	browsertest.Axe(t, ctx, "feedback with its citation")
	browsertest.Screenshot(t, ctx, "feedback-citation")

	run(t, ctx, "open the citation", chromedp.Tap(chromedp.CSS(`[data-testid="mistake-refs"] a.cite`)),
		chromedp.WaitVisible(testID("book-fragment")), browsertest.Settled())
	if !evaluate[bool](t, ctx, `document.getElementById("book-dialog").open`) {
		t.Fatal("the citation did not open the dialog")
	}
	if got := text(t, ctx, chromedp.CSS(`#book-dialog-body [data-testid="book-section"] h2`)); !strings.Contains(got, want.Number+" "+want.Title) {
		t.Errorf("the dialog shows %q; want section %s %s", got, want.Number, want.Title)
	}
	if n := evaluate[int](t, ctx, `document.querySelectorAll('#book-dialog-body [data-testid="book-section"]').length`); n != 2 {
		t.Errorf("the dialog shows %d sections; want the section and its subsection", n)
	}
	if !evaluate[bool](t, ctx, `!!document.querySelector('[data-testid="feedback"]')`) || !strings.HasSuffix(evaluate[string](t, ctx, `location.pathname`), fmt.Sprintf("/practice/%d", id)) {
		t.Error("the question's feedback is gone under the dialog")
	}
	browsertest.Axe(t, ctx, "citation dialog")
	browsertest.Screenshot(t, ctx, "citation-dialog")
	run(t, ctx, "close the dialog", chromedp.Tap(testID("book-dialog-close")), browsertest.Settled())
	if evaluate[bool](t, ctx, `document.getElementById("book-dialog").open`) {
		t.Error("the dialog is still open after Close")
	}
	if !evaluate[bool](t, ctx, `!!document.querySelector('[data-testid="feedback"]')`) {
		t.Error("the feedback is gone after the dialog closed")
	}

	run(t, ctx, "the session's rule book", chromedp.Tap(testID("session-book")),
		chromedp.WaitVisible(chromedp.CSS(`#book-dialog-body [data-testid="book-contents"]`)), browsertest.Settled())
	browsertest.Axe(t, ctx, "the whole book in the dialog")
	browsertest.Screenshot(t, ctx, "book-dialog")
	run(t, ctx, "close the book", chromedp.Tap(testID("book-dialog-close")), browsertest.Settled())
	if !evaluate[bool](t, ctx, `!!document.querySelector('[data-testid="feedback"]')`) {
		t.Error("the feedback is gone after the book closed")
	}
}

// TestBookClosedInExamBrowser starts an exam on a tablet: its question shows
// no way into the rule book, where the trainee's home does.
func TestBookClosedInExamBrowser(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	h := servertest.New(t)
	m := h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	h.CreateUser("Tia Trainee", trainer.RoleTrainee, "1042", traineePIN)
	h.ApproveRules(m)
	ctx := browsertest.New(t, browsertest.Landscape)
	tr := &trainee{t: t, h: h, ctx: ctx}
	tr.signIn(ctx)
	if !evaluate[bool](t, ctx, `!!document.querySelector('nav a[href="/book"]')`) {
		t.Error("the trainee's home does not link the rule book")
	}
	run(t, ctx, "start the exam", chromedp.Navigate(h.URL+"/exams/new?game=uth"), chromedp.WaitVisible(testID("exam-start-submit")),
		chromedp.Tap(testID("exam-start-submit")), chromedp.WaitVisible(testID("question")), browsertest.Settled())
	if evaluate[bool](t, ctx, `!!document.querySelector('a[href^="/book"], [hx-get^="/book"], #book-dialog')`) {
		t.Error("the exam's question links the rule book")
	}
	browsertest.Axe(t, ctx, "exam question")
	browsertest.Screenshot(t, ctx, "exam-question-no-book")
	// TestBookClosedDuringExam checks that the book's own addresses refuse
	// the trainee meanwhile (a 409, which the browser would log as an error).
}

// TestBookApprovalInTheBrowser shows a manager what a new version changes
// (a Trips row with the house edge before and after, a book section side by
// side, a setting) on a tablet held each way, and approves it through the
// confirmation.
func TestBookApprovalInTheBrowser(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	path := filepath.Join(t.TempDir(), "trainer.db")
	first := servertest.Start(t, servertest.Options{Path: path})
	m := first.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	first.ApproveRules(m)
	first.Close()
	fsys, _, newText := changedRules(t)
	h := servertest.Start(t, servertest.Options{Path: path, Rules: fsys})

	ctx := browsertest.New(t, browsertest.Landscape)
	signInStaff(t, ctx, h)
	page := "/manager/rules/" + url.PathEscape(h.Book.Version)
	for _, size := range []struct {
		name string
		size browsertest.Size
	}{{"portrait", browsertest.Portrait}, {"landscape", browsertest.Landscape}} {
		tab := browsertest.NewTablet(t, ctx, size.size)
		signInStaff(t, tab, h)
		run(t, tab, "the new version", chromedp.Navigate(h.URL+page), chromedp.WaitVisible(testID("rules-rows")))
		if got := text(t, tab, testID("rules-edges")); !strings.Contains(got, "1.904 %") || !strings.Contains(got, "-1.121 %") {
			t.Errorf("%s: the house edges read %q", size.name, got)
		}
		run(t, tab, "open the full text", chromedp.Click(chromedp.CSS(`[data-testid="rules-full"] > summary`)),
			chromedp.WaitVisible(chromedp.CSS(".rules-section-changed")))
		if got := text(t, tab, testID("rules-version")); !strings.Contains(got, newText) {
			t.Errorf("%s: the rewritten section is not shown", size.name)
		}
		browsertest.Axe(t, tab, "rules version "+size.name)
		checkPage(t, tab, "rules version "+size.name)
		browsertest.Screenshot(t, tab, "rules-changes-"+size.name)
		run(t, tab, "the changed section", chromedp.ScrollIntoView(chromedp.CSS(".rules-section-changed")))
		browsertest.Screenshot(t, tab, "rules-section-"+size.name)
	}
	run(t, ctx, "approve", chromedp.Navigate(h.URL+page), chromedp.WaitVisible(testID("rules-approve")),
		browsertest.Settled(), chromedp.Tap(testID("rules-approve")), chromedp.WaitVisible(testID("rules-confirm")))
	browsertest.Axe(t, ctx, "rules confirmation")
	browsertest.Screenshot(t, ctx, "rules-confirm")
	run(t, ctx, "confirm", browsertest.Settled(), chromedp.Tap(testID("rules-confirm-submit")), chromedp.WaitVisible(testID("notice")))
	if got := text(t, ctx, testID("rules-approved")); !strings.Contains(got, "Max Manager") {
		t.Errorf("approved %q; want by Max Manager", got)
	}
}
