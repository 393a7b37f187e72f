package server_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestBookPages checks the book pages without JavaScript: the list of games,
// each game's book with its contents and every section at the anchor of its
// id, the search on the server (?q=), the section alone as a page and as a
// fragment, and the not-found answers.
func TestBookPages(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	k := newKiosk(t)
	for _, c := range []struct {
		who    string
		client func() *servertest.Client
	}{
		{"trainee", func() *servertest.Client { return k.traineeClient(t) }},
		{"manager", func() *servertest.Client { return k.staffClient(t, "Max Manager", managerPassword) }},
	} {
		cl := c.client()
		list := cl.Get("/book")
		wantStatus(t, c.who+": /book", list, http.StatusOK)
		for _, g := range rulebook.GameSlugs {
			if !list.Has(`a[href="/book/` + g + `"]`) {
				t.Errorf("%s: /book does not link the %s book", c.who, g)
			}
		}
		if !strings.Contains(list.TestID("house-name"), "Demo casino") {
			t.Errorf("%s: the header names %q; want Demo casino", c.who, list.TestID("house-name"))
		}
	}
	mc := k.staffClient(t, "Max Manager", managerPassword)
	for _, g := range rulebook.GameSlugs {
		bk := k.Book.Houses[rulebook.DefaultHouse].Book(g)
		page := mc.Get("/book/" + g)
		wantStatus(t, "/book/"+g, page, http.StatusOK)
		if got := page.TestID("book-title"); got != bk.Title {
			t.Errorf("%s: title %q; want %q", g, got, bk.Title)
		}
		for _, s := range bk.Sections {
			sec := page.Doc.Find(`section[id="` + s.ID + `"]`)
			if sec.Length() != 1 {
				t.Errorf("%s: section %s is not at its anchor", g, s.ID)
				continue
			}
			if h := strings.Join(strings.Fields(sec.Find("h2, h3, h4").First().Text()), " "); !strings.HasPrefix(h, s.Number+" "+s.Title) {
				t.Errorf("%s: section %s is headed %q; want %q", g, s.ID, h, s.Number+" "+s.Title)
			}
			if !page.Has(`[data-testid="book-contents"] a[href="#` + s.ID + `"]`) {
				t.Errorf("%s: the contents do not link %s", g, s.ID)
			}
		}
	}

	// The search, on the server: the sections holding every word, marked.
	bk := k.Book.Houses[rulebook.DefaultHouse].Book("uth")
	hits := bk.Search("flush")
	if len(hits) == 0 {
		t.Fatal("no section of the uth book holds \"flush\"")
	}
	page := mc.Get("/book/uth?q=flush")
	if n := page.Doc.Find(`[data-testid="book-hit"]`).Length(); n != len(hits) {
		t.Errorf("?q=flush lists %d sections; want %d", n, len(hits))
	}
	if !strings.Contains(strings.ToLower(page.Text(`[data-testid="book-hit"] mark`)), "flush") {
		t.Error("the search does not mark the word found")
	}
	if n := page.Doc.Find(`section.is-hit`).Length(); n != len(hits) {
		t.Errorf("%d sections marked as found; want %d", n, len(hits))
	}
	if got := page.Doc.Find(`#book-q`).AttrOr("value", ""); got != "flush" {
		t.Errorf("the search box holds %q; want the query", got)
	}
	none := mc.Get("/book/uth?q=zzzqqq")
	if !strings.Contains(none.TestID("book-hits"), "No section") {
		t.Errorf("a search that finds nothing says %q", none.TestID("book-hits"))
	}
	// htmx gets the body only.
	frag := htmxClient(k.staffClient(t, "Max Manager", managerPassword)).Get("/book/uth?q=flush")
	if strings.Contains(frag.Body, "<html") || !frag.Has(`#book-body`) || frag.Header.Get("Vary") == "" {
		t.Errorf("the htmx search answers a whole page or no body (Vary %q)", frag.Header.Get("Vary"))
	}

	// One section: a page of its own, and a fragment for the dialog.
	sub := bk.Subtree(bk.Sections[0].ID)
	one := mc.Get("/book/uth/sections/" + sub[0].ID)
	wantStatus(t, "a section's page", one, http.StatusOK)
	if n := one.Doc.Find(`[data-testid="book-section"]`).Length(); n != len(sub) {
		t.Errorf("the section's page shows %d sections; want the section and its subsections, %d", n, len(sub))
	}
	fr := htmxClient(k.staffClient(t, "Max Manager", managerPassword)).Get("/book/uth/sections/" + sub[0].ID)
	if strings.Contains(fr.Body, "<html") || !fr.Has(`[data-testid="book-fragment"]`) ||
		!fr.Has(`a[data-testid="book-open-whole"][href="/book/uth#`+sub[0].ID+`"]`) {
		t.Errorf("the section's fragment:\n%.600s", fr.Body)
	}
	wantStatus(t, "an unknown game's book", mc.Get("/book/poker"), http.StatusNotFound)
	wantStatus(t, "an unknown section", mc.Get("/book/uth/sections/uth.nowhere"), http.StatusNotFound)
	wantStatus(t, "a section of another game's book", mc.Get("/book/oracle/sections/"+sub[0].ID), http.StatusNotFound)

	// The logo, in the header and at its address.
	if src := page.Doc.Find(`img.brand-logo`).AttrOr("src", ""); !strings.HasPrefix(src, "/house/logo?v=") {
		t.Errorf("the header's logo is %q", src)
	}
	logo := k.Client().Get("/house/logo")
	if logo.StatusCode != http.StatusOK || logo.Header.Get("Content-Type") != "image/svg+xml" || !strings.Contains(logo.Body, "<svg") {
		t.Errorf("/house/logo: %d %q", logo.StatusCode, logo.Header.Get("Content-Type"))
	}
}

