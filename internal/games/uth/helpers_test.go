package uth_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// testHouses are houses built for the tests over the shipped rules, each with
// one or more UTH settings at a value other than the default. A house whose
// value is a string of the form "house.toml:…" sets house.toml instead (and,
// after a line "---", uth.toml too).
var testHouses = map[string]string{
	"blindb":   `blind_table = "straight-pushes"`,
	"tripsa":   `trips_table = "50-40-30-9-7-4-3"`,
	"tripsc":   `trips_table = "50-40-30-8-7-4-3"`,
	"tripsd":   `trips_table = "50-40-20-7-6-5-3"`,
	"four":     `preflop_multiples = [4]`,
	"three":    `preflop_multiples = [3]`,
	"keep":     "fold_forfeits_trips = false\nfold_forfeits_progressive = false",
	"both":     `must_use_both_hole_cards = true`,
	"holeflop": `progressive_hand = "hole_and_flop"`,
	"envy":     `envy_bonus = true`,
	"envykeep": "envy_bonus = true\nfold_forfeits_progressive = false",
	"noprog":   `progressive_enabled = false`,
	"cap":      `max_payout_per_box = "100"`,
	"small":    "max_boxes = 2\nmax_boxes_per_player = 2",
	"jackpot":  jackpot,
	// Settings that do not change a settlement, all at once, and a house Ante/Play table.
	"procedures": `burn_cards = true
shuffle = "by_hand"
deal_order = "players,dealer,community"
settlement_order = "right_to_left"
exposed_card_during_deal = "burn_and_continue"
misdeal = "void_and_return_bets"
misplaced_card = "void_and_redeal"
max_boxes_per_player = 3
main_table = "house"
[paytables.main.house]
ante = "1:1"
play = "1:1"
`,
	"quarter": "house.toml:smallest_chip = \"0.25\"",
	// house.toml rounding (RULES.md §1.6, §6 row 30) with a smallest chip of 1,
	// so that 8.25 lies between two chips a whole unit apart.
	"unitdown": "house.toml:" + unitChip,
	"unitup":   "house.toml:rounding = \"up\"\n" + unitChip,
	"unitnear": "house.toml:rounding = \"nearest\"\n" + unitChip,
	// The jackpot house's table with a meter that is not whole 0.5 chips.
	"jackpotup":   "house.toml:rounding = \"up\"\n---\n" + strings.Replace(jackpot, `"1000"`, `"1234.56"`, 1),
	"jackpotnear": "house.toml:rounding = \"nearest\"\n---\n" + strings.Replace(jackpot, `"1000"`, `"1231"`, 1),
}

// unitChip is a house.toml whose smallest chip is 1 (the default house's 0.5
// chip is then not a whole number of it, so the chip set is its own).
const unitChip = `smallest_chip = "1"
[[chips]]
value = "1"
label = "1"
colour = "#f5f5f0"
pattern = "stripes"
[[chips]]
value = "5"
label = "5"
colour = "#c62828"
pattern = "diamonds"
`

// jackpot is a house progressive: stake 5, meter 1,000, its own table.
const jackpot = `progressive_stake = "5"
progressive_meter = "1000"
progressive_table = "small"
[paytables.progressive.small]
royal_flush     = "100%"
straight_flush  = "10%"
four_of_a_kind  = "250"
full_house      = "50"
flush           = "25"
straight        = "15"
three_of_a_kind = "5"
`

// testBook loads the shipped rules with the test houses layered over them.
var testBook = sync.OnceValues(func() (*rulebook.Book, error) {
	m := fstest.MapFS{}
	for name, body := range testHouses {
		head := fmt.Sprintf("name = %q\n", name)
		if rest, ok := strings.CutPrefix(body, "house.toml:"); ok {
			// "house.toml:…" sets house.toml; after a line "---", uth.toml.
			house, game, _ := strings.Cut(rest, "\n---\n")
			m["houses/"+name+"/house.toml"] = &fstest.MapFile{Data: []byte(head + house + "\n")}
			if game != "" {
				m["houses/"+name+"/uth.toml"] = &fstest.MapFile{Data: []byte(game + "\n")}
			}
			continue
		}
		m["houses/"+name+"/house.toml"] = &fstest.MapFile{Data: []byte(head)}
		m["houses/"+name+"/uth.toml"] = &fstest.MapFile{Data: []byte(body + "\n")}
	}
	return rulebook.Load(rulebook.Overlay(m, rules.FS))
})

func book(t testing.TB) *rulebook.Book {
	t.Helper()
	b, err := testBook()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// bx is a box in test notation: hole cards, "ante=10 blind=10 play=40", fold.
type bx struct {
	cards, wagers string
	fold          bool
}

// rnd builds a SETTLE.md round from card and wager notation.
func rnd(dealer, board string, boxes ...bx) games.Round {
	r := games.Round{Game: "uth", Dealer: strings.Fields(dealer), Board: strings.Fields(board)}
	for _, b := range boxes {
		w := map[string]json.Number{}
		for _, kv := range strings.Fields(b.wagers) {
			k, v, _ := strings.Cut(kv, "=")
			w[k] = json.Number(v)
		}
		r.Boxes = append(r.Boxes, games.Box{Cards: strings.Fields(b.cards), Wagers: w, Fold: b.fold})
	}
	return r
}

// summary writes a settled box as "flush/win: ante win 5, blind win 7.5; net 12.5".
func summary(b games.BoxResult) string {
	var ws []string
	for _, w := range b.Wagers {
		ws = append(ws, fmt.Sprintf("%s %s %s", w.Wager, w.Result, w.Pays))
	}
	return fmt.Sprintf("%s/%s: %s; net %s", b.Hand, b.Versus, strings.Join(ws, ", "), b.Net)
}
