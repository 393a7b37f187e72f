package server_test

import (
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/server"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestBackAfterSignout: a page a signed-in user saw is never kept by the
// browser (no-store), so Back after signing out asks the kiosk again, which
// sends the next person to sign-in. TestRoleMatrix checks no-store on every
// route for every role.
func TestBackAfterSignout(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	for _, c := range []struct {
		name string
		c    *servertest.Client
		page string
	}{
		{"trainee", k.traineeClient(t), "/progress"},
		{"manager", k.staffClient(t, "Max Manager", managerPassword), fmt.Sprintf("/manager/trainees/%d", k.trainee.ID)},
	} {
		resp := c.c.Get(c.page)
		wantStatus(t, c.name+"'s page", resp, http.StatusOK)
		if got := resp.Header.Get("Cache-Control"); got != "no-store" {
			t.Errorf("%s's page: Cache-Control %q; want no-store", c.name, got)
		}
		wantRedirect(t, c.name+" signs out", c.c.PostForm("/signout", nil), "/signin?ended=out")
		wantRedirect(t, c.name+"'s page after signing out", c.c.Get(c.page), "/signin")
	}
}

// TestSignin_KeypadWhenSignedIn: a signed-in user who opens a trainee's
// keypad is sent home, as from the name grid (README's route table).
func TestSignin_KeypadWhenSignedIn(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	wantRedirect(t, "a trainee's own keypad", k.traineeClient(t).Get(pinPath(k.trainee)), "/trainee")
	wantRedirect(t, "a manager at a keypad", k.staffClient(t, "Max Manager", managerPassword).Get(pinPath(k.trainee)), "/manager")
	resp := k.Client().Get(pinPath(k.trainee))
	wantStatus(t, "the keypad when signed out", resp, http.StatusOK)
}

// TestPractice_EndedSessionRefusesItsWaitingQuestion: once a session has
// ended, the question it was waiting on takes no hint and no answer (409,
// with the reason), and nothing is stored.
func TestPractice_EndedSessionRefusesItsWaitingQuestion(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.traineeClient(t)
	for _, end := range []string{"ended", "replaced by a new session"} {
		id := startSession(t, c, "uth", "payout", trainer.ModePractice, 1)
		a, d := pending(t, k.Harness, id)
		if end == "ended" {
			wantRedirect(t, "end the session", c.PostForm(sessionPath(id)+"/end", nil), sessionPath(id))
		} else {
			startSession(t, c, "uth", "payout", trainer.ModePractice, 1)
		}
		for _, h := range []*servertest.Client{c, htmxClient(k.traineeClient(t))} {
			resp := h.PostForm(fmt.Sprintf("/attempts/%d/hint", a.ID), nil)
			wantStatus(t, "a hint after the session "+end, resp, http.StatusConflict)
			if !strings.Contains(resp.Body, "This practice session has ended") {
				t.Errorf("a hint after the session %s: the page does not say why\n%.400s", end, resp.Body)
			}
			resp = h.PostForm(answerPath(a), answerForm(d.Key))
			wantStatus(t, "an answer after the session "+end, resp, http.StatusConflict)
			if !strings.Contains(resp.Body, "Start a new session to go on") {
				t.Errorf("an answer after the session %s: the page does not say why\n%.400s", end, resp.Body)
			}
		}
		got, err := k.DB.FindAttempt(t.Context(), a.ID, k.trainee.ID)
		if err != nil || got.Answered() || got.HintUsed {
			t.Errorf("the waiting question of a session %s: %+v (%v); want it left unanswered, without a hint", end, got, err)
		}
	}
}

// TestSession_SecureCookie: the session cookie is Secure over HTTPS, and a
// plain-HTTP kiosk believes X-Forwarded-Proto only from its trusted proxy.
func TestSession_SecureCookie(t *testing.T) {
	t.Parallel()
	signin := func(h *servertest.Harness, proto string) *http.Cookie {
		t.Helper()
		u := h.CreateUser(fmt.Sprintf("Tia %d", len(proto)), trainer.RoleTrainee, "", traineePIN)
		c := h.Client()
		req := c.NewRequest(http.MethodPost, pinPath(u), strings.NewReader(url.Values{"pin": {traineePIN}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if proto != "" {
			req.Header.Set("X-Forwarded-Proto", proto)
		}
		resp := c.Do(req)
		for _, ck := range resp.Cookies() {
			if ck.Name == "trainer_session" {
				return ck
			}
		}
		t.Fatalf("sign-in: status %d, no session cookie", resp.StatusCode)
		return nil
	}
	trusted := servertest.New(t, func(c *server.Config) { c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")} })
	if ck := signin(trusted, "https"); !ck.Secure {
		t.Error("the trusted proxy said https: the cookie is not Secure")
	}
	if ck := signin(trusted, "http"); ck.Secure {
		t.Error("the trusted proxy said http: the cookie is Secure")
	}
	other := servertest.New(t, func(c *server.Config) { c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/24")} })
	if ck := signin(other, "https"); ck.Secure {
		t.Error("X-Forwarded-Proto from an address that is not the trusted proxy made the cookie Secure")
	}
	if ck := signin(servertest.New(t), "https"); ck.Secure {
		t.Error("X-Forwarded-Proto with no trusted proxy made the cookie Secure")
	}
}
