package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The other tablet sizes a question must fit (issue 15): the larger tablet
// held sideways and the smaller one upright.
var (
	LandscapeLarge = Size{1180, 820}
	PortraitSmall  = Size{768, 1024}
)

// Resize sets the page's viewport to size, as turning the tablet (or
// another tablet) would, with touch; the page gets its resize event.
func Resize(ctx context.Context, size Size) error {
	return chromedp.Do(ctx, chromedp.EmulateViewport(int64(size.Width), int64(size.Height), chromedp.EmulateTouch))
}

// outOfViewJS lists, for each selector, the elements that are not wholly
// inside the window at the page's current scroll, and the selectors that
// match nothing at all, as lines for a test's message.
const outOfViewJS = `(function (sels) {
  var out = [], w = window.innerWidth, h = window.innerHeight;
  sels.forEach(function (sel) {
    var els = document.querySelectorAll(sel);
    if (els.length === 0) {
      out.push(sel + ": not on the page");
    }
    Array.prototype.forEach.call(els, function (el, i) {
      var r = el.getBoundingClientRect();
      var name = sel + (els.length > 1 ? " #" + (i + 1) : "");
      if (r.width === 0 && r.height === 0) {
        out.push(name + ": not shown");
      } else if (r.top < -0.5 || r.left < -0.5 || r.bottom > h + 0.5 || r.right > w + 0.5) {
        out.push(name + ": at " + Math.round(r.left) + "," + Math.round(r.top) + " to " +
          Math.round(r.right) + "," + Math.round(r.bottom) + " in a window of " + w + "×" + h);
      }
    });
  });
  return JSON.stringify(out);
})(%s)`

// OutOfView returns a line for every element matching one of the selectors
// that is not wholly inside the window as the page stands (scrolled where it
// is), and for every selector that matches nothing: what a person cannot see
// without scrolling. An empty result means everything is in view.
func OutOfView(ctx context.Context, sels ...string) ([]string, error) {
	arg, err := json.Marshal(sels)
	if err != nil {
		return nil, err
	}
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(outOfViewJS, arg)))
	if err != nil {
		return nil, err
	}
	var out []string
	if err := json.Unmarshal([]byte(s), &out); err != nil {
		return nil, err
	}
	return out, nil
}

// Overflow is how wide the page is against the window: the page scrolls
// sideways when ScrollWidth > InnerWidth.
type Overflow struct {
	ScrollWidth int `json:"scroll"`
	InnerWidth  int `json:"inner"`
	// Widest names the element reaching furthest right, to say what
	// overflows.
	Widest string `json:"widest"`
}

// Sideways reports whether the page scrolls sideways.
func (o Overflow) Sideways() bool { return o.ScrollWidth > o.InnerWidth }

const overflowJS = `(function () {
  var widest = "", right = 0;
  Array.prototype.forEach.call(document.body.querySelectorAll("*"), function (el) {
    var r = el.getBoundingClientRect();
    if (r.right > right + 0.5 && r.width > 0) {
      right = r.right;
      widest = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
        (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : "") +
        (el.getAttribute("data-testid") ? "[data-testid=" + el.getAttribute("data-testid") + "]" : "");
    }
  });
  return JSON.stringify({scroll: document.documentElement.scrollWidth, inner: window.innerWidth, widest: widest});
})()`

// SidewaysOverflow measures the page in ctx: document.documentElement's
// scroll width against the window's inner width.
func SidewaysOverflow(ctx context.Context) (Overflow, error) {
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](overflowJS))
	if err != nil {
		return Overflow{}, err
	}
	var o Overflow
	err = json.Unmarshal([]byte(s), &o)
	return o, err
}

