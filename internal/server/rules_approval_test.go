package server_test

import (
	"io/fs"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/PuerkitoBio/goquery"
	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// changedRules are the built-in rules with three changes at the default
// house: the Trips table B pays a flush 7 to 1 instead of 6 to 1, the house
// rewrites the first section of its Ultimate Texas Hold'em book, and it
// seats six boxes instead of seven.
func changedRules(t *testing.T) (fs.FS, string, string) {
	t.Helper()
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	first := b.Houses[rulebook.DefaultHouse].Book("uth").Sections[0]
	games, err := fs.ReadFile(rules.FS, "games/uth.toml")
	if err != nil {
		t.Fatal(err)
	}
	const from, to = "full_house      = \"8:1\"\nflush           = \"6:1\"", "full_house      = \"8:1\"\nflush           = \"7:1\""
	if strings.Count(string(games), from) != 1 {
		t.Fatalf("games/uth.toml: the Trips B rows are not where the test expects them")
	}
	house, err := fs.ReadFile(rules.FS, "houses/default/uth.toml")
	if err != nil {
		t.Fatal(err)
	}
	newText := "At Demo casino every box is dealt by the book."
	over := fstest.MapFS{
		"games/uth.toml":              {Data: []byte(strings.Replace(string(games), from, to, 1))},
		"houses/default/uth.toml":     {Data: []byte(strings.Replace(string(house), "max_boxes                = 7", "max_boxes                = 6", 1))},
		"houses/default/books/uth.md": {Data: []byte("# " + first.Title + " {#" + first.ID + "}\n\n" + newText + "\n")},
	}
	if string(over["houses/default/uth.toml"].Data) == string(house) {
		t.Fatal("houses/default/uth.toml: max_boxes is not where the test expects it")
	}
	return rulebook.Overlay(over, rules.FS), first.Markdown, newText
}

// TestRules_ApprovalShowsChanges runs the kiosk on the built-in rules, then
// on changed ones (a Trips row, a book section, a setting), and checks the
// new version's page: the row with its old and new odds and the Trips house
// edge before and after (exact), the section's old and new text side by
// side, the setting in words; then that approving asks for a confirmation
// before anything is recorded.
func TestRules_ApprovalShowsChanges(t *testing.T) {
	plainRunOnly(t)
	t.Parallel()
	path := filepath.Join(t.TempDir(), "trainer.db")
	first := servertest.Start(t, servertest.Options{Path: path})
	first.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	mc := staffSignIn(t, first, "Max Manager", managerPassword)
	page := mc.Get("/manager/rules/" + first.Book.Version)
	if !strings.Contains(page.TestID("rules-against"), "whole rule book") {
		t.Errorf("the first version: %q", page.TestID("rules-against"))
	}
	// The first version shows the whole book: every section of every game,
	// and every section translated into another language.
	want := 0
	for _, g := range rulebook.GameSlugs {
		h := first.Book.Houses[rulebook.DefaultHouse]
		want += len(h.Book(g).Sections)
		for lang := range h.Translations {
			for _, s := range h.BookIn(g, lang).Sections {
				if s.Lang == lang {
					want++
				}
			}
		}
	}
	if n := page.Doc.Find(`[data-testid="rules-section"]`).Length(); n != want {
		t.Errorf("the first version shows %d sections; want the whole book, %d", n, want)
	}
	// The languages are named in the reader's language, not by their own
	// names inside an English sentence ("in Italiano").
	if got := page.TestID("rules-language"); !strings.Contains(got, "The rule books in Italian") || !strings.Contains(got, "The rule books in Russian") ||
		strings.Contains(got, "Italiano") || strings.Contains(got, "Русский") {
		t.Errorf("the translations' headings: %q; want one for Italian and one for Russian, named in English", got)
	}
	if page.Doc.Find(`[data-testid="rules-section"][lang="it"]`).Length() == 0 {
		t.Error("no section marked as Italian")
	}
	wantRedirect(t, "approve the first", mc.PostForm("/manager/rules/"+first.Book.Version+"/approve", confirmed),
		"/manager/rules/"+first.Book.Version+"?done=approved")
	first.Close()

	fsys, oldText, newText := changedRules(t)
	second := servertest.Start(t, servertest.Options{Path: path, Rules: fsys})
	mc = staffSignIn(t, second, "Max Manager", managerPassword)
	page = mc.Get("/manager/rules/" + second.Book.Version)
	wantStatus(t, "the changed version", page, http.StatusOK)

	rows := page.Doc.Find(`[data-testid="rules-row-change"]`)
	if rows.Length() != 1 {
		t.Fatalf("%d pay-table rows changed; want 1: %q", rows.Length(), page.TestID("rules-rows"))
	}
	row := strings.Join(strings.Fields(rows.Text()), " ")
	for _, w := range []string{"Ultimate Texas Hold'em", "Trips", "(the table edited)", "Flush", "6 to 1", "7 to 1"} {
		if !strings.Contains(row, w) {
			t.Errorf("the row change %q lacks %q", row, w)
		}
	}
	// Trips B is 1.90405% (docs/math.md); a flush paid one more unit, 4,047,644
	// flushes in 133,784,560 hands, takes 3.02549% off it.
	edges := page.Doc.Find(`[data-testid="rules-edge"]`)
	if edges.Length() != 1 {
		t.Fatalf("%d house edges shown; want Trips only: %q", edges.Length(), page.TestID("rules-edges"))
	}
	if got := strings.Join(strings.Fields(edges.Find(`[data-testid="edge-before"]`).Text()), " "); got != "1.904 % exact" {
		t.Errorf("Trips edge before = %q; want 1.904 %% exact", got)
	}
	if got := strings.Join(strings.Fields(edges.Find(`[data-testid="edge-after"]`).Text()), " "); got != "-1.121 % exact" {
		t.Errorf("Trips edge after = %q; want -1.121 %% exact", got)
	}

	var changed, shown bool
	page.Doc.Find(`[data-testid="rules-section"]`).Each(func(_ int, s *goquery.Selection) {
		old := strings.Join(strings.Fields(s.Find(`[data-testid="rules-old"]`).Text()), " ")
		now := strings.Join(strings.Fields(s.Find(`[data-testid="rules-new"]`).Text()), " ")
		if now == newText {
			shown = true
			changed = strings.Contains(s.Find(`[data-testid="rules-section-change"]`).Text(), "changed") &&
				old != "" && strings.Contains(old, strings.Fields(oldText)[0])
		}
	})
	if !shown || !changed {
		t.Errorf("the rewritten section: shown %v, old and new side by side %v", shown, changed)
	}
	checkApprovalSummary(t, page)
	if got := page.TestID("rules-settings"); !strings.Contains(got, "Max boxes") || !strings.Contains(got, "7") || !strings.Contains(got, "6") {
		t.Errorf("the settings changed: %q; want Max boxes from 7 to 6", got)
	}
	if strings.Contains(page.TestID("rules-settings"), "max_boxes") {
		t.Error("a setting is shown by its key")
	}

	// Approving asks first; the confirmation sums the change up.
	confirm := mc.PostForm("/manager/rules/"+second.Book.Version+"/approve", nil)
	wantStatus(t, "approve", confirm, http.StatusOK)
	if got := confirm.TestID("rules-confirm-summary"); !strings.Contains(got, "1 pay-table row paying otherwise") {
		t.Errorf("the confirmation: %q", got)
	}
	if v, _ := second.DB.FindRulesVersion(t.Context(), second.Book.Version); v.Approved() {
		t.Fatal("approved before the confirmation")
	}
	wantRedirect(t, "confirm", mc.PostForm("/manager/rules/"+second.Book.Version+"/approve", confirmed),
		"/manager/rules/"+second.Book.Version+"?done=approved")
	if v, _ := second.DB.FindRulesVersion(t.Context(), second.Book.Version); !v.Approved() {
		t.Error("not approved after the confirmation")
	}
}

// checkApprovalSummary: the page of a changed version opens with the
// approval, then a summary (the sections changed by number and title, the
// pay-table rows and house edges); the books' full text comes last, folded
// in a closed <details> (issue 26, item 16).
func checkApprovalSummary(t *testing.T, page *servertest.Response) {
	t.Helper()
	html, err := page.Doc.Find(`[data-testid="rules-version"]`).Html()
	if err != nil {
		t.Fatal(err)
	}
	at := func(sel string) int {
		h, _ := goquery.OuterHtml(page.Doc.Find(sel).First())
		if h == "" {
			return -1
		}
		return strings.Index(html, h)
	}
	approve, summary, rows, full := at(`[data-testid="rules-approve"]`), at(`[data-testid="rules-summary"]`), at(`[data-testid="rules-rows"]`), at(`[data-testid="rules-full"]`)
	if approve < 0 || summary < 0 || rows < 0 || full < 0 || !(approve < rows && rows < summary && summary < full) {
		t.Errorf("the page's order: approve at %d, pay-table rows at %d, summary at %d, full text at %d; want them in that order", approve, rows, summary, full)
	}
	if _, open := page.Doc.Find(`[data-testid="rules-full"]`).Attr("open"); open {
		t.Error("the full text is open; want it folded")
	}
	if n := page.Doc.Find(`[data-testid="rules-full"] [data-testid="rules-section"]`).Length(); n != page.Doc.Find(`[data-testid="rules-section"]`).Length() || n == 0 {
		t.Errorf("%d sections in the folded full text; want every section there", n)
	}
	lines := page.Doc.Find(`[data-testid="rules-summary-section"]`)
	if lines.Length() == 0 || lines.Length() != page.Doc.Find(`[data-testid="rules-section"]`).Length() {
		t.Errorf("the summary lists %d sections; want one line for each of the %d changed", lines.Length(), page.Doc.Find(`[data-testid="rules-section"]`).Length())
	}
	lines.Each(func(_ int, s *goquery.Selection) {
		if s.Find(".book-num").Text() == "" || !strings.Contains(s.Text(), "changed") && !strings.Contains(s.Text(), "new") && !strings.Contains(s.Text(), "removed") {
			t.Errorf("a summary line without its number or its change: %q", strings.Join(strings.Fields(s.Text()), " "))
		}
	})
}
