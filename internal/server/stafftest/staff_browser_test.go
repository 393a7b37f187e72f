package stafftest

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestBrowserStaffPages opens every page of the sign-in, the administrator
// and the manager, on a kiosk with a class of 34, at a phone's size and a
// tablet's both ways up, in one browser tab resized between them. No page
// may scroll sideways, axe-core checks each, and the screenshots at the
// tablet sizes are saved for people to look at.
func TestBrowserStaffPages(t *testing.T) {
	t.Parallel()
	c := newClass(t)
	ctx := browsertest.New(t, browsertest.Portrait)
	v := &visitor{t: t, ctx: ctx, h: c.Harness, axeDone: map[string]bool{}}

	for _, s := range sizes {
		v.resize(s)
		signinPages(t, v, c)
		adminPages(t, v, c)
		managerPages(t, v, c)
	}
}

// signinPages: the class's grid, its name filter, a keypad and the staff
// form.
func signinPages(t *testing.T, v *visitor, c *class) {
	v.open("signin", "/signin", testID("trainee-grid"))
	if bad := browsertest.Clipped(t, v.ctx, ".tile-name"); len(bad) > 0 {
		t.Errorf("sign-in at %s: names cut off or broken: %q", v.size.name, bad)
	}
	if got := texts(t, v.ctx, `.signin > *`); len(got) < 3 {
		t.Fatalf("sign-in page: %q", got)
	}
	// For a class the badge box and the filter come before the grid.
	order := texts(t, v.ctx, `.signin form.badge-form label, .signin [data-testid="name-filter"] label, .signin [data-testid="grid-count"]`)
	if want := []string{"Type your badge number", "Or type the start of your name", "34 trainees"}; fmt.Sprint(order) != fmt.Sprint(want) {
		t.Errorf("sign-in at %s: %q; want %q", v.size.name, order, want)
	}
	run(t, v.ctx, "filter on “feather”",
		chromedp.SendKeys(testID("name-filter-input"), "feather"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="grid-count"]:not(:empty)`)),
		// The last letter's answer, not an earlier one's ("fea" finds the
		// same name): htmx may still be swapping until it comes.
		chromedp.Poll[chromedp.Void](`document.querySelector('[data-testid="grid-count"]').innerText.includes("“feather”")`,
			chromedp.WithPollingTimeout(20*time.Second)),
		browsertest.Settled())
	if got := texts(t, v.ctx, `[data-testid="trainee-tile"] .tile-name`); fmt.Sprint(got) != "[Bartholomew Featherstonehaugh]" {
		t.Errorf("filtered on feather: %q", got)
	}
	v.check("signin-filtered")
	run(t, v.ctx, "tap the name", chromedp.Tap(testID("trainee-tile")), chromedp.WaitVisible(testID("key-ok")))
	v.check("keypad")
	v.open("staff-signin", "/signin/staff", testID("staff-form"))
}

// adminPages: users, a new user with mistakes, a user's page, settings.
func adminPages(t *testing.T, v *visitor, c *class) {
	v.signInStaff("Ada Admin", adminPassword, testID("users-page"))
	v.check("admin-users")
	v.open("admin-new-user", "/admin/users/new?role=trainee", testID("user-form"))
	run(t, v.ctx, "submit a new user with mistakes", chromedp.SendKeys(chromedp.CSS("#f-secret"), "12"),
		chromedp.Click(testID("user-submit")), chromedp.WaitVisible(testID("field-error")), browsertest.Settled())
	v.check("admin-new-user-errors")
	v.open("admin-user", fmt.Sprintf("/admin/users/%d", c.trainees["Bartholomew Featherstonehaugh"].ID), testID("user-page"))
	v.open("admin-settings", "/admin/settings", testID("settings-form"))
	v.signOut()
}

// managerPages: the dashboard and its filter, a trainee's file, an exam, a
// transcript and a certificate, the programme, the rules, the tools and the
// rule book.
func managerPages(t *testing.T, v *visitor, c *class) {
	v.signInStaff("Max Manager", managerPassword, testID("manager-home"))
	v.check("manager-dashboard")
	// The most-missed questions and mistakes, in words, inside their boxes.
	if got := texts(t, v.ctx, `[data-testid="missed-questions-row"]`); len(got) == 0 {
		t.Errorf("dashboard at %s: no most-missed question after wrong answers", v.size.name)
	}
	if bad := browsertest.Clipped(t, v.ctx, `.miss-list li, .miss-list li *, .cert-lists li`); len(bad) > 0 {
		t.Errorf("dashboard at %s: text out of its box: %q", v.size.name, bad)
	}
	if v.size.shots {
		run(t, v.ctx, "scroll to the most-missed", chromedp.ScrollIntoView(testID("missed-questions")), browsertest.Settled())
		browsertest.Screenshot(t, v.ctx, v.size.name+"-manager-dashboard-missed")
	}
	dashboardStates(t, v)
	ann := c.trainees["Ann Failed"]
	cat := c.trainees["Cat Due"]
	v.open("manager-file", fmt.Sprintf("/manager/trainees/%d", ann.ID), testID("trainee-file"))
	v.open("manager-exam", fmt.Sprintf("/manager/exams/%d", c.failedExam.ID), testID("manager-exam"))
	v.open("manager-transcript", fmt.Sprintf("/manager/trainees/%d/games/uth/transcript", cat.ID), testID("transcript-state"))
	v.open("manager-certificate", fmt.Sprintf("/manager/trainees/%d/games/uth/certificate", cat.ID), testID("certificate-name"))
	v.open("manager-programme", "/manager/programme", testID("programme-game"))
	v.open("manager-rules", "/manager/rules", testID("rules-versions"))
	v.open("manager-rules-version", "/manager/rules/"+c.Book.Version, testID("rules-version"))
	v.open("manager-hand-checker", "/tools/hand-checker", testID("hand-checker-page"))
	v.open("manager-paytables", "/tools/paytables?game=uth", chromedp.CSS(`[data-testid="figures-trips"] [data-testid="house-edge"]`))
	v.open("manager-content", "/tools/content", testID("content-page"))
	v.open("manager-book", "/book", testID("book-list"))
	v.signOut()
}

// TestBrowserPayTableColumns checks, on a tablet held sideways (1024×768),
// that every column of every pay table of every game is in view: no cell
// cut off, none hidden in a box that scrolls sideways.
func TestBrowserPayTableColumns(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	h := servertest.New(t)
	h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	ctx := browsertest.New(t, browsertest.Landscape)
	v := &visitor{t: t, ctx: ctx, h: h, axeDone: map[string]bool{}, size: sizes[2]}
	v.signInStaff("Max Manager", managerPassword, testID("manager-home"))
	for _, game := range []string{"uth", "oracle", "thrill", "lunar"} {
		ready := chromedp.CSS(`[data-testid="paytables-page"] .table-card`)
		if game == "thrill" {
			// 7 Card Thrill's side bets are counted: wait for their figures.
			ready = `[data-testid="figures-special"] [data-testid="hit-frequency"]`
		}
		name := "manager-paytables-" + game
		v.open(name, "/tools/paytables?game="+game, ready)
		// The first table that does not fit, else the first counted one,
		// in view for the screenshot.
		run(t, v.ctx, "scroll to the counted tables", chromedp.Evaluate[chromedp.Void](`(() => {
			const wide = Array.from(document.querySelectorAll('.table-scroll')).find(e => e.scrollWidth > e.clientWidth + 1);
			const e = (wide && wide.closest('.table-card')) || document.querySelector('.figures .table-card') || document.querySelector('.table-card');
			e.scrollIntoView({block: "start"}); })()`), browsertest.Settled())
		browsertest.Screenshot(t, v.ctx, v.size.name+"-"+name+"-counted")
		if bad := browsertest.Clipped(t, v.ctx, ".rows-table th, .rows-table td, .table-card"); len(bad) > 0 {
			t.Errorf("pay tables of %s at %s: cells out of view: %q", game, v.size.name, bad)
		}
		n := texts(t, v.ctx, `.rows-table thead th`)
		if len(n) == 0 {
			t.Errorf("pay tables of %s: no table shown", game)
		}
	}
}

// TestBrowserProgrammePrintsOnePagePerGame prints the training programme
// to PDF on A4, as a manager's Print button does, and counts one sheet per
// game (the README's promise), in English and in the longer Italian and
// Russian (issue 18).
func TestBrowserProgrammePrintsOnePagePerGame(t *testing.T) {
	t.Parallel()
	browsertest.Require(t)
	h := servertest.New(t)
	m := h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	h.ApproveRules(m)
	ctx := browsertest.New(t, browsertest.Portrait)
	v := &visitor{t: t, ctx: ctx, h: h, axeDone: map[string]bool{}, size: sizes[1]}
	v.signInStaff("Max Manager", managerPassword, testID("manager-home"))
	for _, lang := range []string{"en", "it", "ru"} {
		name := "programme in " + lang
		v.open(name, "/manager/programme?lang="+lang, testID("programme-game"))
		games := len(texts(t, ctx, `[data-testid="programme-game"]`))
		if games != 4 {
			t.Errorf("the %s has %d games; want 4", name, games)
		}
		if got := browsertest.PrintedPages(t, ctx, name, browsertest.A4); got != games {
			t.Errorf("the %s prints on %d A4 pages; want %d, one per game", name, got, games)
		}
	}
}

// dashboardStates reads the state of each seeded trainee's Ultimate Texas
// Hold'em certification on the dashboard, with its date, and filters on
// each state: the filter shows that trainee alone.
func dashboardStates(t *testing.T, v *visitor) {
	v.open("manager-dashboard-uth", "/manager?game=uth", testID("cert-matrix"))
	states := []struct{ value, who, state string }{
		{"exam_failed", "Ann Failed", "Exam failed"},
		{"table_test", "Ben Passed", "Waiting for the table test"},
		{"due", "Cat Due", "Due"},
		{"expired", "Dan Expired", "Expired"},
	}
	cells := map[string]string{}
	names := texts(t, v.ctx, `[data-testid="cert-row"] [data-testid="trainee-link"]`)
	dd := texts(t, v.ctx, `[data-testid="cert-row"] [data-testid="cell-0"] [data-testid="glance-state"]`)
	for i := range min(len(names), len(dd)) {
		cells[names[i]] = dd[i]
	}
	for _, st := range states {
		got := cells[st.who]
		// The state, then its date ("… on 25 Nov 2027").
		if !strings.HasPrefix(got, st.state) || !dateRE.MatchString(got) {
			t.Errorf("dashboard at %s: %s's card says %q; want %q with a date", v.size.name, st.who, got, st.state)
		}
	}
	for _, st := range states {
		run(t, v.ctx, "filter on "+st.value,
			chromedp.SetValue(chromedp.CSS("#filter-state"), st.value),
			chromedp.Click(testID("filter-submit")),
			chromedp.WaitReady(chromedp.CSS(`#filter-state option[value="`+st.value+`"][selected]`)),
			browsertest.Settled())
		if got := texts(t, v.ctx, `[data-testid="cert-row"] [data-testid="trainee-link"]`); len(got) != 1 || got[0] != st.who {
			t.Errorf("dashboard filtered on %s at %s: %q; want %s alone", st.state, v.size.name, got, st.who)
		}
		if st.value == "exam_failed" {
			v.check("manager-dashboard-filtered")
		}
	}
}

// dateRE finds a date as the dashboard writes it: "25 Nov 2027".
var dateRE = regexp.MustCompile(`\b\d{1,2} [A-Z][a-z]{2} \d{4}\b`)
