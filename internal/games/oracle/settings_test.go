package oracle_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestDefaults checks the default house against RULES.md §3.8 and §6 rows 7–14, 30–32.
func TestDefaults(t *testing.T) {
	h, err := testBook(t).House("default")
	if err != nil {
		t.Fatal(err)
	}
	s := h.Oracle
	checks := []struct {
		name      string
		got, want any
	}{
		{"bet_multiple (row 7)", s.BetMultiple, int64(2)},
		{"fourth_card_payment (row 8)", s.FourthCardPayment, "fee"},
		{"fourth_card_fee (row 8)", s.FourthCardFee, games.Odds{Win: 1, Per: 1}},
		{"continue_without_4th_card (G1)", s.ContinueWithout4thCard, false},
		{"exchange_fee", s.ExchangeFee, games.Odds{Win: 1, Per: 1}},
		{"exchange_max_cards", s.ExchangeMaxCards, 2},
		{"exchanges_per_hand (row 11)", s.ExchangesPerHand, 1},
		{"redecide_after_exchange (row 11)", s.RedecideAfterExchange, true},
		{"ante_on_dealer_no_qualify (row 9)", s.NoQualifyAnte, games.Odds{Win: 1, Per: 1}},
		{"bet_table (row 10)", s.Bet.Name, "Regular"},
		{"ante_table", s.Ante.Name, "Even money"},
		{"fees_refundable", s.FeesRefundable, false},
		{"max_bets_per_box", s.MaxBetsPerBox, 3},
		{"backbettor_can_drop (row 12)", s.BackbettorCanDrop, true},
		{"max_open_boxes_per_player", s.MaxOpenBoxesPerPlayer, 1},
		{"dark_boxes_allowed", s.DarkBoxesAllowed, false},
		{"premature_dealer_reveal_options (row 13)", strings.Join(s.PrematureDealerRevealOptions, ","), "fold,continue_without_purchase"},
		{"recover_overpayment (row 14)", s.RecoverOverpayment, "before_next_round"},
		{"max_payout_per_box (row 32)", s.MaxPayoutPerBox, games.Money(0)},
		{"max_boxes", s.MaxBoxes, 7},
		{"misdeal R2", s.Misdeal.BrokenSequence, "restore_and_continue"},
		{"misdeal R3", s.Misdeal.TouchedDuringRestore, "void_and_redeal"},
		{"misdeal R4", s.Misdeal.CannotRestore, "void_and_redeal"},
		{"misdeal R5", s.Misdeal.WrongCardCount, "void_and_redeal"},
		{"misdeal R6", s.Misdeal.ExposedFaceDownCard, "void_and_redeal"},
		{"misdeal R7", s.Misdeal.FifthOpenedForFourth, "continue"},
		{"rounding (row 30)", h.Rounding.Chip, games.Money(50)},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v; want %v", c.name, c.got, c.want)
		}
	}
	// §3.3 table A (Regular), and B's (Enhanced) two differences.
	wantA := map[string]int64{"royal_flush": 100, "straight_flush": 50, "four_of_a_kind": 15, "full_house": 6,
		"flush": 4, "straight": 3, "three_of_a_kind": 2, "two_pair": 1, "one_pair": 1}
	for row, win := range wantA {
		if o, ok := s.Bet.Odds(row); !ok || o != (games.Odds{Win: win, Per: 1}) {
			t.Errorf("BET table Regular %s = %v; want %d:1", row, o, win)
		}
	}
	if o, _ := s.Ante.Odds("win"); o != (games.Odds{Win: 1, Per: 1}) {
		t.Errorf("Ante win = %v; want 1:1", o)
	}
	hb, _ := testBook(t).House("tableb")
	for row, win := range map[string]int64{"flush": 5, "straight": 4, "royal_flush": 100, "one_pair": 1} {
		if o, _ := hb.Oracle.Bet.Odds(row); o.Win != win || o.Per != 1 {
			t.Errorf("BET table Enhanced %s = %v; want %d:1", row, o, win)
		}
	}
}

// TestOverrides checks that a house overriding a list or one key of the
// misdeal table keeps the default house's other values.
func TestOverrides(t *testing.T) {
	h, err := testBook(t).House("procedures")
	if err != nil {
		t.Fatal(err)
	}
	s := h.Oracle
	if got := s.PrematureDealerRevealOptions; !slices.Equal(got, []string{"fold", "continue_without_purchase", "buy_fourth_card", "exchange"}) {
		t.Errorf("premature_dealer_reveal_options = %v", got)
	}
	if s.Misdeal.BrokenSequence != "void_and_redeal" || s.Misdeal.CannotRestore != "void_and_redeal" || s.Misdeal.FifthOpenedForFourth != "void_and_redeal" {
		t.Errorf("misdeal = %+v", s.Misdeal)
	}
	if s.MaxBetsPerBox != 2 || s.BackbettorCanDrop || s.MaxOpenBoxesPerPlayer != 2 || !s.DarkBoxesAllowed || s.RecoverOverpayment != "never" {
		t.Errorf("procedure settings not overridden: %+v", s)
	}
	if s.BetMultiple != 2 || s.Bet.Name != "Regular" {
		t.Errorf("procedures house lost the default bet settings: multiple %d, table %q", s.BetMultiple, s.Bet.Name)
	}
	d, _ := testBook(t).House("default")
	if len(d.Oracle.PrematureDealerRevealOptions) != 2 {
		t.Errorf("the default house changed: %v", d.Oracle.PrematureDealerRevealOptions)
	}
}

