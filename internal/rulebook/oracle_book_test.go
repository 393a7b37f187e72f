package rulebook

import (
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
)

// oracleBook is the source of the Texas Oracle rule book, as written.
func oracleBook(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile("../../content/rules/books/oracle.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// TestOracleBookStatesEverySetting fails when a key of
// houses/<house>/oracle.toml, or a kind of pay table Texas Oracle reads, is
// not used by the book's source: every value the house uses must be stated
// in its book (docs/book.md), so a new setting needs its sentence.
func TestOracleBookStatesEverySetting(t *testing.T) {
	src := oracleBook(t)
	keys := settingKeys(reflect.TypeFor[oracle.Settings](), "")
	if len(keys) < 20 {
		t.Fatalf("only %d setting keys found: %v", len(keys), keys)
	}
	for _, k := range keys {
		// A key is used when the template reads it: .Set.key, or $.Set.key
		// inside a range. The next character must end the key, so that
		// fourth_card_fee is not found inside fourth_card_fee_x.
		re := regexp.MustCompile(`\.Set\.` + regexp.QuoteMeta(k) + `([^A-Za-z0-9_]|$)`)
		if !re.MatchString(src) {
			t.Errorf("the book never reads the setting %q (write {{.Set.%s}} where it changes what the book says)", k, k)
		}
	}
	for _, spec := range oracle.TableSpecs {
		if !strings.Contains(src, `paytable "`+spec.Kind+`"`) && !strings.Contains(src, `pays "`+spec.Kind+`"`) {
			t.Errorf("the book never shows the %s pay table ({{paytable %q}})", spec.Kind, spec.Kind)
		}
	}
}

// TestOracleBookCitations checks, on the book's source, that every section
// the Texas Oracle engine and procedures cite has a heading, and that every
// ruling situation and sequence of procedures/oracle.toml is written into
// the book.
func TestOracleBookCitations(t *testing.T) {
	src := oracleBook(t)
	b, err := Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	h := b.Houses[DefaultHouse]
	ids := map[string]bool{}
	for _, m := range regexp.MustCompile(`\{#([A-Za-z0-9._-]+)`).FindAllStringSubmatch(src, -1) {
		if ids[m[1]] {
			t.Errorf("section id %q is written twice", m[1])
		}
		ids[m[1]] = true
	}
	for _, s := range h.Procedures.Situations {
		if s.Game != oracle.Slug {
			continue
		}
		ids[s.ID] = true // written by {{ruling}}
		if !strings.Contains(src, `{{ruling "`+s.ID+`"}}`) {
			t.Errorf("situation %s is not in the book: add {{ruling %q}}", s.ID, s.ID)
		}
	}
	for _, q := range h.Procedures.Sequences {
		if q.Game == oracle.Slug && !strings.Contains(src, `{{steps "`+q.ID+`"}}`) {
			t.Errorf("sequence %s is not in the book: add {{steps %q}}", q.ID, q.ID)
		}
	}
	cited := map[string]string{
		oracle.RuleFold: "engine", oracle.RuleNoQualify: "engine", oracle.RuleAnte: "engine",
		oracle.RuleBet: "engine", oracle.RuleStay: "engine",
	}
	for _, s := range h.Procedures.Situations {
		if s.Game == oracle.Slug {
			cited[s.Ref] = s.ID
		}
	}
	for _, q := range h.Procedures.Sequences {
		if q.Game == oracle.Slug {
			cited[q.Ref] = q.ID
		}
	}
	// The sections the shared drill code cites for every game (the brief of
	// issue 14).
	for _, id := range []string{"table", "wagers", "deal", "decisions", "best_hand", "hand_ranking",
		"dealer_hand", "settlement", "paytables", "procedures", "rulings"} {
		cited["oracle."+id] = "every game's book"
	}
	for id, by := range cited {
		if !ids[id] {
			t.Errorf("%s cites section %q, which the book does not have", by, id)
		}
	}
}
