package server_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestGroup_ClassLiveTwoProcesses: the projector on one process and a
// tablet on another, of one PostgreSQL, as a group's kiosks run. The
// question the instructor asks through the first reaches the tablet's
// event stream on the second within a second of its start (the second
// process's hub polls the class's live version); the answer given through
// the second reaches the projector's stream on the first; the lock
// reaches the tablet within a second. Needs TRAINER_TEST_POSTGRES.
func TestGroup_ClassLiveTwoProcesses(t *testing.T) {
	t.Parallel()
	_, open := groupOpener(t)
	a := servertest.Start(t, servertest.Options{Open: open})
	b := servertest.Start(t, servertest.Options{Open: open})
	manager := a.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword)
	tia := a.CreateUser("Tia Trainee", trainer.RoleTrainee, "1042", traineePIN)
	cls := newClass(t, a, "Group Evenings", manager, tia)

	mc := a.Client()
	wantStatus(t, "the manager signs in on the first process",
		mc.PostForm("/signin/staff", url.Values{"name": {"Max Manager"}, "password": {managerPassword}}), http.StatusSeeOther)
	tc := signInTrainee(t, b, tia)
	wantRedirect(t, "start on the first", mc.PostForm(classPath(cls)+"/live/start", nil), classPath(cls)+"/live")
	wantRedirect(t, "join on the second", tc.PostForm(livePath(cls)+"/join", nil), livePath(cls))
	tablet := openStream(t, b, tc, livePath(cls)+"/events")
	waitPanel(t, "the tablet", tablet, "waiting")
	projector := openStream(t, a, mc, classPath(cls)+"/live/events")
	waitPanel(t, "the projector", projector, "waiting")

	ask := url.Values{"game": {"uth"}, "kind": {"payout"}, "level": {"1"}, "preview": {"0"}, "window": {"60"}}
	wantRedirect(t, "ask on the first", mc.PostForm(classPath(cls)+"/live/question", ask), classPath(cls)+"/live")
	q, d := liveQuestion(t, a, cls)
	within(t, "the question on the second process's tablet after its start", waitPanel(t, "the tablet", tablet, "open").Sub(q.Start))

	answerPath := fmt.Sprintf("%s/questions/%d/answer", livePath(cls), q.ID)
	wantRedirect(t, "answer on the second", tc.PostForm(answerPath, answerForm(d.Key)), livePath(cls))
	deadline := time.After(5 * time.Second)
	for counted := false; !counted; {
		select {
		case ev := <-projector:
			counted = ev.name == "panel" && strings.Contains(ev.data, `<span class="live-answered-n">1</span>`)
		case <-deadline:
			t.Fatal("the projector on the first process did not count the answer given on the second in 5 s")
		}
	}

	lock := url.Values{"question": {strconv.FormatInt(q.ID, 10)}, "action": {"lock"}}
	wantRedirect(t, "lock on the first", mc.PostForm(classPath(cls)+"/live/action", lock), classPath(cls)+"/live")
	locked, _ := liveQuestion(t, a, cls)
	within(t, "the result on the second process's tablet after the lock",
		waitPanel(t, "the tablet", tablet, "locked").Sub(locked.Events[len(locked.Events)-1].At))
	if resp := tc.Get(livePath(cls)); !resp.Has(`[data-testid="your-answer"]`) {
		t.Errorf("the tablet's page after the lock: no own result\n%s", resp.TestID("tablet-panel"))
	}
}
