// Package servertest runs the real kiosk server for tests: a real SQLite
// file under the test's temporary directory, the real routes and templates,
// and real HTTP through httptest.NewServer. The server tests and the browser
// tests share it.
//
// It holds no assertions of its own beyond failing the test when the
// harness cannot start.
package servertest

import (
	"errors"
	"io"
	"io/fs"
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
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/server"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web"
)

// Harness is a running kiosk server.
type Harness struct {
	TB  testing.TB
	URL string     // base URL, such as http://127.0.0.1:41234
	DB  *sqlite.DB // nil when Options.Open gave another store
	// Store is the store the server runs on: DB, or what Options.Open gave.
	Store  trainer.Store
	Clock  *Clock
	Server *server.Server
	// Book is the rules the server runs with; Book.Version is the rules
	// version its attempts and exams record.
	Book *rulebook.Book
	// AuditKey is the database's audit key, kept as the kiosk keeps it in
	// a file beside the database (sqlite.AuditKeyFile), so that a harness
	// started again on the same file finds it.
	AuditKey []byte
	stop     func()
	logs     *logBuffer
}

// Options start a harness on a given database file or rules.
type Options struct {
	// Path is the database file; "" makes a new one under the test's
	// temporary directory. Two harnesses in turn on one file are the same
	// kiosk before and after a restart.
	Path string
	// Rules is the rules tree (nil for the built-in rules.FS), as a house's
	// own directory layered over them would be (-rules DIR).
	Rules fs.FS
	// House is the training house ("" for the default).
	House string
	// Configure may change the server's Config before it starts.
	Configure []func(*server.Config)
	// Open, when set, opens the store instead of a SQLite file (Path is
	// then unused): PostgreSQL, for the group edition's tests. Its
	// transactions must read their time from now; it is closed when the
	// harness stops.
	Open func(tb testing.TB, now func() time.Time) trainer.Store
}

// New starts a kiosk server on a new database and stops it when the test ends.
// The server's log goes to the test's output. Each option may change the
// server's Config before it starts.
func New(tb testing.TB, options ...func(*server.Config)) *Harness {
	tb.Helper()
	return Start(tb, Options{Configure: options})
}

// NewWithRules is New on the rules of fsys (the built-in ones with a test's
// files layered over them, say), training house ("" for the default).
func NewWithRules(tb testing.TB, fsys fs.FS, house string, options ...func(*server.Config)) *Harness {
	tb.Helper()
	return Start(tb, Options{Rules: fsys, House: house, Configure: options})
}

// Start starts a kiosk server as opts say and stops it when the test ends
// (or at Close).
func Start(tb testing.TB, opts Options) *Harness {
	tb.Helper()
	path := opts.Path
	if path == "" {
		path = filepath.Join(tb.TempDir(), "trainer.db")
	}
	fsys := opts.Rules
	if fsys == nil {
		fsys = rules.FS
	}
	clock := &Clock{}
	var db *sqlite.DB
	var store trainer.Store
	var auditKey []byte
	if opts.Open != nil {
		store = opts.Open(tb, clock.Now)
	} else {
		var err error
		if db, err = sqlite.Open(tb.Context(), path); err != nil {
			tb.Fatal(err)
		}
		db.Now = clock.Now
		// The audit trail is keyed as `trainer serve` keys it: the key in
		// a file beside the database, made at the first start.
		use := db.UseAuditKey
		auditKey, err = sqlite.ReadAuditKeyFile(sqlite.AuditKeyFile(path))
		if errors.Is(err, fs.ErrNotExist) {
			auditKey, err = sqlite.CreateAuditKeyFile(sqlite.AuditKeyFile(path))
			use = db.KeyAuditLog
		}
		if err != nil {
			tb.Fatal(err)
		}
		if err := use(tb.Context(), auditKey, sqlite.AuditHeadFile(path)); err != nil {
			tb.Fatal(err)
		}
		store = db
	}
	key, err := store.SessionKey(tb.Context())
	if err != nil {
		tb.Fatal(err)
	}
	logs := &logBuffer{}
	log := slog.New(slog.NewTextHandler(io.MultiWriter(tb.Output(), logs), &slog.HandlerOptions{Level: slog.LevelWarn}))
	var book *rulebook.Book
	if opts.Rules == nil {
		book, err = builtinBook()
	} else {
		book, err = rulebook.Load(fsys)
	}
	if err != nil {
		tb.Fatal(err)
	}
	gen, err := drills.Load(book, fsys)
	if err != nil {
		tb.Fatal(err)
	}
	cfg := server.Config{SessionKey: key, Logger: log, House: opts.House, Drills: gen}
	for _, o := range opts.Configure {
		o(&cfg)
	}
	srv, err := server.New(cfg, store, book, web.Static)
	if err != nil {
		tb.Fatal(err)
	}
	srv.Warm() // as cmd/trainer does once it listens: tests time steady work, not a process's first drill
	ts := httptest.NewServer(srv)
	var once sync.Once
	stop := func() {
		once.Do(func() {
			ts.Close()  // waits for requests in flight, before the database closes
			srv.Close() // stops the background computations, as cmd/trainer does
			if err := store.Close(); err != nil {
				tb.Error(err)
			}
		})
	}
	tb.Cleanup(stop)
	return &Harness{TB: tb, URL: ts.URL, DB: db, Store: store, Clock: clock, Server: srv, Book: book, AuditKey: auditKey, stop: stop, logs: logs}
}

// builtinBook is the built-in rules, loaded once for the test binary: a Book
// is not changed once loaded, and loading one takes a tenth of a second of
// CPU (several under -race) that every harness would pay again.
var builtinBook = sync.OnceValues(func() (*rulebook.Book, error) { return rulebook.Load(rules.FS) })

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

// Close stops the server and closes its database, as a restart would.
func (h *Harness) Close() { h.stop() }

// Clock follows the real time plus an offset that a test moves forward, so
// sessions expire without sleeping. Safe for concurrent use.
type Clock struct{ offset atomic.Int64 }

// Now is the harness's current time.
func (c *Clock) Now() time.Time { return time.Now().Add(time.Duration(c.offset.Load())) }

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) { c.offset.Add(int64(d)) }

// ApproveRules approves the harness's rules version as manager m, as the
// rules page does.
func (h *Harness) ApproveRules(m *trainer.User) {
	h.TB.Helper()
	if _, err := h.Store.ApproveRulesVersion(trainer.WithActor(h.TB.Context(), m), h.Book.Version); err != nil {
		h.TB.Fatalf("approve rules %s: %v", h.Book.Version, err)
	}
}

// CreateUser stores a user directly (not through the pages) with the PIN or
// password secret, and returns it.
func (h *Harness) CreateUser(name string, role trainer.Role, badge, secret string) *trainer.User {
	h.TB.Helper()
	hash, err := trainer.HashSecret(secret)
	if err != nil {
		h.TB.Fatal(err)
	}
	u := &trainer.User{Name: name, Role: role, Badge: badge, SecretHash: hash}
	if err := h.Store.CreateUser(h.TB.Context(), u); err != nil {
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
