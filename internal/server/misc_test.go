package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/server/servertest"
)

func TestHealthz(t *testing.T) {
	t.Parallel()
	h := servertest.New(t)
	resp := h.Client().Get("/healthz")
	wantStatus(t, "GET /healthz", resp, http.StatusOK)
	var got map[string]string
	if err := json.Unmarshal([]byte(resp.Body), &got); err != nil {
		t.Fatalf("GET /healthz: %v\n%s", err, resp.Body)
	}
	want, err := h.DB.SchemaVersion(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if got["status"] != "ok" || got["schema"] != want || !strings.HasPrefix(want, "00") {
		t.Errorf("GET /healthz = %v; want status ok and schema %s", got, want)
	}
}

func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	h := servertest.New(t)
	for _, path := range []string{"/setup", "/static/app.css", "/no-such-page"} {
		resp := h.Client().Get(path)
		for header, want := range map[string]string{
			"X-Content-Type-Options": "nosniff",
			"Referrer-Policy":        "same-origin",
			"X-Frame-Options":        "DENY",
		} {
			if got := resp.Header.Get(header); got != want {
				t.Errorf("GET %s: %s = %q; want %q", path, header, got, want)
			}
		}
		csp := resp.Header.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("GET %s: Content-Security-Policy %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
			t.Errorf("GET %s: Content-Security-Policy %q allows inline code", path, csp)
		}
	}
	// No inline script or style in a page: the policy would block it.
	resp := h.Client().Get("/setup")
	if resp.Has("script:not([src])") || resp.Has("style") || resp.Has("[style]") {
		t.Error("GET /setup has an inline script or style")
	}
}

func TestSessionCookieAttributes(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	resp := k.Client().PostForm(pinPath(k.trainee), map[string][]string{"pin": {traineePIN}})
	wantStatus(t, "sign-in", resp, http.StatusSeeOther)
	var found bool
	for _, c := range resp.Cookies() {
		if c.Name != "trainer_session" {
			continue
		}
		found = true
		if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" {
			t.Errorf("session cookie: HttpOnly %v, SameSite %v, Path %q; want true, Lax, /", c.HttpOnly, c.SameSite, c.Path)
		}
		if c.Secure {
			t.Error("session cookie is Secure over plain HTTP: the browser would never send it back")
		}
	}
	if !found {
		t.Fatal("no session cookie after sign-in")
	}
}

func TestStatic(t *testing.T) {
	t.Parallel()
	h := servertest.New(t)
	c := h.Client()
	resp := c.Get("/static/htmx-2.0.11.min.js")
	wantStatus(t, "GET htmx", resp, http.StatusOK)
	if !strings.Contains(resp.Body, `version:"2.0.11"`) {
		t.Error("the vendored htmx is not 2.0.11")
	}
	etag := resp.Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag on a static file")
	}
	req := c.NewRequest(http.MethodGet, "/static/htmx-2.0.11.min.js", nil)
	req.Header.Set("If-None-Match", etag)
	wantStatus(t, "revalidate htmx", c.Do(req), http.StatusNotModified)
	wantStatus(t, "GET a missing static file", c.Get("/static/nope.js"), http.StatusNotFound)
	wantStatus(t, "GET the static directory", c.Get("/static/"), http.StatusNotFound)
}
