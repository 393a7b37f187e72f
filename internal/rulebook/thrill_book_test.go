package rulebook_test

import (
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"

	"github.com/dealerkiosk/trainer/internal/games/thrill"
)

// thrillBookSource is the source of 7 Card Thrill's rule book, as written
// (before the house's values are put in).
func thrillBookSource(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../content/rules/books/thrill.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// thrillSettingKeys are the keys of houses/<house>/thrill.toml: every toml
// tag of thrill.Settings but the house's own pay tables.
func thrillSettingKeys() []string {
	var keys []string
	st := reflect.TypeFor[thrill.Settings]()
	for i := range st.NumField() {
		k, _, _ := strings.Cut(st.Field(i).Tag.Get("toml"), ",")
		if k == "" || k == "-" || k == "paytables" {
			continue
		}
		keys = append(keys, k)
	}
	return keys
}

// TestThrillBookUsesEverySetting fails when the book's source does not use a
// setting of the house, a kind of pay table or a row of one: each value the
// house sets must change what the book says.
func TestThrillBookUsesEverySetting(t *testing.T) {
	src := thrillBookSource(t)
	keys := thrillSettingKeys()
	if len(keys) < 15 {
		t.Fatalf("only %d setting keys found in thrill.Settings: %v", len(keys), keys)
	}
	for _, k := range keys {
		if !regexp.MustCompile(`\.Set\.` + regexp.QuoteMeta(k) + `\b`).MatchString(src) {
			t.Errorf("the book never uses the setting %s (write it as {{.Set.%s}} where it matters)", k, k)
		}
	}
	for _, spec := range thrill.TableSpecs {
		if !strings.Contains(src, `{{paytable "`+spec.Kind+`"}}`) {
			t.Errorf("the book does not render the %s pay table ({{paytable %q}})", spec.Kind, spec.Kind)
		}
		for _, row := range spec.Rows {
			if !strings.Contains(src, `pays "`+spec.Kind+`" "`+row+`"`) {
				t.Errorf("the book never states what the %s table pays for %s ({{pays %q %q}})", spec.Kind, row, spec.Kind, row)
			}
		}
	}
	for _, l := range []string{".Limits.Min", ".Limits.Max", ".House.Rounding", ".House.SmallestChip"} {
		if !strings.Contains(src, l) {
			t.Errorf("the book does not state %s", l)
		}
	}
}

// TestThrillBookSections checks that every section the engine and the drills
// cite is a heading of the book's source.
func TestThrillBookSections(t *testing.T) {
	src := thrillBookSource(t)
	for _, id := range thrill.Sections {
		if !regexp.MustCompile(`(?m)^#{1,3} .*\{#` + regexp.QuoteMeta(id) + `[ }]`).MatchString(src) {
			t.Errorf("section %s is cited but is not a heading of books/thrill.md", id)
		}
	}
}

// TestThrillBookProcedures checks that the book writes every ruling situation
// and sequence of play of procedures/thrill.toml, and that each of their refs
// is a heading of the book's source (never a ruling's own subsection, which a
// house that does not ask the situation does not have).
func TestThrillBookProcedures(t *testing.T) {
	src := thrillBookSource(t)
	type item struct {
		ID  string `toml:"id"`
		Ref string `toml:"ref"`
	}
	var f struct {
		Situation []item `toml:"situation"`
		Sequence  []item `toml:"sequence"`
	}
	raw, err := os.ReadFile("../../content/rules/procedures/thrill.toml")
	if err != nil {
		t.Fatal(err)
	}
	if err := toml.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Situation) == 0 || len(f.Sequence) == 0 {
		t.Fatalf("procedures/thrill.toml: %d situations, %d sequences", len(f.Situation), len(f.Sequence))
	}
	heading := func(id string) bool {
		return regexp.MustCompile(`(?m)^#{1,3} .*\{#` + regexp.QuoteMeta(id) + `[ }]`).MatchString(src)
	}
	for _, s := range f.Situation {
		if !strings.Contains(src, `{{ruling "`+s.ID+`"}}`) {
			t.Errorf("the book does not write the ruling on %s", s.ID)
		}
		if !heading(s.Ref) {
			t.Errorf("%s: ref %q is not a heading of the book", s.ID, s.Ref)
		}
	}
	for _, s := range f.Sequence {
		if !strings.Contains(src, `{{steps "`+s.ID+`"}}`) {
			t.Errorf("the book does not write the steps of %s", s.ID)
		}
		if !heading(s.Ref) {
			t.Errorf("%s: ref %q is not a heading of the book", s.ID, s.Ref)
		}
	}
}
