package rulebook

import (
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

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
// in its book (docs/book.md), so a new setting needs its sentence. A
// <kind>_table setting is used where the book renders that kind's table.
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
		// A <kind>_table setting is used where the book renders that kind's
		// table: the table's name is the rules files', never the book's
		// (issue 26), its rows are.
		if kind, ok := strings.CutSuffix(k, "_table"); ok && strings.Contains(src, `paytable "`+kind+`"`) {
			continue
		}
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

// TestOracleBookCitations checks that every section the Texas Oracle engine
// and procedures cite, and those the shared drill code cites in every game's
// book, resolve in the book of every house (the default and one house per
// flipped setting), and that every ruling situation and sequence of
// procedures/oracle.toml is written into the book's source.
func TestOracleBookCitations(t *testing.T) {
	src := oracleBook(t)
	b := flippedHouses(t)
	def := b.Houses[DefaultHouse]
	for _, s := range def.Procedures.Situations {
		if s.Game == oracle.Slug && !strings.Contains(src, `{{ruling "`+s.ID+`"}}`) {
			t.Errorf("situation %s is not in the book: add {{ruling %q}}", s.ID, s.ID)
		}
	}
	for _, q := range def.Procedures.Sequences {
		if q.Game == oracle.Slug && !strings.Contains(src, `{{steps "`+q.ID+`"}}`) {
			t.Errorf("sequence %s is not in the book: add {{steps %q}}", q.ID, q.ID)
		}
	}
	for _, name := range b.HouseNames() {
		h := b.Houses[name]
		cited := map[string]string{
			oracle.RuleFold: "the engine", oracle.RuleNoQualify: "the engine", oracle.RuleAnte: "the engine",
			oracle.RuleBet: "the engine", oracle.RuleStay: "the engine",
			// The drills' own citations (internal/drills/oracle.go).
			"oracle.best_hand": "the drills", "oracle.qualify": "the drills", "oracle.settle_fees": "the drills",
			"oracle.exchange_fee": "the drills", "oracle.bet_table": "the drills",
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
		// The sections the shared drill code cites in every game's book.
		for _, id := range []string{"table", "wagers", "deal", "decisions", "best_hand", "hand_ranking",
			"dealer_hand", "settlement", "paytables", "procedures", "rulings"} {
			cited["oracle."+id] = "every game's book"
		}
		for id, by := range cited {
			if _, ok := h.Cite(oracle.Slug, id); !ok {
				t.Errorf("house %s: %s cites section %q, which its book does not have", name, by, id)
			}
		}
	}
}

// oracleFlips sets each key of oracle.toml away from the default house's
// value (and whatever else the flip needs to load). cannot_restore has only
// one allowed value, so no house can differ there.
var oracleFlips = map[string]string{
	"bet_multiple":                    `bet_multiple = 3`,
	"fourth_card_payment":             `fourth_card_payment = "bet"`,
	"fourth_card_fee":                 `fourth_card_fee = "1:2"`,
	"continue_without_4th_card":       `continue_without_4th_card = true`,
	"exchange_fee":                    `exchange_fee = "1:2"`,
	"exchange_max_cards":              `exchange_max_cards = 1`,
	"exchanges_per_hand":              `exchanges_per_hand = 2`,
	"redecide_after_exchange":         `redecide_after_exchange = false`,
	"ante_on_dealer_no_qualify":       `ante_on_dealer_no_qualify = "push"`,
	"ante_table":                      "ante_table = \"Double\"\n[paytables.ante.Double]\nwin = \"2:1\"",
	"bet_table":                       `bet_table = "Enhanced"`,
	"fees_refundable":                 `fees_refundable = true`,
	"max_bets_per_box":                `max_bets_per_box = 2`,
	"backbettor_can_drop":             `backbettor_can_drop = false`,
	"max_open_boxes_per_player":       `max_open_boxes_per_player = 2`,
	"dark_boxes_allowed":              `dark_boxes_allowed = true`,
	"premature_dealer_reveal_options": `premature_dealer_reveal_options = ["fold", "continue_without_purchase", "exchange"]`,
	"recover_overpayment":             `recover_overpayment = "never"`,
	"max_payout_per_box":              `max_payout_per_box = "1000"`,
	"max_boxes":                       `max_boxes = 5`,
	"misdeal.broken_sequence":         "[misdeal]\nbroken_sequence = \"void_and_redeal\"",
	"misdeal.touched_during_restore":  "[misdeal]\ntouched_during_restore = \"restore_and_continue\"",
	"misdeal.wrong_card_count":        "[misdeal]\nwrong_card_count = \"restore_and_continue\"",
	"misdeal.exposed_face_down_card":  "[misdeal]\nexposed_face_down_card = \"continue\"",
	"misdeal.fifth_opened_for_fourth": "[misdeal]\nfifth_opened_for_fourth = \"void_and_redeal\"",
}

// TestOracleBookFollowsEverySetting renders the Texas Oracle book at one
// house per setting, each with that setting flipped, and fails when the
// book's own text (its sections, the rulings left aside) reads the same as
// at the default house: a setting the house changes must change what its
// book says.
func TestOracleBookFollowsEverySetting(t *testing.T) {
	keys := settingKeys(reflect.TypeFor[oracle.Settings](), "")
	single := []string{"misdeal.cannot_restore"}
	for _, k := range keys {
		if _, ok := oracleFlips[k]; !ok && !slices.Contains(single, k) {
			t.Errorf("setting %q has no flip in oracleFlips: add one, so that the test checks the book states it", k)
		}
	}
	b := flippedHouses(t)
	text := func(h *House) string {
		var sb strings.Builder
		for _, s := range h.Book(oracle.Slug).Sections {
			if h.Procedures.Situation(s.ID) != nil || strings.HasPrefix(s.ID, "common.") {
				continue // a ruling, or the chapters every game shares
			}
			sb.WriteString(s.ID + "\n" + s.Markdown + "\n")
		}
		return sb.String()
	}
	def := text(b.Houses[DefaultHouse])
	for k := range oracleFlips {
		if text(b.Houses[flipHouse(k)]) == def {
			t.Errorf("the book reads the same with %s flipped: the house's value is not stated", k)
		}
	}
}

// flipHouse names the test house that flips setting k.
func flipHouse(k string) string { return "flip_" + strings.ReplaceAll(k, ".", "_") }

// flippedHouses loads the shipped rules with one house per entry of
// oracleFlips.
func flippedHouses(t *testing.T) *Book {
	t.Helper()
	m := fstest.MapFS{}
	for k, toml := range oracleFlips {
		m["houses/"+flipHouse(k)+"/house.toml"] = &fstest.MapFile{Data: []byte(fmt.Sprintf("name = %q\n", flipHouse(k)))}
		m["houses/"+flipHouse(k)+"/oracle.toml"] = &fstest.MapFile{Data: []byte(toml + "\n")}
	}
	b, err := Load(Overlay(m, rules.FS))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
