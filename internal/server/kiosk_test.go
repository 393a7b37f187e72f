package server_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestPractice_FragmentsAndPages checks each practice route that htmx swaps:
// with HX-Request it answers the panel alone, without it the whole page, and
// always with Vary: HX-Request.
func TestPractice_FragmentsAndPages(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.traineeClient(t)
	id := startSession(t, c, "uth", "payout", trainer.ModePractice, 1)

	wantKind := func(what string, body string, hdr http.Header, fragment bool) {
		t.Helper()
		if got := isFragment(body); got != fragment {
			t.Errorf("%s: fragment = %v; want %v\n%.600s", what, got, fragment, body)
		}
		if !strings.Contains(strings.Join(hdr.Values("Vary"), ","), "HX-Request") {
			t.Errorf("%s: Vary = %q; want HX-Request", what, hdr.Values("Vary"))
		}
		if !strings.Contains(body, `data-testid="drill-panel"`) {
			t.Errorf("%s: no drill panel", what)
		}
	}

	for _, hx := range []bool{false, true} {
		name := map[bool]string{false: "page", true: "fragment"}[hx]
		if hx {
			htmxClient(c)
		} else {
			plain(c)
		}
		resp := c.Get(sessionPath(id))
		wantStatus(t, name+": GET session", resp, http.StatusOK)
		wantKind(name+": GET session", resp.Body, resp.Header, hx)

		// A refused answer re-renders the question with 422.
		a, d := pending(t, k.Harness, id)
		resp = c.PostForm(answerPath(a), url.Values{"amount": {"seven"}})
		wantStatus(t, name+": bad answer", resp, http.StatusUnprocessableEntity)
		wantKind(name+": bad answer", resp.Body, resp.Header, hx)
		wantFieldError(t, name+": bad answer", resp, "amount", "Enter an amount like 15 or 7.5.")

		// The hint: a fragment of its own for htmx, a redirect without.
		resp = c.PostForm(fmt.Sprintf("/attempts/%d/hint", a.ID), nil)
		if hx {
			wantStatus(t, "hint", resp, http.StatusOK)
			if !isFragment(resp.Body) || resp.TestID("hint") == "" {
				t.Errorf("hint fragment: %.400s", resp.Body)
			}
		} else {
			wantRedirect(t, "hint", resp, sessionPath(id))
		}

		resp = c.PostForm(answerPath(a), answerForm(d.Key))
		if hx {
			wantStatus(t, "answer", resp, http.StatusOK)
			wantKind("answer", resp.Body, resp.Header, true)
			if got := resp.TestID("verdict"); !strings.Contains(got, "Right") {
				t.Errorf("answer with the key: verdict %q", got)
			}
		} else {
			wantRedirect(t, "answer", resp, sessionPath(id))
			resp = c.Get(sessionPath(id))
			wantKind("after answer", resp.Body, resp.Header, false)
			if got := resp.TestID("verdict"); !strings.Contains(got, "Right") {
				t.Errorf("answer with the key: verdict %q", got)
			}
		}

		resp = c.PostForm(sessionPath(id)+"/next", nil)
		if hx {
			wantStatus(t, "next", resp, http.StatusOK)
			wantKind("next", resp.Body, resp.Header, true)
			if !resp.Has(`[data-testid="question"]`) {
				t.Errorf("next: no question\n%.600s", resp.Body)
			}
		} else {
			wantRedirect(t, "next", resp, sessionPath(id))
		}
	}

	// The stored attempts: two answered, with the hint recorded, one waiting.
	as, err := k.DB.ListAttempts(t.Context(), sqlite.AttemptFilter{UserID: k.trainee.ID, SessionID: id})
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 3 || !as[0].Answered() || !as[1].Answered() || as[2].Answered() {
		t.Fatalf("attempts: %+v; want two answered and one waiting", as)
	}
	for _, a := range as[:2] {
		if !a.Correct || !a.HintUsed || a.Position == 0 {
			t.Errorf("attempt %d: correct %v, hint %v; want both", a.ID, a.Correct, a.HintUsed)
		}
	}
}

