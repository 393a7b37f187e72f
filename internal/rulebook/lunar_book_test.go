package rulebook_test

import (
	"fmt"
	"io/fs"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// lunarFlips are, for every key of houses/<house>/lunar.toml, a house file
// that sets it away from the default house's value (with what it needs to
// matter), or "" with the reason the key has a single allowed value. The
// book must say something different at each of these houses.
var lunarFlips = map[string]string{
	"super_mandatory":      "super_mandatory = false",
	"super_min":            `super_min = "none"`,
	"multisuper_enabled":   "multisuper_enabled = false",
	"dealer_super_enabled": "dealer_super_enabled = false",
	"instant_table":        `instant_table = "A"`,
	"super_table":          `super_table = "B"`,
	"bet_table": `bet_table = "mine"
[paytables.bet.mine]
royal_flush = "250:1"
straight_flush = "50:1"
four_of_a_kind = "20:1"
full_house = "7:1"
flush = "5:1"
straight = "4:1"
three_of_a_kind = "3:1"
two_pair = "2:1"
one_pair = "1:1"
ace_king = "1:1"`,
	// The bonus table matters only where the bonus is paid: both houses pay it.
	"ante_bonus_table": `ante_bonus_straight_plus_on_noqual = true
ante_bonus_table = "mine"
[paytables.ante_bonus.mine]
royal_flush = "5:1"
straight_flush = "5:1"
four_of_a_kind = "5:1"
full_house = "5:1"
flush = "5:1"
straight = "5:1"`,
	"bet_multiple":                        "bet_multiple = 3",
	"draw_fee":                            `draw_fee = "2"`,
	"exchange_min":                        "exchange_min = 3",
	"exchange_max":                        "exchange_max = 4",
	"force_fee":                           `force_fee = "2"`,
	"force_card":                          `force_card = "lowest"`,
	"ante_on_noqual":                      `ante_on_noqual = "2:1"`,
	"ante_bonus_straight_plus_on_noqual":  "ante_bonus_straight_plus_on_noqual = true",
	"second_combo":                        "second_combo = false",
	"straight_plus_pair_as_two_straights": "straight_plus_pair_as_two_straights = false",
	"insurance_enabled":                   "insurance_enabled = true",
	"multisuper_survives_owner_fold":      "multisuper_survives_owner_fold = false",
	"dealer_super_on_initial_hand":        "dealer_super_on_initial_hand = false",
	"late_super_claim":                    `late_super_claim = "forfeit"`,
	"misdeal_policy":                      `misdeal_policy = "void_round_bets_returned"`,
	"decks_alternating":                   "decks_alternating = 1",
	"max_boxes":                           "max_boxes = 4",
	"max_payout_per_box":                  `max_payout_per_box = "1000"`,
	// Keys the kiosk accepts with one value only (the load refuses any
	// other): the book states that value.
	"force_once":          "",
	"progressive_enabled": "",
}

// lunarKeys are the keys of houses/<house>/lunar.toml, read from the
// settings' TOML tags (the pay tables a house adds excepted).
func lunarKeys() []string {
	var keys []string
	t := reflect.TypeFor[lunar.Settings]()
	for i := range t.NumField() {
		tag, _, _ := strings.Cut(t.Field(i).Tag.Get("toml"), ",")
		if tag != "" && tag != "-" && tag != "paytables" {
			keys = append(keys, tag)
		}
	}
	return keys
}

// TestLunarBookUsesEverySetting checks the source of books/lunar.md: every
// house setting of Lunar Poker is read by the book (.Set.<key>), and every
// kind of pay table the game reads is rendered (paytable or pays), so that
// no value the house uses goes unstated.
func TestLunarBookUsesEverySetting(t *testing.T) {
	src, err := fs.ReadFile(rules.FS, "books/lunar.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range lunarKeys() {
		// A <kind>_table setting is used where the book renders that
		// kind's table: its rows are stated, its name never (issue 26).
		if kind, ok := strings.CutSuffix(key, "_table"); ok && regexp.MustCompile(`\{\{[^}]*\bpaytable "`+kind+`"`).Match(src) {
			continue
		}
		if !regexp.MustCompile(`\.Set\.` + regexp.QuoteMeta(key) + `\b`).Match(src) {
			t.Errorf("books/lunar.md does not use the setting %s (write it as {{.Set.%s}} where the book states it)", key, key)
		}
	}
	for _, spec := range lunar.TableSpecs {
		if !regexp.MustCompile(`\{\{[^}]*\b(paytable|pays) "` + spec.Kind + `"`).Match(src) {
			t.Errorf("books/lunar.md does not render the %s pay table ({{paytable %q}})", spec.Kind, spec.Kind)
		}
	}
	for _, key := range lunarKeys() {
		if _, ok := lunarFlips[key]; !ok {
			t.Errorf("lunarFlips has no house for the setting %s: add one so that the book is shown to change with it", key)
		}
	}
}

// TestLunarBookFollowsTheHouse loads one house per setting, each with that
// setting away from the default, and checks that its book loads, that every
// section the Lunar engine and the Lunar procedures cite is in it, and that
// it says something different from the default house's book.
func TestLunarBookFollowsTheHouse(t *testing.T) {
	upper := fstest.MapFS{}
	var keys []string
	for _, key := range lunarKeys() {
		flip := lunarFlips[key]
		if flip == "" {
			continue
		}
		name := "flip-" + strings.ReplaceAll(key, "_", "-")
		upper["houses/"+name+"/house.toml"] = &fstest.MapFile{Data: []byte(fmt.Sprintf("name = %q\n", name))}
		upper["houses/"+name+"/lunar.toml"] = &fstest.MapFile{Data: []byte(flip + "\n")}
		keys = append(keys, key)
	}
	b, err := rulebook.Load(rulebook.Overlay(upper, rules.FS))
	if err != nil {
		t.Fatal(err)
	}
	def, _ := b.House(rulebook.DefaultHouse)
	base := text(def)
	cited := func(h *rulebook.House) {
		t.Helper()
		for _, id := range lunar.Rules {
			if _, ok := h.Cite(lunar.Slug, id); !ok {
				t.Errorf("house %s: the engine cites %s, which its Lunar book does not have", h.Name, id)
			}
		}
		for _, s := range h.Procedures.Situations {
			if s.Game != lunar.Slug {
				continue
			}
			if _, ok := h.Cite(lunar.Slug, s.Ref); !ok {
				t.Errorf("house %s: situation %s cites %s, which its Lunar book does not have", h.Name, s.ID, s.Ref)
			}
		}
		for _, q := range h.Procedures.Sequences {
			if _, ok := h.Cite(lunar.Slug, q.Ref); q.Game == lunar.Slug && !ok {
				t.Errorf("house %s: sequence %s cites %s, which its Lunar book does not have", h.Name, q.ID, q.Ref)
			}
		}
	}
	cited(def)
	for _, key := range keys {
		h, err := b.House("flip-" + strings.ReplaceAll(key, "_", "-"))
		if err != nil {
			t.Fatal(err)
		}
		cited(h)
		if text(h) == base {
			t.Errorf("%s: the book reads the same at a house with %q as at the default house", key, lunarFlips[key])
		}
	}
}

// text is the house's Lunar book as Markdown, with the house's name (which
// every house writes differently) taken out.
func text(h *rulebook.House) string {
	return strings.ReplaceAll(h.Book(lunar.Slug).Markdown(), h.Title, "the house")
}
