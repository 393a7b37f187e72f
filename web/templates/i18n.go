package templates

import (
	"context"
	"io"
	"strings"

	"github.com/a-h/templ"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// T translates message id into the request's language (internal/i18n):
// args are its placeholders as name, value pairs, and a "Count" chooses the
// plural form. Components call it with templ's ctx: { T(ctx, "nav.signout") }.
func T(ctx context.Context, id string, args ...any) string {
	return i18n.FromContext(ctx).T(id, args...)
}

// splitMark stands for the placeholder TSplit cuts at: a character no
// message contains.
const splitMark = "\x00"

// TSplit translates id and cuts it at placeholder name, for a message
// whose value is markup (a countdown in <strong>): the component writes
// before, its element, then after.
func TSplit(ctx context.Context, id, name string, args ...any) (before, after string) {
	s := T(ctx, id, append(args, name, splitMark)...)
	before, after, _ = strings.Cut(s, splitMark)
	return before, after
}

// Lang is the request's language tag, for <html lang> (en-XA in the
// pseudo-locale).
func Lang(ctx context.Context) string { return i18n.FromContext(ctx).Tag() }

// InLanguage renders its children with Localizer l in their context, so
// that their T, and the components they call, speak l's language whatever
// the request's: a sheet printed in the trainee's language inside a page
// that stays in the manager's (print.templ).
//
//	@InLanguage(v.Sheet) {
//		<p>{ T(ctx, "print.printed", …) }</p>
//	}
func InLanguage(l *i18n.Localizer) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		children := templ.GetChildren(ctx)
		return children.Render(i18n.NewContext(templ.ClearChildren(ctx), l), w)
	})
}

// N writes the count n with the digit grouping of the request's language:
// 12,500 · 12.500 · 12 500.
func N(ctx context.Context, n int) string { return i18n.FromContext(ctx).Number(int64(n)) }

// Dec says the numbers of s, written the source language's way (the pay
// tables' figures, counts and percentages), with the reader's separators.
func Dec(ctx context.Context, s string) string { return i18n.FromContext(ctx).Decimal(s) }