// TestPractice_KeyNotInQuestion serves questions of every game and kind and
// checks the page holds nothing of the key: no hidden field, no marked
// choice, no explanation, and for a payout no amount equal to the key that
// the table and the chips do not explain.
func TestPractice_KeyNotInQuestion(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := htmxClient(k.traineeClient(t))
	chips := chipValues(t)
	payoutsChecked := 0
	for _, game := range []string{"uth", "oracle", "thrill", "lunar"} {
		for _, kind := range []string{"payout", "outcome", "hand", "chips"} {
			// Payouts in three sessions: only a key the page has no other
			// reason to show can be checked, about one in five of them.
			sessions := 1
			if kind == "payout" {
				sessions = 3
			}
			for range sessions {
				id := startSession(t, c, game, kind, trainer.ModePractice, 2)
				for i := range 10 {
					resp := c.Get(sessionPath(id))
					a, d := pending(t, k.Harness, id)
					what := fmt.Sprintf("%s %s #%d (seed %d)", game, kind, i+1, a.Seed)
					q := resp.Doc.Find(`[data-testid="question"]`)
					if q.Length() != 1 {
						t.Fatalf("%s: no question\n%s", what, resp.Body)
					}
					html, _ := goquery.OuterHtml(q)
					if q.Find(`input[type="hidden"]`).Length() > 0 {
						t.Errorf("%s: the question has a hidden field", what)
					}
					if strings.Contains(html, d.Explanation) {
						t.Errorf("%s: the explanation is on the question page", what)
					}
					for _, m := range d.Mistakes {
						if strings.Contains(html, m.Explanation) {
							t.Errorf("%s: a mistake's explanation is on the question page", what)
						}
					}
					if v, _ := q.Find(`input[name="amount"]`).Attr("value"); v != "" {
						t.Errorf("%s: the amount field holds %q", what, v)
					}
					if q.Find(`input[checked]`).Length() > 0 {
						t.Errorf("%s: an answer is already chosen", what)
					}
					if d.Key.Choice != 0 {
						keyBtn := q.Find(fmt.Sprintf(`button[name="choice"][value="%d"]`, d.Key.Choice))
						other := q.Find(`button[name="choice"]`).Not(fmt.Sprintf(`[value="%d"]`, d.Key.Choice)).First()
						if keyBtn.Length() != 1 || other.Length() != 1 {
							t.Fatalf("%s: choice buttons missing", what)
						}
						if kc, _ := keyBtn.Attr("class"); kc != attr(other, "class") {
							t.Errorf("%s: the right choice has class %q, another %q", what, kc, attr(other, "class"))
						}
						if len(keyBtn.Nodes[0].Attr) != len(other.Nodes[0].Attr) {
							t.Errorf("%s: the right choice's button has other attributes than the rest", what)
						}
					}
					if d.Key.Amount != nil {
						key := *d.Key.Amount
						if key < 0 {
							key = -key
						}
						// Numbers the page shows for reasons of its own: stakes, chips,
						// box numbers, the question count. A key among them proves nothing.
						explained := numbers(strings.Join(roundNumbers(d.Round), " ") + " " + d.Prompt)
						for _, c := range chips {
							explained[c] = true
						}
						for n := range 12 {
							explained[games.Money(n)*games.Unit] = true
						}
						if !explained[key] {
							payoutsChecked++
							if numbers(visibleText(q))[key] {
								t.Errorf("%s: the key %s is written on the question page", what, key)
							}
						}
					}
					ans := answerForm(d.Key)
					if i%2 == 1 {
						ans = answerForm(wrongKey(d))
					}
					resp = c.PostForm(answerPath(a), ans)
					wantStatus(t, what+": answer", resp, http.StatusOK)
					if i < 9 {
						wantStatus(t, what+": next", c.PostForm(sessionPath(id)+"/next", nil), http.StatusOK)
					}
				}
			}
		}
	}
	t.Logf("%d payout keys checked against the page", payoutsChecked)
	if payoutsChecked < 10 {
		t.Errorf("only %d payout keys could be checked against the page; want 10 or more", payoutsChecked)
	}
}

func attr(s *goquery.Selection, name string) string {
	v, _ := s.Attr(name)
	return v
}

