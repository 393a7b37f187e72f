package drills_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// strictHouse flips every setting the drills flip, the other way from the
// default house, and uses a chip set where taking the largest chip first is
// not the fewest (40 = 20 + 20, not 25 + 5 + 5 + 5).
var strictHouse = fstest.MapFS{
	"houses/strict/house.toml": {Data: []byte(`
name = "strict"
title = "Every drilled setting flipped"
smallest_chip = "1"
[[chips]]
value = "1"
label = "1"
colour = "#ffffff"
pattern = "dots"
[[chips]]
value = "5"
label = "5"
colour = "#ff0000"
pattern = "stripes"
[[chips]]
value = "20"
label = "20"
colour = "#00ff00"
pattern = "checks"
[[chips]]
value = "25"
label = "25"
colour = "#0000ff"
pattern = "rings"
[[chips]]
value = "100"
label = "100"
colour = "#000000"
pattern = "waves"
`)},
	"houses/strict/uth.toml": {Data: []byte(`
preflop_multiples = [4]
blind_table = "straight-pushes"
trips_table = "50-40-30-9-7-4-3"
fold_forfeits_trips = false
fold_forfeits_progressive = false
must_use_both_hole_cards = true
envy_bonus = true
max_payout_per_box = "2000"
`)},
	"houses/strict/oracle.toml": {Data: []byte(`
ante_on_dealer_no_qualify = "push"
bet_table = "Enhanced"
fees_refundable = true
`)},
	"houses/strict/thrill.toml": {Data: []byte(`
primary_wagers = "exactly_one"
cards_speak = false
pkob_half_only_one_pair = false
poker_half_pay_hand = "king_high"
joker_flush_rank = "ace_always"
wheel_rule_applies_to_sf = false
special_natural_royal_only = true
`)},
	"houses/strict/lunar.toml": {Data: []byte(`
second_combo = false
straight_plus_pair_as_two_straights = false
ante_bonus_straight_plus_on_noqual = true
dealer_super_on_initial_hand = false
multisuper_survives_owner_fold = false
`)},
}

// TestOtherHouse generates every kind at a house whose settings are all
// flipped, and checks the keys against settle.Round there.
func TestOtherHouse(t *testing.T) {
	fsys := rulebook.Overlay(strictHouse, rules.FS)
	b, err := rulebook.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	g, err := drills.Load(b, fsys)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := b.House("strict")
	l, err := g.List("strict")
	if err != nil {
		t.Fatal(err)
	}
	// A house that changes a setting a ruling depends on must rewrite the
	// ruling before it is asked (package procedures); until then its drills
	// of that kind fail with an error, never a wrong key.
	asked := map[string]bool{}
	for _, p := range l.Procedures {
		for _, game := range p.AskedAt {
			asked[game+" "+p.Kind] = true
		}
	}
	n := uint64(seedsPerLevel(25))
	for _, game := range drills.GameSlugs() {
		for _, kind := range drills.Kinds {
			for lv := 1; lv <= len(g.Config().Levels); lv++ {
				for seed := range n {
					d, err := g.Generate("strict", drills.Spec{Game: game, Kind: kind, Level: lv, Seed: seed})
					if (kind == drills.KindProcedure || kind == drills.KindRuling) && !asked[game+" "+kind] {
						if err == nil {
							t.Fatalf("Generate(strict, %s, %s): a drill though the house has nothing of the kind to ask", game, kind)
						}
						continue
					}
					if err != nil {
						t.Fatalf("Generate(strict, %s, %s, L%d, %d): %v", game, kind, lv, seed, err)
					}
					if d.House != "strict" {
						t.Fatalf("%s: house %q", name(d), d.House)
					}
					s, in := reread(t, d)
					switch kind {
					case drills.KindPayout:
						st := engine(t, b, s, in)
						box := st.Boxes[s.Ask.Box-1]
						want := box.Net
						if !s.Ask.Total {
							for _, w := range box.Wagers {
								if w.Wager == s.Ask.Wager && (w.On == nil || *w.On == *s.Ask.On) {
									want = w.Pays
								}
							}
						}
						if *s.Key.Amount != want {
							t.Errorf("%s: key %s; settle.Round gives %s", name(d), *s.Key.Amount, want)
						}
						for _, m := range s.Mistakes {
							if *m.Amount == want {
								t.Errorf("%s: mistake %s equals the key", name(d), m.ID)
							}
						}
					case drills.KindHand, drills.KindProcedure, drills.KindRuling:
						checkChoices(t, d)
					case drills.KindChips:
						amount, least := drills.ChipTotal(d.Key.Chips)
						if brute := bruteFewest(h, amount); brute >= 0 && brute != least {
							t.Errorf("%s: %s in %d chips; %d are enough", name(d), amount, least, brute)
						}
					}
				}
			}
		}
	}
}

// TestUnresolvedIDSaysWhy asks for a ruling the strict house cannot use as
// shipped (it keeps Trips after a fold but has not rewritten
// uth.trips_after_fold): the error says which setting holds it back.
func TestUnresolvedIDSaysWhy(t *testing.T) {
	fsys := rulebook.Overlay(strictHouse, rules.FS)
	b, err := rulebook.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	g, err := drills.Load(b, fsys)
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Generate("strict", drills.Spec{Game: "uth", Kind: drills.KindRuling, Seed: 1, ID: "uth.trips_after_fold"})
	var se *drills.SpecError
	if !errors.As(err, &se) || se.Field != "id" || !strings.Contains(se.Error(), "uth.fold_forfeits_trips") ||
		!strings.Contains(se.Error(), "houses/strict/procedures.toml") {
		t.Errorf("Generate(strict, uth.trips_after_fold) = %v; want a SpecError on id naming uth.fold_forfeits_trips and the house's procedures file", err)
	}
}

// TestRulingPremise checks that "pay the posted maximum" is asked only where
// a maximum is posted: never at the default house (no game has one), and at
// the strict house (a cap at Ultimate Texas Hold'em only) in UTH's ruling
// drills alone.
func TestRulingPremise(t *testing.T) {
	_, def := generator(t)
	fsys := rulebook.Overlay(strictHouse, rules.FS)
	b, err := rulebook.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	strict, err := drills.Load(b, fsys)
	if err != nil {
		t.Fatal(err)
	}
	const id = "common.max_payout"
	count := func(g *drills.Generator, house, game string) int {
		n := 0
		for seed := range uint64(seedsPerLevel(400)) {
			d, err := g.Generate(house, drills.Spec{Game: game, Kind: drills.KindRuling, Level: 1, Seed: seed})
			if err != nil {
				t.Fatalf("Generate(%s, %s ruling, %d): %v", house, game, seed, err)
			}
			if d.Ask.ID == id {
				n++
			}
		}
		return n
	}
	for _, game := range drills.GameSlugs() {
		if n := count(def, "", game); n != 0 {
			t.Errorf("default house, %s: %s asked %d times; the house posts no maximum payout", game, id, n)
		}
		n := count(strict, "strict", game)
		if game == "uth" && n == 0 {
			t.Errorf("strict house, uth: %s never asked though the house posts a maximum there", id)
		}
		if game != "uth" && n != 0 {
			t.Errorf("strict house, %s: %s asked %d times; the house posts a maximum at Ultimate Texas Hold'em only", game, id, n)
		}
	}
	// The case: 7 Card Thrill, ruling, level 1, seed 3.
	d, err := def.Generate("", drills.Spec{Game: "thrill", Kind: drills.KindRuling, Level: 1, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if d.Ask.ID == id {
		t.Errorf("thrill ruling L1 seed 3 asks %s", id)
	}
}
