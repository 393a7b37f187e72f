package stafftest

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

const (
	adminPassword   = "correct horse battery"
	managerPassword = "pit boss 1234"
	traineePIN      = "2468"
)

// stepTimeout bounds one thing a person does, so that a lost click fails
// with its own name rather than at the test's deadline. Generous: CI
// machines are shared.
const stepTimeout = 90 * time.Second

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

// texts returns the text of every element sel, spaces collapsed.
func texts(t *testing.T, ctx context.Context, sel string) []string {
	t.Helper()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll(`+
		strconv.Quote(sel)+`)).map(e => e.innerText.trim().replace(/\s+/g, " "))`))
	if err != nil {
		t.Fatalf("text of %s: %v", sel, err)
	}
	return got
}

// size is a window the staff's pages are checked at, with the name its
// screenshots carry.
type size struct {
	name string
	browsertest.Size
	shots bool // screenshots are saved at this size
}

var sizes = []size{
	{"phone", browsertest.Phone, false},
	{"portrait", browsertest.Portrait, true},
	{"landscape", browsertest.Landscape, true},
}

// visitor opens pages in one browser tab at one size and checks each the
// same way: it shows, it does not scroll sideways, axe finds no serious
// fault, and a screenshot is saved at the tablet sizes.
type visitor struct {
	t    *testing.T
	ctx  context.Context
	h    *servertest.Harness
	size size
	// axeDone lists the pages axe has checked: axe runs once on every page,
	// at the first size it is opened at (its rules do not depend on the
	// width, and each run takes a second or two).
	axeDone map[string]bool
}

// resize sets the tab's viewport to s.
func (v *visitor) resize(s size) {
	v.size = s
	run(v.t, v.ctx, "resize to "+s.name, chromedp.EmulateViewport(int64(s.Width), int64(s.Height), chromedp.EmulateTouch))
}

// open navigates to path, waits for the element ready, and checks the page
// as name.
func (v *visitor) open(name, path string, ready chromedp.CSS) {
	v.t.Helper()
	run(v.t, v.ctx, "open "+name, chromedp.Navigate(v.h.URL+path), chromedp.WaitVisible(ready), browsertest.Settled())
	v.check(name)
}

// check checks the page shown now as name.
func (v *visitor) check(name string) {
	v.t.Helper()
	what := name + " at " + v.size.name
	browsertest.NoSidewaysScroll(v.t, v.ctx, what)
	if !v.axeDone[name] {
		browsertest.Axe(v.t, v.ctx, what)
		v.axeDone[name] = true
	}
	if v.size.shots {
		// The header is measured at the size asked for: on a busy machine
		// the window can take a moment to take its new width.
		var fault string
		for try := 0; ; try++ {
			var err error
			fault, err = chromedp.Run(v.ctx, chromedp.Evaluate[string](fmt.Sprintf(staffHeaderJS, v.size.Width)))
			if err != nil {
				v.t.Fatalf("%s: the header: %v", what, err)
			}
			if !strings.HasPrefix(fault, "the window is") || try == 30 {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
		if fault != "" {
			v.t.Errorf("%s: %s", what, fault)
		}
		browsertest.Screenshot(v.t, v.ctx, v.size.name+"-"+name)
	}
}

// staffHeaderJS says what is wrong with a manager's or administrator's
// header on a tablet, or nothing: it takes two lines at most (the house,
// the name and the sign-out; then the links), and every link shows without
// scrolling its row.
const staffHeaderJS = `(function (width) {
  if (window.innerWidth !== width) { return "the window is " + window.innerWidth + " px wide; want " + width; }
  var h = document.querySelector(".topbar-staff");
  if (!h) { return ""; }
  var parts = Array.from(h.querySelectorAll(":scope > :not(.nav), .nav-link")).map(function (el) {
    return el.getBoundingClientRect();
  }).filter(function (r) { return r.width > 0 && r.height > 0; });
  var lines = [];
  parts.sort(function (a, b) { return a.top - b.top; }).forEach(function (r) {
    var last = lines[lines.length - 1];
    if (!last || r.top >= last.bottom - 1) {
      lines.push({top: r.top, bottom: r.bottom});
    } else {
      last.bottom = Math.max(last.bottom, r.bottom);
    }
  });
  if (lines.length > 2) { return "the header takes " + lines.length + " lines; want two at most"; }
  var nav = h.querySelector(".nav");
  if (nav && nav.scrollWidth > nav.clientWidth + 1) {
    return "the header's links need " + nav.scrollWidth + " px and have " + nav.clientWidth;
  }
  return "";
})(%d)`

// signInStaff signs in through the staff form and waits for ready.
func (v *visitor) signInStaff(name, password string, ready chromedp.CSS) {
	v.t.Helper()
	run(v.t, v.ctx, "staff sign-in of "+name, chromedp.Navigate(v.h.URL+"/signin/staff"), chromedp.WaitVisible(testID("staff-form")),
		chromedp.SendKeys(chromedp.CSS("#f-name"), name),
		chromedp.SendKeys(chromedp.CSS("#f-password"), password),
		chromedp.Click(testID("staff-submit")), chromedp.WaitVisible(ready))
}

// signOut signs out from the header.
func (v *visitor) signOut() {
	v.t.Helper()
	run(v.t, v.ctx, "sign out", chromedp.Click(testID("signout")), chromedp.WaitVisible(testID("signin")))
}

// class is a kiosk with a real class: an administrator, a manager and
// thirty-odd trainees, some with long or accented names, and a history with
// each certification state the dashboard shows.
type class struct {
	*servertest.Harness
	admin, manager *trainer.User
	trainees       map[string]*trainer.User
	failedExam     *trainer.Exam // Ann's
}

// classNames are the trainees, with names that are hard to fit: long words,
// accents, hyphens.
var classNames = []string{
	"Ann Failed", "Ben Passed", "Cat Due", "Dan Expired",
	"José Pérez", "Anne-Marie O'Neil", "Bartholomew Featherstonehaugh", "Nguyễn Thị Minh Khai",
	"Siobhán Ní Bhriain", "Wolfgang Schwarzenegger", "Mohammed Al-Rashidi", "Zoë Kowalczyk",
}

func newClass(t *testing.T) *class {
	t.Helper()
	browsertest.Require(t)
	h := servertest.New(t)
	c := &class{Harness: h, trainees: map[string]*trainer.User{},
		admin:   h.CreateUser("Ada Admin", trainer.RoleAdministrator, "", adminPassword),
		manager: h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword),
	}
	hash, err := trainer.HashSecret(traineePIN)
	if err != nil {
		t.Fatal(err)
	}
	names := append([]string(nil), classNames...)
	for i := len(names); i < 34; i++ {
		names = append(names, fmt.Sprintf("Trainee %02d Dealer", i))
	}
	for i, name := range names {
		u := &trainer.User{Name: name, Role: trainer.RoleTrainee, Badge: strconv.Itoa(3000 + i), SecretHash: hash}
		if err := h.DB.CreateUser(t.Context(), u); err != nil {
			t.Fatalf("add %s: %v", name, err)
		}
		c.trainees[name] = u
	}

	// The dashboard's states, as TestDashboard_Steps in internal/server
	// seeds them: Dan's certificate expired, Cat's due, Ann failed her exam,
	// Ben passed his and waits for the table test.
	h.ApproveRules(c.manager)
	h.Certify(c.trainees["Dan Expired"], "uth", c.manager)
	h.Clock.Advance(20 * 24 * time.Hour)
	h.Certify(c.trainees["Cat Due"], "uth", c.manager)
	h.Clock.Advance(350 * 24 * time.Hour)
	c.failedExam = h.SitExam(c.trainees["Ann Failed"], "uth", false)
	h.Clock.Advance(time.Hour)
	h.SitExam(c.trainees["Ben Passed"], "uth", true)
	h.Certify(c.trainees["José Pérez"], "thrill", c.manager)

	// A few wrong payouts, so that the dashboard's most-missed questions
	// and mistakes have something to name.
	for i, name := range []string{"Trainee 12 Dealer", "Trainee 13 Dealer", "Trainee 14 Dealer"} {
		tr := servertest.NewTrainee(c.trainees[name].ID, traineePIN, func() string { return h.URL }, http.DefaultTransport)
		tr.Game = []string{"uth", "thrill", "lunar"}[i]
		if err := tr.SignIn(t.Context()); err != nil {
			t.Fatalf("%s signs in: %v", name, err)
		}
		for range 4 {
			if _, _, err := tr.Answer(t.Context(), 1); err != nil {
				t.Fatalf("%s answers: %v", name, err)
			}
		}
	}
	return c
}

// joined collapses the spaces of s.
func joined(s string) string { return strings.Join(strings.Fields(s), " ") }
