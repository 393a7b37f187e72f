package say

import (
	"context"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// in is a context speaking language tag, with the house h (nil for none).
func in(tag string, h *rulebook.House) context.Context {
	return WithHouse(i18n.NewContext(context.Background(), i18n.Default().Localizer(tag)), h)
}

// testBook loads the shipped rules.
func testBook(tb testing.TB) *rulebook.Book {
	tb.Helper()
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// testRules loads the shipped rules and their drills.
func testRules(tb testing.TB) (*rulebook.Book, *drills.Generator) {
	tb.Helper()
	b := testBook(tb)
	gen, err := drills.Load(b, rules.FS)
	if err != nil {
		tb.Fatal(err)
	}
	return b, gen
}
