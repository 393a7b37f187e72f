package server_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/server"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestRefusalsSayTheCatalogue walks the kiosk's refusals in the
// pseudo-locale (`trainer serve -pseudo-locale`, where every catalogue
// message is accented and bracketed): a wrong address, a page of another
// role, a form that cannot be read, an exam's rules, another site's trainee,
// an unknown game, level, seed or wager, a version approved twice, one's
// own account. Each error page, and each notice a handler chooses, must say
// a catalogue message: a handler error or notice made of an English
// sentence, or of an id the catalogues lack, shows plain English (or the
// id) here and fails. The values a refusal quotes (what was typed, a
// name) are left out of the check.
func TestRefusalsSayTheCatalogue(t *testing.T) {
	t.Parallel()
	plainRunOnly(t)
	h := servertest.New(t, func(c *server.Config) { c.PseudoLocale = true })
	k := &kiosk{Harness: h,
		admin:   h.CreateUser("Ada Admin", trainer.RoleAdministrator, "", adminPassword),
		manager: h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword),
		trainee: h.CreateUser("Tia Trainee", trainer.RoleTrainee, "1042", traineePIN),
	}
	k.ApproveRules(k.manager)
	tc := k.traineeClient(t)
	mc := k.staffClient(t, "Max Manager", managerPassword)
	ac := k.staffClient(t, "Ada Admin", adminPassword)
	trainee := strconv.FormatInt(k.trainee.ID, 10)
	raw := func(c *servertest.Client, path, body string) *servertest.Response {
		req := c.NewRequest(http.MethodPost, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		return c.Do(req)
	}

	refusals := []struct {
		what   string
		resp   func() *servertest.Response
		status int
	}{
		{"an id no record has", func() *servertest.Response { return tc.Get("/practice/abc") }, http.StatusNotFound},
		{"another role's page", func() *servertest.Response { return tc.Get("/manager") }, http.StatusForbidden},
		{"a game without drills", func() *servertest.Response { return tc.Get("/practice/new?game=bingo") }, http.StatusNotFound},
		{"a form that cannot be read", func() *servertest.Response { return raw(tc, "/practice", "game=%zz") }, http.StatusBadRequest},
		{"a game without an exam", func() *servertest.Response { return tc.Get("/exams/new?game=bingo") }, http.StatusNotFound},
		{"a language not offered", func() *servertest.Response {
			return tc.PostForm("/language", url.Values{"language": {"fr"}})
		}, http.StatusBadRequest},
		{"a hint in timed mode", func() *servertest.Response {
			id := startSession(t, tc, "uth", "payout", trainer.ModeTimed, 1)
			a, _ := pending(t, h, id)
			return tc.PostForm("/attempts/"+strconv.FormatInt(a.ID, 10)+"/hint", nil)
		}, http.StatusForbidden},
		{"an answer that cannot be read", func() *servertest.Response {
			id := startSession(t, tc, "uth", "payout", trainer.ModePractice, 1)
			a, _ := pending(t, h, id)
			return raw(tc, answerPath(a), "amount=%zz")
		}, http.StatusBadRequest},
		{"an unknown trainee's file", func() *servertest.Response { return mc.Get("/manager/trainees/999999") }, http.StatusNotFound},
		{"a game without a certification", func() *servertest.Response {
			return mc.Get("/manager/trainees/" + trainee + "/games/bingo/transcript")
		}, http.StatusNotFound},
		{"the certificate of a trainee never certified", func() *servertest.Response {
			return mc.Get("/manager/trainees/" + trainee + "/games/uth/certificate")
		}, http.StatusNotFound},
		{"an unknown exam", func() *servertest.Response { return mc.Get("/manager/exams/999999") }, http.StatusNotFound},
		{"an unknown rules version", func() *servertest.Response { return mc.Get("/manager/rules/nope") }, http.StatusNotFound},
		{"a version approved twice", func() *servertest.Response {
			return mc.PostForm("/manager/rules/"+h.Book.Version+"/approve", nil)
		}, http.StatusConflict},
		{"a table test at no site", func() *servertest.Response {
			return mc.PostForm("/manager/trainees/"+trainee+"/games/uth/site-table-test", url.Values{"site": {"x"}})
		}, http.StatusNotFound},
		{"an unknown game's content", func() *servertest.Response { return mc.Get("/tools/content?game=bingo") }, http.StatusNotFound},
		{"a level there is not", func() *servertest.Response { return mc.Get("/tools/content?level=99") }, http.StatusBadRequest},
		{"a seed that is not one", func() *servertest.Response { return mc.Get("/tools/content?seed_payout=x") }, http.StatusBadRequest},
		{"a kind of drill there is not", func() *servertest.Response {
			return mc.Get("/tools/content/sample?kind=bingo&seed=1")
		}, http.StatusNotFound},
		{"an unknown game's pay tables", func() *servertest.Response { return mc.Get("/tools/paytables?game=bingo") }, http.StatusNotFound},
		{"a wager there is not", func() *servertest.Response {
			return mc.Get("/tools/paytables/whatif?game=uth&wager=bingo")
		}, http.StatusNotFound},
		{"a table there is not", func() *servertest.Response {
			return mc.Get("/tools/paytables/simulation?game=uth&wager=main&table=bingo&rounds=1")
		}, http.StatusNotFound},
		{"a book there is not", func() *servertest.Response { return mc.Get("/book/bingo") }, http.StatusNotFound},
		{"a section there is not", func() *servertest.Response { return mc.Get("/book/uth/sections/bingo") }, http.StatusNotFound},
		{"a hand-checker form that cannot be read", func() *servertest.Response {
			return raw(mc, "/tools/hand-checker", "op=%zz")
		}, http.StatusBadRequest},
		{"an unknown user", func() *servertest.Response { return ac.Get("/admin/users/999999") }, http.StatusNotFound},
		{"an unknown keypad", func() *servertest.Response { return k.Client().Get("/signin/trainees/999999") }, http.StatusNotFound},
		{"another trainee's session", func() *servertest.Response { return tc.Get("/practice/999999") }, http.StatusNotFound},
		{"another trainee's question", func() *servertest.Response { return tc.Get("/attempts/999999") }, http.StatusNotFound},
		{"another trainee's exam", func() *servertest.Response { return tc.Get("/exams/999999") }, http.StatusNotFound},
	}
	for _, r := range refusals {
		resp := r.resp()
		if resp.StatusCode != r.status {
			t.Errorf("%s: status %d; want %d\n%.1500s", r.what, resp.StatusCode, r.status, resp.Body)
			continue
		}
		wantPseudo(t, r.what, resp.Text(`[data-testid="error-page"] h1`))
	}

	// The refusals a page shows in place: one's own account, an exam's
	// rules, and the notices the handlers choose.
	own := ac.PostForm(userPath(k.admin)+"/deactivate", url.Values{"confirm": {"yes"}})
	wantStatus(t, "deactivating one's own account", own, http.StatusConflict)
	wantPseudo(t, "one's own account", own.TestID("form-problem"))
	for _, n := range []struct {
		what string
		c    *servertest.Client
		path string
	}{
		{"signed out", k.Client(), "/signin?ended=out"},
		{"the language saved", tc, "/language?saved=1"},
		{"a hold lifted", ac, "/admin/users?lifted=1"},
		{"a profile saved", ac, userPath(k.trainee) + "?done=profile"},
		{"a table test recorded", mc, "/manager/trainees/" + trainee + "?done=table-test"},
		{"rules approved", mc, "/manager/rules/" + h.Book.Version + "?done=approved"},
	} {
		resp := n.c.Get(n.path)
		wantStatus(t, n.what, resp, http.StatusOK)
		wantPseudo(t, n.what, resp.TestID("notice"))
	}
	ex := startExam(t, tc, "oracle")
	_, d := pending(t, h, ex)
	wantStatus(t, "an exam's first answer", tc.PostForm(examItemPath(ex, 1), answerForm(d.Key)), http.StatusSeeOther)
	again := tc.PostForm(examItemPath(ex, 1), answerForm(d.Key))
	wantStatus(t, "an exam item answered twice", again, http.StatusConflict)
	wantPseudo(t, "an exam item answered twice", again.TestID("notice"))
	for _, r := range []struct {
		what string
		resp *servertest.Response
	}{
		{"the book during an exam", tc.Get("/book")},
		{"practice during an exam", tc.PostForm("/practice", url.Values{"game": {"uth"}, "kind": {"payout"}, "mode": {"practice"}, "level": {"1"}})},
		{"ending an exam as a session", tc.PostForm(sessionPath(ex)+"/end", nil)},
	} {
		if r.resp.StatusCode < 400 {
			t.Errorf("%s: status %d; want a refusal", r.what, r.resp.StatusCode)
			continue
		}
		wantPseudo(t, r.what, r.resp.Text(`[data-testid="error-page"] h1`))
	}
}