// visibleText is the text of s and every attribute a person or a script can
// read, except links and test IDs (which carry IDs, not amounts) and drawing
// attributes (a chip colour such as #2e7d32 is not an amount).
func visibleText(s *goquery.Selection) string {
	var b strings.Builder
	b.WriteString(s.Text())
	s.Find("*").AddSelection(s).Each(func(_ int, e *goquery.Selection) {
		for _, a := range e.Nodes[0].Attr {
			switch a.Key {
			case "action", "hx-post", "href", "data-testid", "data-attempt", "id", "for", "name", "hx-target",
				"viewBox", "width", "height", "cx", "cy", "r", "x", "y", "stroke-width", "maxlength", "min", "max",
				"aria-describedby", "aria-labelledby", "data-timer-target", "data-timer-start",
				// How the card faces and chips are drawn (paths, angles,
				// colours, type sizes): numbers nobody reads as amounts.
				"d", "transform", "font-size", "font-weight", "textLength", "rx", "fill", "stroke",
				"stroke-dasharray", "stroke-dashoffset", "letter-spacing":
				continue
			}
			b.WriteString(" " + a.Val)
		}
	})
	return b.String()
}

// roundNumbers are the stakes, box numbers and card counts a round shows.
func roundNumbers(r *games.Round) []string {
	if r == nil {
		return nil
	}
	var out []string
	for i, b := range r.Boxes {
		out = append(out, fmt.Sprint(i+1), fmt.Sprint(b.Exchanged))
		for _, v := range b.Wagers {
			out = append(out, string(v))
		}
		for _, sb := range b.MultiSuper {
			out = append(out, string(sb.Stake), sb.On.String())
		}
		for _, c := range append(append([]string{}, b.Cards...), b.Discards...) {
			out = append(out, c)
		}
	}
	for _, c := range append(append([]string{}, r.Dealer...), r.Board...) {
		out = append(out, c)
	}
	return out
}

