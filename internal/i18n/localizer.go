package i18n

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"text/template"

	content "github.com/dealerkiosk/trainer/content/i18n"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
)

// Localizer speaks one language: it translates messages and formats
// numbers, amounts and dates the way that language writes them. A request
// carries one in its context (NewContext).
type Localizer struct {
	tag string
	l   *goi18n.Localizer
}

// Localizer returns the Localizer of language tag: Pseudo gives the
// pseudo-locale, and a tag that is not offered gives English.
func (c *Catalog) Localizer(tag string) *Localizer {
	switch {
	case tag == Pseudo:
		return &Localizer{tag: Pseudo, l: goi18n.NewLocalizer(c.pseudo, Source)}
	case !IsOffered(tag):
		tag = Source
	}
	return &Localizer{tag: tag, l: goi18n.NewLocalizer(c.bundle, tag)}
}

// Tag is the Localizer's own tag, Pseudo included, for <html lang>: the
// pseudo-locale's pages are marked en-XA, so that their style is a longer
// language's, not English's.
func (l *Localizer) Tag() string { return l.tag }

// Lang is the language whose catalogue and formats the Localizer uses: the
// pseudo-locale's is English.
func (l *Localizer) Lang() string {
	if l.tag == Pseudo {
		return Source
	}
	return l.tag
}

// T translates message id. args are its placeholders as name, value pairs:
// T("signin.count", "Count", 31). A "Count" chooses the plural form, and an
// integer value is written with the language's digit grouping. A message
// the catalogues lack comes back as its id, so that a test sees it.
func (l *Localizer) T(id string, args ...any) string {
	var data map[string]any
	var count any
	if len(args) > 0 {
		data = make(map[string]any, len(args)/2)
		for i := 0; i+1 < len(args); i += 2 {
			name, _ := args[i].(string)
			v := args[i+1]
			if name == "Count" {
				count = v
			}
			switch n := v.(type) {
			case int:
				v = l.Number(int64(n))
			case int64:
				v = l.Number(n)
			}
			data[name] = v
		}
	}
	s, err := l.l.Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count})
	if err != nil && count != nil {
		// A message without plural forms may still write a {{.Count}}:
		// go-i18n looks for the count's form and finds none.
		s, err = l.l.Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data})
	}
	if err != nil || s == "" {
		return id
	}
	return s
}

type ctxKey struct{}

// NewContext returns ctx carrying l.
func NewContext(ctx context.Context, l *Localizer) context.Context {
	return context.WithValue(ctx, ctxKey{}, l)
}

// FromContext returns the Localizer of ctx, or English from the embedded
// catalogues when ctx has none (a component rendered on its own in a test).
func FromContext(ctx context.Context) *Localizer {
	if l, ok := ctx.Value(ctxKey{}).(*Localizer); ok && l != nil {
		return l
	}
	return Default().Localizer(Source)
}

// Default returns the catalogues embedded from content/i18n, loaded once.
// It panics if they do not load: the package's tests load the same files,
// so a broken catalogue never ships.
func Default() *Catalog {
	c, err := LoadDefault()
	if err != nil {
		panic(err)
	}
	return c
}

// LoadDefault loads and checks the catalogues embedded from content/i18n
// once for the process (Load), and returns them or the error that stopped
// them, as often as it is called. A Catalog is not changed once loaded, so
// every server of the process shares it: the kiosk's rule books and pages
// use one copy, and loading it takes a start (or a test's server) tens of
// milliseconds.
var LoadDefault = sync.OnceValues(func() (*Catalog, error) { return Load(content.FS) })

// parses reports whether a message's text is a valid template.
func parses(text string) error {
	if !strings.Contains(text, "{{") {
		return nil
	}
	_, err := template.New("").Parse(text)
	if err != nil {
		return fmt.Errorf("does not parse: %w", err)
	}
	return nil
}
