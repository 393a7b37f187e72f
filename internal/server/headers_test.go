package server_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/server/servertest"
)

// wantHeaders are the security headers every response carries, whatever it
// is: a page, a fragment, a static file, an error or a redirect.
var wantHeaders = map[string]string{
	// Only the kiosk's own scripts, styles, images and requests; no
	// inline code, no plugins, no framing, forms post only to the kiosk.
	"Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; " +
		"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
	"X-Content-Type-Options": "nosniff",
	"Referrer-Policy":        "same-origin",
	"X-Frame-Options":        "DENY",
}

// inline finds what the policy would block in a page the kiosk sends: a
// script without src, a style element or attribute, an on… handler, a
// javascript: URL. The kiosk must not depend on any of them.
var inline = regexp.MustCompile(`(?i)<script(\s[^>]*)?>\s*[^<\s]|<style[\s>]|\sstyle\s*=|\son[a-z]+\s*=|javascript:`)

func checkSecurityHeaders(t *testing.T, what string, resp *servertest.Response) {
	t.Helper()
	for k, v := range wantHeaders {
		if got := resp.Header.Get(k); got != v {
			t.Errorf("%s: %s = %q; want %q", what, k, got, v)
		}
	}
	if strings.Contains(resp.Header.Get("Content-Type"), "text/html") {
		if m := inline.FindString(resp.Body); m != "" {
			t.Errorf("%s: the page holds %q, which its Content-Security-Policy blocks", what, m)
		}
	}
}

// TestSecurityHeaders_EveryKindOfResponse checks the responses TestRoleMatrix does not make:
// static files of every kind, unknown pages, wrong methods, cross-site posts
// refused, htmx redirects and fragments, forms refused with 422.
func TestSecurityHeaders_EveryKindOfResponse(t *testing.T) {
	t.Parallel()
	k := newKiosk(t)
	c := k.Client()
	check := func(what string, resp *servertest.Response, status int) {
		t.Helper()
		if resp.StatusCode != status {
			t.Errorf("%s: status %d; want %d", what, resp.StatusCode, status)
		}
		checkSecurityHeaders(t, what, resp)
	}
	for _, path := range []string{"/static/app.css", "/static/kiosk.js", "/static/htmx-2.0.11.min.js", "/static/favicon.svg"} {
		check("GET "+path, c.Get(path), http.StatusOK)
	}
	check("GET a missing static file", c.Get("/static/nope.js"), http.StatusNotFound)
	check("GET an unknown page", c.Get("/no/such/page"), http.StatusNotFound)
	check("DELETE /signin", c.Do(c.NewRequest(http.MethodDelete, "/signin", nil)), http.StatusMethodNotAllowed)
	check("POST a wrong PIN", c.PostForm(pinPath(k.trainee), url.Values{"pin": {"0000"}}), http.StatusUnprocessableEntity)

	req := c.NewRequest(http.MethodPost, "/signin/staff", strings.NewReader("name=x&password=y"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	check("a cross-site POST", c.Do(req), http.StatusForbidden)

	// A static file asked again with its ETag: 304 carries them too.
	first := c.Get("/static/app.css")
	if etag := first.Header.Get("ETag"); etag != "" {
		req := c.NewRequest(http.MethodGet, "/static/app.css", nil)
		req.Header.Set("If-None-Match", etag)
		check("GET /static/app.css again", c.Do(req), http.StatusNotModified)
	}

	h := k.traineeClient(t)
	h.Header.Set("HX-Request", "true")
	check("htmx GET of a staff page", h.Get("/manager"), http.StatusForbidden)
	check("htmx sign-out", h.PostForm("/signout", nil), http.StatusNoContent)
}
