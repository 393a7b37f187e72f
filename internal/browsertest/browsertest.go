// Package browsertest drives Debian's headless Chromium (with chromedp) for
// tests that must see what a person sees: real clicks and taps, real htmx,
// the real Content Security Policy, screenshots.
//
// It finds the browser, starts one per test binary (shared.go) and gives
// each test a fresh browser context in it (New), and saves screenshots.
// Without Chromium a test fails on CI (CI=true) and is skipped elsewhere;
// under the race detector it is skipped (Require). It starts no server: see
// internal/server/servertest. docs/testing.md says how to write a browser
// test.
package browsertest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Size is a browser window in CSS pixels.
type Size struct{ Width, Height int }

// The window sizes the kiosk is laid out for.
var (
	Landscape = Size{1024, 768} // a 10-inch tablet held sideways
	Portrait  = Size{820, 1180} // the same tablet upright
	Phone     = Size{390, 844}  // a manager's phone
)

// candidates are the names Chromium goes by, in the order they are tried
// after $CHROME_PATH.
var candidates = []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// ChromePath returns the browser to run: $CHROME_PATH if set, else the first
// of the usual names found on $PATH, else "".
func ChromePath() string {
	if p := os.Getenv("CHROME_PATH"); p != "" {
		return p
	}
	for _, c := range candidates {
		if p, err := exec.LookPath(c); err == nil {
			return p
		}
	}
	return ""
}

// Require returns the browser's path, or ends the test: without Chromium, a
// failure on CI (where .ci/run installs it, so a missing one is a broken
// machine) and a skip elsewhere; under the race detector, a skip, since a
// browser test waits on the browser rather than on the server's goroutines
// and runs in the plain `go test` (docs/testing.md). New calls it; a
// browser test's setup helper calls it first, so that a test about to be
// skipped sets up no kiosk.
func Require(tb testing.TB) string {
	tb.Helper()
	p := ChromePath()
	if p == "" {
		msg := "no Chromium found (tried $CHROME_PATH, " + strings.Join(candidates, ", ") + "); install it with: apt-get install chromium"
		if os.Getenv("CI") == "true" {
			tb.Fatal(msg)
		}
		tb.Skip(msg)
	}
	if raceEnabled {
		tb.Skip("a browser test: it runs in the plain go test, not under the race detector (docs/testing.md)")
	}
	return p
}

// New opens a fresh tab for the test in the package's shared Chromium, with
// a viewport of size, and returns its context; every chromedp action runs in
// it. The tab is a browser context of its own (an incognito window: its own
// cookies, storage and cache), so tests share the browser process and
// nothing else, and may run in parallel (t.Parallel). The tab closes when
// the test ends. Uncaught exceptions and console errors (a script the
// Content Security Policy blocked, a failed request) fail the test.
//
// The package's TestMain must call Main, which stops the browser after the
// last test. Under the race detector New skips the test: browser tests wait
// on a browser, not on the server's goroutines, and run in the plain
// `go test` (docs/testing.md).
func New(tb testing.TB, size Size) context.Context {
	tb.Helper()
	chrome := Require(tb)
	root, err := shared.get(chrome)
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := chromedp.NewContext(root, chromedp.WithNewBrowserContext())
	tb.Cleanup(cancel)
	// The tab ends a little before the test binary's -timeout, so that a
	// test still waiting then fails with its own step's name instead of the
	// binary panicking. Each step has its own deadline besides (the
	// packages' run helpers); a whole test has none of its own, since
	// tests in parallel on a busy machine take as long as they take.
	if d, ok := tb.(interface{ Deadline() (time.Time, bool) }); ok {
		if end, ok := d.Deadline(); ok {
			var cancelEnd context.CancelFunc
			ctx, cancelEnd = context.WithDeadline(ctx, end.Add(-time.Minute))
			tb.Cleanup(cancelEnd)
		}
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(size.Width), int64(size.Height), chromedp.EmulateTouch)); err != nil {
		tb.Fatalf("open a tab at %dx%d in Chromium (%s): %v", size.Width, size.Height, chrome, err)
	}
	watchConsole(tb, ctx)
	return ctx
}

// NewTablet opens a second "tablet" in the browser of ctx: a new browser
// context, with its own cookies and storage, as another device would have,
// at the window size given. Console errors fail the test as in New. It is
// New's tab by another name, kept for the tests that hand a device its
// first tablet.
func NewTablet(tb testing.TB, ctx context.Context, size Size) context.Context {
	tb.Helper()
	tab, cancel := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
	tb.Cleanup(cancel)
	if err := chromedp.Do(tab, chromedp.EmulateViewport(int64(size.Width), int64(size.Height), chromedp.EmulateTouch)); err != nil {
		tb.Fatalf("open a second tablet: %v", err)
	}
	watchConsole(tb, tab)
	return tab
}

