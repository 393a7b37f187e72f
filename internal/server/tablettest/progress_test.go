package tablettest_test

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/dealerkiosk/trainer/internal/browsertest"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// wrongKey is an answer to d that is not its key.
func wrongKey(d *drills.Drill) drills.Key {
	switch {
	case d.Key.Amount != nil:
		m := *d.Key.Amount + games.Unit
		return drills.Key{Amount: &m}
	case d.Key.Choice != 0:
		return drills.Key{Choice: d.Key.Choice%len(d.Choices) + 1}
	}
	return drills.Key{Chips: []drills.ChipCount{{Value: games.Unit, Count: 1}}}
}

// pct is a whole percentage as the progress page writes it.
func pct(a, b int) string { return strconv.Itoa((a*100+b/2)/b) + " %" }

var weakLine = regexp.MustCompile(`^(.+) \((.+)\) (\d+ %)$`)

// TestProgressAgrees seeds a history through the kiosk (a payout session
// answered 6 right of 10, a chips session 2 of 4) and checks the figures
// each page shows against it: the stats and the table's "Right" against the
// answers given, the table's "Recent accuracy" against the mastery model,
// the chart's bars against the table, the trend chart against each
// session, and the manager's weakest skills against the trainee's table.
func TestProgressAgrees(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	ctx := k.tablet(browsertest.Landscape)
	right := map[string]int{} // per skill
	answered := map[string]int{}
	sessions := []struct {
		kind  string
		n     int
		wrong func(i int) bool
	}{
		{drills.KindPayout, 10, func(i int) bool { return i%3 == 0 }},
		{drills.KindChips, 4, func(i int) bool { return i < 2 }},
	}
	total, totalRight := 0, 0
	var perSession []string
	for _, s := range sessions {
		id := k.startPractice(ctx, "uth", s.kind, trainer.ModePractice, 1)
		got := 0
		for i := range s.n {
			a, d := k.pending(id)
			key := d.Key
			if s.wrong(i) {
				key = wrongKey(d)
			} else {
				right[a.Skill]++
				got++
			}
			answered[a.Skill]++
			post(t, ctx, fmt.Sprintf("/attempts/%d/answer", a.ID), answerForm(key))
			if i < s.n-1 {
				post(t, ctx, fmt.Sprintf("/practice/%d/next", id), url.Values{})
			}
		}
		post(t, ctx, fmt.Sprintf("/practice/%d/end", id), url.Values{})
		total += s.n
		totalRight += got
		perSession = append(perSession, pct(got, s.n))
	}

	run(t, ctx, "progress", chromedp.Navigate(k.h.URL+"/progress"), chromedp.WaitVisible(testID("progress-uth")))
	in := func(id string) string {
		return text(t, ctx, chromedp.CSS(`[data-testid="progress-uth"] [data-testid="`+id+`"]`))
	}
	if got := in("stat-answered"); got != strconv.Itoa(total) {
		t.Errorf("progress: answered %s; want %d", got, total)
	}
	if got, want := in("stat-accuracy"), pct(totalRight, total); got != want {
		t.Errorf("progress: right %s; want %s", got, want)
	}
	// The table's rows, and the chart's bars.
	type row struct{ Skill, Answered, Right, Recent, Stage string }
	rows := eval[[]row](t, ctx, "skill rows", `Array.from(document.querySelectorAll('[data-testid="progress-uth"] [data-testid="skill-row"]')).map(function (tr) {
		var f = function (id) { return tr.querySelector('[data-testid="' + id + '"]').textContent.trim(); };
		return {Skill: f("skill-name"), Answered: f("skill-answered"), Right: f("skill-right"), Recent: f("skill-recent"), Stage: f("skill-stage")};
	})`)
	// A label the chart shortened ("…") carries its whole text as its
	// tooltip (<title>): that is the one to agree with the table.
	bars := eval[[]string](t, ctx, "bars", `Array.from(document.querySelectorAll('[data-testid="mastery-uth"] .chart-label')).map(function (l) {
		var full = l.querySelector("title");
		var shown = l.firstChild.textContent.trim();
		if (full && !(shown.endsWith("…") && full.textContent.startsWith(shown.slice(0, -1)))) {
			return "shortened to " + shown + ", which does not begin " + full.textContent;
		}
		return (full ? full.textContent : shown).trim() + " = " + l.nextElementSibling.nextElementSibling.nextElementSibling.textContent.trim();
	})`)
	as, err := k.h.DB.ListAttempts(t.Context(), sqlite.AttemptFilter{UserID: k.trainee.ID, Answered: true, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	skills := practice.Skills(as)
	if len(rows) != len(skills) || len(bars) != len(skills) {
		t.Fatalf("progress: %d rows and %d bars; want one each for the %d skills answered\nrows %s\nbars %q", len(rows), len(bars), len(skills), jsonOf(rows), bars)
	}
	var wantRights, gotRights, wantRecent, gotRecent []string
	for _, sk := range skills {
		wantRights = append(wantRights, fmt.Sprintf("%d %s", answered[sk.Skill], pct(right[sk.Skill], answered[sk.Skill])))
		wantRecent = append(wantRecent, strconv.Itoa(int(sk.Accuracy*100+0.5))+" %")
	}
	recentOf := map[string]string{}
	for i, r := range rows {
		gotRights = append(gotRights, r.Answered+" "+r.Right)
		gotRecent = append(gotRecent, r.Recent)
		recentOf[r.Skill] = r.Recent
		if want := r.Skill + " · " + r.Stage + " = " + r.Recent; bars[i] != want {
			t.Errorf("progress: the chart's bar %q and the table's row %q disagree", bars[i], want)
		}
	}
	for _, l := range [][]string{wantRights, gotRights, wantRecent, gotRecent} {
		slices.Sort(l)
	}
	if !slices.Equal(gotRights, wantRights) {
		t.Errorf("progress: the skills answered and right %q; want %q", gotRights, wantRights)
	}
	if !slices.Equal(gotRecent, wantRecent) {
		t.Errorf("progress: recent accuracy %q; want %q", gotRecent, wantRecent)
	}
	trend := eval[string](t, ctx, "trend", `document.getElementById("trend-uth-d").textContent`)
	if want := strings.Join(perSession, ", "); !strings.Contains(trend, want) {
		t.Errorf("progress: the trend chart says %q; want the sessions' %s", trend, want)
	}
	if got := text(t, ctx, testID("progress-figures")); !strings.Contains(got, "Recent accuracy") || !strings.Contains(got, "Right") {
		t.Errorf("progress: the figures are not defined: %q", got)
	}
	browsertest.Axe(t, ctx, "progress with a history")
	browsertest.Screenshot(t, ctx, "progress-1024x768")
	if err := browsertest.Resize(ctx, browsertest.Portrait); err != nil {
		t.Fatal(err)
	}
	browsertest.Screenshot(t, ctx, "progress-820x1180")
	// At 820 px the skills table is a card per skill: no figure runs over
	// its neighbour ("Recent accuracy" printed over "Mean time"), and no
	// stat card's figure leaves its card (issue 26, item 14).
	overlaps := eval[[]string](t, ctx, "overlaps at 820", `(function () {
		var out = [];
		document.querySelectorAll('[data-testid="skill-row"]').forEach(function (tr) {
			var cells = Array.from(tr.querySelectorAll("td"));
			cells.forEach(function (c, i) {
				if (c.scrollWidth > c.clientWidth + 1) out.push("overflows: " + c.textContent.trim());
				var a = c.getBoundingClientRect();
				cells.slice(i + 1).forEach(function (d) {
					var b = d.getBoundingClientRect();
					if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) {
						out.push(c.textContent.trim() + " over " + d.textContent.trim());
					}
				});
			});
		});
		document.querySelectorAll(".stats > div").forEach(function (card) {
			var r = card.getBoundingClientRect();
			card.querySelectorAll("dt, dd").forEach(function (e) {
				var q = e.getBoundingClientRect();
				if (e.scrollWidth > e.clientWidth + 1 || q.right > r.right + 1) out.push("leaves its card: " + e.textContent.trim());
			});
		});
		return out;
	})()`)
	if len(overlaps) > 0 {
		t.Errorf("progress at 820 px: %q", overlaps)
	}

	// The manager's file on the trainee names the weakest skills with the
	// same recent accuracy.
	mctx := browsertest.NewTablet(t, ctx, browsertest.Landscape)
	run(t, mctx, "staff sign-in",
		chromedp.Navigate(k.h.URL+"/signin/staff"), chromedp.WaitVisible(testID("staff-form")),
		chromedp.SendKeys(chromedp.CSS("#f-name"), managerName),
		chromedp.SendKeys(chromedp.CSS("#f-password"), managerPassword),
		chromedp.Click(testID("staff-submit")), chromedp.WaitVisible(testID("manager-home")))
	run(t, mctx, "the trainee's file", chromedp.Navigate(fmt.Sprintf("%s/manager/trainees/%d", k.h.URL, k.trainee.ID)), chromedp.WaitVisible(testID("file-weakest")))
	weak := eval[[]string](t, mctx, "weakest", `Array.from(document.querySelectorAll('[data-testid="file-weakest"] .weak-skill')).map(e => e.textContent.trim())`)
	if len(weak) == 0 {
		t.Fatal("the manager's file names no weakest skill")
	}
	for _, w := range weak {
		m := weakLine.FindStringSubmatch(w)
		if m == nil {
			t.Errorf("the manager's file: weakest skill %q", w)
			continue
		}
		if got, ok := recentOf[m[1]]; !ok || got != m[3] {
			t.Errorf("the manager's file says %q; the trainee's progress says %s's recent accuracy is %q", w, m[1], got)
		}
	}
}