// plainWordRE is a word of plain ASCII letters, as no pseudo-localized
// message has: a catalogue message has every letter accented.
var plainWordRE = regexp.MustCompile(`\b[A-Za-z]{3,}\b`)

// quotedRE is a value a message quotes: what was typed, a name.
var quotedRE = regexp.MustCompile(`"[^"]*"|“[^”]*”|«[^»]*»`)

// dateRE is a date, which the pseudo-locale writes as English does, and a
// rules file's name (a pay table's: "straight-pays").
var dateRE = regexp.MustCompile(`\b\d{1,2} [A-Z][a-z]{2} \d{4}\b|\b[a-z]+(?:-[a-z]+)+\b`)

// wantPseudo fails unless text is a pseudo-localized catalogue message:
// bracketed, accented, and with no plain English word outside the values it
// quotes and the kiosk's users' names.
func wantPseudo(t *testing.T, what, text string) {
	t.Helper()
	if text == "" {
		t.Errorf("%s: no message on the page", what)
		return
	}
	rest := dateRE.ReplaceAllString(quotedRE.ReplaceAllString(text, ""), "")
	for _, name := range []string{"Ada Admin", "Max Manager", "Tia Trainee", "bingo", "trainer settle"} {
		rest = strings.ReplaceAll(rest, name, "")
	}
	if !strings.HasPrefix(text, "[") || plainWordRE.MatchString(rest) {
		t.Errorf("%s: %q is not a catalogue message: an English sentence or an id the catalogues lack", what, text)
	}
}
