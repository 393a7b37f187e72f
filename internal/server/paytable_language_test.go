package server_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestLanguage_PayTableFigures: the pay tables' exact figures read with the
// reader's separators: a decimal comma in Italian and Russian, the point in
// English, and the counts grouped the language's way.
func TestLanguage_PayTableFigures(t *testing.T) {
	plainRunOnly(t)
	t.Parallel()
	k := newKiosk(t)
	tests := []struct{ lang, edge, hands string }{
		{"en", "1.90%", "133,784,560"},
		{"it", "1,90%", "133.784.560"},
		{"ru", "1,90%", "133\u00a0784\u00a0560"},
	}
	for _, tt := range tests {
		if err := k.DB.SetUserLanguage(t.Context(), k.manager.ID, tt.lang); err != nil {
			t.Fatal(err)
		}
		c := k.staffClient(t, "Max Manager", managerPassword)
		resp := c.Get("/tools/paytables?game=uth")
		wantStatus(t, tt.lang+" pay tables", resp, http.StatusOK)
		if tt.lang != "en" {
			if left := englishLeft(tt.lang, pageText(resp)); len(left) > 0 {
				t.Errorf("%s: the pay tables still say, in English: %s", tt.lang, strings.Join(left, "; "))
			}
		}
		// On a slow machine the figures may still be computing: wait for
		// them as the page's own poll does.
		trips := settle(t, c, resp.Doc.Find("[data-testid=figures-trips]"), "figures-trips")
		if got := trips.Find("[data-testid=house-edge]").First().Text(); got != tt.edge {
			t.Errorf("%s: the Trips house edge reads %q; want %q", tt.lang, got, tt.edge)
		}
		if got := trips.Find("td.num").Eq(1).Text(); got != "4"+map[string]string{"en": ",", "it": ".", "ru": "\u00a0"}[tt.lang]+"324" {
			t.Errorf("%s: the royal flush's count reads %q", tt.lang, got)
		}
		if text := resp.Doc.Text() + trips.Text(); !strings.Contains(text, tt.hands) {
			t.Errorf("%s: the page does not count %s hands", tt.lang, tt.hands)
		}
	}
}
