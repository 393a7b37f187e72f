package oracle_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// houses are test houses, each setting keys of oracle.toml away from the
// default house's values; the name says which. A value "house.toml:…" sets
// house.toml, and oracle.toml after a line "---".
var houses = map[string]string{
	"push":      `ante_on_dealer_no_qualify = "push"`,
	"tableb":    `bet_table = "Enhanced"`,
	"nobuy":     `continue_without_4th_card = true`,
	"single":    `bet_multiple = 1`,
	"cap":       `max_payout_per_box = "100"`,
	"refund":    `fees_refundable = true`,
	"betpay":    "fourth_card_payment = \"bet\"\nbet_multiple = 1",
	"halffee":   "fourth_card_fee = \"1:2\"\nexchange_fee = \"1:2\"",
	"freecard":  `fourth_card_fee = "0:1"`,
	"twoex":     `exchanges_per_hand = 2`,
	"onecard":   "exchange_max_cards = 1\nexchanges_per_hand = 2",
	"noex":      `exchanges_per_hand = 0`,
	"committed": `redecide_after_exchange = false`,
	"small":     `max_boxes = 2`,
	"generous": `ante_table = "double"
ante_on_dealer_no_qualify = "1:2"
[paytables.ante.double]
win = "2:1"`,
	// house.toml rounding (RULES.md §1.6, §6 row 30); after "---", oracle.toml.
	// 6:5 on the Ante when the dealer does not qualify gives remainders that
	// are not half a chip; 1:2 gives exactly half a chip on an Ante of 7.5.
	"sixup":    "house.toml:rounding = \"up\"\n---\nante_on_dealer_no_qualify = \"6:5\"",
	"sixnear":  "house.toml:rounding = \"nearest\"\n---\nante_on_dealer_no_qualify = \"6:5\"",
	"halfup":   "house.toml:rounding = \"up\"\n---\nante_on_dealer_no_qualify = \"1:2\"\nfourth_card_fee = \"1:2\"\nexchange_fee = \"1:2\"",
	"halfnear": "house.toml:rounding = \"nearest\"\n---\nante_on_dealer_no_qualify = \"1:2\"\nfourth_card_fee = \"1:2\"\nexchange_fee = \"1:2\"",
	// Settings that rule the procedures only: every one away from its default.
	"procedures": `max_bets_per_box = 2
backbettor_can_drop = false
max_open_boxes_per_player = 2
dark_boxes_allowed = true
premature_dealer_reveal_options = ["fold", "continue_without_purchase", "buy_fourth_card", "exchange"]
recover_overpayment = "never"
[misdeal]
broken_sequence = "void_and_redeal"
touched_during_restore = "restore_and_continue"
wrong_card_count = "restore_and_continue"
exposed_face_down_card = "continue"
fifth_opened_for_fourth = "void_and_redeal"`,
}

// testBook loads the shipped rules with the test houses layered over them.
func testBook(t testing.TB) *rulebook.Book {
	t.Helper()
	m := fstest.MapFS{}
	for name, oracle := range houses {
		house := ""
		if rest, ok := strings.CutPrefix(oracle, "house.toml:"); ok {
			house, oracle, _ = strings.Cut(rest, "\n---\n")
		}
		m["houses/"+name+"/house.toml"] = &fstest.MapFile{Data: []byte(fmt.Sprintf("name = %q\n%s\n", name, house))}
		m["houses/"+name+"/oracle.toml"] = &fstest.MapFile{Data: []byte(oracle + "\n")}
	}
	b, err := rulebook.Load(rulebook.Overlay(m, rules.FS))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// round writes a Texas Oracle round in SETTLE.md's JSON: dealer and board as
// card lists ("2h 7c"; the board as open, open, open, 4th, 5th), each box as
// the JSON members of a box after its cards.
func round(dealer, board string, boxes ...string) string {
	return fmt.Sprintf(`{"game":"oracle","dealer":%s,"board":%s,"boxes":[%s]}`, list(dealer), list(board), strings.Join(boxes, ","))
}

// box writes one box: its hole cards and the rest of its members.
func box(hole, rest string) string {
	return fmt.Sprintf(`{"cards":%s,%s}`, list(hole), rest)
}

func list(cs string) string {
	f := strings.Fields(cs)
	if len(f) == 0 {
		return "[]"
	}
	return `["` + strings.Join(f, `","`) + `"]`
}

// summary writes a settled box as "win ante:win:10 bet:win:2000 fees=10 net=2000".
func summary(b games.BoxResult) string {
	var sb strings.Builder
	sb.WriteString(string(b.Versus))
	for _, w := range b.Wagers {
		fmt.Fprintf(&sb, " %s:%s:%s", w.Wager, w.Result, w.Pays)
	}
	fmt.Fprintf(&sb, " fees=%s net=%s", b.Fees, b.Net)
	return sb.String()
}