// fakeClockJS replaces the page's clock by one a test moves forward:
// Date.now is the time the page opened plus an offset, and stands still
// between advances, and timers of a second or more (an inactivity timeout,
// a countdown) run by that clock, so that __testClock.advance(ms) brings
// them due at once. Shorter timers (htmx's swaps) stay real. The clock does
// not follow the real time: on a busy machine a test's steps (axe, a
// screenshot) can take longer than a countdown has left, and the page must
// not run out of time the test did not give it. It runs before the page's
// own scripts.
const fakeClockJS = `(function () {
  var realNow = Date.now.bind(Date);
  var realSetTimeout = window.setTimeout.bind(window);
  var realClearTimeout = window.clearTimeout.bind(window);
  var realSetInterval = window.setInterval.bind(window);
  var start = realNow(), offset = 0, next = 1e9, timers = {};
  function now() { return start + offset; }
  function run() {
    var due = Object.keys(timers).map(Number).filter(function (id) { return timers[id].at <= now(); });
    due.sort(function (a, b) { return timers[a].at - timers[b].at || a - b; });
    due.forEach(function (id) {
      var t = timers[id];
      if (!t) { return; }
      if (t.every) { t.at = now() + t.every; } else { delete timers[id]; }
      try { t.fn(); } catch (e) { realSetTimeout(function () { throw e; }, 0); }
    });
  }
  realSetInterval(run, 50);
  Date.now = now;
  window.setTimeout = function (fn, ms) {
    if (!(ms >= 1000) || typeof fn !== "function") { return realSetTimeout.apply(window, arguments); }
    var id = next++;
    timers[id] = {at: now() + ms, fn: fn};
    return id;
  };
  window.clearTimeout = function (id) {
    if (id >= 1e9) { delete timers[id]; } else { realClearTimeout(id); }
  };
  window.setInterval = function (fn, ms) {
    if (!(ms >= 1000) || typeof fn !== "function") { return realSetInterval.apply(window, arguments); }
    var id = next++;
    timers[id] = {at: now() + ms, fn: fn, every: ms};
    return id;
  };
  window.clearInterval = window.clearTimeout;
  window.__testClock = {advance: function (ms) { offset += ms; run(); }};
})();`

// InstallFakeClock gives every page the tab in ctx opens from now on a
// clock that AdvanceClock moves forward (Date.now, and setTimeout and
// setInterval for a second or more), so that a test sees what a page does
// after minutes without waiting for them.
func InstallFakeClock(ctx context.Context) error {
	return chromedp.Do(ctx, func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: fakeClockJS})
		return chromedp.Void{}, err
	})
}

// AdvanceClock moves the fake clock of the page in ctx forward by d and
// runs the timers that come due (InstallFakeClock).
func AdvanceClock(ctx context.Context, d time.Duration) error {
	ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(
		`typeof window.__testClock === "object" && (window.__testClock.advance(%d), true)`, d.Milliseconds())))
	if err == nil && !ok {
		err = fmt.Errorf("advance the clock: the page has no fake clock (InstallFakeClock before opening it)")
	}
	return err
}

// smallestTextJS finds the smallest words drawn inside the elements sel
// matches, as the screen shows them (after any zoom the page applies to fit
// the screen): the height of each text's line box, and the text. Drawings
// (a card's face, a chip's) are left out: they are read by their shape and
// size as a whole.
const smallestTextJS = `(function (sel) {
  var best = {px: 1e9, text: ""};
  document.querySelectorAll(sel).forEach(function (root) {
    var walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (var n = walk.nextNode(); n; n = walk.nextNode()) {
      var t = n.textContent.trim();
      if (!t) { continue; }
      var el = n.parentElement;
      if (el.closest("[aria-hidden=true], .visually-hidden, .sr-only, svg")) { continue; }
      var range = document.createRange();
      range.selectNodeContents(n);
      Array.prototype.forEach.call(range.getClientRects(), function (r) {
        if (r.width > 0 && r.height > 0 && r.height < best.px) {
          best = {px: r.height, text: t.slice(0, 30)};
        }
      });
    }
  });
  return JSON.stringify(best);
})(%s)`

// SmallestText reports the height in CSS pixels of the smallest line of
// words inside the elements sel matches, and those words. A line box is
// about 1.2 times its font's size: 14 px is a 12 px font.
func SmallestText(ctx context.Context, sel string) (float64, string, error) {
	arg, err := json.Marshal(sel)
	if err != nil {
		return 0, "", err
	}
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(smallestTextJS, arg)))
	if err != nil {
		return 0, "", err
	}
	var best struct {
		PX   float64 `json:"px"`
		Text string  `json:"text"`
	}
	if err := json.Unmarshal([]byte(s), &best); err != nil {
		return 0, "", err
	}
	return best.PX, best.Text, nil
}
