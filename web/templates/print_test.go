package templates_test

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/a-h/templ"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/web/templates"
)

// TestPrintSheetInItsLanguage renders a certificate whose sheet is in
// another language than the page: the article speaks the sheet's language
// and says so in its lang, the frame around it speaks the page's (English
// here, the context's default).
func TestPrintSheetInItsLanguage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		lang, title, signature string
	}{
		{"en", "Certificate of competence", "Signature of the manager"},
		{"it", "Certificato di abilitazione", "Firma del responsabile"},
		{"ru", "Сертификат дилера", "Подпись менеджера"},
	}
	for _, tt := range tests {
		v := templates.CertificateView{Trainee: "Tia", GameName: "Lunar Poker", SignedBy: "Max", Valid: true,
			ExamDate: "2 May 2026", ExamRight: "28 of 28", Rules: "the house rules approved on 1 May 2026 by Max",
			AuditSeq: "412", AuditCode: "3F9A2 1C07B"}
		v.Sheet = i18n.Default().Localizer(tt.lang)
		doc := render(t, templates.CertificatePage(v))
		article := doc.Find(`article[data-testid="certificate"]`)
		if got, _ := article.Attr("lang"); got != tt.lang {
			t.Errorf("%s: <article lang=%q>", tt.lang, got)
		}
		if got := article.Find("h1").Text(); got != tt.title {
			t.Errorf("%s: the sheet's title %q; want %q", tt.lang, got, tt.title)
		}
		if got := article.Find(".signature-line").Text(); got != tt.signature {
			t.Errorf("%s: the signature line %q; want %q", tt.lang, got, tt.signature)
		}
		// The rules version is said in words, and the audit entry by its
		// number and short code, with how it is checked; no code element.
		if article.Find("code").Length() != 0 {
			t.Errorf("%s: the certificate prints code: %q", tt.lang, article.Find("code").Text())
		}
		if got := article.Find(`[data-testid="certificate-code"]`).Text(); !strings.Contains(got, "412") || !strings.Contains(got, "3F9A2 1C07B") {
			t.Errorf("%s: the verification code line %q", tt.lang, got)
		}
		if article.Find(".cert-check").Length() != 1 {
			t.Errorf("%s: the certificate does not say how its code is checked", tt.lang)
		}
		if got := strings.TrimSpace(doc.Find(".print-tools a").First().Text()); got != "← Back" {
			t.Errorf("%s: the frame's Back link %q; want the page's English", tt.lang, got)
		}
		if got, _ := doc.Find("html").Attr("lang"); got != "en" {
			t.Errorf("%s: <html lang=%q>; want the page's en", tt.lang, got)
		}
	}
}

// TestInLanguage: children rendered in InLanguage speak its language, and
// what follows it speaks the page's again.
func TestInLanguage(t *testing.T) {
	t.Parallel()
	word := templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		_, err := io.WriteString(w, templates.T(ctx, "print.print")+";")
		return err
	})
	var buf bytes.Buffer
	ctx := t.Context()
	if err := templates.InLanguage(i18n.Default().Localizer("ru")).Render(templ.WithChildren(ctx, word), &buf); err != nil {
		t.Fatal(err)
	}
	if err := word.Render(ctx, &buf); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != "Печать;Print;" {
		t.Errorf("inside InLanguage(ru), then outside: %q; want Печать;Print;", got)
	}
}
