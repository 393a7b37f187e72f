package server_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/server/servertest"
)

func TestRoles(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	clients := map[string]*servertest.Client{
		"signed out":    k.Client(),
		"trainee":       k.traineeClient(t),
		"manager":       k.staffClient(t, "Max Manager", managerPassword),
		"administrator": k.staffClient(t, "Ada Admin", adminPassword),
	}
	// Every protected page, and who may open it (the others get 403;
	// signed-out visitors are sent to sign-in).
	pages := []struct {
		path    string
		allowed []string
	}{
		{"/trainee", []string{"trainee"}},
		{"/manager", []string{"manager", "administrator"}},
		{"/tools/hand-checker", []string{"manager", "administrator"}},
		{"/admin/users", []string{"administrator"}},
		{"/admin/users/new", []string{"administrator"}},
		{userPath(k.trainee), []string{"administrator"}},
		{"/admin/settings", []string{"administrator"}},
	}
	for _, p := range pages {
		for who, c := range clients {
			resp := c.Get(p.path)
			what := who + " GET " + p.path
			switch {
			case who == "signed out":
				wantRedirect(t, what, resp, "/signin")
			case contains(p.allowed, who):
				wantStatus(t, what, resp, http.StatusOK)
			default:
				wantStatus(t, what, resp, http.StatusForbidden)
				if got := resp.TestID("error-page"); got == "" {
					t.Errorf("%s: no error page", what)
				}
			}
		}
	}
	// Posting to an administrator's form as a trainee is refused too.
	resp := clients["trainee"].PostForm("/admin/users", url.Values{"role": {"administrator"}, "name": {"Eve"}})
	wantStatus(t, "trainee POST /admin/users", resp, http.StatusForbidden)
	// A failed htmx request puts an alert in #alert.
	c := clients["trainee"]
	c.Header.Set("HX-Request", "true")
	resp = c.Get("/admin/users")
	wantStatus(t, "htmx trainee GET /admin/users", resp, http.StatusForbidden)
	if resp.Header.Get("HX-Retarget") != "#alert" || resp.TestID("alert") != "This page is not for your role." {
		t.Errorf("htmx 403: HX-Retarget %q, alert %q", resp.Header.Get("HX-Retarget"), resp.TestID("alert"))
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestRoot_SendsEachRoleHome(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	wantRedirect(t, "signed out", k.Client().Get("/"), "/signin")
	wantRedirect(t, "trainee", k.traineeClient(t).Get("/"), "/trainee")
	wantRedirect(t, "manager", k.staffClient(t, "Max Manager", managerPassword).Get("/"), "/manager")
	wantRedirect(t, "administrator", k.staffClient(t, "Ada Admin", adminPassword).Get("/"), "/admin/users")
}

func TestCrossOriginPostRefused(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	form := url.Values{"name": {"Max Manager"}, "password": {managerPassword}}
	for _, hdr := range []struct{ key, value string }{
		{"Sec-Fetch-Site", "cross-site"},
		{"Origin", "http://evil.example"},
	} {
		c := k.Client()
		req := c.NewRequest(http.MethodPost, "/signin/staff", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Del("Sec-Fetch-Site")
		req.Header.Set(hdr.key, hdr.value)
		resp := c.Do(req)
		wantStatus(t, "POST with "+hdr.key+": "+hdr.value, resp, http.StatusForbidden)
		if c.Cookie("trainer_session") != "" {
			t.Errorf("cross-origin sign-in set a session cookie")
		}
	}
	// The same POST from the kiosk's own page works.
	wantRedirect(t, "same-origin POST", k.Client().PostForm("/signin/staff", form), "/manager")
	// A cross-site GET (a link from elsewhere) is allowed.
	c := k.Client()
	req := c.NewRequest(http.MethodGet, "/signin", nil)
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	wantStatus(t, "cross-site GET", c.Do(req), http.StatusOK)
}