// TestPractice_SecondAnswerRefused answers a scenario twice, one after the
// other and then twice at once: the second answer gets 409 and the feedback
// already given, and only the first answer is stored.
func TestPractice_SecondAnswerRefused(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := htmxClient(k.traineeClient(t))
	id := startSession(t, c, "thrill", "payout", trainer.ModePractice, 1)
	a, d := pending(t, k.Harness, id)
	wantStatus(t, "first answer", c.PostForm(answerPath(a), answerForm(d.Key)), http.StatusOK)
	resp := c.PostForm(answerPath(a), answerForm(wrongKey(d)))
	wantStatus(t, "second answer", resp, http.StatusConflict)
	if got := resp.TestID("verdict"); !strings.Contains(got, "Right") {
		t.Errorf("second answer: shows %q; want the first answer's feedback (Right)", got)
	}
	got, err := k.DB.FindAttempt(t.Context(), a.ID, k.trainee.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Correct {
		t.Errorf("stored answer %s: the second (wrong) answer replaced the first", got.Answer)
	}

	// Two answers racing from two tablets of the same trainee.
	wantStatus(t, "next", c.PostForm(sessionPath(id)+"/next", nil), http.StatusOK)
	a, d = pending(t, k.Harness, id)
	c2 := htmxClient(k.traineeClient(t))
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i, form := range []url.Values{answerForm(d.Key), answerForm(wrongKey(d))} {
		cl := c
		if i == 1 {
			cl = c2
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = cl.PostForm(answerPath(a), form).StatusCode
		}()
	}
	wg.Wait()
	if !(codes[0] == 200 && codes[1] == 409 || codes[0] == 409 && codes[1] == 200) {
		t.Errorf("two answers at once: statuses %v; want one 200 and one 409", codes)
	}
	as, err := k.DB.ListAttempts(t.Context(), sqlite.AttemptFilter{UserID: k.trainee.ID, SessionID: id})
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 2 {
		t.Errorf("%d attempts stored; want 2 (no second row for a second answer)", len(as))
	}
}

// TestPractice_OtherTraineesAttemptsHidden checks that a trainee can neither
// read nor answer another trainee's sessions and attempts.
func TestPractice_OtherTraineesAttemptsHidden(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	tia := k.traineeClient(t)
	id := startSession(t, tia, "lunar", "payout", trainer.ModePractice, 1)
	a, d := pending(t, k.Harness, id)
	wantRedirect(t, "Tia answers", tia.PostForm(answerPath(a), answerForm(d.Key)), sessionPath(id))

	k.CreateUser("Bo Chan", trainer.RoleTrainee, "", "1357")
	bo := k.Client()
	bob, err := k.DB.FindUserByName(t.Context(), "Bo Chan")
	if err != nil {
		t.Fatal(err)
	}
	wantStatus(t, "Bo signs in", bo.PostForm(pinPath(bob), url.Values{"pin": {"1357"}}), http.StatusSeeOther)

	for _, tc := range []struct{ method, path string }{
		{"GET", fmt.Sprintf("/attempts/%d", a.ID)},
		{"GET", sessionPath(id)},
		{"POST", answerPath(a)},
		{"POST", fmt.Sprintf("/attempts/%d/hint", a.ID)},
		{"POST", sessionPath(id) + "/next"},
		{"POST", sessionPath(id) + "/end"},
	} {
		r := bo.Get(tc.path)
		if tc.method == "POST" {
			r = bo.PostForm(tc.path, answerForm(d.Key))
		}
		wantStatus(t, "Bo: "+tc.method+" "+tc.path, r, http.StatusNotFound)
	}
	hist := bo.Get("/history")
	wantStatus(t, "Bo's history", hist, http.StatusOK)
	if n := hist.Doc.Find(`[data-testid="history-row"]`).Length(); n != 0 {
		t.Errorf("Bo's history lists %d answers; want none (they are Tia's)", n)
	}
	if prog := bo.Get("/progress"); prog.Has(`[data-testid="progress-lunar"]`) {
		t.Error("Bo's progress shows Tia's Lunar answers")
	}
	// Tia still sees hers.
	if n := tia.Get("/history").Doc.Find(`[data-testid="history-row"]`).Length(); n != 1 {
		t.Errorf("Tia's history lists %d answers; want 1", n)
	}
	// Staff do not use the trainee pages (the dashboard is issue 8's).
	mgr := k.staffClient(t, "Max Manager", managerPassword)
	wantStatus(t, "manager opens Tia's attempt", mgr.Get(fmt.Sprintf("/attempts/%d", a.ID)), http.StatusForbidden)
}

// TestPractice_ServerTimesAnswers checks that the time taken is the server's
// answered − served, whatever the page does, and the speed grade in timed mode.
func TestPractice_ServerTimesAnswers(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := htmxClient(k.traineeClient(t))
	id := startSession(t, c, "oracle", "payout", trainer.ModeTimed, 1)
	a, d := pending(t, k.Harness, id)
	k.Clock.Advance(time.Duration(d.TargetSeconds+5) * time.Second)
	resp := c.PostForm(answerPath(a), answerForm(d.Key))
	wantStatus(t, "slow answer", resp, http.StatusOK)
	if got := resp.TestID("speed"); got != "SLOW" {
		t.Errorf("answer after %d s on a %d s target: speed %q; want SLOW", d.TargetSeconds+5, d.TargetSeconds, got)
	}
	got, err := k.DB.FindAttempt(t.Context(), a.ID, k.trainee.ID)
	if err != nil {
		t.Fatal(err)
	}
	if min := time.Duration(d.TargetSeconds+5) * time.Second; got.Elapsed < min || got.Speed != trainer.SpeedSlow {
		t.Errorf("stored elapsed %v, speed %q; want at least %v and slow", got.Elapsed, got.Speed, min)
	}
	if hint := c.PostForm(fmt.Sprintf("/attempts/%d/hint", a.ID), nil); hint.StatusCode != http.StatusForbidden {
		t.Errorf("hint in timed mode: status %d; want 403", hint.StatusCode)
	}

	wantStatus(t, "next", c.PostForm(sessionPath(id)+"/next", nil), http.StatusOK)
	a, d = pending(t, k.Harness, id)
	resp = c.PostForm(answerPath(a), answerForm(d.Key))
	if got := resp.TestID("speed"); got != "FAST" {
		t.Errorf("an answer at once: speed %q; want FAST", got)
	}
}

// TestPractice_ResumesOnAnotherTablet signs the trainee in on a second
// browser: the home page offers the open session, which shows the same
// scenario, with the timer still running from when it was served.
func TestPractice_ResumesOnAnotherTablet(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	first := k.traineeClient(t)
	id := startSession(t, first, "uth", trainer.KindMixed, trainer.ModePractice, 1)
	a, _ := pending(t, k.Harness, id)

	second := k.traineeClient(t)
	home := second.Get("/trainee")
	link, ok := home.Doc.Find(`[data-testid="resume"]`).Attr("href")
	if !ok || link != sessionPath(id) {
		t.Fatalf("home on the second tablet: resume link %q; want %s", link, sessionPath(id))
	}
	resp := second.Get(link)
	if got := attr(resp.Doc.Find(`[data-testid="question"]`), "data-attempt"); got != fmt.Sprint(a.ID) {
		t.Errorf("resumed session shows attempt %q; want %d", got, a.ID)
	}
	again, _ := pending(t, k.Harness, id)
	if !again.ServedAt.Equal(a.ServedAt) {
		t.Errorf("resuming restarted the timer: served %v, was %v", again.ServedAt, a.ServedAt)
	}
}

// TestPractice_ReviewAsksMistakesAgain makes a mistake in one session; a
// review session then asks that same scenario first.
func TestPractice_ReviewAsksMistakesAgain(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := htmxClient(k.traineeClient(t))
	id := startSession(t, c, "thrill", "hand", trainer.ModePractice, 1)
	a, d := pending(t, k.Harness, id)
	resp := c.PostForm(answerPath(a), answerForm(wrongKey(d)))
	if got := resp.TestID("verdict"); !strings.Contains(got, "Not quite") {
		t.Fatalf("wrong answer: verdict %q", got)
	}
	if resp.TestID("right-answer") == "" || resp.TestID("explanation") == "" {
		t.Error("the feedback of a wrong answer lacks the right answer or the explanation")
	}
	wantStatus(t, "next", c.PostForm(sessionPath(id)+"/next", nil), http.StatusOK)
	b, bd := pending(t, k.Harness, id)
	wantStatus(t, "right answer", c.PostForm(answerPath(b), answerForm(bd.Key)), http.StatusOK)

	rid := startSession(t, c, "thrill", "hand", trainer.ModeReview, 1)
	r, _ := pending(t, k.Harness, rid)
	if r.Source != trainer.SourceRetry || r.RetryOf != a.ID || r.Seed != a.Seed {
		t.Errorf("first review scenario: source %q, retry of %d, seed %d; want retry of %d, seed %d",
			r.Source, r.RetryOf, r.Seed, a.ID, a.Seed)
	}
	if open, err := k.DB.FindPracticeSession(t.Context(), id, k.trainee.ID); err != nil || open.Open() {
		t.Errorf("the first session is still open (%v) after another started", err)
	}
	rd := drillOf(t, r)
	wantStatus(t, "review answer", c.PostForm(answerPath(r), answerForm(rd.Key)), http.StatusOK)
	// A day later every skill practised here is due again (eval's schedule).
	// (The trainee signs in again: the kiosk signed him out long ago.)
	k.Clock.Advance(25 * time.Hour)
	c = htmxClient(k.traineeClient(t))
	wantStatus(t, "review next", c.PostForm(sessionPath(rid)+"/next", nil), http.StatusOK)
	n, _ := pending(t, k.Harness, rid)
	if n.Source != trainer.SourceScheduled {
		t.Errorf("second review scenario: source %q; want scheduled (no mistake left, skills due)", n.Source)
	}
}

// TestPractice_SessionEndsWithSummary answers every scenario of a session and
// checks the summary, the progress page and the history.
func TestPractice_SessionEndsWithSummary(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := htmxClient(k.traineeClient(t))
	if c.Get("/progress").Has(`[data-testid="progress-oracle"]`) {
		t.Fatal("progress shows Texas Oracle before any answer")
	}
	id := startSession(t, c, "oracle", trainer.KindMixed, trainer.ModePractice, 1)
	right := 0
	for i := range trainer.SessionLength {
		a, d := pending(t, k.Harness, id)
		form := answerForm(d.Key)
		if i%3 == 0 {
			form = answerForm(wrongKey(d))
		} else {
			right++
		}
		resp := c.PostForm(answerPath(a), form)
		wantStatus(t, fmt.Sprintf("answer %d", i+1), resp, http.StatusOK)
		resp = c.PostForm(sessionPath(id)+"/next", nil)
		wantStatus(t, fmt.Sprintf("next %d", i+1), resp, http.StatusOK)
		if i == trainer.SessionLength-1 {
			if got, want := resp.TestID("summary-right"), fmt.Sprintf("%d of %d", right, trainer.SessionLength); got != want {
				t.Errorf("summary: %q right; want %q", got, want)
			}
		}
	}
	sess, err := k.DB.FindPracticeSession(t.Context(), id, k.trainee.ID)
	if err != nil || sess.Open() || sess.Answered != trainer.SessionLength || sess.Correct != right {
		t.Fatalf("session after the last answer: %+v (%v)", sess, err)
	}
	prog := plain(c).Get("/progress")
	wantStatus(t, "progress", prog, http.StatusOK)
	if got := prog.Text(`[data-testid="progress-oracle"] [data-testid="stat-answered"]`); got != "10" {
		t.Errorf("progress: %q answered; want 10", got)
	}
	if !prog.Has(`[data-testid="trend-oracle"] svg circle`) || !prog.Has(`[data-testid="mastery-oracle"] svg rect.chart-bar`) {
		t.Error("progress: the trend or the mastery chart is missing")
	}
	hist := c.Get("/history")
	rows := hist.Doc.Find(`[data-testid="history-row"]`)
	if rows.Length() != trainer.SessionLength {
		t.Fatalf("history: %d rows; want %d", rows.Length(), trainer.SessionLength)
	}
	// The oldest answer (wrong) opens as it was shown, with its feedback.
	link, _ := rows.Last().Find("a").Attr("href")
	past := c.Get(link)
	wantStatus(t, "past attempt", past, http.StatusOK)
	if !strings.Contains(past.TestID("verdict"), "Not quite") || past.TestID("recap") == "" {
		t.Errorf("past attempt %s: verdict %q; want the wrong answer with the question", link, past.TestID("verdict"))
	}
}

// TestPractice_StartForm checks the start form: a page of its own, a refused
// choice re-rendered with 422 (the form alone for htmx), and a start that
// goes to the session (303, or HX-Redirect for htmx).
func TestPractice_StartForm(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.traineeClient(t)
	resp := c.Get("/practice/new?game=thrill")
	wantStatus(t, "start page", resp, http.StatusOK)
	if !resp.Has(`[data-testid="start-form"] input[name="kind"][value="mixed"][checked]`) {
		t.Error("start page: mixed is not chosen by default")
	}
	wantStatus(t, "start page of an unknown game", c.Get("/practice/new?game=baccarat"), http.StatusNotFound)

	bad := url.Values{"game": {"thrill"}, "kind": {"payout"}, "mode": {"exam"}, "level": {"1"}}
	resp = c.PostForm("/practice", bad)
	wantStatus(t, "exam from the practice form", resp, http.StatusUnprocessableEntity)
	if isFragment(resp.Body) || !strings.Contains(resp.Header.Get("Vary"), "HX-Request") {
		t.Error("a refused start without htmx is not a whole page with Vary")
	}
	if got := resp.Text(`[data-testid="group-mode"] [data-testid="field-error"]`); got != "Choose practice, timed or review." {
		t.Errorf("refused mode: message %q", got)
	}
	resp = htmxClient(c).PostForm("/practice", bad)
	wantStatus(t, "htmx: exam from the practice form", resp, http.StatusUnprocessableEntity)
	if !isFragment(resp.Body) || !resp.Has(`[data-testid="start-form"]`) {
		t.Errorf("htmx: a refused start is not the form alone\n%.400s", resp.Body)
	}
	id := startSession(t, c, "thrill", "payout", trainer.ModePractice, 1)
	if got := plain(c).Get("/trainee").Doc.Find(`[data-testid="resume"]`).AttrOr("href", ""); got != sessionPath(id) {
		t.Errorf("home after starting: resume link %q; want %s", got, sessionPath(id))
	}
	for _, path := range []string{"/progress", "/history", fmt.Sprintf("/history?game=thrill&before=%d", 1<<40)} {
		resp := c.Get(path)
		wantStatus(t, path, resp, http.StatusOK)
		if isFragment(resp.Body) {
			t.Errorf("%s is not a whole page", path)
		}
	}
}

// TestPractice_RulesChanged marks scenarios as made under other rules: a
// waiting one is asked again under the kiosk's rules (its answer is not
// graded against another drill), an answered one is flagged in the history
// instead of being shown differently.
func TestPractice_RulesChanged(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := htmxClient(k.traineeClient(t))
	id := startSession(t, c, "uth", "payout", trainer.ModePractice, 1)
	a, d := pending(t, k.Harness, id)
	current := a.RulesVersion
	old := *a
	old.RulesVersion = "0ld0ld0ld0ld"
	if err := k.DB.RenewAttempt(t.Context(), &old); err != nil {
		t.Fatal(err)
	}
	resp := c.PostForm(answerPath(a), answerForm(d.Key))
	wantStatus(t, "answer to a question of old rules", resp, http.StatusConflict)
	if !strings.Contains(resp.TestID("notice"), "rules changed") || !resp.Has(`[data-testid="question"]`) {
		t.Errorf("answer to a question of old rules: notice %q; want the question again with a notice", resp.TestID("notice"))
	}
	got, err := k.DB.FindAttempt(t.Context(), a.ID, k.trainee.ID)
	if err != nil || got.Answered() || got.RulesVersion != current {
		t.Fatalf("after the refused answer: %+v (%v); want unanswered, rules %s", got, err, current)
	}

	// An answered scenario of old rules.
	if err := k.DB.RenewAttempt(t.Context(), &old); err != nil {
		t.Fatal(err)
	}
	g := trainer.Grade{Answer: []byte(`{"amount":5}`), Key: []byte(`{"amount":5}`), Correct: true, Score: 1, Speed: trainer.SpeedOK}
	if _, err := k.DB.AnswerAttempt(t.Context(), a.ID, k.trainee.ID, k.DB.Now(), g); err != nil {
		t.Fatal(err)
	}
	resp = plain(c).Get(fmt.Sprintf("/attempts/%d", a.ID))
	wantStatus(t, "past attempt of old rules", resp, http.StatusOK)
	if !strings.Contains(resp.TestID("problem"), "cannot be shown again exactly") {
		t.Errorf("past attempt of old rules: problem %q", resp.TestID("problem"))
	}
}

// TestPractice_DoubleNextServesOne taps "Next" twice at once (two tablets,
// or a double tap without JavaScript): one scenario is served, not two.
func TestPractice_DoubleNextServesOne(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c1, c2 := htmxClient(k.traineeClient(t)), htmxClient(k.traineeClient(t))
	id := startSession(t, c1, "lunar", trainer.KindMixed, trainer.ModePractice, 1)
	a, d := pending(t, k.Harness, id)
	wantStatus(t, "answer", c1.PostForm(answerPath(a), answerForm(d.Key)), http.StatusOK)
	var wg sync.WaitGroup
	shown := make([]string, 2)
	for i, c := range []*servertest.Client{c1, c2} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp := c.PostForm(sessionPath(id)+"/next", nil)
			shown[i] = attr(resp.Doc.Find(`[data-testid="question"]`), "data-attempt")
		}()
	}
	wg.Wait()
	as, err := k.DB.ListAttempts(t.Context(), sqlite.AttemptFilter{UserID: k.trainee.ID, SessionID: id})
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 2 || as[1].Answered() {
		t.Fatalf("after two Nexts at once: %d attempts; want the answered one and one waiting", len(as))
	}
	if want := fmt.Sprint(as[1].ID); shown[0] != want || shown[1] != want {
		t.Errorf("the two Nexts show attempts %q; want both %s", shown, want)
	}
}
