package server_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The class pages and the live drill through HTTP (issue 23,
// docs/classes.md "Live drill"): the roster import in the browser's form,
// and a live drill from start to report with its refusals.

// newClass makes a class of the kiosk's game uth led by the kiosk's manager,
// with members.
func newClass(t testing.TB, h *servertest.Harness, name string, instructor *trainer.User, members ...*trainer.User) *trainer.Class {
	t.Helper()
	c := &trainer.Class{Name: name, Instructors: []int64{instructor.ID}, Games: []string{"uth"}}
	for _, m := range members {
		c.Members = append(c.Members, m.ID)
	}
	if err := h.Store.CreateClass(t.Context(), c); err != nil {
		t.Fatalf("create class %q: %v", name, err)
	}
	return c
}

func classPath(c *trainer.Class) string { return fmt.Sprintf("/classes/%d", c.ID) }
func livePath(c *trainer.Class) string  { return fmt.Sprintf("/live/%d", c.ID) }

// uploadRoster posts a roster file to the class's preview as the browser's
// file field does.
func uploadRoster(t *testing.T, c *servertest.Client, cls *trainer.Class, data []byte) *servertest.Response {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("roster", "roster.csv")
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(data)
	mw.Close()
	req := c.NewRequest(http.MethodPost, classPath(cls)+"/roster/preview", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return c.Do(req)
}

// forty is a roster of 40 rows with every refusal, separated by semicolons
// with a byte-order mark as Excel writes it in Italy (internal/class's
// TestImportForty, against the users classUsers makes).
func forty() []byte {
	return []byte("\uFEFF" + strings.Join([]string{
		"Nome;Badge;PIN",
		"Tina Trainee;;",               // 2 join
		"kim;;9999",                    // 3 join, PIN unused
		"Ana Lee;A-5;",                 // 4 already in the class
		"Max Manager;;",                // 5 staff
		"Olga Old;;",                   // 6 deactivated
		"Tina Trainee;;",               // 7 same name as line 2
		"Ada Adrnin;;",                 // 8 looks like Ada Admin
		"Zoe Zhang;T-1;",               // 9 another user's badge
		"Yan Yu;Y-1;12",                // 10 PIN too short
		";Q-1;",                        // 11 empty name
		"\"Bad\u200bName\";;",          // 12 unreadable name
		strings.Repeat("x", 45) + ";;", // 13 too long
		"Bea Bond;B 1;",                // 14 badge characters
		"Ana Lee;A-6;",                 // 15 same name as line 4
		"Cy Cole;C-1;2468",             // 16 add, PIN given
		"Di Dunn;C-1;",                 // 17 same badge as line 16
		"Dana Lee;;",                   // 18 add
		"Dana Lее;;",                   // 19 looks like line 18 (Cyrillic е)
		"Pat Park;P-8;",                // 20 another badge than the user's
		"Quinn Moss;Q-9;",              // 21 a badge for a user who has none
		"Ed Eve;E-1;", "Fay Fox;F-1;13579", "Gus Gray;G-1;", "Hal Hope;H-1;", "Ivy Ink;I-1;", "Jo Jay;J-1;",
		"Ken Kay;K-2;", "Lou Lin;L-1;", "Mo Moss;M-1;", "Ned Nye;N-1;", "Oz Orr;O-1;", "Pia Poe;P-1;",
		"Quin Qi;Q-2;", "Rae Roe;R-1;", "Sol Sun;S-1;", "Ty Tao;T-3;", "Uma Ung;U-1;", // 22–38 add
		"Val Vo;V-1;abcd", // 39 PIN of letters
		"Wes Wu;O-4;",     // 40 the deactivated trainee's badge
		"Xi Xu;X-1;",      // 41 add
	}, "\r\n") + "\r\n")
}

// classUsers are the users the forty rows are planned against, and the
// class with Ana Lee in it.
func classUsers(t *testing.T, k *kiosk) *trainer.Class {
	t.Helper()
	k.CreateUser("Tina Trainee", trainer.RoleTrainee, "T-1", traineePIN)
	k.CreateUser("Kim", trainer.RoleTrainee, "", traineePIN)
	olga := k.CreateUser("Olga Old", trainer.RoleTrainee, "O-4", traineePIN)
	if err := k.Store.SetUserActive(t.Context(), olga.ID, false); err != nil {
		t.Fatal(err)
	}
	ana := k.CreateUser("Ana Lee", trainer.RoleTrainee, "A-5", traineePIN)
	k.CreateUser("Pat Park", trainer.RoleTrainee, "P-7", traineePIN)
	k.CreateUser("Quinn Moss", trainer.RoleTrainee, "", traineePIN)
	return newClass(t, k.Harness, "Evenings March", k.manager, ana)
}

// TestClass_RosterImport: the 40-row file with every refusal, through the
// pages: the preview says each row's fate and saves nothing; the commit
// saves every accepted row at once and prints a slip for each PIN the
// kiosk made; a second commit of the same file finds nothing to save.
func TestClass_RosterImport(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	cls := classUsers(t, k)
	mc := k.staffClient(t, "Max Manager", managerPassword)

	resp := uploadRoster(t, mc, cls, forty())
	wantStatus(t, "preview", resp, http.StatusOK)
	rows := resp.Doc.Find(`[data-testid="plan-row"]`)
	if rows.Length() != 40 {
		t.Fatalf("preview: %d rows; want 40\n%s", rows.Length(), resp.TestID("roster-plan"))
	}
	reasons := resp.Doc.Find(`[data-testid="plan-reason"]`)
	if reasons.Length() != 17 {
		t.Errorf("preview: %d rows with a reason; want 17", reasons.Length())
	}
	for _, want := range []string{"Already in the class", "Badge number T-1 belongs to Tina Trainee.", "This name is on line 2 already."} {
		if !strings.Contains(resp.TestID("roster-plan"), want) {
			t.Errorf("preview does not say %q", want)
		}
	}
	if got, err := k.Store.FindClass(t.Context(), cls.ID); err != nil || len(got.Members) != 1 {
		t.Fatalf("after the preview the class has %v members (%v); want 1: nothing saved", got, err)
	}
	form := url.Values{}
	resp.Doc.Find(`[data-testid="roster-commit-form"] input[type="hidden"]`).Each(func(_ int, s *goquery.Selection) {
		n, _ := s.Attr("name")
		v, _ := s.Attr("value")
		form.Set(n, v)
	})
	action, _ := resp.Doc.Find(`[data-testid="roster-commit-form"]`).Attr("action")
	done := mc.PostForm(action, form)
	wantStatus(t, "commit", done, http.StatusOK)
	slips := done.Doc.Find(`[data-testid="slip"]`)
	if slips.Length() != 18 {
		t.Errorf("%d slips; want 18 (20 added, 2 with the file's PIN)", slips.Length())
	}
	done.Doc.Find(`[data-testid="slip-pin"]`).Each(func(_ int, s *goquery.Selection) {
		pin := strings.Fields(s.Text())
		if len(pin) == 0 || trainer.ValidatePIN(pin[len(pin)-1]) != nil {
			t.Errorf("slip PIN %q", s.Text())
		}
	})
	got, err := k.Store.FindClass(t.Context(), cls.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Members) != 23 { // Ana Lee, 2 joining, 20 added
		t.Errorf("after the commit the class has %d members; want 23", len(got.Members))
	}
	// Cy Cole signs in with the PIN of the file.
	cy, err := k.Store.FindUserByName(t.Context(), "Cy Cole")
	if err != nil {
		t.Fatal(err)
	}
	wantRedirect(t, "Cy Cole signs in", k.Client().PostForm(pinPath(cy), url.Values{"pin": {"2468"}}), "/trainee")

	again := mc.PostForm(action, form)
	if again.StatusCode != http.StatusConflict || again.TestID("roster-notice") == "" {
		t.Errorf("the same file committed again: status %d, notice %q; want 409 with why", again.StatusCode, again.TestID("roster-notice"))
	}
	if got, _ := k.Store.FindClass(t.Context(), cls.ID); len(got.Members) != 23 {
		t.Errorf("after the second commit the class has %d members; want 23", len(got.Members))
	}

	// A file that is not one, and another manager, are refused.
	bad := uploadRoster(t, mc, cls, []byte("Name;Badge;PIN;Extra;More\r\n\"Open;;\r\n"))
	if bad.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("a broken file: status %d; want 422", bad.StatusCode)
	}
	k.CreateUser("Mia Other", trainer.RoleManager, "", managerPassword)
	other := k.staffClient(t, "Mia Other", managerPassword)
	if resp := uploadRoster(t, other, cls, forty()); resp.StatusCode != http.StatusForbidden {
		t.Errorf("another manager's preview: status %d; want 403", resp.StatusCode)
	}
}

// liveQuestion is the class's current question and its drill, read from
// the store as the server reads it.
func liveQuestion(t testing.TB, h *servertest.Harness, cls *trainer.Class) (*trainer.ClassQuestion, *drills.Drill) {
	t.Helper()
	live, err := h.Store.ClassLive(t.Context(), cls.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	q := live.Question
	if q == nil {
		t.Fatal("no question is live")
	}
	d, err := generator(t).Generate(q.House, drills.Spec{Game: q.Game, Kind: q.Kind, Level: q.Level, Seed: q.Seed, Lang: "en"})
	if err != nil {
		t.Fatal(err)
	}
	return q, d
}

// TestClass_LiveDrill: an instructor starts a live drill and asks a
// question; a member joins in one tap, sees the preview without the
// answer form, then the form, answers once (a second answer is 409); the
// projector counts the answer without saying whose; after the lock the
// projector shows the results and an answer is refused; the report has
// every participant's result; a trainee not in the class gets 403.
func TestClass_LiveDrill(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	ugo := k.CreateUser("Ugo Late", trainer.RoleTrainee, "1043", traineePIN)
	out := k.CreateUser("Oda Outside", trainer.RoleTrainee, "1044", traineePIN)
	cls := newClass(t, k.Harness, "Mornings", k.manager, k.trainee, ugo)
	mc := k.staffClient(t, "Max Manager", managerPassword)
	tc := k.traineeClient(t)
	uc := signInTrainee(t, k.Harness, ugo)
	oc := signInTrainee(t, k.Harness, out)

	if resp := tc.Get("/trainee"); resp.Has(`[data-testid="join-class"]`) {
		t.Error("the home page offers to join before the drill starts")
	}
	wantRedirect(t, "start", mc.PostForm(classPath(cls)+"/live/start", nil), classPath(cls)+"/live")
	home := tc.Get("/trainee")
	if !home.Has(`[data-testid="join-class"]`) {
		t.Fatalf("the home page does not offer to join the live drill\n%s", home.Body)
	}
	wantRedirect(t, "join", tc.PostForm(livePath(cls)+"/join", nil), livePath(cls))
	wantRedirect(t, "Ugo joins", uc.PostForm(livePath(cls)+"/join", nil), livePath(cls))
	if resp := oc.PostForm(livePath(cls)+"/join", nil); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a trainee not in the class joins: status %d; want 403", resp.StatusCode)
	}
	if resp := oc.Get(livePath(cls)); resp.StatusCode != http.StatusForbidden {
		t.Errorf("a trainee not in the class opens the live page: status %d; want 403", resp.StatusCode)
	}

	ask := url.Values{"game": {"uth"}, "kind": {"payout"}, "level": {"1"}, "preview": {"5"}, "window": {"30"}}
	wantRedirect(t, "ask", mc.PostForm(classPath(cls)+"/live/question", ask), classPath(cls)+"/live")
	q, d := liveQuestion(t, k.Harness, cls)
	tab := tc.Get(livePath(cls))
	wantStatus(t, "tablet in the preview", tab, http.StatusOK)
	if !tab.Has(`[data-testid="tablet-preview"]`) || tab.Has(`form[action$="/answer"]`) {
		t.Errorf("tablet in the preview: want the round without the answer form\n%s", tab.TestID("tablet-panel"))
	}
	answerPath := fmt.Sprintf("%s/questions/%d/answer", livePath(cls), q.ID)
	if resp := tc.PostForm(answerPath, answerForm(d.Key)); resp.StatusCode < 400 {
		t.Errorf("an answer in the preview: status %d; want a refusal", resp.StatusCode)
	}

	k.Clock.Advance(6 * time.Second)
	tab = tc.Get(livePath(cls))
	if !tab.Has(`form[action="` + answerPath + `"]`) {
		t.Fatalf("tablet once answers open: no answer form\n%s", tab.TestID("tablet-panel"))
	}
	if got := tab.TestID("live-clock"); got == "" {
		t.Error("tablet once answers open: no countdown")
	}
	wantRedirect(t, "answer", tc.PostForm(answerPath, answerForm(d.Key)), livePath(cls))
	second := tc.PostForm(answerPath, answerForm(wrongKey(d)))
	if second.StatusCode != http.StatusConflict || second.TestID("tablet-notice") == "" {
		t.Errorf("a second answer: status %d, notice %q; want 409 with why", second.StatusCode, second.TestID("tablet-notice"))
	}
	proj := mc.Get(classPath(cls) + "/live")
	wantStatus(t, "projector", proj, http.StatusOK)
	if got := proj.TestID("answered"); !strings.HasPrefix(got, "1") {
		t.Errorf("projector while open: answered %q; want 1 of 2", got)
	}
	if strings.Contains(proj.TestID("projector-panel"), k.trainee.Name) || proj.Has(`[data-testid="spread"]`) {
		t.Error("projector while open shows who answered or what")
	}

	lock := url.Values{"question": {strconv.FormatInt(q.ID, 10)}, "action": {"lock"}}
	wantRedirect(t, "lock", mc.PostForm(classPath(cls)+"/live/action", lock), classPath(cls)+"/live")
	late := uc.PostForm(answerPath, answerForm(d.Key))
	if late.StatusCode != http.StatusConflict || late.TestID("tablet-notice") == "" {
		t.Errorf("an answer after the lock: status %d, notice %q; want 409 with why", late.StatusCode, late.TestID("tablet-notice"))
	}
	proj = mc.Get(classPath(cls) + "/live")
	if !proj.Has(`[data-testid="results"]`) || !proj.Has(`[data-testid="right-answer"]`) {
		t.Errorf("projector after the lock: no results\n%s", proj.TestID("projector-panel"))
	}
	if got := proj.TestID("percent"); !strings.Contains(got, "100") {
		t.Errorf("projector after the lock: %q right; want 100 %% (one answer, right)", got)
	}
	tab = tc.Get(livePath(cls))
	if !tab.Has(`[data-testid="your-answer"]`) || !tab.Has(`[data-testid="explanation"]`) {
		t.Errorf("tablet after the lock: no own result and explanation\n%s", tab.TestID("tablet-panel"))
	}
	if ut := uc.Get(livePath(cls)); !ut.Has(`[data-testid="no-answer"]`) {
		t.Errorf("Ugo's tablet after the lock: want no answer\n%s", ut.TestID("tablet-panel"))
	}

	// The trainee's open session is the class's: the home page resumes it
	// on the class's live page, and practice sends it there too.
	mine, err := k.Store.ClassLive(t.Context(), cls.ID, k.trainee.ID)
	if err != nil || mine.Participant == nil {
		t.Fatalf("Tia's participation: %v, %v", mine, err)
	}
	if href, _ := tc.Get("/trainee").Doc.Find(`[data-testid="resume"]`).Attr("href"); href != livePath(cls) {
		t.Errorf("the home page resumes at %q; want the class's live page %q", href, livePath(cls))
	}
	wantRedirect(t, "practice of a class session", tc.Get(fmt.Sprintf("/practice/%d", mine.Participant.SessionID)), livePath(cls))

	// Another manager may not drive the class; an outsider's stream is 403.
	k.CreateUser("Mia Other", trainer.RoleManager, "", managerPassword)
	other := k.staffClient(t, "Mia Other", managerPassword)
	if resp := other.PostForm(classPath(cls)+"/live/action", lock); resp.StatusCode != http.StatusForbidden {
		t.Errorf("another manager's action: status %d; want 403", resp.StatusCode)
	}
	if resp := oc.Get(livePath(cls) + "/events"); resp.StatusCode != http.StatusForbidden {
		t.Errorf("an outsider's event stream: status %d; want 403", resp.StatusCode)
	}

	end := mc.PostForm(classPath(cls)+"/live/end", nil)
	wantStatus(t, "end", end, http.StatusSeeOther)
	report := mc.Get(end.Header.Get("Location"))
	wantStatus(t, "report", report, http.StatusOK)
	if n := report.Doc.Find(`[data-testid="report-row"]`).Length(); n != 2 {
		t.Errorf("report: %d rows; want 2 (both joined)", n)
	}
	csv := mc.Get(end.Header.Get("Location") + "/report.csv")
	wantStatus(t, "report CSV", csv, http.StatusOK)
	if !strings.HasPrefix(csv.Header.Get("Content-Type"), "text/csv") || !strings.Contains(csv.Body, k.trainee.Name) {
		t.Errorf("report CSV: %s\n%s", csv.Header.Get("Content-Type"), csv.Body)
	}
	if home := tc.Get("/trainee"); home.Has(`[data-testid="join-class"]`) {
		t.Error("the home page offers to join after the drill ended")
	}
}

// matrixClass makes, for TestRoleMatrix, a class the kiosk's manager leads
// with its trainee in it, a live drill of it with one question, ended, and
// a prepared list of the manager's.
func matrixClass(t *testing.T, k *kiosk) (classID, runID, questionID, listID int64) {
	t.Helper()
	ctx := t.Context()
	cls := newClass(t, k.Harness, "Matrix Class", k.manager, k.trainee)
	run := &trainer.ClassRun{ClassID: cls.ID, House: rulebook.DefaultHouse, RulesVersion: k.Book.Version, StartedBy: k.manager.ID}
	if err := k.Store.StartClassRun(ctx, run); err != nil {
		t.Fatal(err)
	}
	q := &trainer.ClassQuestion{RunID: run.ID, Game: "uth", Kind: "payout", Level: 1, Seed: 7, Skill: "payout", TargetSeconds: 20, House: rulebook.DefaultHouse, RulesVersion: k.Book.Version,
		Timing: trainer.ClassTiming{Preview: 0, Window: 30 * time.Second}}
	if err := k.Store.StartClassQuestion(ctx, q, class.CheckNext); err != nil {
		t.Fatal(err)
	}
	if _, err := k.Store.EndClassRun(ctx, run.ID); err != nil {
		t.Fatal(err)
	}
	l := &trainer.ClassList{OwnerID: k.manager.ID, Name: "Matrix list", Items: []byte(`[{"game":"uth","kind":"payout","level":1}]`)}
	if err := k.Store.SaveClassList(ctx, l); err != nil {
		t.Fatal(err)
	}
	return cls.ID, run.ID, q.ID, l.ID
}

// TestClass_WatchingKeepsSignedIn: a trainee who joined a running live drill
// and only watches its event stream (the instructor explains, nobody taps)
// stays signed in past the idle timeout, the stream keeping the session as
// a tap would; with no drill running, the same wait signs them out. The
// kiosk's clock moves; each step waits for two of the stream's heartbeats
// (every 10 s), at which the stream keeps the session.
func TestClass_WatchingKeepsSignedIn(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	k.ApproveRules(k.manager)
	idler := k.CreateUser("Ida Idle", trainer.RoleTrainee, "1045", traineePIN)
	cls := newClass(t, k.Harness, "Evenings", k.manager, k.trainee, idler)
	mc := k.staffClient(t, "Max Manager", managerPassword)
	tc := k.traineeClient(t)
	ic := signInTrainee(t, k.Harness, idler)

	wantRedirect(t, "start", mc.PostForm(classPath(cls)+"/live/start", nil), classPath(cls)+"/live")
	wantRedirect(t, "join", tc.PostForm(livePath(cls)+"/join", nil), livePath(cls))
	watching := openStream(t, k.Harness, tc, livePath(cls)+"/events")
	// Ida is signed in but not on the class page: nothing keeps her.
	alive := func() {
		t.Helper()
		timeout := time.After(30 * time.Second)
		for {
			select {
			case ev, ok := <-watching:
				if !ok {
					t.Fatal("the watching trainee's stream ended")
				}
				if ev.name == "alive" {
					return
				}
			case <-timeout:
				t.Fatal("no heartbeat on the stream in 30 s")
			}
		}
	}
	// The stream's answer began before its heartbeat's check was set up: the
	// clock may move between the two (KeepSignedIn checks at its first beat).
	// Two steps of four minutes: eight minutes without a tap, more than the
	// five of the idle timeout, each step under it. A heartbeat read after
	// the clock moved may have been sent before (a busy machine reads late):
	// what came before is dropped, and the second heartbeat after the move
	// is the one that saw it.
	for range 2 {
		for drained := false; !drained; {
			select {
			case _, ok := <-watching:
				if !ok {
					t.Fatal("the watching trainee's stream ended")
				}
			default:
				drained = true
			}
		}
		k.Clock.Advance(4 * time.Minute)
		alive()
		alive()
	}
	wantStatus(t, "the trainee watching the live drill, after 8 minutes without a tap", tc.Get(livePath(cls)), http.StatusOK)
	wantRedirect(t, "a trainee not watching, after 8 minutes", ic.Get("/trainee"), "/signin?ended=idle")
}
