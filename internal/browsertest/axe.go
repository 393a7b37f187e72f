package browsertest

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// axeSource is axe-core 4.14.1 (npm package axe-core, dist file axe.min.js,
// MPL-2.0; testdata/axe-LICENSE.txt), vendored for tests only: this package
// is imported by tests, never by the kiosk's binary.
//
//go:embed testdata/axe-4.14.1.min.js
var axeSource string

// AxeViolation is one accessibility rule a page breaks, as axe reports it.
type AxeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target []any  `json:"target"`
		HTML   string `json:"html"`
	} `json:"nodes"`
}

// Axe runs axe-core on the page in ctx (WCAG 2.x A and AA rules and best
// practices) and fails the test for every serious or critical violation,
// naming the page (what), the rule and the elements. It returns every
// violation, of any impact, for the caller to log or check further.
//
// axe is injected through the DevTools protocol, which the page's Content
// Security Policy does not govern, so the kiosk's CSP stays as it is.
func Axe(tb testing.TB, ctx context.Context, what string) []AxeViolation {
	tb.Helper()
	loaded, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`typeof window.axe === "object"`))
	if err != nil {
		tb.Fatalf("axe on %s: %v", what, err)
	}
	if !loaded {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](axeSource)); err != nil {
			tb.Fatalf("axe on %s: inject axe-core: %v", what, err)
		}
	}
	const run = `axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations))`
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](run, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.Fatalf("axe on %s: %v", what, err)
	}
	var vs []AxeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		tb.Fatalf("axe on %s: %v", what, err)
	}
	for _, v := range vs {
		var where []string
		for _, n := range v.Nodes {
			where = append(where, fmt.Sprint(n.Target)+" "+n.HTML)
		}
		msg := fmt.Sprintf("axe on %s: %s (%s): %s\n\t%s", what, v.ID, v.Impact, v.Help, strings.Join(where, "\n\t"))
		if v.Impact == "serious" || v.Impact == "critical" {
			tb.Error(msg)
		} else {
			tb.Log(msg)
		}
	}
	return vs
}
