package uth_test

import (
	"errors"
	"maps"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestDefaultSettings checks the default house against RULES.md §2.8 and §6.
func TestDefaultSettings(t *testing.T) {
	h, err := book(t).House("")
	if err != nil {
		t.Fatal(err)
	}
	s := h.UTH
	checks := []struct {
		key       string
		got, want any
	}{
		{"preflop_multiples", len(s.PreflopMultiples) == 2 && s.PreflopMultiples[0] == 3 && s.PreflopMultiples[1] == 4, true},
		{"blind_table", s.Blind.Name, "straight-pays"},
		{"trips_table", s.Trips.Name, "50-40-30-8-6-5-3"},
		{"main_table", s.Main.Name, "standard"},
		{"ante_on_dealer_no_qualify", s.AnteOnDealerNoQualify, "push"},
		{"fold_forfeits_trips", s.FoldForfeitsTrips, true},
		{"fold_forfeits_progressive", s.FoldForfeitsProgressive, true},
		{"progressive_enabled", s.ProgressiveEnabled, true},
		{"progressive_stake", s.ProgressiveStake, 2 * games.Unit},
		{"progressive_table", s.Progressive.Name, "jackpot"},
		{"progressive_hand", s.ProgressiveHand, "final"},
		{"envy_bonus", s.EnvyBonus, false},
		{"must_use_both_hole_cards", s.MustUseBothHoleCards, false},
		{"shuffle", s.Shuffle, "shuffler"},
		{"burn_cards", s.BurnCards, false},
		{"deal_order", s.DealOrder, "community,players,dealer"},
		{"settlement_order", s.SettlementOrder, "folds,right_to_left"},
		{"exposed_card_during_deal", s.ExposedCardDuringDeal, "void_and_redeal"},
		{"misdeal", s.Misdeal, "void_and_redeal"},
		{"misplaced_card", s.MisplacedCard, "move_and_continue"},
		{"max_boxes", s.MaxBoxes, 7},
		{"max_boxes_per_player", s.MaxBoxesPerPlayer, 1},
		{"max_payout_per_box", s.MaxPayoutPerBox, games.Money(0)},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v; want %v", c.key, c.got, c.want)
		}
	}
	// The printed tables (RULES.md §2.4), row by row.
	for _, c := range []struct {
		t    games.PayTable
		want string
	}{
		{s.Blind, "royal_flush 500:1, straight_flush 50:1, four_of_a_kind 10:1, full_house 3:1, flush 3:2, straight 1:1"},
		{s.Trips, "royal_flush 50:1, straight_flush 40:1, four_of_a_kind 30:1, full_house 8:1, flush 6:1, straight 5:1, three_of_a_kind 3:1"},
		{s.Main, "ante 1:1, play 1:1"},
	} {
		var rows []string
		for _, r := range c.t.Rows {
			rows = append(rows, r.Key+" "+r.Odds.String())
		}
		if got := strings.Join(rows, ", "); got != c.want {
			t.Errorf("%s table %s = %s; want %s", c.t.Kind, c.t.Name, got, c.want)
		}
	}
}