// watchConsole records the browser's errors and fails the test with them at
// its end.
func watchConsole(tb testing.TB, ctx context.Context) {
	var mu sync.Mutex
	var errs []string
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			if (m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException) && !expected(m) {
				mu.Lock()
				errs = append(errs, fmt.Sprintf("%s: %s (%s:%d)", m.Type, m.Text, m.URL, m.Line+1))
				mu.Unlock()
			}
		}
	}()
	tb.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, e := range errs {
			tb.Errorf("browser console: %s", e)
		}
	})
	// Registered last, so it runs first: stop the watcher before reading.
	tb.Cleanup(func() {
		chromedp.Cancel(ctx)
		<-done
	})
}

// expected reports whether a console error is the browser's or htmx's note
// about a response the kiosk sends on purpose: 422, a form re-rendered with
// its messages.
func expected(m chromedp.ConsoleMessage) bool {
	return m.Source == "network" && strings.Contains(m.Text, "status of 422") ||
		strings.HasPrefix(m.Text, "Response Status Error Code 422 ")
}

// screenshotTimeout bounds one screenshot capture (Screenshot).
const screenshotTimeout = 45 * time.Second

// Screenshot saves the visible page as name.png under the test's temporary
// directory and, when $TRAINER_ARTIFACTS is set, copies it there too (CI keeps
// that directory). It returns the path in the temporary directory.
func Screenshot(tb testing.TB, ctx context.Context, name string) string {
	tb.Helper()
	// A capture has hung once in a few hundred (Chromium waiting for a
	// frame that never came, on a loaded machine): each try has a deadline
	// and a second try follows, so a hang fails in a minute and a half
	// instead of holding the whole test binary until its timeout.
	var png []byte
	var err error
	for try := 1; try <= 2; try++ {
		tctx, cancel := context.WithTimeout(ctx, screenshotTimeout)
		png, err = chromedp.Run(tctx, chromedp.CaptureScreenshot())
		cancel()
		if err == nil || ctx.Err() != nil {
			break
		}
		tb.Logf("screenshot %s, try %d: %v", name, try, err)
	}
	if err != nil {
		tb.Fatalf("screenshot %s: %v", name, err)
	}
	dir := filepath.Join(tb.TempDir(), "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	file := safeName(tb.Name()) + "-" + safeName(name) + ".png"
	path := filepath.Join(dir, file)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		tb.Fatal(err)
	}
	if out := os.Getenv("TRAINER_ARTIFACTS"); out != "" {
		if err := os.MkdirAll(out, 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, file), png, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	tb.Logf("screenshot %s: %s", name, path)
	return path
}

// safeName keeps a test or shot name usable as a file name.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9', r == '-', r == '_':
			return r
		}
		return '_'
	}, s)
}

// settledJS resolves once htmx has finished with the page (no element is
// requesting, swapping, settling or newly added) and the scroll position has
// held still for three animation frames; or after five seconds, so that a
// page that never settles fails on what the test waits for next, with that
// step's message, rather than here.
const settledJS = `new Promise(function (resolve) {
  setTimeout(function () { resolve(false); }, 5000);
  var still = 0, lastY = -1;
  function check() {
    var busy = document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added");
    if (!busy && window.scrollY === lastY) {
      if (++still >= 3) { resolve(true); return; }
    } else {
      still = 0;
    }
    lastY = window.scrollY;
    requestAnimationFrame(check);
  }
  requestAnimationFrame(check);
})`

// Settled waits until htmx has finished swapping and settling and the page
// has stopped scrolling. Tap after it: a tap is a touch at a point, and htmx
// scrolls a swapped panel into view (show:window:top) in its settle phase, a
// few milliseconds after the new content is visible. A tap sent in between
// lands where the button was, not where it is: a person never taps that fast,
// a test does.
func Settled() chromedp.Action[chromedp.Void] {
	wait := chromedp.Evaluate[bool](settledJS, chromedp.EvalAwaitPromise)
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		// A navigation while the promise waits can leave it unanswered: the
		// page's own deadline is backed by one here.
		short, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		_, err := wait(short, t)
		if err != nil && ctx.Err() == nil && short.Err() != nil {
			err = nil
		}
		return chromedp.Void{}, err
	}
}
