package templates_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

func render(t *testing.T, c templ.Component) *goquery.Document {
	t.Helper()
	var buf bytes.Buffer
	if err := c.Render(t.Context(), &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestTileInitials(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, want string }{
		{"Ana Lee", "AL"},
		{"ana maria lee", "AM"},
		{"Émile", "É"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := (templates.Tile{Name: tt.name}).Initials(); got != tt.want {
			t.Errorf("Tile{%q}.Initials() = %q; want %q", tt.name, got, tt.want)
		}
	}
}

func TestFieldErrorIsTiedToItsInput(t *testing.T) {
	t.Parallel()
	f := templates.SetupForm{Name: "Ada", Errors: templates.Errors{"confirm": "The two entries do not match."}}
	doc := render(t, templates.SetupFormFragment(f))
	input := doc.Find(`input[name="confirm"]`)
	if v, _ := input.Attr("aria-invalid"); v != "true" {
		t.Errorf("confirm input aria-invalid = %q; want true", v)
	}
	id, _ := input.Attr("aria-describedby")
	if got := strings.TrimSpace(doc.Find("#" + id).Text()); got != "The two entries do not match." {
		t.Errorf("the input's description (#%s) = %q; want the message", id, got)
	}
	if _, ok := doc.Find(`input[name="password"]`).Attr("aria-invalid"); ok {
		t.Error("password input marked invalid without a message")
	}
	if v, _ := doc.Find(`input[name="name"]`).Attr("value"); v != "Ada" {
		t.Errorf("name kept as %q; want Ada", v)
	}
}

func TestLayout(t *testing.T) {
	t.Parallel()
	p := templates.Page{Title: say.Name("Your games"), IdleSeconds: 301, IdleURL: "/",
		Viewer: &templates.Viewer{Name: "Tia", RoleLabel: "Trainee"}}
	doc := render(t, templates.TraineeHomePage(templates.TraineeHomeView{Page: p, Name: "Tia"}))
	body := doc.Find("body")
	if v, _ := body.Attr("data-idle-seconds"); v != "301" {
		t.Errorf("data-idle-seconds = %q; want 301", v)
	}
	cfg, _ := doc.Find(`meta[name="htmx-config"]`).Attr("content")
	for _, want := range []string{`"includeIndicatorStyles":false`, `"code":"[45]..","swap":true,"error":true`} {
		if !strings.Contains(cfg, want) {
			t.Errorf("htmx-config %s lacks %s", cfg, want)
		}
	}
	if doc.Find(`.nav-link[href^="/manager"], .nav-link[href^="/admin"], .nav-link[href^="/tools"]`).Length() != 0 {
		t.Error("a trainee's header offers manager or administrator links")
	}
	if doc.Find(`.nav-link[href="/book"]`).Length() != 1 || doc.Find("#book-dialog").Length() != 1 {
		t.Error("a signed-in header does not offer the rule book, or the page has no dialog for its citations")
	}
	if doc.Find(`form[action="/signout"][method="post"]`).Length() != 1 {
		t.Error("no sign-out form")
	}
	// Signed out: no idle timer, no header user.
	doc = render(t, templates.SetupPage(templates.Page{Title: say.Name("Set up")}, templates.SetupForm{}))
	if _, ok := doc.Find("body").Attr("data-idle-seconds"); ok {
		t.Error("setup page has an idle timer")
	}
	if doc.Find(`[data-testid="who"]`).Length() != 0 {
		t.Error("setup page shows a signed-in user")
	}
}
