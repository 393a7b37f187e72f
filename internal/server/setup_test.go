package server_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/dealerkiosk/trainer/internal/server/servertest"
)

func TestSetup_OnlyOnEmptyDatabase(t *testing.T) {
	t.Parallel()
	h := servertest.New(t)
	c := h.Client()

	wantRedirect(t, "GET / on a new kiosk", c.Get("/"), "/setup")
	wantRedirect(t, "GET /signin on a new kiosk", c.Get("/signin"), "/setup")
	resp := c.Get("/setup")
	wantStatus(t, "GET /setup on a new kiosk", resp, http.StatusOK)
	if !resp.Has(`[data-testid="setup-form"]`) {
		t.Fatal("GET /setup: no setup form")
	}

	resp = c.PostForm("/setup", url.Values{"name": {" Ada  Admin "}, "password": {adminPassword}, "confirm": {adminPassword}})
	wantRedirect(t, "POST /setup", resp, "/admin/users")
	resp = c.Get("/admin/users")
	wantStatus(t, "the new administrator opens /admin/users", resp, http.StatusOK)
	// The name, the role, and the link to the user's language (issue 18).
	if got := resp.TestID("who"); got != "Ada Admin Administrator Language" {
		t.Errorf("header after setup = %q; want %q", got, "Ada Admin Administrator Language")
	}

	// Once there is a user, the setup page is gone, for everyone.
	for _, c := range []*servertest.Client{c, h.Client()} {
		wantStatus(t, "GET /setup after setup", c.Get("/setup"), http.StatusNotFound)
		resp := c.PostForm("/setup", url.Values{"name": {"Mallory"}, "password": {"12345678"}, "confirm": {"12345678"}})
		wantStatus(t, "POST /setup after setup", resp, http.StatusNotFound)
	}
	if n, _ := h.DB.CountUsers(t.Context()); n != 1 {
		t.Errorf("users after a second setup attempt: %d; want 1", n)
	}
	wantRedirect(t, "GET / signed out after setup", h.Client().Get("/"), "/signin")
}

func TestSetup_BadInput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, password, confirm string
		field, msg              string
	}{
		{"", adminPassword, adminPassword, "name", "Enter a name."},
		{"   ", adminPassword, adminPassword, "name", "Enter a name."},
		{"Ada", "short", "short", "password", "Use at least 8 characters."},
		{"Ada", adminPassword, adminPassword + "!", "confirm", "The two entries do not match."},
	}
	h := servertest.New(t)
	for _, htmx := range []bool{false, true} {
		c := h.Client()
		if htmx {
			c.Header.Set("HX-Request", "true")
		}
		for _, tt := range tests {
			what := "POST /setup " + tt.field
			resp := c.PostForm("/setup", url.Values{"name": {tt.name}, "password": {tt.password}, "confirm": {tt.confirm}})
			wantStatus(t, what, resp, http.StatusUnprocessableEntity)
			wantFieldError(t, what, resp, tt.field, tt.msg)
			if got := resp.Header.Get("Vary"); got != "HX-Request" {
				t.Errorf("%s: Vary = %q; want HX-Request", what, got)
			}
			if isFragment(resp.Body) != htmx {
				t.Errorf("%s (htmx %v): fragment = %v; want %v", what, htmx, isFragment(resp.Body), htmx)
			}
			if resp.Has(`input[name="password"][value]:not([value=""])`) {
				t.Errorf("%s: the password was sent back in the form", what)
			}
		}
	}
	if n, _ := h.DB.CountUsers(t.Context()); n != 0 {
		t.Errorf("users after bad setups: %d; want 0", n)
	}
}
