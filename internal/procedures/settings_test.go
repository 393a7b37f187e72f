package procedures_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/procedures"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestRulingsFollowHouseSettings checks that every ruling and sequence whose
// answer a house setting decides is tied to that setting: a house that sets
// it away from the default, without writing its own ruling, is never taught
// the default house's answer (the question is refused with ErrUnresolved
// naming the setting), while the default house is still asked.
//
// Each row is one house with one setting flipped; the comment says which
// shipped answer would be wrong there.
func TestRulingsFollowHouseSettings(t *testing.T) {
	tests := []struct {
		file, toml string // houses/<row>/<file>: one setting away from the default
		setting    string // the setting the refusal names
		ids        []string
	}{
		// §6 row 31: "void the round and hand every bet back" is the right
		// choice there, not "leave every bet where it is".
		{"uth.toml", `misdeal = "void_and_return_bets"`, "uth.misdeal", []string{"uth.misdeal"}},
		// §2.7 (NSW r.32): the house voids the round instead of moving the card.
		{"uth.toml", `misplaced_card = "void_and_redeal"`, "uth.misplaced_card", []string{"uth.card_wrong_position"}},
		// §2.2 step 2: uth.play names the deal order community → players → dealer.
		{"uth.toml", `deal_order = "players,dealer,community"`, "uth.deal_order", []string{"uth.play", "uth.deal"}},
		// uth.deal has no burn step; uth.play sums the deal up in one step.
		{"uth.toml", `burn_cards = true`, "uth.burn_cards", []string{"uth.deal"}},
		// No Progressive: no light to check, no chip in the slot.
		{"uth.toml", `progressive_enabled = false`, "uth.progressive_enabled", []string{"uth.progressive_light", "uth.deal", "uth.play"}},
		// §3.7 R2–R7: the seed's misdeal rulings are house settings (R4's has one
		// value, so no house can differ there).
		{"oracle.toml", "[misdeal]\nbroken_sequence = \"void_and_redeal\"", "oracle.misdeal.broken_sequence", []string{"oracle.R2"}},
		{"oracle.toml", "[misdeal]\ntouched_during_restore = \"restore_and_continue\"", "oracle.misdeal.touched_during_restore", []string{"oracle.R3"}},
		{"oracle.toml", "[misdeal]\nwrong_card_count = \"restore_and_continue\"", "oracle.misdeal.wrong_card_count", []string{"oracle.R5"}},
		{"oracle.toml", "[misdeal]\nexposed_face_down_card = \"continue\"", "oracle.misdeal.exposed_face_down_card", []string{"oracle.R6"}},
		{"oracle.toml", "[misdeal]\nfifth_opened_for_fourth = \"void_and_redeal\"", "oracle.misdeal.fifth_opened_for_fourth", []string{"oracle.R7"}},
		// §3.6: three bets per box, one open box per player, no dark play.
		{"oracle.toml", `max_bets_per_box = 2`, "oracle.max_bets_per_box", []string{"oracle.backbet_max"}},
		{"oracle.toml", `max_open_boxes_per_player = 2`, "oracle.max_open_boxes_per_player", []string{"oracle.backbet_exposure"}},
		{"oracle.toml", `dark_boxes_allowed = true`, "oracle.dark_boxes_allowed", []string{"oracle.backbet_dark"}},
		// §3.2 step 4: oracle.play says one exchange of one or two cards, then continue or fold.
		{"oracle.toml", `exchanges_per_hand = 2`, "oracle.exchanges_per_hand", []string{"oracle.play", "oracle.second_exchange"}},
		{"oracle.toml", `exchange_max_cards = 1`, "oracle.exchange_max_cards", []string{"oracle.play"}},
		{"oracle.toml", `redecide_after_exchange = false`, "oracle.redecide_after_exchange", []string{"oracle.play"}},
		{"oracle.toml", `fourth_card_payment = "bet"`, "oracle.fourth_card_payment", []string{"oracle.play"}},
		// §4.6, §6 row 31: this house hands the bets back on a void round.
		{"thrill.toml", `misdeal_policy = "void_and_return_bets"`, "thrill.misdeal_policy", []string{"thrill.misdeal"}},
		// §5.8: a one-card exchange is allowed where exchange_min is 1.
		{"lunar.toml", `exchange_min = 1`, "lunar.exchange_min", []string{"lunar.one_card_exchange"}},
		// §5.3 step 8 and §5.7: the house replaces another card than the highest.
		{"lunar.toml", `force_card = "lowest"`, "lunar.force_card", []string{"lunar.mixed_force", "lunar.force"}},
		// §5.3 step 8: "Ante paid 1:1" is 4:1 for a straight or better under the PA bonus.
		{"lunar.toml", `ante_bonus_straight_plus_on_noqual = true`, "lunar.ante_bonus_straight_plus_on_noqual", []string{"lunar.force"}},
		// No Multi Super or Dealer Super bets at this house.
		{"lunar.toml", `multisuper_enabled = false`, "lunar.multisuper_enabled", []string{"lunar.play", "lunar.multisuper_instant_cash", "lunar.multisuper_after_draw"}},
		{"lunar.toml", `dealer_super_enabled = false`, "lunar.dealer_super_enabled", []string{"lunar.play"}},
		// Multi-setting situations (`settings`): the texts quote a fee, a card
		// count or the Ante payout that the house has changed.
		// "2 to 5 cards": this house exchanges 2 to 4.
		{"lunar.toml", `exchange_max = 4`, "lunar.exchange_max", []string{"lunar.one_card_exchange", "lunar.exchange_and_buy"}},
		// "the 1× Ante draw fee", "for the same fee": the fee is 2× here.
		{"lunar.toml", `draw_fee = "2"`, "lunar.draw_fee", []string{"lunar.one_card_exchange", "lunar.exchange_and_buy"}},
		// "He now plays (a BET of 2× Ante)": 3× here.
		{"lunar.toml", `bet_multiple = 3`, "lunar.bet_multiple", []string{"lunar.exchange_and_buy"}},
		// "paid the 1× Ante fee": the force costs 2× here.
		{"lunar.toml", `force_fee = "2"`, "lunar.force_fee", []string{"lunar.force_wants_ante"}},
		// "Ante paid 1:1" / "Pay his Ante 1:1": 2:1 here.
		{"lunar.toml", `ante_on_noqual = "2:1"`, "lunar.ante_on_noqual", []string{"lunar.mixed_force", "lunar.force_wants_ante"}},
		// "Ante paid 1:1" is 4:1 for a straight or better under the PA bonus.
		{"lunar.toml", `ante_bonus_straight_plus_on_noqual = true`, "lunar.ante_bonus_straight_plus_on_noqual", []string{"lunar.mixed_force"}},
		// "pays 1× Ante to open the 4th card": half the Ante here.
		{"oracle.toml", `fourth_card_fee = "1:2"`, "oracle.fourth_card_fee", []string{"oracle.continue_without_fourth"}},
		// The 4th-card payment is the BET itself, not a fee.
		{"oracle.toml", `fourth_card_payment = "bet"`, "oracle.fourth_card_payment", []string{"oracle.continue_without_fourth"}},
		// "exchanged {first} for 1× Ante": the fee is half the Ante here.
		{"oracle.toml", `exchange_fee = "1:2"`, "oracle.exchange_fee", []string{"oracle.second_exchange"}},
		// "exchanged both cards": one card at most here.
		{"oracle.toml", `exchange_max_cards = 1`, "oracle.exchange_max_cards", []string{"oracle.second_exchange"}},
		// "He now continues (BET) or folds": committed after an exchange here.
		{"oracle.toml", `redecide_after_exchange = false`, "oracle.redecide_after_exchange", []string{"oracle.second_exchange"}},
		// §1.6, §6 row 30: "round the rest down" is wrong where the house
		// rounds up or to the nearest chip.
		{"house.toml", `rounding = "up"`, "house.rounding", []string{"common.fractional_payout"}},
		{"house.toml", `rounding = "nearest"`, "house.rounding", []string{"common.fractional_payout"}},
	}
	upper := fstest.MapFS{}
	house := func(i int) string { return "flip" + string(rune('a'+i/26)) + string(rune('a'+i%26)) }
	for i, tt := range tests {
		name := house(i)
		upper["houses/"+name+"/house.toml"] = &fstest.MapFile{Data: []byte("name = \"" + name + "\"\n")}
		if tt.file == "house.toml" {
			upper["houses/"+name+"/house.toml"].Data = append(upper["houses/"+name+"/house.toml"].Data, tt.toml+"\n"...)
			continue
		}
		upper["houses/"+name+"/"+tt.file] = &fstest.MapFile{Data: []byte(tt.toml + "\n")}
	}
	b, err := rulebook.Load(rulebook.Overlay(upper, rules.FS))
	if err != nil {
		t.Fatal(err)
	}
	def, _ := b.House(rulebook.DefaultHouse)
	for i, tt := range tests {
		h, err := b.House(house(i))
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range tt.ids {
			kind := procedures.KindRuling
			if def.Procedures.Sequence(id) != nil {
				kind = procedures.KindOrder
			}
			if _, err := procedures.New(def, kind, id, 1); err != nil {
				t.Errorf("default house, %s: %v", id, err)
			}
			_, err := procedures.New(h, kind, id, 1)
			if !errors.Is(err, procedures.ErrUnresolved) || !strings.Contains(err.Error(), tt.setting) {
				t.Errorf("%s at a house with %s: %v; want ErrUnresolved naming %s (else the default's answer is taught there)",
					id, strings.ReplaceAll(tt.toml, "\n", " "), err, tt.setting)
			}
		}
	}
}
