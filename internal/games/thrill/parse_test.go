package thrill_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/settle"
)

// okBox is a legal box against kqDealer.
var okBox = boxIn{"As Ad 8c 6h 5s Tc Jd", "poker=10", ""}

// sevenBoxes are seven legal-looking boxes (the round is refused for their number).
func sevenBoxes() []boxIn {
	deck := strings.Fields("2c 2d 2s 3c 3h 3s 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 8c 8d 8h 8s 9c 9d 9s Tc Td Th Ts Jc Jd Jh Js Qc Qh Qs Kd Kh Ks Ac Ad Ah As Jk 7s 4c 3d 2h 9h Qd Kc")
	var out []boxIn
	for i := range 7 {
		out = append(out, boxIn{strings.Join(deck[i*7:i*7+7], " "), "poker=5", ""})
	}
	return out
}

func TestParseErrors(t *testing.T) {
	b := book(t)
	tests := []struct {
		name  string
		house string
		in    *games.Round
		edit  func(*games.Round)
		want  string
	}{
		{name: "duplicate card across the round names the second occurrence",
			in:   round("", kqDealer, boxIn{"As Ad 8c 6h 5s Tc Kc", "poker=10", ""}),
			want: "boxes[0].cards: duplicate card Kc"},
		{name: "duplicate card between two boxes",
			in:   round("", kqDealer, okBox, boxIn{"Ah As 8d 6d 5d Td Jh", "poker=10", ""}),
			want: "boxes[1].cards: duplicate card As"},
		{name: "duplicate card in the dealer's hand",
			in:   round("", "Kc Kc 9h 7s 4c 3d 2h", okBox),
			want: "dealer: duplicate card Kc"},
		{name: "two jokers",
			in:   round("", "Jk Qd 9h 7s 4c 3d 2h", boxIn{"As Ad 8c 6h 5s Tc JK", "poker=10", ""}),
			want: "boxes[0].cards: duplicate card Jk"},
		{name: "dealer short of a card",
			in:   round("", "Kc Qd 9h 7s 4c 3d", okBox),
			want: "dealer: needs 7 cards, got 6 (a wrong card count is a misdeal: the round is void and the bets stay)"},
		{name: "box with eight cards",
			in:   round("", kqDealer, boxIn{"As Ad 8c 6h 5s Tc Jd Jh", "poker=10", ""}),
			want: "boxes[0].cards: needs 7 cards, got 8 (a wrong card count is a misdeal: the round is void and the bets stay)"},
		{name: "box with eight cards where misdeal_policy = void_and_return_bets",
			in:   round("returned", kqDealer, boxIn{"As Ad 8c 6h 5s Tc Jd Jh", "poker=10", ""}),
			want: "boxes[0].cards: needs 7 cards, got 8 (a wrong card count is a misdeal: the round is void and the bets are handed back)"},
		{name: "not a card",
			in:   round("", kqDealer, boxIn{"As Ad 1x 6h 5s Tc Jd", "poker=10", ""}),
			want: `boxes[0].cards: "1x" is not a card`},
		{name: "unknown wager",
			in:   round("", kqDealer, boxIn{okBox.cards, "poker=10 ante=10", ""}),
			want: `boxes[0].wagers.ante: unknown wager "ante" (7 Card Thrill wagers: poker, kings_or_better, trips_or_better, full_house_or_better, special)`},
		{name: "negative stake",
			in:   round("", kqDealer, boxIn{okBox.cards, "poker=-5", ""}),
			want: "boxes[0].wagers.poker: a stake cannot be negative"},
		{name: "malformed stake",
			in:   round("", kqDealer, boxIn{okBox.cards, "poker=ten", ""}),
			want: `boxes[0].wagers.poker: "ten" is not an amount`},
		{name: "stake finer than a hundredth",
			in:   round("", kqDealer, boxIn{okBox.cards, "poker=1.234", ""}),
			want: `boxes[0].wagers.poker: "1.234" has more than two decimal places`},
		{name: "no wager at all",
			in:   round("", kqDealer, boxIn{okBox.cards, "", ""}),
			want: "boxes[0].wagers: no wager: a box needs at least one primary wager (poker, kings_or_better, trips_or_better, full_house_or_better)"},
		{name: "only zero stakes",
			in:   round("", kqDealer, boxIn{okBox.cards, "poker=0 special=0", ""}),
			want: "boxes[0].wagers: no wager: a box needs at least one primary wager (poker, kings_or_better, trips_or_better, full_house_or_better)"},
		{name: "a Special alone (special_requires_primary = true)",
			in:   round("", kqDealer, boxIn{okBox.cards, "special=1", ""}),
			want: "boxes[0].wagers.special: the house takes the Special Bet only beside a primary wager (poker, kings_or_better, trips_or_better, full_house_or_better)"},
		{name: "two primary wagers under exactly_one",
			in:   round("exact", kqDealer, boxIn{okBox.cards, "poker=10 kings_or_better=5 special=1", ""}),
			want: "boxes[0].wagers: 2 primary wagers (poker, kings_or_better); the house allows one primary wager per box"},
		{name: "fold",
			in: round("", kqDealer, okBox), edit: func(r *games.Round) { r.Boxes[0].Fold = true },
			want: "boxes[0].fold: 7 Card Thrill has no fold: every box plays its seven cards to the showdown"},
		{name: "board cards",
			in: round("", kqDealer, okBox), edit: func(r *games.Round) { r.Board = []string{"2s"} },
			want: "board: 7 Card Thrill has no community cards: each hand is seven cards of its own"},
		{name: "dealer_draw",
			in: round("", kqDealer, okBox), edit: func(r *games.Round) { r.DealerDraw = "2s" },
			want: "dealer_draw: the dealer draws no card in 7 Card Thrill"},
		{name: "fourth_card",
			in: round("", kqDealer, okBox), edit: func(r *games.Round) { r.Boxes[0].FourthCard = true },
			want: "boxes[0].fourth_card: is a Texas Oracle action, not a 7 Card Thrill one"},
		{name: "exchanged",
			in: round("", kqDealer, okBox), edit: func(r *games.Round) { r.Boxes[0].Exchanged = 1 },
			want: "boxes[0].exchanged: is a Texas Oracle action, not a 7 Card Thrill one"},
		{name: "draw",
			in: round("", kqDealer, okBox), edit: func(r *games.Round) { r.Boxes[0].Draw = &games.Draw{Buy: "2s"} },
			want: "boxes[0].draw: is a Lunar Poker action, not a 7 Card Thrill one"},
		{name: "force",
			in: round("", kqDealer, okBox), edit: func(r *games.Round) { r.Boxes[0].Force = true },
			want: "boxes[0].force: is a Lunar Poker action, not a 7 Card Thrill one"},
		{name: "multi_super",
			in: round("", kqDealer, okBox),
			edit: func(r *games.Round) {
				r.Boxes[0].MultiSuper = []games.SideBet{{On: games.Target{Dealer: true}, Stake: json.Number("5")}}
			},
			want: "boxes[0].multi_super: is a Lunar Poker bet, not a 7 Card Thrill one"},
		{name: "no box",
			in:   round("", kqDealer),
			want: "boxes: no box: a round needs at least one player box"},
		{name: "seven boxes at a six-box table",
			in:   round("", kqDealer, sevenBoxes()...),
			want: "boxes: 7 boxes; the house's 7 Card Thrill table has 6"},
		{name: "three boxes at a house of two (max_player_boxes = 2)",
			in:   round("small", kjDealer, kjBoxes...),
			want: "boxes: 3 boxes; the house's 7 Card Thrill table has 2"},
		{name: "one discard",
			in:   round("", kqDealer, boxIn{okBox.cards, "poker=10", "5s"}),
			want: "boxes[0].discards: needs 2 cards, got 1"},
		{name: "three discards",
			in:   round("", kqDealer, boxIn{okBox.cards, "poker=10", "5s 6h 8c"}),
			want: "boxes[0].discards: needs 2 cards, got 3"},
		{name: "a discard that is not the box's",
			in:   round("", kqDealer, boxIn{okBox.cards, "poker=10", "5s Kc"}),
			want: "boxes[0].discards: Kc is not one of the box's cards"},
		{name: "the same discard twice",
			in:   round("", kqDealer, boxIn{okBox.cards, "poker=10", "5s 5s"}),
			want: "boxes[0].discards: duplicate card 5s"},
		{name: "a discard that is not a card",
			in:   round("", kqDealer, boxIn{okBox.cards, "poker=10", "5s Zz"}),
			want: `boxes[0].discards: "Zz" is not a card`},
		{name: "no discards when the kept five bind (cards_speak = false)",
			in:   round("bind", kqDealer, okBox),
			want: "boxes[0].discards: missing: the house holds the player to the five he kept, so name his 2 discards"},
		{name: "a Special above the house's limit",
			in:   round("limits", kqDealer, boxIn{okBox.cards, "poker=10 special=50", ""}),
			want: "boxes[0].wagers.special: 50 is above the house's maximum of 25 on the Special"},
		{name: "a Poker Bet below the house's limit",
			in:   round("limits", kqDealer, boxIn{okBox.cards, "poker=2.5", ""}),
			want: "boxes[0].wagers.poker: 2.5 is below the house's minimum of 5 on the Poker Bet"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.edit != nil {
				tt.edit(tt.in)
			}
			_, err := settle.Round(b, tt.in, "")
			var fe *games.FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("settle.Round error = %v; want a *games.FieldError", err)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got %s\nwant %s", err, tt.want)
			}
		})
	}
}

