package lunar_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/settle"
)

type parseErrorCase struct {
	name  string
	house string // the test house's lunar.toml; "" is the default house
	round string
	want  string // the exact error: field path and sentence
}

// dealerQ qualifies with a pair of twos; the box below holds four kings.
const dealerQ = `"dealer":["2c","2d","5h","8s","Jc"]`

func one(box string) string { return `{"game":"lunar",` + dealerQ + `,"boxes":[` + box + `]}` }

func noQualRound(draw, box string) string {
	return `{"game":"lunar","dealer":["Ah","9c","7d","5s","3h"]` + draw + `,"boxes":[` + box + `]}`
}

const (
	w   = `"wagers":{"ante":10,"super":10,"bet":20}`
	hi  = `"cards":["Qd","Jd","8c","4h","2h"]`
	rf  = `"cards":["Ah","Kh","Qh","Jh","Th"]`
	kkk = `"cards":["Ks","Kh","Kd","Kc","As"]`
)

var parseErrorCases = []parseErrorCase{
	// Cards (SETTLE.md "Bad input").
	{"duplicate across dealer and box", "", one(`{"cards":["Ks","Kh","Kd","2c","As"],` + w + `}`), "boxes[0].cards: duplicate card 2c"},
	{"duplicate across boxes", "", one(`{` + kkk + `,` + w + `},{"cards":["Qd","Kd","8c","4h","2h"],` + w + `}`), "boxes[1].cards: duplicate card Kd"},
	{"duplicate dealer_draw", "", `{"game":"lunar",` + dealerQ + `,"dealer_draw":"Jc","boxes":[{` + kkk + `,` + w + `}]}`, "dealer_draw: duplicate card Jc"},
	{"duplicate bought card", "", one(`{` + kkk + `,"draw":{"buy":"As"},` + w + `}`), "boxes[0].draw.buy: duplicate card As"},
	{"exchange takes back a discarded card", "", one(`{` + hi + `,"draw":{"out":["8c","4h"],"in":["8c","Qc"]},` + w + `}`), "boxes[0].draw.in: duplicate card 8c"},
	{"duplicate within the dealer's cards", "", `{"game":"lunar","dealer":["2c","2c","5h","8s","Jc"],"boxes":[{` + kkk + `,` + w + `}]}`, "dealer: duplicate card 2c"},
	{"dealer with four cards", "", `{"game":"lunar","dealer":["2c","2d","5h","8s"],"boxes":[{` + kkk + `,` + w + `}]}`, "dealer: needs 5 cards, got 4"},
	{"box with six cards", "", one(`{"cards":["Ks","Kh","Kd","Kc","As","3d"],` + w + `}`), "boxes[0].cards: needs 5 cards, got 6"},
	{"joker", "", one(`{"cards":["Ks","Kh","Kd","Kc","Jk"],` + w + `}`), "boxes[0].cards: the joker is not in this deck"},
	{"joker as the dealer's draw", "", `{"game":"lunar",` + dealerQ + `,"dealer_draw":"Jk","boxes":[{` + kkk + `,` + w + `}]}`, "dealer_draw: the joker is not in this deck"},
	{"not a card", "", one(`{"cards":["Ks","Kh","Kd","1x","As"],` + w + `}`), `boxes[0].cards: card 4: "1x" is not a card`},
	{"board on a Lunar round", "", `{"game":"lunar",` + dealerQ + `,"board":["3c","4c","5c","6c","7c"],"boxes":[{` + kkk + `,` + w + `}]}`, "board: Lunar Poker has no board cards"},

	// Wagers and stakes.
	{"unknown wager", "", one(`{` + kkk + `,"wagers":{"ante":10,"super":10,"bet":20,"blind":10}}`), "boxes[0].wagers.blind: unknown wager (Lunar Poker wagers: ante, super, bet)"},
	{"a side bet written as a wager", "", one(`{` + kkk + `,"wagers":{"ante":10,"super":10,"bet":20,"dealer_super":5}}`), "boxes[0].wagers.dealer_super: unknown wager (Lunar Poker wagers: ante, super, bet; bets on other hands go in multi_super)"},
	{"negative stake", "", one(`{` + kkk + `,"wagers":{"ante":-10,"super":10,"bet":20}}`), "boxes[0].wagers.ante: a stake cannot be negative"},
	{"over-precise stake", "", one(`{` + kkk + `,"wagers":{"ante":10.255,"super":10.255,"bet":20.51}}`), `boxes[0].wagers.ante: "10.255" has more than two decimal places`},
	{"stake too large", "", one(`{` + kkk + `,"wagers":{"ante":20000000,"super":20000000,"bet":40000000}}`), "boxes[0].wagers.ante: 20000000 is above the largest stake the kiosk settles (10000000)"},
	{"no ante", "", one(`{` + kkk + `,"wagers":{"super":10,"bet":20}}`), "boxes[0].wagers.ante: missing: every box plays an Ante"},
	{"§5.3.1 no Super where it is compulsory", "", one(`{` + kkk + `,"wagers":{"ante":10,"bet":20}}`), "boxes[0].wagers.super: missing: the Super is compulsory at this house, at least the Ante (10)"},
	{"§5.3.1 Super below the Ante", "", one(`{` + kkk + `,"wagers":{"ante":10,"super":5,"bet":20}}`), "boxes[0].wagers.super: must be at least the Ante (10), got 5"},
	{"§5.3.5 BET not 2× the Ante", "", one(`{` + kkk + `,"wagers":{"ante":10,"super":10,"bet":30}}`), "boxes[0].wagers.bet: must be 2× the Ante (20), got 30"},
	{"§5.3.5 no BET and no fold", "", one(`{` + kkk + `,"wagers":{"ante":10,"super":10}}`), "boxes[0].wagers.bet: missing: a box that plays bets 2× the Ante (20), or folds"},
	{"a box that folded with a BET", "", one(`{` + kkk + `,` + w + `,"fold":true}`), "boxes[0].wagers.bet: a box that folded has no BET"},

	// Draws (§5.3.5, §5.8).
	{"§5.8 a 1-card exchange", "", one(`{` + hi + `,"draw":{"out":["2h"],"in":["Qc"]},` + w + `}`), "boxes[0].draw.out: exchange 2 to 5 cards, not 1"},
	{"an exchange of 6", "", one(`{` + hi + `,"draw":{"out":["Qd","Jd","8c","4h","2h","3c"],"in":["Qc","Js","Td","2s","3s","4s"]},` + w + `}`), "boxes[0].draw.out: exchange 2 to 5 cards, not 6"},
	{"§5.8 buy and exchange", "", one(`{` + hi + `,"draw":{"buy":"Qc","out":["4h","2h"],"in":["Js","Td"]},` + w + `}`), "boxes[0].draw: buy a 6th card or exchange cards, not both: one draw option per hand"},
	{"empty draw", "", one(`{` + hi + `,"draw":{},` + w + `}`), "boxes[0].draw: empty: buy a 6th card or exchange 2 to 5 cards"},
	{"exchanging a card not held", "", one(`{` + hi + `,"draw":{"out":["4h","Qs"],"in":["Js","Td"]},` + w + `}`), "boxes[0].draw.out: Qs is not one of the box's cards"},
	{"exchanging the same card twice", "", one(`{` + hi + `,"draw":{"out":["4h","4h"],"in":["Js","Td"]},` + w + `}`), "boxes[0].draw.out: duplicate card 4h"},
	{"fewer cards in than out", "", one(`{` + hi + `,"draw":{"out":["4h","2h"],"in":["Js","Td","3c"]},` + w + `}`), "boxes[0].draw.in: 2 cards out need 2 in, got 3"},

	// Instant Cash ends the box's round (§5.3.3).
	{"§5.3.3 Instant Cash box draws", "", one(`{` + rf + `,"draw":{"buy":"2s"},"wagers":{"ante":10,"super":10}}`), "boxes[0].draw: the box won Instant Cash with a royal flush in its first five cards, so its round is over: no draw"},
	{"§5.3.3 Instant Cash box bets", "", one(`{` + rf + `,` + w + `}`), "boxes[0].wagers.bet: the box won Instant Cash with a royal flush in its first five cards, so its round is over: no BET"},
	{"§5.3.3 Instant Cash box folds", "", one(`{` + rf + `,"wagers":{"ante":10,"super":10},"fold":true}`), "boxes[0].fold: the box won Instant Cash with a royal flush in its first five cards, so its round is over: there is nothing to fold"},
	{"§5.3.3 Instant Cash box forces", "", noQualRound(`,"dealer_draw":"2s"`, `{"cards":["6d","5d","4d","3d","2d"],"wagers":{"ante":10,"super":10},"force":true}`), "boxes[0].force: the box won Instant Cash with a straight flush in its first five cards, so its round is over: no force"},

	// The force (§5.3.8).
	{"force against a qualifying dealer", "", one(`{` + kkk + `,` + w + `,"force":true}`), "boxes[0].force: the dealer qualifies (one pair, twos, jack kicker), so there is nothing to force"},
	{"force with no dealer_draw", "", noQualRound(``, `{"cards":["Kc","Kd","8h","6s","4c"],`+w+`,"force":true}`), "dealer_draw: missing: box 1 forces the dealer to try to qualify, so the next card off the deck is needed"},
	{"fold and force", "", noQualRound(`,"dealer_draw":"2s"`, `{"cards":["Kc","Kd","8h","6s","4c"],"wagers":{"ante":10,"super":10},"fold":true,"force":true}`), "boxes[0].force: a box that folded cannot force the dealer"},

	// Multi Super and Dealer Super.
	{"Multi Super on the player's own box", "", one(`{` + kkk + `,` + w + `,"multi_super":[{"on":1,"stake":5}]}`), "boxes[0].multi_super[0].on: box 1 is the player's own box: his bet on it is the Super"},
	{"Multi Super on a box that is not there", "", one(`{` + kkk + `,` + w + `,"multi_super":[{"on":3,"stake":5}]}`), "boxes[0].multi_super[0].on: there is no box 3 (the round has 1)"},
	{"two Dealer Super bets from one box", "", one(`{` + kkk + `,` + w + `,"multi_super":[{"on":"dealer","stake":5},{"on":"dealer","stake":5}]}`), "boxes[0].multi_super[1].on: a second bet on the dealer: one bet per hand, with the whole stake"},
	{"negative side stake", "", one(`{` + kkk + `,` + w + `,"multi_super":[{"on":"dealer","stake":-5}]}`), "boxes[0].multi_super[0].stake: a stake cannot be negative"},

	// Other games' fields and the table.
	{"Texas Oracle's fourth card", "", one(`{` + kkk + `,` + w + `,"fourth_card":true}`), "boxes[0].fourth_card: not a Lunar Poker field (Texas Oracle only)"},
	{"Texas Oracle's exchange count", "", one(`{` + kkk + `,` + w + `,"exchanged":2}`), "boxes[0].exchanged: not a Lunar Poker field (Texas Oracle only); a Lunar exchange is written as draw.out and draw.in"},
	{"7 Card Thrill's discards", "", one(`{` + kkk + `,` + w + `,"discards":["3c","4c"]}`), "boxes[0].discards: not a Lunar Poker field (7 Card Thrill only)"},
	{"no boxes", "", `{"game":"lunar",` + dealerQ + `,"boxes":[]}`, "boxes: a round needs at least one box"},
	{"seven boxes", "", `{"game":"lunar",` + dealerQ + `,"boxes":[{},{},{},{},{},{},{}]}`, "boxes: 7 boxes, but the table has 6"},

	// House settings that change what is accepted.
	{"lunar_max_boxes = 3", "max_boxes = 3\n", `{"game":"lunar",` + dealerQ + `,"boxes":[{},{},{},{}]}`, "boxes: 4 boxes, but the table has 3"},
	{"lunar_multisuper_enabled = false", "multisuper_enabled = false\n", one(`{` + kkk + `,` + w + `},{` + hi + `,` + w + `,"multi_super":[{"on":1,"stake":5}]}`), "boxes[1].multi_super[0]: this house does not take Multi Super bets"},
	{"lunar_dealer_super_enabled = false", "dealer_super_enabled = false\n", one(`{` + kkk + `,` + w + `,"multi_super":[{"on":"dealer","stake":5}]}`), "boxes[0].multi_super[0]: this house does not take Dealer Super bets"},
	{"lunar_exchange_max = 3", "exchange_min = 1\nexchange_max = 3\n", one(`{` + hi + `,"draw":{"out":["Qd","Jd","8c","4h"],"in":["Qc","Js","Td","2s"]},` + w + `}`), "boxes[0].draw.out: exchange 1 to 3 cards, not 4"},
	{"lunar_bet_multiple = 3", "bet_multiple = 3\n", one(`{` + kkk + `,` + w + `}`), "boxes[0].wagers.bet: must be 3× the Ante (30), got 20"},

	// Insurance (RULES.md §5.7, §6 row 29): only where the house offers it, on
	// three of a kind or better in the final hand of a box that plays, from
	// 1× the Ante to half the potential BET win.
	{"insurance at a house without it", "", one(`{` + kkk + `,"wagers":{"ante":10,"super":10,"bet":20,"insurance":10}}`), "boxes[0].wagers.insurance: unknown wager (Lunar Poker wagers: ante, super, bet)"},
	{"insurance below the Ante", "insurance_enabled = true\n", one(`{` + kkk + `,"wagers":{"ante":10,"super":10,"bet":20,"insurance":5}}`),
		"boxes[0].wagers.insurance: must be between 10 (1× the Ante) and 210 (half the potential BET win of 420, second combination included), got 5"},
	{"insurance above half the potential BET win", "insurance_enabled = true\n", one(`{` + kkk + `,"wagers":{"ante":10,"super":10,"bet":20,"insurance":210.5}}`),
		"boxes[0].wagers.insurance: must be between 10 (1× the Ante) and 210 (half the potential BET win of 420, second combination included), got 210.5"},
	{"insurance above half, no second combination", "insurance_enabled = true\n", one(`{"cards":["Kc","Kd","Ks","8h","4c"],"wagers":{"ante":10,"super":10,"bet":20,"insurance":31}}`),
		"boxes[0].wagers.insurance: must be between 10 (1× the Ante) and 30 (half the potential BET win of 60), got 31"},
	{"insurance on two pair", "insurance_enabled = true\n", one(`{"cards":["Kc","Kd","9s","9h","4c"],"wagers":{"ante":10,"super":10,"bet":20,"insurance":10}}`),
		"boxes[0].wagers.insurance: insurance needs three of a kind or better in the box's final hand, not two pair"},
	{"insurance on trips exchanged away", "insurance_enabled = true\n", one(`{"cards":["Qd","Qh","Qs","4h","2h"],"draw":{"out":["Qh","Qs"],"in":["3c","9d"]},"wagers":{"ante":10,"super":10,"bet":20,"insurance":10}}`),
		"boxes[0].wagers.insurance: insurance needs three of a kind or better in the box's final hand, not high card"},
	{"insurance by a box that folded", "insurance_enabled = true\n", one(`{` + kkk + `,"wagers":{"ante":10,"super":10,"insurance":10},"fold":true}`),
		"boxes[0].wagers.insurance: a box that folded cannot insure: insurance is placed with the BET, by a box that plays"},
	{"insurance on an Instant Cash box", "insurance_enabled = true\n", one(`{` + rf + `,"wagers":{"ante":10,"super":10,"insurance":10}}`),
		"boxes[0].wagers.insurance: the box won Instant Cash with a royal flush in its first five cards, so its round is over: no insurance"},
	{"negative insurance", "insurance_enabled = true\n", one(`{` + kkk + `,"wagers":{"ante":10,"super":10,"bet":20,"insurance":-10}}`), "boxes[0].wagers.insurance: a stake cannot be negative"},
}

