package server_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestGlanceInTheBrowser: the class at a glance with 35 trainees on a
// tablet held upright (820×1180) and sideways (1024×768), in Chromium: no
// sideways scroll, about two screens tall, axe-core clean, touch targets
// of 44 px; then the name search, a state's link and a column's sorting,
// each without JavaScript of the page's own (a GET form and links).
func TestGlanceInTheBrowser(t *testing.T) {
	t.Parallel()
	h := servertest.New(t)
	manager := h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	h.ApproveRules(manager)
	first := []string{"Anna-Maria", "Bruno", "Chiara", "Dmitri", "Elena", "Federico", "Giulia"}
	last := []string{"Castellanos de la Fuente", "Rossi", "Kuznetsova", "Bianchi", "Lebedev"}
	var practisers []*trainer.User
	for i := range 35 {
		u := h.CreateUser(fmt.Sprintf("%s %s %02d", first[i%len(first)], last[i%len(last)], i), trainer.RoleTrainee, fmt.Sprint(1000+i), traineePIN)
		switch i % 5 {
		case 0:
			h.SitExam(u, "uth", false)
		case 1:
			h.SitExam(u, "uth", true)
		case 2:
			h.Certify(u, "uth", manager)
		}
		if i%7 == 3 {
			practisers = append(practisers, u)
		}
	}
	for _, u := range practisers {
		practiseSessions(t, h, signInTrainee(t, h, u), 1, true)
	}
	for _, size := range []browsertest.Size{browsertest.Portrait, browsertest.Landscape} {
		at := fmt.Sprintf("%dx%d", size.Width, size.Height)
		ctx := browsertest.New(t, size)
		signInStaff(t, ctx, h)
		run(t, ctx, "the dashboard at "+at, chromedp.Navigate(h.URL+"/manager?game=uth"), chromedp.WaitVisible(testID("cert-matrix")))
		if n := count(t, ctx, `[data-testid="cert-row"]`); n != 35 {
			t.Fatalf("%s: %d trainees; want 35", at, n)
		}
		browsertest.NoSidewaysScroll(t, ctx, "the class at a glance at "+at)
		// The trainees' part of the page: from its heading, through the
		// filters and the states' links, to the table's last line.
		tall := evaluate[[]float64](t, ctx, `[document.getElementById('trainees-h').getBoundingClientRect().top,
			document.querySelector('[data-testid="cert-matrix"]').getBoundingClientRect().bottom,
			document.querySelector('[data-testid="cert-matrix"]').getBoundingClientRect().height,
			document.documentElement.scrollHeight, window.innerHeight]`)
		part, table, page, screen := tall[1]-tall[0], tall[2], tall[3], tall[4]
		t.Logf("%s: 35 trainees: the table %.0f px, with its heading and filters %.0f px (%.2f screens); the whole page %.0f px",
			at, table, part, part/screen, page)
		if size == browsertest.Portrait && part > 2*screen {
			t.Errorf("%s: 35 trainees with their heading and filters take %.0f px; want two screens (%.0f px) at most", at, part, 2*screen)
		}
		run(t, ctx, "to the table at "+at, chromedp.ScrollIntoView(testID("trainee-count")))
		browsertest.Screenshot(t, ctx, "glance-"+at)
		browsertest.Axe(t, ctx, "the class at a glance at "+at)
		checkPage(t, ctx, "the class at a glance at "+at)

		// The search: a GET form.
		run(t, ctx, "search at "+at, browsertest.Settled(), chromedp.SendKeys(testID("glance-search"), "kuznetsova"),
			chromedp.Click(testID("filter-submit")), chromedp.WaitVisible(chromedp.CSS(`#filter-name[value="kuznetsova"]`)),
			chromedp.WaitVisible(testID("cert-matrix")), browsertest.Settled())
		names := evaluate[[]string](t, ctx, `Array.from(document.querySelectorAll('[data-testid="cert-row"] [data-testid="trainee-link"]')).map(e => e.textContent.trim())`)
		if len(names) != 7 {
			t.Errorf("%s: search kuznetsova: %q; want 7 trainees", at, names)
		}
		for _, n := range names {
			if !strings.Contains(n, "Kuznetsova") {
				t.Errorf("%s: search kuznetsova finds %q", at, n)
			}
		}

		// A state's link: the failed exams alone.
		run(t, ctx, "state at "+at, chromedp.Navigate(h.URL+"/manager?game=uth"), chromedp.WaitVisible(testID("cert-matrix")), browsertest.Settled(),
			chromedp.Click(chromedp.CSS(`[data-testid="glance-states"] a[data-state="exam_failed"]`)),
			chromedp.WaitVisible(chromedp.CSS(`[data-testid="glance-states"] a[data-state="exam_failed"][aria-current]`)))
		steps := evaluate[[]string](t, ctx, `Array.from(document.querySelectorAll('[data-testid="cert-row"] tr')).map(e => e.dataset.step)`)
		if len(steps) != 7 {
			t.Errorf("%s: the failed exams: %d lines; want 7", at, len(steps))
		}
		for _, s := range steps {
			if s != "exam_failed" {
				t.Errorf("%s: the failed exams' filter shows a line in %q", at, s)
			}
		}

		// Sorting by the month's answers, most first: a practiser leads.
		run(t, ctx, "sort at "+at, chromedp.Navigate(h.URL+"/manager?game=uth"), chromedp.WaitVisible(testID("cert-matrix")), browsertest.Settled(),
			chromedp.Click(chromedp.CSS(`th:nth-child(4) a`)), chromedp.WaitVisible(chromedp.CSS(`th:nth-child(4)[aria-sort="ascending"]`)), browsertest.Settled(),
			chromedp.Click(chromedp.CSS(`th:nth-child(4) a`)), chromedp.WaitVisible(chromedp.CSS(`th:nth-child(4)[aria-sort="descending"]`)))
		top := text(t, ctx, chromedp.CSS(`[data-testid="cert-row"] [data-testid="glance-month"]`))
		if top != "10" {
			t.Errorf("%s: sorted by answers, most first, the first line has %q; want 10", at, top)
		}
	}
}
