package browsertest

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// Checks of what a page shows across its width, for the staff's pages
// (issue 15): nothing scrolls sideways, nothing is cut off.

// sidewaysJS measures how much wider the page is than its window and names
// the elements that reach past the window's right edge, innermost first.
const sidewaysJS = `(() => {
	const over = document.documentElement.scrollWidth - window.innerWidth;
	if (over <= 0) return {over: 0, culprits: []};
	const culprits = Array.from(document.body.querySelectorAll('*'))
		.filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
		.filter(e => !Array.from(e.children).some(c => c.getBoundingClientRect().right > window.innerWidth + 0.5))
		.slice(0, 5)
		.map(e => e.outerHTML.slice(0, 160));
	return {over, culprits};
})()`

type sideways struct {
	Over     int      `json:"over"`
	Culprits []string `json:"culprits"`
}

// NoSidewaysScroll fails the test if the page in ctx scrolls sideways
// (document.documentElement.scrollWidth > innerWidth), naming what sticks
// out. what names the page in the message.
func NoSidewaysScroll(tb testing.TB, ctx context.Context, what string) {
	tb.Helper()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[sideways](sidewaysJS))
	if err != nil {
		tb.Fatalf("%s: measure the page's width: %v", what, err)
	}
	if got.Over > 0 {
		tb.Errorf("%s: the page scrolls sideways by %d px; what sticks out: %q", what, got.Over, got.Culprits)
	}
}

// clippedJS lists the visible elements matching the selector whose content
// is wider than their box (a word that does not fit, a cell cut off), or
// whose box reaches past the window or past the box that scrolls it.
const clippedJS = `((sel) => {
	const out = [];
	for (const e of document.querySelectorAll(sel)) {
		if (e.offsetParent === null) continue;
		const r = e.getBoundingClientRect();
		let why = '';
		if (e.scrollWidth > e.clientWidth + 1) why = 'content wider than its box';
		if (r.left < -0.5 || r.right > window.innerWidth + 0.5) why = 'outside the window';
		for (let p = e.parentElement; p && !why && p !== document.body; p = p.parentElement) {
			const ov = getComputedStyle(p).overflowX;
			if (ov === 'visible') continue;
			const pr = p.getBoundingClientRect();
			if (r.left < pr.left - 0.5 || r.right > pr.right + 0.5) why = 'hidden in a box that scrolls';
		}
		if (why) out.push(why + ': ' + e.outerHTML.slice(0, 160));
	}
	return out;
})`

// Clipped returns the visible elements matching sel (a CSS selector) that a
// person cannot read whole without scrolling: content wider than the
// element (a name that does not fit its tile), or the element outside the
// window or outside the box that scrolls it (a table column cut off).
func Clipped(tb testing.TB, ctx context.Context, sel string) []string {
	tb.Helper()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](clippedJS+"("+strconv.Quote(sel)+")"))
	if err != nil {
		tb.Fatalf("look for cut-off %s: %v", sel, err)
	}
	return got
}

// A4 is an A4 sheet in inches, for PrintedPages.
var A4 = chromedp.PaperSize{Width: 8.27, Height: 11.69}

// pdfPageRE finds a page object of a PDF ("/Type /Page", not "/Pages").
var pdfPageRE = regexp.MustCompile(`/Type\s*/Page\b`)

// PrintedPages prints the page in ctx to PDF on paper, as the browser's
// Print does (the print style sheet, the page's own @page margins), and
// returns how many sheets it takes. The PDF is saved beside the
// screenshots (name.pdf) for people to look at.
func PrintedPages(tb testing.TB, ctx context.Context, name string, paper chromedp.PaperSize) int {
	tb.Helper()
	pctx, cancel := context.WithTimeout(ctx, screenshotTimeout)
	defer cancel()
	pdf, err := chromedp.Run(pctx, chromedp.PrintToPDF(chromedp.PDFPaper(paper), chromedp.PDFPreferCSSPageSize(), chromedp.PDFPrintBackground()))
	if err != nil {
		tb.Fatalf("print %s to PDF: %v", name, err)
	}
	if out := os.Getenv("TRAINER_ARTIFACTS"); out != "" {
		if err := os.MkdirAll(out, 0o755); err == nil {
			_ = os.WriteFile(filepath.Join(out, safeName(tb.Name())+"-"+safeName(name)+".pdf"), pdf, 0o644)
		}
	}
	return len(pdfPageRE.FindAll(pdf, -1))
}
