package server_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

const (
	adminPassword   = "correct horse battery"
	managerPassword = "pit boss 1234"
	traineePIN      = "2468"
)

// kiosk is a running server with an administrator, a manager and a trainee.
type kiosk struct {
	*servertest.Harness
	admin, manager, trainee *trainer.User
}

func newKiosk(t *testing.T) *kiosk {
	t.Helper()
	h := servertest.New(t)
	return &kiosk{
		Harness: h,
		admin:   h.CreateUser("Ada Admin", trainer.RoleAdministrator, "", adminPassword),
		manager: h.CreateUser("Max Manager", trainer.RoleManager, "", managerPassword),
		trainee: h.CreateUser("Tia Trainee", trainer.RoleTrainee, "1042", traineePIN),
	}
}

// staffClient returns a browser signed in with a name and password.
func (k *kiosk) staffClient(t *testing.T, name, password string) *servertest.Client {
	t.Helper()
	c := k.Client()
	resp := c.PostForm("/signin/staff", url.Values{"name": {name}, "password": {password}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("staff sign-in of %q: status %d; want 303\n%s", name, resp.StatusCode, resp.Body)
	}
	return c
}

// traineeClient returns a browser signed in as the kiosk's trainee.
func (k *kiosk) traineeClient(t *testing.T) *servertest.Client {
	t.Helper()
	c := k.Client()
	resp := c.PostForm(pinPath(k.trainee), url.Values{"pin": {traineePIN}})
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/trainee" {
		t.Fatalf("trainee sign-in: status %d to %q; want 303 to /trainee\n%s",
			resp.StatusCode, resp.Header.Get("Location"), resp.Body)
	}
	return c
}

func pinPath(u *trainer.User) string { return fmt.Sprintf("/signin/trainees/%d", u.ID) }

func userPath(u *trainer.User) string { return fmt.Sprintf("/admin/users/%d", u.ID) }

// wantStatus fails the test unless resp has status code want.
func wantStatus(t *testing.T, what string, resp *servertest.Response, want int) {
	t.Helper()
	if resp.StatusCode != want {
		body := resp.Body
		if len(body) > 2000 {
			body = body[:2000] + "…"
		}
		t.Fatalf("%s: status %d; want %d\n%s", what, resp.StatusCode, want, body)
	}
}

// wantRedirect fails the test unless resp is a 303 to location.
func wantRedirect(t *testing.T, what string, resp *servertest.Response, location string) {
	t.Helper()
	wantStatus(t, what, resp, http.StatusSeeOther)
	if got := resp.Header.Get("Location"); got != location {
		t.Fatalf("%s: redirect to %q; want %q", what, got, location)
	}
}

// wantFieldError fails the test unless the form field's message is msg.
func wantFieldError(t *testing.T, what string, resp *servertest.Response, field, msg string) {
	t.Helper()
	got := resp.Text(`[data-testid="field-` + field + `"] [data-testid="field-error"]`)
	if got != msg {
		t.Errorf("%s: message on field %q = %q; want %q", what, field, got, msg)
	}
}

// isFragment reports whether body is a fragment rather than a whole page.
func isFragment(body string) bool { return !strings.Contains(strings.ToLower(body), "<html") }