// TestSettingErrors checks that Resolve refuses each bad setting, naming the
// file and the key.
func TestSettingErrors(t *testing.T) {
	tests := []struct {
		set  string
		key  string
		want string
	}{
		{`bet_multiple = 0`, "bet_multiple", "the BET is 1 to 10 times the Ante"},
		{`fourth_card_payment = "free"`, "fourth_card_payment", `"free": want "fee" or "bet"`},
		{`fourth_card_fee = "1/1"`, "fourth_card_fee", `bad odds "1/1"`},
		{`fourth_card_fee = "11:1"`, "fourth_card_fee", "a fee is at most 10× the Ante"},
		{`exchange_fee = "20:1"`, "exchange_fee", "a fee is at most 10× the Ante"},
		{`exchange_max_cards = 3`, "exchange_max_cards", "a player exchanges 1 or 2 of his 2 hole cards"},
		{`exchanges_per_hand = 4`, "exchanges_per_hand", "want 0 (no exchange) to 3"},
		{`exchanges_per_hand = 3`, "exchanges_per_hand", "3 exchanges of up to 2 cards on each of 7 boxes (max_boxes) need 63 cards; the deck has 52"},
		{`ante_on_dealer_no_qualify = "even"`, "ante_on_dealer_no_qualify", `"even": want "1:1", other odds or "push"`},
		{`ante_table = "double"`, "ante_table", `no ante table "double" (known: Even money)`},
		{`bet_table = "C"`, "bet_table", `no bet table "C" (known: Enhanced, Regular)`},
		{`max_bets_per_box = 4`, "max_bets_per_box", "want 1 to 3 bets on a box"},
		{`premature_dealer_reveal_options = []`, "premature_dealer_reveal_options", "needs at least one option"},
		{`premature_dealer_reveal_options = ["fold", "shout"]`, "premature_dealer_reveal_options", `"shout": want`},
		{`premature_dealer_reveal_options = ["fold", "fold"]`, "premature_dealer_reveal_options", `"fold" is listed twice`},
		{`recover_overpayment = "always"`, "recover_overpayment", `"always": want "before_next_round" or "never"`},
		{`max_payout_per_box = "-1"`, "max_payout_per_box", "cannot be negative"},
		{`max_boxes = 8`, "max_boxes", "a Texas Oracle table has 1 to 7 boxes"},
		{`max_open_boxes_per_player = 0`, "max_open_boxes_per_player", "must be between 1 and max_boxes"},
		{"[misdeal]\ncannot_restore = \"restore_and_continue\"", "misdeal.cannot_restore", `want "void_and_redeal"`},
		{"[misdeal]\nexposed_face_down_card = \"ignore\"", "misdeal.exposed_face_down_card", `"ignore": want "void_and_redeal" or "continue"`},
		{`bet_multipel = 2`, "bet_multipel", "unknown key"},
		{"[paytables.bet.C]\nroyal_flush = \"100:1\"", "paytables.bet.C.straight_flush", "missing row"},
	}
	for _, tt := range tests {
		t.Run(tt.key+" "+tt.set, func(t *testing.T) {
			m := fstest.MapFS{
				"houses/bad/house.toml":  &fstest.MapFile{Data: []byte("name = \"bad\"\n")},
				"houses/bad/oracle.toml": &fstest.MapFile{Data: []byte(tt.set + "\n")},
			}
			_, err := rulebook.Load(rulebook.Overlay(m, rules.FS))
			if err == nil {
				t.Fatal("Load succeeded; want an error")
			}
			for _, w := range []string{"houses/bad/oracle.toml", tt.key, tt.want} {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

// TestResolveDirect checks Resolve on a Settings value built in code.
func TestResolveDirect(t *testing.T) {
	h, err := testBook(t).House("")
	if err != nil {
		t.Fatal(err)
	}
	s := *h.Oracle
	s.AnteOnDealerNoQualify = "push"
	tables := games.Tables{"ante": {"Even money": h.Oracle.Ante}, "bet": {"Regular": h.Oracle.Bet}}
	if err := s.Resolve(tables); err != nil {
		t.Fatal(err)
	}
	if !s.NoQualifyAnte.IsZero() {
		t.Errorf("push resolved to %v", s.NoQualifyAnte)
	}
	var zero oracle.Settings
	if err := zero.Resolve(tables); err == nil {
		t.Error("the zero Settings resolved")
	}
}

// TestNoQualifyRuleText checks how the no-qualify rule reads in the rule
// book: odds as the pay tables write them, anything else as written.
func TestNoQualifyRuleText(t *testing.T) {
	for in, want := range map[oracle.NoQualifyRule]string{"1:1": "1 to 1", "6:5": "6 to 5", "push": "push", "even": "even"} {
		if got := in.String(); got != want {
			t.Errorf("%q reads %q; want %q", string(in), got, want)
		}
	}
}