func TestResolveErrors(t *testing.T) {
	b := book(t)
	h, err := b.House("")
	if err != nil {
		t.Fatal(err)
	}
	tables := b.Games[uth.Slug].Tables
	// A progressive table without envy rows, for the envy check.
	noEnvy := games.Tables{}
	for k, v := range tables {
		noEnvy[k] = maps.Clone(v)
	}
	noEnvy["progressive"]["plain"] = games.PayTable{Kind: "progressive", Name: "plain",
		Rows: []games.PayRow{{Key: "royal_flush", Percent: 10000}, {Key: "straight_flush", Percent: 1000}}}
	tests := []struct {
		name   string
		edit   func(*uth.Settings)
		tables games.Tables
		field  string
		msg    string // a fragment of the message
	}{
		{"no preflop multiple", func(s *uth.Settings) { s.PreflopMultiples = nil }, nil, "preflop_multiples", "needs at least one multiple"},
		{"2× preflop", func(s *uth.Settings) { s.PreflopMultiples = []int64{2, 4} }, nil, "preflop_multiples", "2: the preflop Play bet is 3× or 4× the Ante"},
		{"5× preflop", func(s *uth.Settings) { s.PreflopMultiples = []int64{5} }, nil, "preflop_multiples", "5: the preflop Play bet is 3× or 4×"},
		{"a multiple twice", func(s *uth.Settings) { s.PreflopMultiples = []int64{4, 4} }, nil, "preflop_multiples", "4 is listed twice"},
		{"Ante paid on no-qualify", func(s *uth.Settings) { s.AnteOnDealerNoQualify = "pay" }, nil, "ante_on_dealer_no_qualify", `"pay": the only value is "push"`},
		{"progressive hand", func(s *uth.Settings) { s.ProgressiveHand = "turn" }, nil, "progressive_hand", `"turn": want "final" or "hole_and_flop"`},
		{"progressive stake 0", func(s *uth.Settings) { s.ProgressiveStake = 0 }, nil, "progressive_stake", "must be more than 0"},
		{"negative meter", func(s *uth.Settings) { s.ProgressiveMeter = -1 }, nil, "progressive_meter", "must be between 0 and"},
		{"no meter for the shares", func(s *uth.Settings) { s.ProgressiveMeter = 0 }, nil, "progressive_meter", `progressive table "jackpot" pays royal_flush as a share of the meter`},
		{"deal order missing a group", func(s *uth.Settings) { s.DealOrder = "players,community" }, nil, "deal_order", "want community, players and dealer"},
		{"deal order with a group twice", func(s *uth.Settings) { s.DealOrder = "players,players,dealer" }, nil, "deal_order", "want community, players and dealer"},
		{"settlement order", func(s *uth.Settings) { s.SettlementOrder = "left_to_right" }, nil, "settlement_order", `want one of "folds,right_to_left", "right_to_left"`},
		{"exposed card", func(s *uth.Settings) { s.ExposedCardDuringDeal = "ignore" }, nil, "exposed_card_during_deal", `"ignore": want one of`},
		{"misdeal", func(s *uth.Settings) { s.Misdeal = "shrug" }, nil, "misdeal", `"shrug": want one of "void_and_redeal", "void_and_return_bets"`},
		{"misplaced card", func(s *uth.Settings) { s.MisplacedCard = "" }, nil, "misplaced_card", `"": want one of`},
		{"shuffle", func(s *uth.Settings) { s.Shuffle = "continuous" }, nil, "shuffle", `"continuous": want one of "shuffler", "by_hand"`},
		{"no boxes", func(s *uth.Settings) { s.MaxBoxes = 0 }, nil, "max_boxes", "a UTH table has 1 to 7 boxes"},
		{"eight boxes", func(s *uth.Settings) { s.MaxBoxes = 8 }, nil, "max_boxes", "a UTH table has 1 to 7 boxes"},
		{"boxes per player", func(s *uth.Settings) { s.MaxBoxesPerPlayer = 8 }, nil, "max_boxes_per_player", "must be between 1 and max_boxes"},
		{"negative cap", func(s *uth.Settings) { s.MaxPayoutPerBox = -1 }, nil, "max_payout_per_box", "cannot be negative"},
		{"main table", func(s *uth.Settings) { s.MainTable = "Z" }, nil, "main_table", `no main table "Z" (known: standard)`},
		{"blind table", func(s *uth.Settings) { s.BlindTable = "C" }, nil, "blind_table", `no blind table "C" (known: straight-pays, straight-pushes)`},
		{"trips table", func(s *uth.Settings) { s.TripsTable = "E" }, nil, "trips_table", `no trips table "E" (known: 50-40-20-7-6-5-3, 50-40-30-8-6-5-3, 50-40-30-8-7-4-3, 50-40-30-9-7-4-3)`},
		{"progressive table", func(s *uth.Settings) { s.ProgressiveTable = "x" }, nil, "progressive_table", `no progressive table "x"`},
		{"envy without envy rows", func(s *uth.Settings) { s.EnvyBonus, s.ProgressiveTable = true, "plain" }, noEnvy, "envy_bonus", `progressive table "plain" has no envy rows`},
		{"envy bonus not above the stake", func(s *uth.Settings) { s.EnvyBonus, s.ProgressiveStake = true, 100*games.Unit }, nil,
			"progressive_table", `table "jackpot": envy_straight_flush must be a fixed amount above the stake (100)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := *h.UTH
			tt.edit(&s)
			tb := tables
			if tt.tables != nil {
				tb = tt.tables
			}
			err := s.Resolve(tb)
			var fe *games.FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("Resolve = %v; want a *games.FieldError", err)
			}
			if fe.Field != tt.field || !strings.Contains(fe.Msg, tt.msg) {
				t.Errorf("Resolve error\n got %s: %s\nwant %s: …%s…", fe.Field, fe.Msg, tt.field, tt.msg)
			}
		})
	}
	// Settings that are legal only because the Progressive is off.
	s := *h.UTH
	s.ProgressiveEnabled, s.ProgressiveStake, s.ProgressiveMeter, s.EnvyBonus = false, 0, 0, true
	s.ProgressiveTable = "plain"
	if err := s.Resolve(noEnvy); err != nil {
		t.Errorf("Resolve with the Progressive off = %v; want nil", err)
	}
}

// TestHouseFileErrors checks that a broken house file kept outside the binary
// (here an fstest.MapFS layered over the shipped rules) stops the load with
// the file and the key named, for each fault issue 4 lists: an unknown key,
// malformed odds in the house's own pay table, a table missing a row, a
// reference to a table that does not exist; and a value out of its list.
func TestHouseFileErrors(t *testing.T) {
	// own is a house Trips table in full; each case breaks one thing of it.
	own := `trips_table = "mine"
[paytables.trips.mine]
royal_flush     = "100:1"
straight_flush  = "40:1"
four_of_a_kind  = "30:1"
full_house      = "8:1"
flush           = "6:1"
straight        = "5:1"
three_of_a_kind = "3:1"
`
	tests := []struct {
		name, uth string
		want      []string
	}{
		{"unknown key", "trips_tabel = \"B\"\n", []string{"trips_tabel", "unknown key"}},
		{"malformed odds", strings.Replace(own, `"6:1"`, `"6/1"`, 1), []string{"paytables.trips.mine.flush", `bad odds "6/1"`}},
		{"a row missing", strings.Replace(own, "straight        = \"5:1\"\n", "", 1), []string{"paytables.trips.mine.straight", "missing row"}},
		{"a table that does not exist", "blind_table = \"C\"\n", []string{"blind_table", `no blind table "C" (known: straight-pays, straight-pushes)`}},
		{"a value out of its list", "misdeal = \"shrug\"\n", []string{"misdeal", `"shrug"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			upper := fstest.MapFS{
				"houses/bad/house.toml": &fstest.MapFile{Data: []byte("name = \"bad\"\n")},
				"houses/bad/uth.toml":   &fstest.MapFile{Data: []byte(tt.uth)},
			}
			_, err := rulebook.Load(rulebook.Overlay(upper, rules.FS))
			if err == nil {
				t.Fatal("Load succeeded; want an error")
			}
			for _, frag := range append([]string{"houses/bad/uth.toml"}, tt.want...) {
				if !strings.Contains(err.Error(), frag) {
					t.Errorf("error %q does not mention %q", err, frag)
				}
			}
		})
	}
	// The intact table loads: each case above fails for its one fault.
	upper := fstest.MapFS{
		"houses/good/house.toml": &fstest.MapFile{Data: []byte("name = \"good\"\n")},
		"houses/good/uth.toml":   &fstest.MapFile{Data: []byte(own)},
	}
	if _, err := rulebook.Load(rulebook.Overlay(upper, rules.FS)); err != nil {
		t.Errorf("the intact house table: %v", err)
	}
}
