package thrill_test

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// houses are test houses layered over the shipped content/rules: each sets one
// house setting (or the pay tables) to a value other than the default. A
// value "house.toml:…" is that house's house.toml instead of its thrill.toml.
var houses = map[string]string{
	"bind":      "cards_speak = false\n",
	"exact":     "primary_wagers = \"exactly_one\"\n",
	"solo":      "special_requires_primary = false\n",
	"literal":   "pkob_half_only_one_pair = false\n",
	"kinghigh":  "poker_half_pay_hand = \"king_high\"\n",
	"acealways": "joker_flush_rank = \"ace_always\"\n",
	"lowwheel":  "wheel_rule_applies_to_sf = false\n",
	"natural":   "special_natural_royal_only = true\n",
	"firstcard": "dealer_exposed_card = \"first_dealt\"\n",
	"capped":    "max_payout_per_box = \"100\"\n",
	"small":     "max_player_boxes = 2\n",
	"returned":  "misdeal_policy = \"void_and_return_bets\"\n",
	"limits":    "[wager_limits.special]\nmin = \"1\"\nmax = \"25\"\n[wager_limits.poker]\nmin = \"5\"\n",
	// house.toml rounding (RULES.md §1.6, §6 row 30): up at the 0.5 chip, and
	// nearest at a smallest chip of 1 (whose own chip set replaces the 0.5 one).
	"halfup":   "house.toml:rounding = \"up\"\n",
	"unitnear": "house.toml:rounding = \"nearest\"\nsmallest_chip = \"1\"\n[[chips]]\nvalue = \"1\"\nlabel = \"1\"\ncolour = \"#fff\"\npattern = \"dots\"\n",
	// A house with its own table of every kind, each chosen by its *_table key.
	"tables": `
poker_table = "even"
kings_or_better_table = "rich"
trips_or_better_table = "rich"
full_house_or_better_table = "rich"
special_table = "rich"
[paytables.poker.even]
win = "1:1"
win_vs_king_jack_high = "1:1"
[paytables.kings_or_better.rich]
aces_or_better = "2:1"
pair_of_kings = "1:1"
[paytables.trips_or_better.rich]
three_of_a_kind_or_better = "5:1"
[paytables.full_house_or_better.rich]
full_house_or_better = "40:1"
[paytables.special.rich]
five_aces = "10,000:1"
royal_flush = "1,000:1"
straight_flush = "200:1"
`,
}

var (
	bookOnce sync.Once
	theBook  *rulebook.Book
	bookErr  error
)

// book loads the shipped rules with the test houses over them, once.
func book(t testing.TB) *rulebook.Book {
	t.Helper()
	bookOnce.Do(func() {
		upper := fstest.MapFS{}
		for name, thrill := range houses {
			head := "name = \"" + name + "\"\n"
			if rest, ok := strings.CutPrefix(thrill, "house.toml:"); ok {
				upper["houses/"+name+"/house.toml"] = &fstest.MapFile{Data: []byte(head + rest)}
				continue
			}
			upper["houses/"+name+"/house.toml"] = &fstest.MapFile{Data: []byte(head)}
			upper["houses/"+name+"/thrill.toml"] = &fstest.MapFile{Data: []byte(thrill)}
		}
		theBook, bookErr = rulebook.Load(rulebook.Overlay(upper, rules.FS))
	})
	if bookErr != nil {
		t.Fatal(bookErr)
	}
	return theBook
}

// boxIn is a box in compact notation: "As Kd …", "poker=10 special=1", "Kc 2h".
type boxIn struct{ cards, wagers, discards string }

// round builds a SETTLE.md round from compact notation.
func round(house, dealer string, boxes ...boxIn) *games.Round {
	r := &games.Round{Game: "thrill", House: house, Dealer: strings.Fields(dealer)}
	for _, b := range boxes {
		gb := games.Box{Cards: strings.Fields(b.cards), Wagers: map[string]json.Number{}, Discards: strings.Fields(b.discards)}
		for _, kv := range strings.Fields(b.wagers) {
			k, v, _ := strings.Cut(kv, "=")
			gb.Wagers[k] = json.Number(v)
		}
		r.Boxes = append(r.Boxes, gb)
	}
	return r
}

func money(t testing.TB, s string) games.Money {
	t.Helper()
	m, err := games.ParseMoney(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