// TestParseDirect checks what the dispatcher cannot send: another game's
// round, and nil input.
func TestParseDirect(t *testing.T) {
	h, err := book(t).House("")
	if err != nil {
		t.Fatal(err)
	}
	in := round("", kqDealer, okBox)
	in.Game = "uth"
	if _, err := thrill.Parse(in, h.Thrill); err == nil || err.Error() != `game: "uth" is not 7 Card Thrill ("thrill")` {
		t.Errorf("Parse(uth round) = %v", err)
	}
	if _, err := thrill.Parse(nil, h.Thrill); err == nil {
		t.Error("Parse(nil) accepted")
	}
	if s := thrill.Settle(nil, h.Thrill, h.Rounding); s == nil || len(s.Boxes) != 0 {
		t.Errorf("Settle(nil) = %+v; want an empty settlement", s)
	}
}

// TestSettingsErrors checks that Resolve refuses every bad value of a setting,
// naming the file and the key (through the rulebook, as the kiosk loads it).
func TestSettingsErrors(t *testing.T) {
	tests := []struct {
		thrill string
		want   []string
	}{
		{"max_player_boxes = 7\n", []string{"max_player_boxes", "at most 6 boxes"}},
		{"max_player_boxes = 0\n", []string{"max_player_boxes"}},
		{"primary_wagers = \"two\"\n", []string{"primary_wagers", `"at_least_one" or "exactly_one"`}},
		{"dealer_sets_best = false\n", []string{"dealer_sets_best", "no house way"}},
		{"dealer_exposed_card = \"middle\"\n", []string{"dealer_exposed_card", `"last_dealt" or "first_dealt"`}},
		{"poker_half_pay_hand = \"queen_high\"\n", []string{"poker_half_pay_hand"}},
		{"joker_flush_rank = \"lowest\"\n", []string{"joker_flush_rank", `"highest_missing" or "ace_always"`}},
		{"misdeal_policy = \"play_on\"\n", []string{"misdeal_policy", `"void_and_redeal" or "void_and_return_bets"`}},
		{"max_payout_per_box = \"-1\"\n", []string{"max_payout_per_box", "negative"}},
		{"[wager_limits.ante]\nmin = \"1\"\n", []string{"wager_limits.ante", "unknown wager"}},
		{"[wager_limits.special]\nmin = \"10\"\nmax = \"5\"\n", []string{"wager_limits.special", "below min"}},
		{"special_table = \"nowhere\"\n", []string{"special_table", `no special table "nowhere"`, "standard"}},
		{"cards_speek = true\n", []string{"cards_speek", "unknown key"}},
		{"[paytables.special.half]\nfive_aces = \"1:1\"\n", []string{"paytables.special.half.royal_flush", "missing row"}},
	}
	for _, tt := range tests {
		t.Run(strings.TrimSpace(tt.thrill), func(t *testing.T) {
			upper := fstest.MapFS{
				"houses/bad/house.toml":  &fstest.MapFile{Data: []byte("name = \"bad\"\n")},
				"houses/bad/thrill.toml": &fstest.MapFile{Data: []byte(tt.thrill)},
			}
			_, err := rulebook.Load(rulebook.Overlay(upper, rules.FS))
			if err == nil {
				t.Fatal("Load accepted the house")
			}
			for _, w := range append([]string{"houses/bad/thrill.toml"}, tt.want...) {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

// TestDefaults checks that the default house carries RULES.md's defaults and
// the seed's pay tables, named "standard".
func TestDefaults(t *testing.T) {
	h, err := book(t).House("default")
	if err != nil {
		t.Fatal(err)
	}
	s := h.Thrill
	if s.MaxPlayerBoxes != 6 || s.PrimaryWagers != thrill.AtLeastOne || !s.SpecialRequiresPrimary || !s.CardsSpeak ||
		!s.DealerSetsBest || s.DealerExposedCard != thrill.LastDealt || !s.PKOBHalfOnlyOnePair ||
		s.PokerHalfPayHand != thrill.KingJackHigh || s.JokerFlushRank != thrill.HighestMissing ||
		!s.WheelRuleAppliesToSF || s.SpecialNaturalRoyalOnly || s.MisdealPolicy != thrill.VoidAndRedeal ||
		s.MaxPayoutPerBox != 0 || len(s.WagerLimits) != 0 {
		t.Errorf("default settings differ from RULES.md §4.6: %+v", s)
	}
	want := map[string]string{
		"poker/win": "1:1", "poker/win_vs_king_jack_high": "1:2",
		"kings_or_better/aces_or_better": "1:1", "kings_or_better/pair_of_kings": "1:2",
		"trips_or_better/three_of_a_kind_or_better": "4:1",
		"full_house_or_better/full_house_or_better": "30:1",
		"special/five_aces":                         "20000:1", "special/royal_flush": "2000:1", "special/straight_flush": "300:1",
	}
	for k, w := range want {
		kind, row, _ := strings.Cut(k, "/")
		if s.Pay[kind].Name != "standard" {
			t.Errorf("%s table %q; want \"standard\"", kind, s.Pay[kind].Name)
		}
		o, ok := s.Pay[kind].Odds(row)
		if !ok || o.String() != w {
			t.Errorf("%s table %s, row %s = %v; want %s", kind, s.Pay[kind].Name, row, o, w)
		}
	}
	if r := s.Rules(); !r.Joker || !r.WheelSecond || !r.WheelSecondSF || r.JokerFlushAceAlways {
		t.Errorf("Rules() = %+v; want the joker, the second-highest wheel (straights and straight flushes), the highest missing card", r)
	}
}
