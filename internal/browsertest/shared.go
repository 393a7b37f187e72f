package browsertest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// One Chromium serves all the browser tests of a test binary: starting one
// takes a second or two of a busy machine's CPU, a tab in a running one a
// few milliseconds. Each test gets a browser context of its own (New), so
// no cookie, storage or cache passes from one test to the next.

// Main runs the package's tests and then stops the shared browser, if a test
// started it. Every package with browser tests calls it from its TestMain:
//
//	func TestMain(m *testing.M) { browsertest.Main(m) }
//
// New fails a test whose package does not, rather than leave a browser and
// its profile behind.
func Main(m *testing.M) {
	shared.mu.Lock()
	shared.inMain = true
	shared.mu.Unlock()
	code := m.Run()
	if err := shared.stop(); err != nil && code == 0 {
		fmt.Fprintln(os.Stderr, "browsertest: stop Chromium:", err)
		code = 1
	}
	os.Exit(code)
}

// shared is the test binary's browser.
var shared browser

// browser is a Chromium started on first use and kept until Main stops it.
type browser struct {
	mu     sync.Mutex
	inMain bool
	ctx    context.Context // the browser's first tab; tests open theirs beside it
	cancel func()          // stops the browser
	dir    string          // its profile, removed at stop
}

// get returns the context of the running browser, starting one if there is
// none or if the last one has died (a crashed browser fails the tests that
// were using it, not every test after them).
func (b *browser) get(chrome string) (context.Context, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.inMain {
		return nil, errors.New("browsertest: the package's TestMain must call browsertest.Main(m), which stops the shared Chromium after the last test")
	}
	if b.ctx != nil && b.ctx.Err() == nil {
		return b.ctx, nil
	}
	b.stopLocked()
	dir, err := os.MkdirTemp("", "browsertest-chromium-")
	if err != nil {
		return nil, err
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chrome),
		chromedp.Headless,
		chromedp.NoSandbox, // root in a container has no user namespace for the sandbox
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("password-store", "basic"),
		chromedp.Flag("force-color-profile", "srgb"),
		chromedp.Flag("hide-scrollbars", true),
		// A tab that is not in front must keep its timers and animation
		// frames running: tests in parallel each have a tab, and none of
		// them is in front.
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.UserDataDir(filepath.Join(dir, "profile")),
		chromedp.WindowSize(Landscape.Width, Landscape.Height),
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	// The first action starts the browser and ties it to ctx, which lives
	// until stop.
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		cancelAlloc()
		os.RemoveAll(dir)
		return nil, fmt.Errorf("start Chromium (%s): %w", chrome, err)
	}
	b.ctx, b.dir = ctx, dir
	b.cancel = func() {
		// A graceful close first, so the browser's children exit with it.
		cctx, ccancel := context.WithTimeout(ctx, 10*time.Second)
		defer ccancel()
		chromedp.Cancel(cctx)
		cancel()
		cancelAlloc()
	}
	return ctx, nil
}

// stop stops the browser, if one runs, and removes its profile.
func (b *browser) stop() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.stopLocked()
}

func (b *browser) stopLocked() error {
	if b.cancel == nil {
		return nil
	}
	b.cancel()
	err := os.RemoveAll(b.dir)
	b.ctx, b.cancel, b.dir = nil, nil, ""
	return err
}
