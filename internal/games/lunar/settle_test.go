package lunar_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/settle"
)

// overlayBook loads content/rules with one more house, "test", whose
// lunar.toml is lunarTOML over the default house's settings.
func overlayBook(t testing.TB, lunarTOML string) *rulebook.Book {
	t.Helper()
	upper := fstest.MapFS{
		"houses/test/house.toml": &fstest.MapFile{Data: []byte("name = \"test\"\n")},
		"houses/test/lunar.toml": &fstest.MapFile{Data: []byte(lunarTOML)},
	}
	b, err := rulebook.Load(rulebook.Overlay(upper, rules.FS))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// settleCase is one hand-worked round. Every amount in it was worked out by
// hand from RULES.md §5 and the default house (smallest chip 0.5, Instant Cash
// Instant Cash C 1000/250, Super A, BET standard, BET 2× Ante, fees 1× Ante, Ante 1:1 on
// no-qualify), not by running the code.
type settleCase struct {
	rule  string // what it checks, with the RULES.md section or setting
	house string // the test house's lunar.toml; "" settles under the default house
	round string
	// dealer is "<hand>, qualifies|does not qualify", plus " (first <cards>)"
	// when a force replaced a card.
	dealer string
	// boxes is, per box, "<versus> | <wager> <result> <pays>, … | fees <f> | net <n>";
	// a side bet is written multi_super(2) or dealer_super.
	boxes []string
	// contains are fragments the settlement's JSON must hold (rows, reasons).
	contains []string
}

const (
	// Worked: quads K with an ace, against a pair of twos that qualifies.
	// Super A quads 250:1 on 10 = 2500; BET 20 × (20 + 1 ace-king) = 420; Ante pushes.
	quadsRound = `{"game":"lunar","dealer":["2c","2d","5h","8s","Jc"],"boxes":[{"cards":["Ks","Kh","Kd","Kc","As"],"wagers":{"ante":10,"super":10,"bet":20}}]}`
	// The dealer's A-9-7-5-3 does not qualify; the next card is dealer_draw.
	noQual = `"dealer":["Ah","9c","7d","5s","3h"]`
)

var settleCases = []settleCase{
	// §5.5's test table, row by row, as BET pays against a qualifying dealer the box beats.
	{rule: "§5.5 row 1: K K K K A pays four of a kind 20 + ace-king 1 = 21:1", round: quadsRound,
		dealer: "one pair, qualifies",
		boxes:  []string{"win | ante push 0, super win 2500, bet win 420 | fees 0 | net 2920"},
		contains: []string{"Bet pays 20:1 for four of a kind plus 1:1 for ace-king as the second combination",
			"BET table standard, four of a kind 20:1 + ace-king high 1:1", "Super table A, four of a kind 250:1"}},
	{rule: "§5.5 row 2: K K 8 8 3 3 (a bought 6th card) pays two pair + two pair = 4:1; draw fee 1× Ante",
		round:  `{"game":"lunar","dealer":["2c","2d","5h","9s","Jc"],"boxes":[{"cards":["Ks","Kh","8d","8c","3s"],"draw":{"buy":"3h"},"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer: "one pair, qualifies",
		boxes:  []string{"win | ante push 0, super lose -10, bet win 80 | fees 10 | net 60"}},
	{rule: "§5.5 row 3: 3 4 5 6 7 + 4 pays two straights = 8:1; the first five's straight pays the Super 30:1",
		round:  `{"game":"lunar","dealer":["2c","2d","9h","Ts","Jc"],"boxes":[{"cards":["3d","4d","5s","6h","7c"],"draw":{"buy":"4c"},"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer: "one pair, qualifies",
		boxes:  []string{"win | ante push 0, super win 300, bet win 160 | fees 10 | net 450"}},
	{rule: "§5.5 row 4: six diamonds pay flush + flush = 10:1; Super flush 60:1 on the first five",
		round:  `{"game":"lunar","dealer":["2c","2h","9s","Ts","Jc"],"boxes":[{"cards":["2d","5d","7d","9d","Jd"],"draw":{"buy":"Kd"},"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer: "one pair, qualifies",
		boxes:  []string{"win | ante push 0, super win 600, bet win 200 | fees 10 | net 790"}},
	{rule: "§5.5 row 5: A K K 3 5 pays pair + ace-king = 2:1 (the ace is outside the pair's core)",
		round:  `{"game":"lunar","dealer":["Qc","Qd","9h","6s","2c"],"boxes":[{"cards":["As","Kh","Kd","3c","5s"],"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer: "one pair, qualifies",
		boxes:  []string{"win | ante push 0, super lose -10, bet win 40 | fees 0 | net 30"}},
	{rule: "§5.5 row 6: A A A K x pays trips + ace-king = 4:1; Super trips 8:1",
		round:  `{"game":"lunar","dealer":["Qc","Qd","9h","6s","2c"],"boxes":[{"cards":["As","Ah","Ad","Kc","7s"],"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer: "one pair, qualifies",
		boxes:  []string{"win | ante push 0, super win 80, bet win 80 | fees 0 | net 160"}},
	{rule: "§5.5 row 7: A A K K x pays two pair only = 2:1 (ace-king is inside the two pair)",
		round:    `{"game":"lunar","dealer":["Qc","Qd","9h","6s","2c"],"boxes":[{"cards":["As","Ah","Kd","Kc","7s"],"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer:   "one pair, qualifies",
		boxes:    []string{"win | ante push 0, super lose -10, bet win 40 | fees 0 | net 30"},
		contains: []string{"Bet pays 2:1 for two pair; no second combination"}},
	{rule: "§5.5 row 8: A A A K K pays the full house only = 7:1; Super full house 100:1",
		round:  `{"game":"lunar","dealer":["Qc","Qd","9h","6s","2c"],"boxes":[{"cards":["As","Ah","Ad","Kc","Ks"],"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer: "one pair, qualifies",
		boxes:  []string{"win | ante push 0, super win 1000, bet win 140 | fees 0 | net 1140"}},
	{rule: "§5.5 row 9: A A A K K K (bought king) pays full house + full house = 14:1",
		round:  `{"game":"lunar","dealer":["Qc","Qd","9h","6s","2c"],"boxes":[{"cards":["As","Ah","Ad","Kc","Ks"],"draw":{"buy":"Kh"},"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer: "one pair, qualifies",
		boxes:  []string{"win | ante push 0, super win 1000, bet win 280 | fees 10 | net 1270"}},
	{rule: "§5.5 row 10: A K Q J 10 9 suited (bought 10) pays royal + straight flush = 150:1; Super flush 60:1 on the first five",
		round:    `{"game":"lunar","dealer":["Qc","Qd","9h","6d","2c"],"boxes":[{"cards":["As","Ks","Qs","Js","9s"],"draw":{"buy":"Ts"},"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer:   "one pair, qualifies",
		boxes:    []string{"win | ante push 0, super win 600, bet win 3000 | fees 10 | net 3590"},
		contains: []string{"Bet pays 100:1 for a royal flush plus 50:1 for a straight flush as the second combination"}},

	// Instant Cash and the Super (§5.3 steps 3–4, §5.8).
	{rule: "§5.3.3–4: a royal flush in the first five wins Instant Cash 1000:1 and the Super (super table A same-coloured straight 150:1); §5.8: a Multi Super on that box is paid too",
		round: `{"game":"lunar","dealer":["2c","2d","5h","8s","Jc"],"boxes":[
			{"cards":["Ah","Kh","Qh","Jh","Th"],"wagers":{"ante":10,"super":10}},
			{"cards":["3c","4d","9s","Td","Qs"],"wagers":{"ante":10,"super":10},"fold":true,"multi_super":[{"on":1,"stake":5}]}]}`,
		dealer: "one pair, qualifies",
		boxes: []string{"none | ante win 10000, super win 1500 | fees 0 | net 11500",
			"none | ante lose -10, super lose -10, multi_super(1) win 750 | fees 0 | net 730"},
		contains: []string{"Instant Cash table C, royal flush 1000:1", "Super table A, same-coloured straight 150:1", "the box's round ends here"}},
	{rule: "Instant Cash table B and super table B: straight flush 300:1 and royal 1000:1 on the Ante; Super table B pays them as flushes (60:1)",
		house: "instant_table = \"B\"\nsuper_table = \"B\"\n",
		round: `{"game":"lunar","dealer":["2h","2s","4h","8s","Jh"],"boxes":[
			{"cards":["9c","8c","7c","6c","5c"],"wagers":{"ante":10,"super":10}},
			{"cards":["Ad","Kd","Qd","Jd","Td"],"wagers":{"ante":10,"super":10}}]}`,
		dealer: "one pair, qualifies",
		boxes: []string{"none | ante win 3000, super win 600 | fees 0 | net 3600",
			"none | ante win 10000, super win 600 | fees 0 | net 10600"},
		contains: []string{"Instant Cash table B, straight flush 300:1", "Super table B, flush 60:1"}},
	{rule: "Instant Cash table D: straight flush 200:1 (lunarpoker.com's examples)",
		house:  "instant_table = \"D\"\n",
		round:  `{"game":"lunar","dealer":["2h","2s","4h","8s","Jh"],"boxes":[{"cards":["9c","8c","7c","6c","5c"],"wagers":{"ante":10,"super":10}}]}`,
		dealer: "one pair, qualifies",
		boxes:  []string{"none | ante win 2000, super win 1500 | fees 0 | net 3500"}},
	{rule: "Instant Cash table A: royal flush 1500:1",
		house:  "instant_table = \"A\"\n",
		round:  `{"game":"lunar","dealer":["2c","2d","5h","8s","Jc"],"boxes":[{"cards":["Ah","Kh","Qh","Jh","Th"],"wagers":{"ante":10,"super":10}}]}`,
		dealer: "one pair, qualifies",
		boxes:  []string{"none | ante win 15000, super win 1500 | fees 0 | net 16500"}},
	{rule: "super table B: five picture cards 150:1, ace-king-queen 5:1",
		house: "super_table = \"B\"\n",
		round: `{"game":"lunar","dealer":["2c","2d","5h","8s","4c"],"boxes":[
			{"cards":["Jh","Qd","Ks","Jc","Qh"],"wagers":{"ante":10,"super":10,"bet":20}},
			{"cards":["Ad","Kc","Qs","7h","3d"],"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer: "one pair, qualifies",
		boxes: []string{"win | ante push 0, super win 1500, bet win 40 | fees 0 | net 1540",
			"lose | ante lose -10, super win 50, bet lose -20 | fees 0 | net 20"},
		contains: []string{"Super table B, five picture cards 150:1", "Super table B, ace-king-queen 5:1"}},
	{rule: "§5.4 super table A: five picture cards is not on it, so the same hand's Super loses; ace-king-queen pays 6:1",
		round: `{"game":"lunar","dealer":["2c","2d","5h","8s","4c"],"boxes":[
			{"cards":["Jh","Qd","Ks","Jc","Qh"],"wagers":{"ante":10,"super":10,"bet":20}},
			{"cards":["Ad","Kc","Qs","7h","3d"],"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer: "one pair, qualifies",
		boxes: []string{"win | ante push 0, super lose -10, bet win 40 | fees 0 | net 30",
			"lose | ante lose -10, super win 60, bet lose -20 | fees 0 | net 30"}},

	// Multi Super and Dealer Super (§5.3 steps 6 and 9).
	{rule: "§5.3.9: a Multi Super on a box that folds is decided on that box's first five (five same-coloured cards 2:1); the folding box loses its Ante",
		round: `{"game":"lunar","dealer":["Ac","Kd","7s","4c","2s"],"boxes":[
			{"cards":["2h","5d","9h","Jd","Kh"],"wagers":{"ante":10,"super":10},"fold":true},
			{"cards":["3c","3s","8c","Ts","Qc"],"wagers":{"ante":10,"super":10,"bet":20},"multi_super":[{"on":1,"stake":5}]}]}`,
		dealer: "high card, qualifies",
		boxes: []string{"none | ante lose -10, super win 20 | fees 0 | net 10",
			"win | ante push 0, super win 20, bet win 20, multi_super(1) win 10 | fees 0 | net 50"},
		contains: []string{"box 1 folded later; the bet stands on its first five", "Ante loses: the player folded"}},
	{rule: "lunar_multisuper_survives_owner_fold = false: the Multi Super on a folded box loses",
		house: "multisuper_survives_owner_fold = false\n",
		round: `{"game":"lunar","dealer":["Ac","Kd","7s","4c","2s"],"boxes":[
			{"cards":["2h","5d","9h","Jd","Kh"],"wagers":{"ante":10,"super":10},"fold":true},
			{"cards":["3c","3s","8c","Ts","Qc"],"wagers":{"ante":10,"super":10,"bet":20},"multi_super":[{"on":1,"stake":5}]}]}`,
		dealer: "high card, qualifies",
		boxes: []string{"none | ante lose -10, super win 20 | fees 0 | net 10",
			"win | ante push 0, super win 20, bet win 20, multi_super(1) lose -5 | fees 0 | net 35"},
		contains: []string{"box 1 folded and the bet goes with its cards"}},
	{rule: "§5.3.6: the Dealer Super pays on the dealer's five (ace-king-queen 6:1); §5.3.7: A-K high qualifies; a pair beats it, BET 1:1",
		round:    `{"game":"lunar","dealer":["Ac","Kd","Qs","5h","3c"],"boxes":[{"cards":["Jh","Jd","8c","6s","2d"],"wagers":{"ante":10,"super":10,"bet":20},"multi_super":[{"on":"dealer","stake":5}]}]}`,
		dealer:   "high card, qualifies",
		boxes:    []string{"win | ante push 0, super lose -10, bet win 20, dealer_super win 30 | fees 0 | net 40"},
		contains: []string{`"wager":"dealer_super","on":"dealer"`, "Dealer Super pays 6:1"}},
	{rule: "§5.3.6, lunar_dealer_super_on_initial_hand = true: the Dealer Super is decided on the first five (five same-coloured 2:1) even though a force replaced a card",
		round:  `{"game":"lunar","dealer":["Ah","9h","7d","5d","3h"],"dealer_draw":"9c","boxes":[{"cards":["Kc","Kd","8s","6c","4s"],"wagers":{"ante":10,"super":10,"bet":20},"force":true,"multi_super":[{"on":"dealer","stake":5}]}]}`,
		dealer: "one pair, qualifies (first Ah 9h 7d 5d 3h)",
		boxes:  []string{"win | ante push 0, super lose -10, bet win 20, dealer_super win 10 | fees 10 | net 10"}},
	{rule: "lunar_dealer_super_on_initial_hand = false: the Dealer Super is decided on the hand after the replacement, which is no longer one colour",
		house:  "dealer_super_on_initial_hand = false\n",
		round:  `{"game":"lunar","dealer":["Ah","9h","7d","5d","3h"],"dealer_draw":"9c","boxes":[{"cards":["Kc","Kd","8s","6c","4s"],"wagers":{"ante":10,"super":10,"bet":20},"force":true,"multi_super":[{"on":"dealer","stake":5}]}]}`,
		dealer: "one pair, qualifies (first Ah 9h 7d 5d 3h)",
		boxes:  []string{"win | ante push 0, super lose -10, bet win 20, dealer_super lose -5 | fees 10 | net -5"}},

	// The showdown against a qualifying dealer (§5.3.7).
	{rule: "§5.3.7: the dealer's pair of queens beats the player's pair of jacks: Ante and BET lose",
		round:  `{"game":"lunar","dealer":["Qc","Qd","9h","6s","2c"],"boxes":[{"cards":["Jh","Js","8d","5c","3h"],"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer: "one pair, qualifies",
		boxes:  []string{"lose | ante lose -10, super lose -10, bet lose -20 | fees 0 | net -40"}},
	{rule: "§5.3.7, §5.6: an exact tie (A-K-9-6-3 both) pushes Ante and BET",
		round:  `{"game":"lunar","dealer":["Ac","Kd","9h","6s","3c"],"boxes":[{"cards":["Ad","Kc","9s","6h","3d"],"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer: "high card, qualifies",
		boxes:  []string{"tie | ante push 0, super lose -10, bet push 0 | fees 0 | net -10"}},
	{rule: "§5.4 BET: ace-king high beats a qualifying ace-king on the kicker and pays the ace-king row 1:1",
		round:    `{"game":"lunar","dealer":["Ac","Kd","9h","6s","3c"],"boxes":[{"cards":["Ad","Kc","Jh","4s","2d"],"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer:   "high card, qualifies",
		boxes:    []string{"win | ante push 0, super lose -10, bet win 20 | fees 0 | net 10"},
		contains: []string{"BET table standard, ace-king high 1:1"}},
	{rule: "§5.3.5: an exchange (draw fee 1× Ante) followed by a fold loses the Ante; the fee stays paid",
		round:    `{"game":"lunar","dealer":["Qc","Qd","9h","6s","2c"],"boxes":[{"cards":["2d","5d","9c","Jd","Ks"],"draw":{"out":["2d","5d","9c"],"in":["3s","7h","8c"]},"wagers":{"ante":10,"super":10},"fold":true}]}`,
		dealer:   "one pair, qualifies",
		boxes:    []string{"none | ante lose -10, super lose -10 | fees 10 | net -30"},
		contains: []string{"exchanged 3 cards"}},

	// The dealer does not qualify (§5.3.8).
	{rule: "§5.3.7: A-Q high does not qualify; a box that does not force is paid the Ante 1:1, BET pushes",
		round:    `{"game":"lunar","dealer":["Ac","Qd","9h","6s","3c"],"boxes":[{"cards":["4d","4h","Ks","8c","2h"],"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer:   "high card, does not qualify",
		boxes:    []string{"win | ante win 10, super lose -10, bet push 0 | fees 0 | net 0"},
		contains: []string{"the player took the Ante payout"}},
	{rule: "SETTLE.md: a dealer_draw given when nobody forces is checked for duplicates but not used; the dealer output has no first five",
		round:  `{"game":"lunar","dealer":["Ac","Qd","9h","6s","3c"],"dealer_draw":"Kd","boxes":[{"cards":["4d","4h","Ks","8c","2h"],"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer: "high card, does not qualify",
		boxes:  []string{"win | ante win 10, super lose -10, bet push 0 | fees 0 | net 0"}},
	{rule: "§5.3.8, §5.8 mixed table: box 1 does not force (Ante 1:1, compared with the first five, which it beats); boxes 2–3 force, the ace is replaced by the 9d, the pair of nines qualifies; box 2 (after an exchange) beats it, box 3 loses",
		round: `{"game":"lunar",` + noQual + `,"dealer_draw":"9d","boxes":[
			{"cards":["5c","5d","Kc","8h","2s"],"wagers":{"ante":10,"super":10,"bet":20}},
			{"cards":["Qd","Jd","8c","4h","2h"],"draw":{"out":["8c","4h","2h"],"in":["Qc","Js","Td"]},"wagers":{"ante":10,"super":10,"bet":20},"force":true},
			{"cards":["6c","6h","Ks","Th","4d"],"wagers":{"ante":10,"super":10,"bet":20},"force":true}]}`,
		dealer: "one pair, qualifies (first Ah 9c 7d 5s 3h)",
		boxes: []string{"win | ante win 10, super lose -10, bet push 0 | fees 0 | net 0",
			"win | ante push 0, super lose -10, bet win 40 | fees 20 | net 10",
			"lose | ante lose -10, super lose -10, bet lose -20 | fees 10 | net -50"},
		contains: []string{"Box 2, box 3 forced: the dealer's highest card, the ace of hearts, is replaced by the next card, the nine of diamonds; he now qualifies."}},
	{rule: "§5.3.8: a force that fails (A replaced by the 2d, nine high) pushes Ante and BET; the force fee is kept",
		round:    `{"game":"lunar",` + noQual + `,"dealer_draw":"2d","boxes":[{"cards":["Kc","Kd","8h","6s","4c"],"wagers":{"ante":10,"super":10,"bet":20},"force":true}]}`,
		dealer:   "high card, does not qualify (first Ah 9c 7d 5s 3h)",
		boxes:    []string{"win | ante push 0, super lose -10, bet push 0 | fees 10 | net -20"},
		contains: []string{"he still does not qualify", "the fee is not returned"}},
	{rule: "lunar_ante_bonus_straight_plus_on_noqual = true (PA): a straight is paid the Ante 4:1, a pair 1:1",
		house: "ante_bonus_straight_plus_on_noqual = true\n",
		round: `{"game":"lunar",` + noQual + `,"boxes":[
			{"cards":["4c","5d","6h","7s","8c"],"wagers":{"ante":10,"super":10,"bet":20}},
			{"cards":["Kc","Kd","8h","6s","2c"],"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer: "high card, does not qualify",
		boxes: []string{"win | ante win 40, super win 300, bet push 0 | fees 0 | net 340",
			"win | ante win 10, super lose -10, bet push 0 | fees 0 | net 0"},
		contains: []string{"Ante bonus table standard, straight 4:1"}},
	{rule: "§5.3.8 default: with the bonus off a straight is paid the Ante 1:1 like any hand",
		round:  `{"game":"lunar",` + noQual + `,"boxes":[{"cards":["4c","5d","6h","7s","8c"],"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer: "high card, does not qualify",
		boxes:  []string{"win | ante win 10, super win 300, bet push 0 | fees 0 | net 310"}},
	{rule: "lunar_force_card = highest (default): the ace goes for the king of diamonds, K-9-7-5-3 still does not qualify",
		round:  `{"game":"lunar",` + noQual + `,"dealer_draw":"Kd","boxes":[{"cards":["Kc","Ks","8h","6d","4c"],"wagers":{"ante":10,"super":10,"bet":20},"force":true}]}`,
		dealer: "high card, does not qualify (first Ah 9c 7d 5s 3h)",
		boxes:  []string{"win | ante push 0, super lose -10, bet push 0 | fees 10 | net -20"}},
	{rule: "lunar_force_card = lowest: the three goes for the king of diamonds, A-K high qualifies, the pair of kings wins",
		house:    "force_card = \"lowest\"\n",
		round:    `{"game":"lunar",` + noQual + `,"dealer_draw":"Kd","boxes":[{"cards":["Kc","Ks","8h","6d","4c"],"wagers":{"ante":10,"super":10,"bet":20},"force":true}]}`,
		dealer:   "high card, qualifies (first Ah 9c 7d 5s 3h)",
		boxes:    []string{"win | ante push 0, super lose -10, bet win 20 | fees 10 | net 0"},
		contains: []string{"the dealer's lowest card, the three of hearts"}},
	{rule: "lunar_force_card = first: the first card dealt (the nine) goes for the king, A-K high qualifies",
		house:  "force_card = \"first\"\n",
		round:  `{"game":"lunar","dealer":["9c","Ah","7d","5s","3h"],"dealer_draw":"Kd","boxes":[{"cards":["Kc","Ks","8h","6d","4c"],"wagers":{"ante":10,"super":10,"bet":20},"force":true}]}`,
		dealer: "high card, qualifies (first 9c Ah 7d 5s 3h)",
		boxes:  []string{"win | ante push 0, super lose -10, bet win 20 | fees 10 | net 0"}},

	// The other house settings at their non-default values.
	{rule: "lunar_straight_plus_pair_as_two_straights = true (default): K Q J 10 9 + 9 pays two straights, 8:1",
		round:  `{"game":"lunar","dealer":["2c","2d","5h","8s","3c"],"boxes":[{"cards":["Ks","Qh","Jd","Tc","9s"],"draw":{"buy":"9h"},"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer: "one pair, qualifies",
		boxes:  []string{"win | ante push 0, super win 300, bet win 160 | fees 10 | net 450"}},
	{rule: "lunar_straight_plus_pair_as_two_straights = false: K Q J 10 9 + 9 pays straight + pair, 5:1",
		house:    "straight_plus_pair_as_two_straights = false\n",
		round:    `{"game":"lunar","dealer":["2c","2d","5h","8s","3c"],"boxes":[{"cards":["Ks","Qh","Jd","Tc","9s"],"draw":{"buy":"9h"},"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer:   "one pair, qualifies",
		boxes:    []string{"win | ante push 0, super win 300, bet win 100 | fees 10 | net 390"},
		contains: []string{"Bet pays 4:1 for a straight plus 1:1 for one pair as the second combination"}},
	{rule: "lunar_second_combo = false: four kings with an ace pay the BET 20:1 only",
		house:    "second_combo = false\n",
		round:    quadsRound,
		dealer:   "one pair, qualifies",
		boxes:    []string{"win | ante push 0, super win 2500, bet win 400 | fees 0 | net 2900"},
		contains: []string{"this house pays no second combination"}},
	{rule: "lunar_max_payout_per_box = 1000: winnings of 2920 are cut to 1000, the largest pay (the Super) first",
		house:    "max_payout_per_box = \"1000\"\n",
		round:    quadsRound,
		dealer:   "one pair, qualifies",
		boxes:    []string{"win | ante push 0, super win 580, bet win 420 | fees 0 | net 1000"},
		contains: []string{"cut by 1920 to the house's maximum payout of 1000 per box"}},
	{rule: "lunar_bet_multiple = 3: the BET is 3× the Ante and pays trips + ace-king 4:1 on 30",
		house:  "bet_multiple = 3\n",
		round:  `{"game":"lunar","dealer":["Qc","Qd","9h","6s","2c"],"boxes":[{"cards":["As","Ah","Ad","Kc","7s"],"wagers":{"ante":10,"super":10,"bet":30}}]}`,
		dealer: "one pair, qualifies",
		boxes:  []string{"win | ante push 0, super win 80, bet win 120 | fees 0 | net 200"}},
	{rule: "lunar_draw_fee = 0.5 and lunar_force_fee = 2 on an odd Ante of 7.5: the draw fee 3.75 rounds down to 3.5, the force fee is 15",
		house: "draw_fee = \"0.5\"\nforce_fee = \"2\"\n",
		round: `{"game":"lunar",` + noQual + `,"dealer_draw":"9d","boxes":[
			{"cards":["Qd","Jd","8c","4h","2h"],"draw":{"out":["8c","4h","2h"],"in":["Qc","Js","Td"]},"wagers":{"ante":7.5,"super":7.5,"bet":15},"force":true}]}`,
		dealer: "one pair, qualifies (first Ah 9c 7d 5s 3h)",
		boxes:  []string{"win | ante push 0, super lose -7.5, bet win 30 | fees 18.5 | net 4"}},
	{rule: "lunar_exchange_min = 1, lunar_exchange_max = 3: a one-card exchange is allowed (K K 8 5 3 → K K K 8 5, BET trips 3:1)",
		house:  "exchange_min = 1\nexchange_max = 3\n",
		round:  `{"game":"lunar","dealer":["Qc","Qd","9h","6s","2c"],"boxes":[{"cards":["Kh","Kd","8c","5s","3d"],"draw":{"out":["3d"],"in":["Ks"]},"wagers":{"ante":10,"super":10,"bet":20}}]}`,
		dealer: "one pair, qualifies",
		boxes:  []string{"win | ante push 0, super lose -10, bet win 60 | fees 10 | net 40"}},
	{rule: "lunar_ante_on_noqual = 3:2 on an odd Ante of 7.5: 11.25 rounds down to the 0.5 chip, 11",
		house:  "ante_on_noqual = \"3:2\"\n",
		round:  `{"game":"lunar",` + noQual + `,"boxes":[{"cards":["Kc","Kd","8h","6s","2c"],"wagers":{"ante":7.5,"super":7.5,"bet":15}}]}`,
		dealer: "high card, does not qualify",
		boxes:  []string{"win | ante win 11, super lose -7.5, bet push 0 | fees 0 | net 3.5"}},
	{rule: "lunar_super_mandatory = false, lunar_super_min = none: a box without a Super whose force fails pays the fee only; a Super below the Ante is taken",
		house: "super_mandatory = false\nsuper_min = \"none\"\n",
		round: `{"game":"lunar",` + noQual + `,"dealer_draw":"2d","boxes":[
			{"cards":["Kc","Kd","8h","6s","4c"],"wagers":{"ante":10,"bet":20},"force":true},
			{"cards":["Qc","Qh","Jh","Ts","8d"],"wagers":{"ante":10,"super":5,"bet":20}}]}`,
		dealer: "high card, does not qualify (first Ah 9c 7d 5s 3h)",
		boxes: []string{"win | ante push 0, bet push 0 | fees 10 | net -10",
			"win | ante win 10, super lose -5, bet push 0 | fees 0 | net 5"}},
	{rule: "lunar_decks_alternating = 1, lunar_late_super_claim = forfeit, lunar_misdeal_policy = void_round_bets_returned load and do not change a settled round (they feed the procedures)",
		house:  "decks_alternating = 1\nlate_super_claim = \"forfeit\"\nmisdeal_policy = \"void_round_bets_returned\"\n",
		round:  quadsRound,
		dealer: "one pair, qualifies",
		boxes:  []string{"win | ante push 0, super win 2500, bet win 420 | fees 0 | net 2920"}},
}

func TestSettleCases(t *testing.T) {
	if len(settleCases) < 20 {
		t.Fatalf("only %d hand-worked cases", len(settleCases))
	}
	def, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range settleCases {
		t.Run(tc.rule, func(t *testing.T) {
			b, house := def, ""
			if tc.house != "" {
				b, house = overlayBook(t, tc.house), "test"
			}
			var in games.Round
			if err := settle.Decode([]byte(strings.Join(strings.Fields(tc.round), "")), &in); err != nil {
				t.Fatal(err)
			}
			st, err := settle.Round(b, &in, house)
			if err != nil {
				t.Fatal(err)
			}
			if got := dealerLine(st.Dealer); got != tc.dealer {
				t.Errorf("dealer = %q; want %q", got, tc.dealer)
			}
			if len(st.Boxes) != len(tc.boxes) {
				t.Fatalf("%d boxes; want %d", len(st.Boxes), len(tc.boxes))
			}
			for i, want := range tc.boxes {
				if got := boxLine(st.Boxes[i]); got != want {
					t.Errorf("box %d:\n got %s\nwant %s", i+1, got, want)
				}
			}
			data, _ := json.Marshal(st)
			for _, frag := range tc.contains {
				if !strings.Contains(string(data), frag) {
					t.Errorf("settlement does not mention %q:\n%s", frag, data)
				}
			}
		})
	}
}

func dealerLine(d games.Dealer) string {
	q := "does not qualify"
	if d.Qualifies {
		q = "qualifies"
	}
	s := d.Hand + ", " + q
	if d.First != nil {
		s += " (first " + cards.Format(d.First) + ")"
	}
	return s
}

func boxLine(b games.BoxResult) string {
	var ws []string
	for _, w := range b.Wagers {
		name := w.Wager
		if w.Wager == "multi_super" && w.On != nil {
			name = fmt.Sprintf("multi_super(%s)", w.On)
		}
		ws = append(ws, fmt.Sprintf("%s %s %s", name, w.Result, w.Pays))
	}
	return fmt.Sprintf("%s | %s | fees %s | net %s", b.Versus, strings.Join(ws, ", "), b.Fees, b.Net)
}

// insuranceHouse offers insurance (RULES.md §5.7, §6 row 29); everything else
// is the default house's.
const insuranceHouse = "insurance_enabled = true\n"

// insuranceCases are hand-worked rounds with insurance: at least 1× the Ante,
// at most half what the BET would win on the final hand against a qualifying
// dealer it beats (second combination included), paid 1:1 when the dealer's
// first five do not qualify, lost when they do, whatever a force does later.
var insuranceCases = []settleCase{
	{rule: "§5.7 insurance loses when the dealer qualifies: A A A K 7 beats a pair of queens; BET 20 × (trips 3 + ace-king 1) = 80; insurance at its top, half of 80 = 40",
		house:    insuranceHouse,
		round:    `{"game":"lunar","dealer":["Qc","Qd","9h","6s","2c"],"boxes":[{"cards":["As","Ah","Ad","Kc","7s"],"wagers":{"ante":10,"super":10,"bet":20,"insurance":40}}]}`,
		dealer:   "one pair, qualifies",
		boxes:    []string{"win | ante push 0, super win 80, bet win 80, insurance lose -40 | fees 0 | net 120"},
		contains: []string{"Insurance loses: the dealer qualified with ace-king or better"}},
	{rule: "§5.7 insurance pays 1:1 when the dealer does not qualify: K K K 8 4 takes the Ante payout (1:1 on 10); insurance at its floor, 1× Ante = 10",
		house:    insuranceHouse,
		round:    `{"game":"lunar",` + noQual + `,"boxes":[{"cards":["Kc","Kd","Ks","8h","4c"],"wagers":{"ante":10,"super":10,"bet":20,"insurance":10}}]}`,
		dealer:   "high card, does not qualify",
		boxes:    []string{"win | ante win 10, super win 80, bet push 0, insurance win 10 | fees 0 | net 100"},
		contains: []string{"Insurance pays 1:1: the dealer did not qualify"}},
	{rule: "§5.7 a force does not change insurance: the 9d replaces the dealer's ace and gives him nines, but his first five did not qualify, so insurance 30 (half of 20 × trips 3) pays 30; Ante push, BET 3:1 = 60, force fee 10",
		house:    insuranceHouse,
		round:    `{"game":"lunar",` + noQual + `,"dealer_draw":"9d","boxes":[{"cards":["Kc","Kd","Ks","8h","4c"],"wagers":{"ante":10,"super":10,"bet":20,"insurance":30},"force":true}]}`,
		dealer:   "one pair, qualifies (first Ah 9c 7d 5s 3h)",
		boxes:    []string{"win | ante push 0, super win 80, bet win 60, insurance win 30 | fees 10 | net 160"},
		contains: []string{"on his first five; the force that followed does not change it"}},
	{rule: "§5.7 the final hand after a bought 6th card decides the limit: K K K 8 3 + As is trips + ace-king, 20 × 4 = 80, half 40; Ante 1:1, Super trips 8:1 on the first five, draw fee 10",
		house:  insuranceHouse,
		round:  `{"game":"lunar",` + noQual + `,"boxes":[{"cards":["Ks","Kh","Kd","8c","3s"],"draw":{"buy":"As"},"wagers":{"ante":10,"super":10,"bet":20,"insurance":40}}]}`,
		dealer: "high card, does not qualify",
		boxes:  []string{"win | ante win 10, super win 80, bet push 0, insurance win 40 | fees 10 | net 120"}},
	{rule: "§5.7 an exchange that makes three queens may be insured: Q J 8 4 2, out 8 4, in Qc Qs; Q Q Q J 2 against a dealer's pair of kings that beats nothing: Ante push, BET 3:1 = 60, insurance 25 lost",
		house:  insuranceHouse,
		round:  `{"game":"lunar","dealer":["Kc","Kh","9s","6d","3c"],"boxes":[{"cards":["Qd","Jd","8c","4h","2h"],"draw":{"out":["8c","4h"],"in":["Qc","Qs"]},"wagers":{"ante":10,"super":10,"bet":20,"insurance":25}}]}`,
		dealer: "one pair, qualifies",
		boxes:  []string{"win | ante push 0, super lose -10, bet win 60, insurance lose -25 | fees 10 | net 15"}},
	{rule: "§5.7 insurance with a losing hand: 4 4 4 9 2 against three queens; Ante and BET lose, insurance 10 lost; the first five's trips still pay the Super 8:1",
		house:  insuranceHouse,
		round:  `{"game":"lunar","dealer":["Qc","Qd","Qh","6s","2d"],"boxes":[{"cards":["4c","4d","4h","9s","2c"],"wagers":{"ante":10,"super":10,"bet":20,"insurance":10}}]}`,
		dealer: "three of a kind, qualifies",
		boxes:  []string{"lose | ante lose -10, super win 80, bet lose -20, insurance lose -10 | fees 0 | net 40"}},
	{rule: "§5.7 a second combination in six cards raises the limit: A A A K K + Kh is full house + full house, 20 × 14 = 280, half 140, insured for all of it and paid 1:1",
		house:  insuranceHouse,
		round:  `{"game":"lunar","dealer":["Qh","9c","7d","5s","3h"],"boxes":[{"cards":["As","Ah","Ad","Kc","Ks"],"draw":{"buy":"Kh"},"wagers":{"ante":10,"super":10,"bet":20,"insurance":140}}]}`,
		dealer: "high card, does not qualify",
		boxes:  []string{"win | ante win 10, super win 1000, bet push 0, insurance win 140 | fees 10 | net 1140"}},
	{rule: "§5.7, §6 row 32: insurance counts in max_payout_per_box = 50: Ante 10 + Super 80 + insurance 30 = 120 won, cut by 70 from the largest pay (the Super, to 10)",
		house:  insuranceHouse + "max_payout_per_box = \"50\"\n",
		round:  `{"game":"lunar",` + noQual + `,"boxes":[{"cards":["Kc","Kd","Ks","8h","4c"],"wagers":{"ante":10,"super":10,"bet":20,"insurance":30}}]}`,
		dealer: "high card, does not qualify",
		boxes:  []string{"win | ante win 10, super win 10, bet push 0, insurance win 30 | fees 0 | net 50"}},
}

func TestInsuranceCases(t *testing.T) {
	for _, tc := range insuranceCases {
		t.Run(tc.rule, func(t *testing.T) {
			b := overlayBook(t, tc.house)
			var in games.Round
			if err := settle.Decode([]byte(strings.Join(strings.Fields(tc.round), "")), &in); err != nil {
				t.Fatal(err)
			}
			st, err := settle.Round(b, &in, "test")
			if err != nil {
				t.Fatal(err)
			}
			if got := dealerLine(st.Dealer); got != tc.dealer {
				t.Errorf("dealer = %q; want %q", got, tc.dealer)
			}
			if len(st.Boxes) != len(tc.boxes) {
				t.Fatalf("%d boxes; want %d", len(st.Boxes), len(tc.boxes))
			}
			for i, want := range tc.boxes {
				if got := boxLine(st.Boxes[i]); got != want {
					t.Errorf("box %d:\n got %s\nwant %s", i+1, got, want)
				}
			}
			data, _ := json.Marshal(st)
			for _, frag := range tc.contains {
				if !strings.Contains(string(data), frag) {
					t.Errorf("settlement does not mention %q:\n%s", frag, data)
				}
			}
		})
	}
}