func TestParseErrors(t *testing.T) {
	def, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range parseErrorCases {
		t.Run(tc.name, func(t *testing.T) {
			b, house := def, ""
			if tc.house != "" {
				b, house = overlayBook(t, tc.house), "test"
			}
			_, err := settle.Line(b, house, 1, []byte(tc.round))
			if err == nil {
				t.Fatalf("settled; want %q", tc.want)
			}
			if err.Error() != tc.want {
				t.Errorf("error\n got %q\nwant %q", err, tc.want)
			}
			var fe *games.FieldError
			if !errors.As(err, &fe) {
				t.Errorf("%T is not a *games.FieldError", err)
			}
		})
	}
}

// TestSettingsRefused checks the settings this engine cannot settle and the
// malformed ones: the load fails naming the file and key.
func TestSettingsRefused(t *testing.T) {
	tests := []struct{ toml, want string }{
		{"force_once = false\n", "force_once: false is not supported"},
		{"progressive_enabled = true\n", "progressive_enabled: true is not supported"},
		{"super_min = \"table\"\n", `super_min: "table": want one of "ante", "none"`},
		{"force_card = \"oldest\"\n", `force_card: "oldest": want one of "highest", "lowest", "first"`},
		{"late_super_claim = \"never\"\n", "late_super_claim"},
		{"misdeal_policy = \"redeal\"\n", "misdeal_policy"},
		{"exchange_min = 0\n", "exchange_min: 0: a player exchanges 1 to 5 of his five cards"},
		{"exchange_min = 4\nexchange_max = 3\n", "exchange_max: 3: must be between exchange_min (4) and 5"},
		{"bet_multiple = 0\n", "bet_multiple: 0: the BET is 1 to 10 times the Ante"},
		{"draw_fee = \"11\"\n", "draw_fee: 11: a fee is 0 to 10 times the Ante"},
		{"force_fee = \"-1\"\n", "force_fee: -1: a fee is 0 to 10 times the Ante"},
		{"ante_on_noqual = \"0:1\"\n", "ante_on_noqual"},
		{"max_boxes = 7\n", "max_boxes: 7: a Lunar Poker layout has 1 to 6 boxes"},
		{"decks_alternating = 3\n", "decks_alternating: 3: must be 1 (one deck) or 2"},
		{"max_payout_per_box = \"-5\"\n", "max_payout_per_box: cannot be negative"},
		{"super_table = \"WoO\"\n", `super_table: no super table "WoO" (known: A, B)`},
		{"instant_table = \"F\"\n", `instant_table: no instant table "F" (known: A, B, C, D, E)`},
		{"bet_table = \"RU\"\n", `bet_table: no bet table "RU" (known: standard)`},
		{"ante_bonus_table = \"X\"\n", `ante_bonus_table: no ante_bonus table "X" (known: standard)`},
		{"[paytables.super.mine]\nfour_of_a_kind = \"1:1\"\n", "paytables.super.mine.full_house: missing row"},
	}
	for _, tt := range tests {
		upper := map[string]string{"houses/test/house.toml": "name = \"test\"\n", "houses/test/lunar.toml": tt.toml}
		_, err := rulebook.Load(rulebook.Overlay(mapFS(upper), rules.FS))
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "houses/test/lunar.toml") {
			t.Errorf("%q: Load error %v; want one naming houses/test/lunar.toml and %q", tt.toml, err, tt.want)
		}
	}
}

// TestHouseTable checks that a house may add a Super table of its own and
// pick it: the Super then pays by it.
func TestHouseTable(t *testing.T) {
	b := overlayBook(t, `super_table = "mine"
[paytables.super.mine]
four_of_a_kind = "500:1"
same_colour_straight = "150:1"
five_picture_cards = "150:1"
full_house = "100:1"
flush = "60:1"
straight = "30:1"
three_of_a_kind = "8:1"
ace_king_queen = "6:1"
five_same_colour = "2:1"
`)
	st, err := settle.Line(b, "test", 1, []byte(quadsRound))
	if err != nil {
		t.Fatal(err)
	}
	if got := boxLine(st.Boxes[0]); got != "win | ante push 0, super win 5000, bet win 420 | fees 0 | net 5420" {
		t.Errorf("house table: %s", got)
	}
}

func mapFS(files map[string]string) fstest.MapFS {
	m := fstest.MapFS{}
	for p, s := range files {
		m[p] = &fstest.MapFile{Data: []byte(s)}
	}
	return m
}
