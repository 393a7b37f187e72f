package rulebook_test

import (
	"io/fs"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/pelletier/go-toml/v2"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// thrillBookSource is the source of 7 Card Thrill's rule book, as written
// (before the house's values are put in).
func thrillBookSource(t *testing.T) string {
	t.Helper()
	b, err := fs.ReadFile(rules.FS, "books/thrill.md")
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
		// A <kind>_table setting is used where the book renders that
		// kind's table: its rows are stated, its name never (issue 26).
		if kind, ok := strings.CutSuffix(k, "_table"); ok && strings.Contains(src, `{{paytable "`+kind+`"}}`) {
			continue
		}
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
	raw, err := fs.ReadFile(rules.FS, "procedures/thrill.toml")
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

// thrillHouses each change one setting of the default house (or, with the
// prefix "house.toml:", its house.toml), with a sentence the book must then
// say. The key is the setting changed.
var thrillHouses = map[string]struct{ file, says string }{
	"max_player_boxes":           {"max_player_boxes = 2\n", "The table has 2 player boxes."},
	"primary_wagers":             {`primary_wagers = "exactly_one"` + "\n", "A box makes exactly one of the four primary wagers."},
	"special_requires_primary":   {"special_requires_primary = false\n", "It may be made alone, without a primary wager"},
	"cards_speak":                {"cards_speak = false\n", "The five cards the player kept bind."},
	"dealer_exposed_card":        {`dealer_exposed_card = "first_dealt"` + "\n", "the first card you dealt yourself, the bottom card of\nyour stack"},
	"pkob_half_only_one_pair":    {"pkob_half_only_one_pair = false\n", "A hand whose highest pair or set is kings, below a straight, is paid as a pair of kings,\n  1 to 2"},
	"poker_half_pay_hand":        {`poker_half_pay_hand = "king_high"` + "\n", "any other high-card hand counts, king-queen high included"},
	"joker_flush_rank":           {`joker_flush_rank = "ace_always"` + "\n", "In a flush the joker always counts as an ace"},
	"wheel_rule_applies_to_sf":   {"wheel_rule_applies_to_sf = false\n", "A-2-3-4-5 of one suit is the\nlowest straight flush"},
	"special_natural_royal_only": {"special_natural_royal_only = true\n", "Only a natural royal flush, without the joker, is paid\n  as a royal flush"},
	"misdeal_policy":             {`misdeal_policy = "void_and_return_bets"` + "\n", "hand every bet back to its player"},
	"max_payout_per_box":         {`max_payout_per_box = "1000"` + "\n", "all its wagers together, is\nCHF 1,000."},
	"wager_limits":               {"[wager_limits.special]\nmin = \"1\"\nmax = \"25\"\n", "On the Special Bet the house's own limits apply instead:\nat least CHF 1 and at most CHF 25."},
	"poker_table":                {"poker_table = \"even\"\n[paytables.poker.even]\nwin = \"1:1\"\nwin_vs_king_jack_high = \"1:1\"\n", "A Poker Bet that beats such a hand is paid 1 to 1 instead of\n1 to 1."},
	"kings_or_better_table":      {"kings_or_better_table = \"rich\"\n[paytables.kings_or_better.rich]\naces_or_better = \"2:1\"\npair_of_kings = \"1:1\"\n", "| Pair of aces or better | 2 to 1 |"},
	"trips_or_better_table":      {"trips_or_better_table = \"rich\"\n[paytables.trips_or_better.rich]\nthree_of_a_kind_or_better = \"5:1\"\n", "Three of a kind or any better hand is paid 5 to 1"},
	"full_house_or_better_table": {"full_house_or_better_table = \"rich\"\n[paytables.full_house_or_better.rich]\nfull_house_or_better = \"40:1\"\n", "| Full house or better | 40 to 1 |"},
	"special_table":              {"special_table = \"rich\"\n[paytables.special.rich]\nfive_aces = \"10,000:1\"\nroyal_flush = \"1,000:1\"\nstraight_flush = \"200:1\"\n", "On the Special Bet it is paid 10,000 to 1."},
	"rounding up":                {"house.toml:rounding = \"up\"\n", "pay it rounded up to the next chip"},
	"rounding nearest":           {"house.toml:rounding = \"nearest\"\n", "pay it rounded to the nearest chip"},
}

// TestThrillBookAtEveryHouse loads the book at houses that each change one
// setting, and checks that each book says the house's rule where it matters
// (and so differs from the default house's), that every section the engine,
// the drills and the procedures cite resolves there, and that every setting
// but the single-valued dealer_sets_best has such a house.
func TestThrillBookAtEveryHouse(t *testing.T) {
	upper := fstest.MapFS{}
	for name, h := range thrillHouses {
		dir := "houses/" + strings.ReplaceAll(name, " ", "_") + "/"
		head := "name = \"" + strings.ReplaceAll(name, " ", "_") + "\"\n"
		if rest, ok := strings.CutPrefix(h.file, "house.toml:"); ok {
			upper[dir+"house.toml"] = &fstest.MapFile{Data: []byte(head + rest)}
			continue
		}
		upper[dir+"house.toml"] = &fstest.MapFile{Data: []byte(head)}
		upper[dir+"thrill.toml"] = &fstest.MapFile{Data: []byte(h.file)}
	}
	b, err := rulebook.Load(rulebook.Overlay(upper, rules.FS))
	if err != nil {
		t.Fatal(err)
	}
	def, err := b.House(rulebook.DefaultHouse)
	if err != nil {
		t.Fatal(err)
	}
	defText := def.Book(thrill.Slug).Markdown()
	for _, k := range thrillSettingKeys() {
		if _, ok := thrillHouses[k]; !ok && k != "dealer_sets_best" {
			t.Errorf("no test house changes %s", k)
		}
	}
	for name, want := range thrillHouses {
		t.Run(name, func(t *testing.T) {
			h, err := b.House(strings.ReplaceAll(name, " ", "_"))
			if err != nil {
				t.Fatal(err)
			}
			bk := h.Book(thrill.Slug)
			if bk == nil {
				t.Fatal("no 7 Card Thrill book")
			}
			text := bk.Markdown()
			if !strings.Contains(text, want.says) {
				t.Errorf("the book does not say %q", want.says)
			}
			if strings.Contains(defText, want.says) {
				t.Errorf("the default house's book says %q too", want.says)
			}
			for _, id := range thrill.Sections {
				if _, ok := h.Cite(thrill.Slug, id); !ok {
					t.Errorf("section %s does not resolve", id)
				}
			}
			for _, s := range h.Procedures.Situations {
				if s.Game == thrill.Slug {
					if _, ok := h.Cite(thrill.Slug, s.Ref); !ok {
						t.Errorf("%s: ref %s does not resolve", s.ID, s.Ref)
					}
				}
			}
		})
	}
	// The default house states its own values: a few of them, as a reader finds them.
	for _, says := range []string{
		"The table has 6 player boxes.",
		"A box must make at least one primary wager, and it may make any of\nthem together",
		"Each wager on a box is at least CHF 5 and at most CHF 500.",
		"**One pair of kings** is paid 1 to 2.",
		"only the hand \"one pair of kings\" is paid as a pair of kings",
		"the joker being the K♥",
		"The house sets no maximum payout for 7 Card Thrill",
		"### 10.2.1 A misdeal {#thrill.misdeal}",
	} {
		if !strings.Contains(defText, says) {
			t.Errorf("the default house's book does not say %q", says)
		}
	}
	if slices.Contains(thrill.Sections, "") {
		t.Error("an empty section id")
	}
}
