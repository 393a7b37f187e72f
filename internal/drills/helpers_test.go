package drills_test

import (
	"sync"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

var (
	loadOnce sync.Once
	book     *rulebook.Book
	gen      *drills.Generator
	loadErr  error
)

// generator loads the shipped rules and drills.toml once for the package's tests.
func generator(t testing.TB) (*rulebook.Book, *drills.Generator) {
	t.Helper()
	loadOnce.Do(func() {
		book, loadErr = rulebook.Load(rules.FS)
		if loadErr == nil {
			gen, loadErr = drills.Load(book, rules.FS)
		}
	})
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return book, gen
}
