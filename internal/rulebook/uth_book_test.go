package rulebook_test

import (
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// uthSettingKeys are the TOML keys of uth.Settings that a house sets (its own
// pay tables and the resolved fields left out).
func uthSettingKeys() []string {
	var keys []string
	t := reflect.TypeFor[uth.Settings]()
	for i := range t.NumField() {
		tag, _, _ := strings.Cut(t.Field(i).Tag.Get("toml"), ",")
		if tag != "" && tag != "-" && tag != "paytables" {
			keys = append(keys, tag)
		}
	}
	return keys
}

// TestUTHBookSourceUsesEverySetting fails when a UTH setting, or a kind of
// pay table UTH reads, is not used by the book's source: the book is where
// the house states every value it plays by (docs/book.md). A <kind>_table
// setting is used where the book renders that kind's table.
func TestUTHBookSourceUsesEverySetting(t *testing.T) {
	data, err := rules.FS.ReadFile("books/uth.md")
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	uses := func(kind string) bool {
		return strings.Contains(src, `paytable "`+kind+`"`) || strings.Contains(src, `pays "`+kind+`"`)
	}
	for _, key := range uthSettingKeys() {
		if strings.Contains(src, ".Set."+key) {
			continue
		}
		if kind, ok := strings.CutSuffix(key, "_table"); ok && uses(kind) {
			continue
		}
		t.Errorf("books/uth.md does not use the setting %s (write it with .Set.%s)", key, key)
	}
	for _, spec := range uth.TableSpecs {
		if !uses(spec.Kind) {
			t.Errorf("books/uth.md does not render the %s pay table ({{paytable %q}} or {{pays %q ROW}})", spec.Kind, spec.Kind, spec.Kind)
		}
	}
}

// uthFlips sets each UTH setting to another value it may take, for
// TestUTHBookFollowsEverySetting. Each entry is the house's uth.toml.
var uthFlips = map[string]string{
	"preflop_multiples": `preflop_multiples = [4]`,
	"main_table":        "main_table = \"house\"\n[paytables.main.house]\nante = \"1:1\"\nplay = \"2:1\"",
	"blind_table":       `blind_table = "straight-pushes"`,
	"trips_table":       `trips_table = "50-40-30-9-7-4-3"`,
	// The only value Resolve accepts: the Ante is returned when the dealer
	// does not qualify. The book states it under {{if eq … "push"}}.
	"ante_on_dealer_no_qualify": "",
	"fold_forfeits_trips":       `fold_forfeits_trips = false`,
	"fold_forfeits_progressive": `fold_forfeits_progressive = false`,
	"progressive_enabled":       `progressive_enabled = false`,
	"progressive_stake":         `progressive_stake = "5"`,
	"progressive_table":         "progressive_table = \"small\"\n[paytables.progressive.small]\nroyal_flush = \"100%\"\nstraight_flush = \"10%\"\nflush = \"25\"",
	"progressive_hand":          `progressive_hand = "hole_and_flop"`,
	"progressive_meter":         `progressive_meter = "30000"`,
	"envy_bonus":                `envy_bonus = true`,
	"must_use_both_hole_cards":  `must_use_both_hole_cards = true`,
	"shuffle":                   `shuffle = "by_hand"`,
	"burn_cards":                `burn_cards = true`,
	"deal_order":                `deal_order = "players,dealer,community"`,
	"settlement_order":          `settlement_order = "right_to_left"`,
	"exposed_card_during_deal":  `exposed_card_during_deal = "burn_and_continue"`,
	"misdeal":                   `misdeal = "void_and_return_bets"`,
	"misplaced_card":            `misplaced_card = "void_and_redeal"`,
	"max_boxes":                 `max_boxes = 6`,
	"max_boxes_per_player":      `max_boxes_per_player = 2`,
	"max_payout_per_box":        `max_payout_per_box = "1000"`,
}

// TestUTHBookFollowsEverySetting checks that every UTH setting changes what
// the book says: a house that differs from the default in that one setting
// gets a different book. A new setting fails here until it has a flip.
func TestUTHBookFollowsEverySetting(t *testing.T) {
	upper := fstest.MapFS{}
	keys := uthSettingKeys()
	for _, key := range keys {
		flip, ok := uthFlips[key]
		if !ok {
			t.Errorf("setting %s has no flip in uthFlips: give it another value the book must follow", key)
			continue
		}
		if flip == "" {
			continue
		}
		name := "flip-" + strings.ReplaceAll(key, "_", "-")
		upper["houses/"+name+"/house.toml"] = &fstest.MapFile{Data: []byte("name = \"" + name + "\"\n")}
		upper["houses/"+name+"/uth.toml"] = &fstest.MapFile{Data: []byte(flip + "\n")}
	}
	b, err := rulebook.Load(rulebook.Overlay(upper, rules.FS))
	if err != nil {
		t.Fatal(err)
	}
	// The house's name is in the book; compare the books with it taken out.
	text := func(h *rulebook.House) string {
		return strings.ReplaceAll(h.Book(uth.Slug).Markdown(), h.Title, "HOUSE")
	}
	def := text(b.Houses[rulebook.DefaultHouse])
	for _, key := range keys {
		if uthFlips[key] == "" {
			continue
		}
		h := b.Houses["flip-"+strings.ReplaceAll(key, "_", "-")]
		if h == nil {
			continue
		}
		if text(h) == def {
			t.Errorf("a house with %s gets the default house's book: the book does not state %s", strings.ReplaceAll(uthFlips[key], "\n", " "), key)
		}
	}
}

// uthDevWords are what no settlement reason may say: our sources, setting
// keys, section numbers, card codes.
var uthDevWords = regexp.MustCompile(`RULES\.md|SETTLE\.md|(?i:\bseed\b)|§|house rule|\buth\.[a-z_]+|\b[a-z]+_[a-z_]+\b|\b[2-9TJQKA][cdhs]\b`)

// TestUTHCitationsResolve settles random rounds at the default house and at
// houses that change the settings a citation depends on, and checks that
// every wager's rule is a section of that house's book and every reason is
// in plain words.
func TestUTHCitationsResolve(t *testing.T) {
	upper := fstest.MapFS{}
	for name, toml := range map[string]string{
		"keep": "fold_forfeits_trips = false\nfold_forfeits_progressive = false", "envy": "envy_bonus = true",
		"cap": `max_payout_per_box = "50"`, "both": "must_use_both_hole_cards = true",
		"holeflop": `progressive_hand = "hole_and_flop"`, "pushes": `blind_table = "straight-pushes"`,
	} {
		upper["houses/"+name+"/house.toml"] = &fstest.MapFile{Data: []byte("name = \"" + name + "\"\n")}
		upper["houses/"+name+"/uth.toml"] = &fstest.MapFile{Data: []byte(toml + "\n")}
	}
	b, err := rulebook.Load(rulebook.Overlay(upper, rules.FS))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, name := range b.HouseNames() {
		h := b.Houses[name]
		rng := rand.New(rand.NewPCG(7, uint64(len(name))))
		lim := h.Limits[uth.Slug]
		for i := range 1500 {
			words := i < 300 // the reasons' words on the first rounds: the regexp is slow
			in := uth.Random(rng, h.UTH, lim.Min, lim.Max, h.Rounding.Chip, 1+rng.IntN(h.UTH.MaxBoxes))
			r, err := uth.Parse(&in, h.UTH)
			if err != nil {
				t.Fatalf("%s: a random round does not parse: %v", name, err)
			}
			st := uth.Settle(r, h.UTH, h.Rounding)
			for _, note := range st.Dealer.Notes {
				if m := uthDevWords.FindString(note); words && m != "" {
					t.Errorf("%s: dealer note %q says %q", name, note, m)
				}
			}
			for _, br := range st.Boxes {
				for _, w := range br.Wagers {
					if !seen[name+" "+w.Rule] {
						if _, ok := h.Cite(uth.Slug, w.Rule); !ok {
							t.Fatalf("%s: %s cites %q, which is not a section of the house's book", name, w.Wager, w.Rule)
						}
					}
					seen[name+" "+w.Rule], seen[w.Rule] = true, true
					if !words {
						continue
					}
					if m := uthDevWords.FindString(w.Reason); m != "" {
						t.Fatalf("%s: %s reason %q says %q", name, w.Wager, w.Reason, m)
					}
				}
			}
		}
	}
	// The rounds reach the citations that need a particular house or hand.
	for _, id := range []string{"uth.ante", "uth.blind", "uth.play_bet", "uth.fold", "uth.trips", "uth.paytable_trips",
		"uth.paytable_blind", "uth.progressive", "uth.envy_bonus", "uth.max_payout"} {
		if !seen[id] {
			t.Errorf("no random round cited %s", id)
		}
	}
}
