package server_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

var examPath = regexp.MustCompile(`^/exams/(\d+)$`)

// startExam starts the exam of game as client c and returns its ID.
func startExam(t testing.TB, c *servertest.Client, game string) int64 {
	t.Helper()
	resp := c.PostForm("/exams", url.Values{"game": {game}})
	loc := resp.Header.Get("Location")
	if resp.StatusCode == http.StatusNoContent {
		loc = resp.Header.Get("HX-Redirect")
	} else if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("start the %s exam: status %d; want 303\n%s", game, resp.StatusCode, resp.Body)
	}
	m := examPath.FindStringSubmatch(loc)
	if m == nil {
		t.Fatalf("start the exam: redirect to %q; want /exams/{id}", loc)
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	return id
}

func examItemPath(id int64, position int) string {
	return fmt.Sprintf("/exams/%d/items/%d/answer", id, position)
}

func examShowPath(id int64) string { return "/exams/" + strconv.FormatInt(id, 10) }

// answerExam answers every item of exam id as client c: right, except the
// items wrong(position) picks. It checks on each question page that nothing
// of the key is there and, after each answer, that nothing of its worth is
// told. It returns the last response (the result).
func answerExam(t *testing.T, h *servertest.Harness, c *servertest.Client, id int64, wrong func(n int) bool) *servertest.Response {
	t.Helper()
	ex, err := h.DB.FindExam(t.Context(), id, mustUser(t, h, "Tia Trainee").ID)
	if err != nil {
		t.Fatal(err)
	}
	sess, err := h.DB.FindPracticeSession(t.Context(), id, ex.UserID)
	if err != nil {
		t.Fatal(err)
	}
	var resp *servertest.Response
	for _, it := range ex.Items[sess.Answered:] {
		page := c.Get(examShowPath(id))
		wantStatus(t, "the exam page", page, http.StatusOK)
		a, d := pending(t, h, id)
		what := fmt.Sprintf("item %d (%s %s, seed %d)", it.Position, it.Kind, it.Skill, it.Seed)
		if a.Position != it.Position || a.Seed != it.Seed || a.Kind != it.Kind || a.Level != it.Level {
			t.Fatalf("%s: served %+v; want the item fixed at the start", what, a.Spec)
		}
		checkNoKey(t, what, page, a, d)
		if got := page.TestID("exam-count"); got != fmt.Sprintf("Question %d of %d", it.Position, len(ex.Items)) {
			t.Errorf("%s: the bar says %q", what, got)
		}
		k := d.Key
		if wrong(it.Position) {
			k = wrongKey(d)
		}
		resp = c.PostForm(examItemPath(id, it.Position), answerForm(k))
		if c.Header.Get("HX-Request") == "true" {
			wantStatus(t, what+": answer", resp, http.StatusOK)
		} else {
			wantRedirect(t, what+": answer", resp, examShowPath(id))
		}
		if it.Position < len(ex.Items) {
			for _, tell := range []string{"verdict", "feedback", "right-answer", "explanation", "exam-result"} {
				if resp.Has(`[data-testid="` + tell + `"]`) {
					t.Fatalf("%s: the answer's response tells its worth (%s)", what, tell)
				}
			}
			if strings.Contains(resp.TestID("exam-bar"), "right") {
				t.Errorf("%s: the bar counts right answers: %q", what, resp.TestID("exam-bar"))
			}
		}
	}
	return resp
}

// checkNoKey fails the test if the question page of a holds anything of
// d's key: a hidden field, the explanation, a mistake's explanation, a
// choice marked differently, an answer already filled in.
func checkNoKey(t *testing.T, what string, page *servertest.Response, a *trainer.Attempt, d *drills.Drill) {
	t.Helper()
	q := page.Doc.Find(`[data-testid="question"]`)
	if q.Length() != 1 || attr(q, "data-attempt") != strconv.FormatInt(a.ID, 10) {
		t.Fatalf("%s: the page shows no question for attempt %d\n%s", what, a.ID, page.Body)
	}
	html, _ := goquery.OuterHtml(q)
	if q.Find(`input[type="hidden"]`).Length() > 0 {
		t.Errorf("%s: the question has a hidden field", what)
	}
	if d.Explanation != "" && strings.Contains(html, d.Explanation) {
		t.Errorf("%s: the explanation is on the question page", what)
	}
	for _, m := range d.Mistakes {
		if strings.Contains(html, m.Explanation) {
			t.Errorf("%s: a mistake's explanation is on the question page", what)
		}
	}
	if q.Find(`[data-testid="hint-button"], [data-testid="hint"]`).Length() > 0 {
		t.Errorf("%s: an exam question offers a hint", what)
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
		if keyBtn.Length() != 1 || other.Length() != 1 || len(keyBtn.Nodes[0].Attr) != len(other.Nodes[0].Attr) ||
			attr(keyBtn, "class") != attr(other, "class") {
			t.Errorf("%s: the right choice's button differs from the others", what)
		}
	}
}

