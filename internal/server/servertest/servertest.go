// Package servertest runs the real kiosk server for tests: a real SQLite
// file under the test's temporary directory, the real routes and templates,
// and real HTTP through httptest.NewServer. The server tests and the browser
// tests share it.
//
// It holds no assertions of its own beyond failing the test when the
// harness cannot start.
package servertest

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/server"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web"
)

// Harness is a running kiosk server.
type Harness struct {
	TB    testing.TB
	URL   string // base URL, such as http://127.0.0.1:41234
	DB    *sqlite.DB
	Clock *Clock
	// Server is the handler behind URL, for tests that inspect it (the
	// role matrix walks its routes).
	Server *server.Server
	logs   *logBuffer
}

// New starts a kiosk server on a new database and stops it when the test ends.
// The server's log goes to the test's output.
func New(tb testing.TB) *Harness {
	tb.Helper()
	db, err := sqlite.Open(tb.Context(), filepath.Join(tb.TempDir(), "trainer.db"))
	if err != nil {
		tb.Fatal(err)
	}
	clock := &Clock{}
	db.Now = clock.Now
	key, err := db.SessionKey(tb.Context())
	if err != nil {
		tb.Fatal(err)
	}
	logs := &logBuffer{}
	log := slog.New(slog.NewTextHandler(io.MultiWriter(tb.Output(), logs), &slog.HandlerOptions{Level: slog.LevelWarn}))
	book, err := rulebook.Load(rules.FS)
	if err != nil {
		tb.Fatal(err)
	}
	srv, err := server.New(server.Config{SessionKey: key, Logger: log}, db, book, web.Static)
	if err != nil {
		tb.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	tb.Cleanup(func() {
		ts.Close() // waits for requests in flight, before the database closes
		if err := db.Close(); err != nil {
			tb.Error(err)
		}
	})
	return &Harness{TB: tb, URL: ts.URL, DB: db, Clock: clock, Server: srv, logs: logs}
}

// Logs returns what the server has logged so far at level Warn and above
// (refusals, lockouts, internal errors), one line per record.
func (h *Harness) Logs() string { return h.logs.String() }

// logBuffer keeps the server's log for Logs. Safe for concurrent use.
type logBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Clock follows the real time plus an offset that a test moves forward, so
// sessions expire without sleeping. Safe for concurrent use.
type Clock struct{ offset atomic.Int64 }

// Now is the harness's current time.
func (c *Clock) Now() time.Time { return time.Now().Add(time.Duration(c.offset.Load())) }

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) { c.offset.Add(int64(d)) }

// CreateUser stores a user directly (not through the pages) with the PIN or
// password secret, and returns it.
func (h *Harness) CreateUser(name string, role trainer.Role, badge, secret string) *trainer.User {
	h.TB.Helper()
	hash, err := trainer.HashSecret(secret)
	if err != nil {
		h.TB.Fatal(err)
	}
	u := &trainer.User{Name: name, Role: role, Badge: badge, SecretHash: hash}
	if err := h.DB.CreateUser(h.TB.Context(), u); err != nil {
		h.TB.Fatalf("create user %q: %v", name, err)
	}
	return u
}

// Client is one browser: it keeps its cookies, does not follow redirects (so
// tests see each 303), and marks its requests same-origin as a browser does.
type Client struct {
	h    *Harness
	http *http.Client
	// Header is added to every request (for example HX-Request: true).
	Header http.Header
}

// Client returns a new browser with no cookies.
func (h *Harness) Client() *Client {
	jar, err := cookiejar.New(nil)
	if err != nil {
		h.TB.Fatal(err)
	}
	return &Client{
		h: h,
		http: &http.Client{
			Jar:           jar,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
		Header: http.Header{},
	}
}

// Response is a finished response with its body read and parsed.
type Response struct {
	*http.Response
	Body string
	Doc  *goquery.Document
}

// Text returns the whitespace-collapsed text of the elements that match sel.
func (r *Response) Text(sel string) string {
	return strings.Join(strings.Fields(r.Doc.Find(sel).Text()), " ")
}

// TestID returns the whitespace-collapsed text of the elements whose
// data-testid is id.
func (r *Response) TestID(id string) string { return r.Text(`[data-testid="` + id + `"]`) }

// Has reports whether some element matches sel.
func (r *Response) Has(sel string) bool { return r.Doc.Find(sel).Length() > 0 }

// Get requests path (such as "/signin").
func (c *Client) Get(path string) *Response {
	c.h.TB.Helper()
	return c.Do(c.NewRequest(http.MethodGet, path, nil))
}

// PostForm posts form to path as a browser's form does.
func (c *Client) PostForm(path string, form url.Values) *Response {
	c.h.TB.Helper()
	req := c.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return c.Do(req)
}

// NewRequest builds a same-origin request for path, with c.Header added.
func (c *Client) NewRequest(method, path string, body io.Reader) *http.Request {
	c.h.TB.Helper()
	req, err := http.NewRequestWithContext(c.h.TB.Context(), method, c.h.URL+path, body)
	if err != nil {
		c.h.TB.Fatal(err)
	}
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	for k, v := range c.Header {
		req.Header[k] = v
	}
	return req
}

// Do sends req and reads the whole response.
func (c *Client) Do(req *http.Request) *Response {
	c.h.TB.Helper()
	resp, err := c.http.Do(req)
	if err != nil {
		c.h.TB.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		c.h.TB.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(string(b)))
	if err != nil {
		c.h.TB.Fatal(err)
	}
	return &Response{Response: resp, Body: string(b), Doc: doc}
}

// Cookie returns the value of the client's cookie name, or "".
func (c *Client) Cookie(name string) string {
	u, _ := url.Parse(c.h.URL)
	for _, ck := range c.http.Jar.Cookies(u) {
		if ck.Name == name {
			return ck.Value
		}
	}
	return ""
}

// SetCookie puts a cookie in the client's jar, as a browser that kept an old
// one would send it.
func (c *Client) SetCookie(name, value string) {
	u, _ := url.Parse(c.h.URL)
	c.http.Jar.SetCookies(u, []*http.Cookie{{Name: name, Value: value, Path: "/"}})
}
