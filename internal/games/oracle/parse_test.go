package oracle_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/settle"
)

// TestParseErrors feeds every bad input of SETTLE.md that applies to Texas
// Oracle, and the game's own rules, and checks the field path and sentence.
func TestParseErrors(t *testing.T) {
	b := testBook(t)
	eight := make([]string, 8)
	for i, h := range []string{"2c 2d", "3c 3d", "4c 4d", "5c 5d", "6c 6d", "7c 7d", "8c 8d", "9c 9d"} {
		eight[i] = box(h, std)
	}
	tests := []struct {
		name, house, round string
		field, msg         string
	}{
		{"dealer card on the board", "", round("As Kd", "Kd Qs Js 2c 3c", box("4h 5h", std)),
			"board", "duplicate card Kd"},
		{"card in two boxes: the second is named", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", std), box("6h 5h", std)),
			"boxes[1].cards", "duplicate card 5h"},
		{"card on the board and in a box, any case", "", round("As Kd", "Qs Js Ts 2c 3c", box("qS 5h", std)),
			"boxes[0].cards", "duplicate card Qs"},
		{"dealer with three cards", "", round("As Kd 2h", "Qs Js Ts 2c 3c", box("4h 5h", std)),
			"dealer", "needs 2 cards, got 3"},
		{"board with four cards", "", round("As Kd", "Qs Js Ts 2c", box("4h 5h", std)),
			"board", "needs 5 cards, got 4"},
		{"no board", "", round("As Kd", "", box("4h 5h", std)),
			"board", "needs 5 cards, got 0"},
		{"box with one card", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h", std)),
			"boxes[0].cards", "needs 2 cards, got 1"},
		{"not a card", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h Zz", std)),
			"boxes[0].cards", `"Zz" is not a card`},
		{"joker", "", round("As Kd", "Qs Js Ts 2c Jk", box("4h 5h", std)),
			"board", "the joker is not in the Texas Oracle deck (7 Card Thrill only)"},
		{"no boxes", "", round("As Kd", "Qs Js Ts 2c 3c"),
			"boxes", "no box to settle"},
		{"eight boxes at a table of seven", "", round("As Kd", "Qs Js Ts Th 3h", eight...),
			"boxes", "8 boxes, but the table has 7"},
		{"max_boxes = 2", "small", round("As Kd", "Qs Js Ts Th 3h", eight[:3]...),
			"boxes", "3 boxes, but the table has 2"},

		// Wagers and stakes.
		{"unknown wager", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"ante":10,"bet":20,"play":30},"fourth_card":true`)),
			"boxes[0].wagers.play", "Texas Oracle has no play wager (wagers: ante, bet)"},
		{"negative stake", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"ante":-10,"bet":20},"fourth_card":true`)),
			"boxes[0].wagers.ante", "a stake cannot be negative"},
		{"three decimals", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"ante":7.555,"bet":15.11},"fourth_card":true`)),
			"boxes[0].wagers.ante", `"7.555" has more than two decimal places`},
		{"an Ante too large to settle", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"ante":100000000.5,"bet":200000001},"fourth_card":true`)),
			"boxes[0].wagers.ante", "100000000.5 is above the largest Ante the kiosk settles (100000000)"},
		{"no Ante", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"bet":20},"fourth_card":true`)),
			"boxes[0].wagers.ante", "missing: every box plays an Ante"},
		{"Ante of 0", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"ante":0},"fold":true`)),
			"boxes[0].wagers.ante", "missing: every box plays an Ante"},
		{"BET not 2× the Ante", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"ante":10,"bet":15},"fourth_card":true`)),
			"boxes[0].wagers.bet", "is 15; the BET is 2× the Ante (20)"},
		{"BET not 2× an Ante of 7.5", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"ante":7.5,"bet":14},"fourth_card":true`)),
			"boxes[0].wagers.bet", "is 14; the BET is 2× the Ante (15)"},
		{"no BET on a box that continued", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"ante":10},"fourth_card":true`)),
			"boxes[0].wagers.bet", "missing: a box that did not fold bets 2× the Ante (20)"},
		{"BET on a folded box", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"ante":10,"bet":20},"fold":true,"fourth_card":true`)),
			"boxes[0].wagers.bet", "a box that folded has no BET"},
		{"bet_multiple = 1: a BET of 2×", "single", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", std)),
			"boxes[0].wagers.bet", "is 20; the BET is 1× the Ante (10)"},
		{"fourth_card_payment = bet: the BET missing after buying", "betpay", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", foldBuy)),
			"boxes[0].wagers.bet", "missing: a box that bought the 4th card (at this house that payment is the BET) bets 1× the Ante (10)"},
		{"fourth_card_payment = bet: a BET without buying", "betpay", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"ante":10,"bet":10},"fold":true`)),
			"boxes[0].wagers.bet", "a box that did not buy the 4th card (at this house the BET is the payment for the 4th card) has no BET"},

		// The 4th card and the exchange.
		{"continued without the 4th card", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"ante":10,"bet":20}`)),
			"boxes[0].fourth_card", "a box that did not fold must have bought the 4th card: at this house a player stays in only by buying it"},
		{"exchange without the 4th card", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"ante":10},"fold":true,"exchanged":1`)),
			"boxes[0].exchanged", "an exchange comes after the 4th card is bought, and this box did not buy it"},
		{"exchange without the 4th card, continue_without_4th_card = true", "nobuy", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"ante":10,"bet":20},"exchanged":2`)),
			"boxes[0].exchanged", "an exchange comes after the 4th card is bought, and this box did not buy it"},
		{"three cards exchanged", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", std+`,"exchanged":3`)),
			"boxes[0].exchanged", "3 cards; the house allows at most 2"},
		{"exchange_max_cards = 1, one exchange", "onecard", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", std+`,"exchanged":3`)),
			"boxes[0].exchanged", "3 cards; the house allows at most 2"},
		{"negative exchange", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", std+`,"exchanged":-1`)),
			"boxes[0].exchanged", "cannot be negative"},
		{"exchanges_per_hand = 0", "noex", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", stdEx1)),
			"boxes[0].exchanged", "this house allows no exchange"},
		{"redecide_after_exchange = false: fold after an exchange", "committed", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"ante":10},"fold":true,"fourth_card":true,"exchanged":2`)),
			"boxes[0].fold", "a box cannot fold after an exchange: at this house an exchange commits the box to the showdown"},

		// Fields of the other games.
		{"dealer_draw", "", strings.Replace(round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", std)), `"dealer":`, `"dealer_draw":"9d","dealer":`, 1),
			"dealer_draw", "Texas Oracle has no dealer draw (Lunar Poker only)"},
		{"force", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", std+`,"force":true`)),
			"boxes[0].force", "Texas Oracle has no force (Lunar Poker only)"},
		{"draw", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", std+`,"draw":{"buy":"9d"}`)),
			"boxes[0].draw", `Texas Oracle has no draw (Lunar Poker only); an exchange is written "exchanged"`},
		{"multi_super", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", std+`,"multi_super":[{"on":"dealer","stake":5}]`)),
			"boxes[0].multi_super", "Texas Oracle has no Multi Super (Lunar Poker only)"},
		{"discards", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", std+`,"discards":["9d","8d"]`)),
			"boxes[0].discards", "Texas Oracle has no discards (7 Card Thrill only)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := settle.Line(b, tt.house, 1, []byte(tt.round))
			var fe *games.FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("error = %v; want a *games.FieldError", err)
			}
			if fe.Field != tt.field || fe.Msg != tt.msg {
				t.Errorf("error = %q\n  want %q", fe.Error(), tt.field+": "+tt.msg)
			}
		})
	}
}

// TestParseAccepts checks inputs that look odd but are legal.
func TestParseAccepts(t *testing.T) {
	b := testBook(t)
	tests := []struct{ name, house, round string }{
		{"any case and 10 for T", "", round("as kD", "10s Js Qs 2c 3c", box("4H 5h", std))},
		{"a folded box with a BET of 0", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"ante":10,"bet":0},"fold":true`))},
		{"an Ante off the chip grid (SETTLE.md: any decimal ≥ 0)", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"ante":7.25,"bet":14.5},"fourth_card":true`))},
		{"exchange, then fold (redecide_after_exchange)", "", round("As Kd", "Qs Js Ts 2c 3c", box("4h 5h", `"wagers":{"ante":10},"fold":true,"fourth_card":true,"exchanged":2`))},
		{"seven boxes", "", round("As Kd", "Qs Js Ts Th 3h", box("2c 2d", std), box("3c 3d", std), box("4c 4d", std), box("5c 5d", std), box("6c 6d", std), box("7c 7d", std), box("8c 8d", std))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := settle.Line(b, tt.house, 1, []byte(tt.round))
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Check(); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestParseDirect covers what settle.Round cannot send: no round, another game.
func TestParseDirect(t *testing.T) {
	h, err := testBook(t).House("")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := oracle.Parse(nil, h.Oracle); err == nil {
		t.Error("Parse(nil) succeeded")
	}
	_, err = oracle.Parse(&games.Round{Game: "uth"}, h.Oracle)
	var fe *games.FieldError
	if !errors.As(err, &fe) || fe.Field != "game" {
		t.Errorf("Parse(uth round) = %v; want a field error on game", err)
	}
	if s := oracle.Settle(nil, h.Oracle, h.Rounding); s == nil || len(s.Boxes) != 0 {
		t.Errorf("Settle(nil) = %+v; want an empty settlement", s)
	}
}