func mustUser(t testing.TB, h *servertest.Harness, name string) *trainer.User {
	t.Helper()
	u, err := h.DB.FindUserByName(t.Context(), name)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestExam_PassesWithNoFeedbackUntilTheEnd sits the whole UTH exam of the
// shipped standard over HTTP: nothing of a key on any question, nothing of
// an answer's worth before the end, then the result with every right answer,
// and the certification moves to "exam passed".
func TestExam_PassesWithNoFeedbackUntilTheEnd(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	c := htmxClient(k.traineeClient(t))
	home := plain(c).Get("/trainee")
	if !home.Has(`[data-testid="exam-uth"]`) || home.Has(`[data-testid="rules-note"]`) {
		t.Fatalf("the trainee's home offers no UTH exam\n%s", home.TestID("cert-home"))
	}
	start := c.Get("/exams/new?game=uth")
	wantStatus(t, "the exam's start page", start, http.StatusOK)
	if !start.Has(`[data-testid="exam-start-submit"]`) || !strings.Contains(start.TestID("standard-table"), "100 %") {
		t.Fatalf("the start page: %s", start.TestID("exam-start"))
	}
	id := startExam(t, c, "uth")
	// The first item's "answer" already knows it: one wrong ruling is within 85 %.
	wrongOnce := 0
	resp := answerExam(t, k.Harness, htmxClient(c), id, func(n int) bool {
		ex, _ := k.DB.FindExam(t.Context(), id, k.trainee.ID)
		if ex.Items[n-1].Kind == "ruling" && wrongOnce == 0 {
			wrongOnce++
			return true
		}
		return false
	})
	if !isFragment(resp.Body) {
		t.Error("the last htmx answer returned a whole page")
	}
	if v := resp.TestID("exam-verdict"); !strings.Contains(v, "Exam passed") {
		t.Fatalf("verdict %q; want passed\n%s", v, resp.TestID("exam-kinds"))
	}
	ex, err := k.DB.FindExam(t.Context(), id, k.trainee.ID)
	if err != nil || !ex.Finished() || !ex.Passed || ex.RulesVersion != k.Book.Version {
		t.Fatalf("stored exam %+v (%v)", ex, err)
	}
	if n := resp.Doc.Find(`[data-testid="exam-item"]`).Length(); n != len(ex.Items) {
		t.Errorf("the result lists %d items; want %d", n, len(ex.Items))
	}
	if resp.Doc.Find(`[data-testid="exam-item-right"]`).FilterFunction(func(_ int, s *goquery.Selection) bool {
		return strings.TrimSpace(s.Text()) == ""
	}).Length() > 0 {
		t.Error("an item of the result shows no right answer")
	}
	as, _ := k.DB.ListAttempts(t.Context(), sqlite.AttemptFilter{UserID: k.trainee.ID, SessionID: id, Limit: 100})
	for _, a := range as {
		if !a.Answered() || a.RulesVersion != ex.RulesVersion || a.Elapsed < 0 || len(a.Answer) == 0 {
			t.Errorf("attempt %d: %+v; want answered with its answer and time, under the exam's rules", a.ID, a)
		}
	}
	home = plain(c).Get("/trainee")
	if got := home.Text(`[data-testid="cert-uth"] [data-testid="state"]`); got != "Exam passed" {
		t.Errorf("the trainee's UTH certification reads %q; want Exam passed", got)
	}
	if home.Has(`[data-testid="exam-uth"]`) {
		t.Error("the home still offers the UTH exam after it was passed")
	}
	// Once finished, the exam's answers open as they were, with feedback.
	resp = plain(c).Get(attemptURL(as[0].ID))
	wantStatus(t, "an exam item after the exam", resp, http.StatusOK)
}

func attemptURL(id int64) string { return "/attempts/" + strconv.FormatInt(id, 10) }

// TestExam_EachItemAnsweredOnce answers an item twice (a double tap, a
// second tablet, the back button): the second answer is refused with 409
// and lands nowhere, not on the next item either. The practice routes refuse
// exam items, and nothing of the open exam shows elsewhere.
func TestExam_EachItemAnsweredOnce(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	c := htmxClient(k.traineeClient(t))
	id := startExam(t, c, "oracle")
	a, d := pending(t, k.Harness, id)
	wantStatus(t, "first answer", c.PostForm(examItemPath(id, 1), answerForm(d.Key)), http.StatusOK)
	second := c.PostForm(examItemPath(id, 1), answerForm(wrongKey(d)))
	wantStatus(t, "second answer to item 1", second, http.StatusConflict)
	if !strings.Contains(second.TestID("notice"), "already been answered") || !second.Has(`[data-testid="question"]`) {
		t.Errorf("the refused answer shows notice %q", second.TestID("notice"))
	}
	stored, err := k.DB.FindAttempt(t.Context(), a.ID, k.trainee.ID)
	if err != nil || !stored.Correct {
		t.Errorf("item 1 after a second, wrong answer: %+v (%v); want the first answer kept", stored, err)
	}
	b, _ := pending(t, k.Harness, id)
	if b.Position != 2 || b.Answered() {
		t.Errorf("item 2: %+v; want it waiting, untouched by the refused answer", b)
	}
	// An answer to an item not served yet is refused too.
	wantStatus(t, "answer to item 5", c.PostForm(examItemPath(id, 5), url.Values{"amount": {"1"}}), http.StatusConflict)
	wantStatus(t, "answer to item 99", c.PostForm(examItemPath(id, 99), url.Values{"amount": {"1"}}), http.StatusNotFound)
	// The practice routes refuse an exam's items.
	p := plain(c)
	wantStatus(t, "practice answer to an exam item", p.PostForm(answerPath(b), answerForm(drillOf(t, b).Key)), http.StatusForbidden)
	wantStatus(t, "hint on an exam item", p.PostForm("/attempts/"+strconv.FormatInt(b.ID, 10)+"/hint", nil), http.StatusForbidden)
	wantRedirect(t, "an answered exam item while the exam is open", p.Get(attemptURL(a.ID)), examShowPath(id))
	wantRedirect(t, "the exam's session on the practice page", p.Get(sessionPath(id)), examShowPath(id))
	wantStatus(t, "ending the exam as a session", p.PostForm(sessionPath(id)+"/end", nil), http.StatusForbidden)
	// Nothing of the open exam in the history, and no practice meanwhile.
	hist := p.Get("/history")
	if hist.Has(`[data-testid="history-row"]`) {
		t.Error("the history lists an answer of the open exam")
	}
	wantStatus(t, "practice during the exam",
		p.PostForm("/practice", url.Values{"game": {"uth"}, "kind": {"payout"}, "mode": {"practice"}, "level": {"1"}}), http.StatusConflict)
	home := p.Get("/trainee")
	if got := attr(home.Doc.Find(`[data-testid="resume"]`), "href"); got != examShowPath(id) {
		t.Errorf("the home's resume link goes to %q; want the exam", got)
	}
	// A second exam while this one is open goes back to this one.
	wantRedirect(t, "a second exam", p.PostForm("/exams", url.Values{"game": {"uth"}}), examShowPath(id))
	_ = d
}

// TestExam_ResumedByAFreshServer stops the kiosk in the middle of an exam
// and starts a new server on the same database file: the exam carries on at
// the question that was waiting, and finishes.
func TestExam_ResumedByAFreshServer(t *testing.T) {
	t.Parallel()
	path := t.TempDir() + "/trainer.db"
	first := servertest.Start(t, servertest.Options{Path: path})
	mgr := first.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	tia := first.CreateUser("Tia Trainee", trainer.RoleTrainee, "1042", traineePIN)
	first.ApproveRules(mgr)
	c := signInTrainee(t, first, tia)
	id := startExam(t, c, "thrill")
	for n := 1; n <= 3; n++ {
		_, d := pending(t, first, id)
		wantStatus(t, "answer", c.PostForm(examItemPath(id, n), answerForm(d.Key)), http.StatusSeeOther)
	}
	waiting, _ := pending(t, first, id)
	first.Close()

	second := servertest.Start(t, servertest.Options{Path: path})
	c = signInTrainee(t, second, tia)
	home := c.Get("/trainee")
	if got := attr(home.Doc.Find(`[data-testid="resume"]`), "href"); got != examShowPath(id) {
		t.Fatalf("after the restart the home resumes %q; want the exam", got)
	}
	page := c.Get(examShowPath(id))
	wantStatus(t, "the exam after the restart", page, http.StatusOK)
	if got := attr(page.Doc.Find(`[data-testid="question"]`), "data-attempt"); got != strconv.FormatInt(waiting.ID, 10) {
		t.Fatalf("after the restart the exam shows attempt %q; want %d, the one waiting", got, waiting.ID)
	}
	if got := page.TestID("exam-count"); !strings.HasPrefix(got, "Question 4 of") {
		t.Errorf("after the restart: %q; want question 4", got)
	}
	resp := answerExam(t, second, c, id, func(int) bool { return false })
	wantRedirect(t, "the last answer", resp, examShowPath(id))
	if v := c.Get(examShowPath(id)).TestID("exam-verdict"); !strings.Contains(v, "passed") {
		t.Errorf("verdict after the restart: %q", v)
	}
}

// signInTrainee signs u in with the PIN on harness h.
func signInTrainee(t *testing.T, h *servertest.Harness, u *trainer.User) *servertest.Client {
	t.Helper()
	c := h.Client()
	wantRedirect(t, "sign in", c.PostForm(pinPath(u), url.Values{"pin": {traineePIN}}), "/trainee")
	return c
}

// TestExam_NotBeforeTheRulesAreApproved: a new kiosk's rules wait for a
// manager, and the trainee's page says so.
func TestExam_NotBeforeTheRulesAreApproved(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.traineeClient(t)
	home := c.Get("/trainee")
	if !strings.Contains(home.TestID("rules-note"), "approved") || home.Has(`[data-testid="exam-uth"]`) {
		t.Errorf("home before approval: note %q, exam link %v", home.TestID("rules-note"), home.Has(`[data-testid="exam-uth"]`))
	}
	page := c.Get("/exams/new?game=uth")
	if !strings.Contains(page.TestID("exam-blocked"), "approved") || page.Has(`[data-testid="exam-start-submit"]`) {
		t.Errorf("start page before approval: %q", page.TestID("exam-blocked"))
	}
	resp := c.PostForm("/exams", url.Values{"game": {"uth"}})
	wantStatus(t, "start before approval", resp, http.StatusConflict)
	if _, err := k.DB.OpenPracticeSession(t.Context(), k.trainee.ID); trainer.KindOf(err) != trainer.KindNotFound {
		t.Errorf("a refused exam left a session: %v", err)
	}
	wantStatus(t, "an exam of no game", c.Get("/exams/new?game=bingo"), http.StatusNotFound)
}

// TestExam_FailedThenRetakeTooEarly fails an exam with late and wrong
// answers, is refused a retake before the wait is over, and may sit again
// after it.
func TestExam_FailedThenRetakeTooEarly(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	c := k.traineeClient(t)
	id := startExam(t, c, "lunar")
	ex, _ := k.DB.FindExam(t.Context(), id, k.trainee.ID)
	late := 0 // the first payout: every payout must be right
	for _, it := range ex.Items {
		if it.Kind == "payout" {
			late = it.Position
			break
		}
	}
	for _, it := range ex.Items {
		_, d := pending(t, k.Harness, id)
		if it.Position == late {
			// Right, but after the time allowed: it counts as wrong.
			k.Clock.Advance(time.Duration(it.Seconds+1) * time.Second)
		}
		wantStatus(t, "answer", c.PostForm(examItemPath(id, it.Position), answerForm(d.Key)), http.StatusSeeOther)
	}
	res := c.Get(examShowPath(id))
	if v := res.TestID("exam-verdict"); !strings.Contains(v, "not passed") {
		t.Fatalf("verdict %q; want not passed (payout %d was late)", v, late)
	}
	if got := res.Doc.Find(`[data-testid="exam-item"]`).Eq(late - 1).Find("td").Last().Text(); got != "Too late" {
		t.Errorf("item %d's result %q; want Too late", late, got)
	}
	k.Clock.Advance(47 * time.Hour)
	c = k.traineeClient(t) // signed out long ago
	page := c.Get("/exams/new?game=lunar")
	if !strings.Contains(page.TestID("exam-blocked"), "48 hours after the last") {
		t.Errorf("a retake 47 hours later: %q; want the wait named", page.TestID("exam-blocked"))
	}
	// The same wait in Russian, its hours in Russian's plural (48 часов).
	if err := k.DB.SetUserLanguage(t.Context(), k.trainee.ID, "ru"); err != nil {
		t.Fatal(err)
	}
	if got := c.Get("/exams/new?game=lunar").TestID("exam-blocked"); !strings.Contains(got, "через 48 часов после предыдущей") {
		t.Errorf("a retake 47 hours later, in Russian: %q; want the wait named in Russian", got)
	}
	if err := k.DB.SetUserLanguage(t.Context(), k.trainee.ID, ""); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, "a retake too early", c.PostForm("/exams", url.Values{"game": {"lunar"}}), http.StatusConflict)
	k.Clock.Advance(time.Hour)
	c = k.traineeClient(t)
	if id2 := startExam(t, c, "lunar"); id2 == id {
		t.Error("the retake reuses the failed exam")
	}
}