// TestBookClosedDuringExam checks that an exam's question pages offer no
// way into the rule book, that the book refuses a trainee whose exam is
// open, and that the result cites the book once every item is answered;
// practice, by contrast, links it on the question.
func TestBookClosedDuringExam(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	tc := k.traineeClient(t)

	id := startSession(t, tc, "uth", "payout", trainer.ModePractice, 1)
	q := tc.Get(sessionPath(id))
	if !q.Has(`[data-testid="session-book"][href="/book/uth"]`) || !q.Has(`#book-dialog`) {
		t.Error("a practice question does not link the rule book")
	}
	tc.PostForm(sessionPath(id)+"/end", nil)

	examID := startExam(t, tc, "uth")
	ex, err := k.DB.FindExam(t.Context(), examID, k.trainee.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range ex.Items {
		page := tc.Get(examShowPath(examID))
		noBook(t, "exam question "+it.Kind, page)
		for _, path := range []string{"/book", "/book/uth", "/book/uth/sections/" + k.Book.Houses[rulebook.DefaultHouse].Book("uth").Sections[0].ID} {
			resp := tc.Get(path)
			if resp.StatusCode != http.StatusConflict || !strings.Contains(resp.Body, "rule book opens again") {
				t.Fatalf("%s during the exam: status %d; want 409 saying the book opens after it", path, resp.StatusCode)
			}
		}
		_, d := pending(t, k.Harness, examID)
		resp := htmxClient(tc).PostForm(examItemPath(examID, it.Position), answerForm(d.Key))
		plain(tc)
		if it.Position < len(ex.Items) {
			noBook(t, "the answer's response", resp)
		}
	}
	result := tc.Get(examShowPath(examID))
	if !result.Has(`[data-testid="exam-result"]`) {
		t.Fatal("no result after the last item")
	}
	if !result.Has(`#book-dialog`) || !result.Has(`nav a[href="/book"]`) {
		t.Error("the result offers no way into the rule book")
	}
	wantStatus(t, "the book after the exam", tc.Get("/book/uth"), http.StatusOK)
}

// noBook fails when page links the rule book or holds its dialog.
func noBook(t *testing.T, what string, page interface{ Has(string) bool }) {
	t.Helper()
	if page.Has(`a[href^="/book"]`) || page.Has(`[hx-get^="/book"]`) || page.Has(`#book-dialog`) {
		t.Errorf("%s: links the rule book before the item is answered", what)
	}
}