// TestExam_BadAnswerShowsTheMessage: an answer that cannot be read is shown
// again with the field's message and 422, and nothing is stored.
func TestExam_BadAnswerShowsTheMessage(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	c := htmxClient(k.traineeClient(t))
	id := startExam(t, c, "uth")
	a, d := pending(t, k.Harness, id)
	form := url.Values{}
	resp := c.PostForm(examItemPath(id, 1), form)
	wantStatus(t, "an empty answer", resp, http.StatusUnprocessableEntity)
	if !resp.Has(`[data-testid="field-error"]`) || !isFragment(resp.Body) {
		t.Errorf("an empty answer: no message in a fragment\n%s", resp.Body)
	}
	if got, _ := k.DB.FindAttempt(t.Context(), a.ID, k.trainee.ID); got.Answered() {
		t.Error("an empty answer was stored")
	}
	_ = d
}

// TestExam_Roles: the exam pages are the trainee's own.
func TestExam_Roles(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	c := k.traineeClient(t)
	id := startExam(t, c, "uth")
	other := k.CreateUser("Bo Chan", trainer.RoleTrainee, "", traineePIN)
	bo := signInTrainee(t, k.Harness, other)
	wantStatus(t, "another trainee's exam", bo.Get(examShowPath(id)), http.StatusNotFound)
	wantStatus(t, "another trainee answers", bo.PostForm(examItemPath(id, 1), url.Values{"amount": {"5"}}), http.StatusNotFound)
	mgr := k.staffClient(t, "Max Manager", managerPassword)
	wantStatus(t, "a manager on the trainee's exam page", mgr.Get(examShowPath(id)), http.StatusForbidden)
	wantStatus(t, "a manager starts an exam", mgr.PostForm("/exams", url.Values{"game": {"uth"}}), http.StatusForbidden)
	wantRedirect(t, "signed out", k.Client().Get("/exams/new?game=uth"), "/signin")
}

// TestExam_StartPageInRussian: the start page's count of sittings left is
// in the trainee's language, with no English left in it.
func TestExam_StartPageInRussian(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	if err := k.DB.SetUserLanguage(t.Context(), k.trainee.ID, "ru"); err != nil {
		t.Fatal(err)
	}
	c := k.traineeClient(t)
	start := c.Get("/exams/new?game=uth")
	wantStatus(t, "the exam's start page", start, http.StatusOK)
	got := start.TestID("exam-sittings")
	if !strings.HasPrefix(got, "Осталось попыток в этом цикле: ") || strings.Contains(got, "sittings") {
		t.Errorf("the sittings left read %q; want them in Russian", got)
	}
}
