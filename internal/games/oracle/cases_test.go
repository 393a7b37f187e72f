package oracle_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/settle"
)

// Stakes used throughout, at the default house: Ante 10, BET 2×10 = 20, the
// 4th-card fee 1×Ante = 10, an exchange 1×Ante = 10.
const (
	std     = `"wagers":{"ante":10,"bet":20},"fourth_card":true`
	stdEx1  = std + `,"exchanged":1`
	stdEx2  = std + `,"exchanged":2`
	odd     = `"wagers":{"ante":7.5,"bet":15},"fourth_card":true`
	foldPre = `"wagers":{"ante":10},"fold":true`
	foldBuy = `"wagers":{"ante":10},"fold":true,"fourth_card":true`
)

// Layouts (dealer's two, then the board as open, open, open, 4th, 5th),
// worked out by hand:
const (
	// Dealer: 2h + 2d = a pair of twos, Q-J-T kickers; qualifies.
	dTwos, bRoyal = "2h 7c", "Qs Js Ts 2d 3c"
	// Dealer: Kd Kc, a pair of kings.
	dKings, bSF = "Kd Kc", "7s 6s 5s Qd 2c"
	// Dealer plays the board's pair of nines (Ac 3d: A-K-4 kickers); qualifies.
	dBoardNines, bQuads = "Ac 3d", "9h 9s 4c Kd 2h"
	// Dealer: Qs Qd with the board's 4s = two pair, queens and fours, king kicker.
	dQQ, bFull = "Qs Qd", "Kh 4s 4d 9c 2h"
	// Dealer: a pair of jacks. The board has three hearts.
	dJJ, bFlush = "Jc Jd", "Kh 9h 2h 5c 8d"
	// Dealer: 2d + 2c = a pair of twos. The board holds 8, J, Q.
	dTwos2, bStraight = "2d 5s", "Jh Qs 8d 2c 3h"
	// Dealer: Kc + Ks = a pair of kings, 9-7 kickers.
	dKings2, bTrips = "Kc 3s", "7h Ks 2d 9c 4h"
	// Dealer: Jc + Jd = a pair of jacks, A-9 kickers.
	dJacks, bTwoPair = "Jc 2h", "As 9h 5c Jd 3s"
	// Board A-8-5-3-2 of mixed suits, no straight without a 4.
	bPair = "As 8h 5c 3d 2s"
	// Dealer: Kc 4d with the board's Ks = a pair of kings.
	dKK, bLose = "Kc 4d", "Ks 8h 5c 3d 2s"
	// Dealer: Ac Qd on K-8-5-3-2 = ace high, no pair: does not qualify.
	dAQ, bNoQual = "Ac Qd", "Ks 8h 5c 3d 2s"
)

// TestCases are hand-worked settlements from RULES.md §3.2.7 and §3.3, run
// end to end through settle.Round with the rules loaded from content/rules.
// Each expected amount was worked out by hand; the comment names the rule.
func TestCases(t *testing.T) {
	b := testBook(t)
	tests := []struct {
		rule  string
		house string
		round string
		want  []string // one summary per box
	}{
		// §3.3 BET table A (Regular), each row, against a qualifying dealer.
		{"§3.3 A royal flush 100:1: Ante +10, BET 20×100 = +2000, fee 10", "",
			round(dTwos, bRoyal, box("As Ks", std)),
			[]string{"win ante:win:10 bet:win:2000 fees=10 net=2000"}},
		{"§3.3 A straight flush 50:1 (proposed): 9-high straight flush beats a pair of kings", "",
			round(dKings, bSF, box("9s 8s", std)),
			[]string{"win ante:win:10 bet:win:1000 fees=10 net=1000"}},
		{"§3.3 A four of a kind 15:1; the dealer qualifies on the board's pair (§3.2.6)", "",
			round(dBoardNines, bQuads, box("9c 9d", std)),
			[]string{"win ante:win:10 bet:win:300 fees=10 net=300"}},
		{"§3.3 A full house 6:1: kings full of fours over two pair", "",
			round(dQQ, bFull, box("Kc Kd", std)),
			[]string{"win ante:win:10 bet:win:120 fees=10 net=120"}},
		{"§3.3 A flush 4:1 (proposed)", "",
			round(dJJ, bFlush, box("Ah 7h", std)),
			[]string{"win ante:win:10 bet:win:80 fees=10 net=80"}},
		{"§3.3 A straight 3:1 (proposed): 8-9-T-J-Q over a pair of twos", "",
			round(dTwos2, bStraight, box("9c Td", std)),
			[]string{"win ante:win:10 bet:win:60 fees=10 net=60"}},
		{"§3.3 A three of a kind 2:1", "",
			round(dKings2, bTrips, box("7c 7d", std)),
			[]string{"win ante:win:10 bet:win:40 fees=10 net=40"}},
		{"§3.3 A two pair 1:1: aces and nines over a pair of jacks", "",
			round(dJacks, bTwoPair, box("Ac 9d", std)),
			[]string{"win ante:win:10 bet:win:20 fees=10 net=20"}},
		{"§3.3 A one pair 1:1: aces beat kings", "",
			round(dKings, bPair, box("Ac Qd", std)),
			[]string{"win ante:win:10 bet:win:20 fees=10 net=20"}},
		{"§1.3 pair against the same pair: the king kicker beats the queen", "",
			round("Ac Qc", bPair, box("Ah Kd", std)),
			[]string{"win ante:win:10 bet:win:20 fees=10 net=20"}},

		// §3.2.7 the player lower, and STAY.
		{"§3.2.7 player lower: Ante and BET lose, the fee is kept: -10 -20 -10", "",
			round(dKK, bLose, box("Qc Jd", std)),
			[]string{"lose ante:lose:-10 bet:lose:-20 fees=10 net=-40"}},
		{"§3.2.7 STAY: both play the board's broadway straight; Ante and BET push, the fee is kept", "",
			round("4h 5s", "As Ks Qd Jc Th", box("2c 3d", std)),
			[]string{"tie ante:push:0 bet:push:0 fees=10 net=-10"}},
		{"§3.4 STAY: the same five ranks (Q-Q-A-9-5), suits differ", "",
			round("Ac Qc", "Qs 9h 5c 3d 2s", box("Ah Qd", std)),
			[]string{"tie ante:push:0 bet:push:0 fees=10 net=-10"}},

		// §3.2.3–4 folds: the fee-only outcome.
		{"§3.2.3 fold before the 4th card: the Ante alone is lost", "",
			round(dTwos, bRoyal, box("4c 6d", foldPre)),
			[]string{"none ante:lose:-10 fees=0 net=-10"}},
		{"§3.2.4 fold after buying the 4th card: Ante lost + the fee (fee only)", "",
			round(dTwos, bRoyal, box("4c 6d", foldBuy)),
			[]string{"none ante:lose:-10 fees=10 net=-20"}},

		// §3.2.4 exchange fee.
		{"§3.2.4 exchange of two cards for 1×Ante, then a win: +10 +20 -10 -10", "",
			round(dJacks, bTwoPair, box("Ac 9d", stdEx2)),
			[]string{"win ante:win:10 bet:win:20 fees=20 net=10"}},
		{"§3.2.4 exchange of one card costs the same 1×Ante; then fold: -10 -10 -10", "",
			round(dJacks, bTwoPair, box("4c 6d", `"wagers":{"ante":10},"fold":true,"fourth_card":true,"exchanged":1`)),
			[]string{"none ante:lose:-10 fees=20 net=-30"}},

		// §3.2.7 G5 dealer not qualifying, under both settings.
		{"§3.2.7 G5 default: dealer ace high, Ante 1:1 whatever the player holds, BET pushes", "",
			round(dAQ, bNoQual, box("Jc Td", std)),
			[]string{"lose ante:win:10 bet:push:0 fees=10 net=0"}},
		{"§3.2.7 G5: the BET pushes even on two pair when the dealer does not qualify", "",
			round(dAQ, bNoQual, box("Kc 8d", std)),
			[]string{"win ante:win:10 bet:push:0 fees=10 net=0"}},
		{"oracle.ante_on_dealer_no_qualify = push: Ante and BET push, the fee is kept", "push",
			round(dAQ, bNoQual, box("Jc Td", std)),
			[]string{"lose ante:push:0 bet:push:0 fees=10 net=-10"}},
		{"oracle.ante_on_dealer_no_qualify = push does not change a qualifying dealer", "push",
			round(dJacks, bTwoPair, box("Ac 9d", std)),
			[]string{"win ante:win:10 bet:win:20 fees=10 net=20"}},

		// §3.3 table B (Enhanced).
		{"oracle.bet_table = Enhanced: flush 5:1", "tableb",
			round(dJJ, bFlush, box("Ah 7h", std)),
			[]string{"win ante:win:10 bet:win:100 fees=10 net=100"}},
		{"oracle.bet_table = Enhanced: straight 4:1", "tableb",
			round(dTwos2, bStraight, box("9c Td", std)),
			[]string{"win ante:win:10 bet:win:80 fees=10 net=80"}},
		{"oracle.bet_table = Enhanced: the rows Regular and Enhanced share pay the same (full house 6:1)", "tableb",
			round(dQQ, bFull, box("Kc Kd", std)),
			[]string{"win ante:win:10 bet:win:120 fees=10 net=120"}},

		// §3.2.3 G1 continue without the 4th card.
		{"oracle.continue_without_4th_card = true: no fee, BET 2×Ante, pair of aces wins", "nobuy",
			round(dKings, bPair, box("Ac Qd", `"wagers":{"ante":10,"bet":20}`)),
			[]string{"win ante:win:10 bet:win:20 fees=0 net=30"}},
		{"oracle.continue_without_4th_card = true: a box that did not buy still plays the 4th card (cards speak)", "nobuy",
			round(dJacks, bTwoPair, box("Ac 9d", `"wagers":{"ante":10,"bet":20}`)),
			[]string{"win ante:win:10 bet:win:20 fees=0 net=30"}},

		// §3.2.4 G3 bet multiple 1.
		{"oracle.bet_multiple = 1: BET 10 at flush 4:1 = 40", "single",
			round(dJJ, bFlush, box("Ah 7h", `"wagers":{"ante":10,"bet":10},"fourth_card":true`)),
			[]string{"win ante:win:10 bet:win:40 fees=10 net=40"}},
		{"oracle.bet_multiple = 1: a loss costs Ante, BET and fee", "single",
			round(dKK, bLose, box("Qc Jd", `"wagers":{"ante":10,"bet":10},"fourth_card":true`)),
			[]string{"lose ante:lose:-10 bet:lose:-10 fees=10 net=-30"}},

		// Odd stakes: an Ante of 7.5 (BET 15, fees 7.5 each).
		{"§1.6 Ante 7.5: Ante 7.5, BET 15×4 = 60, fee 7.5", "",
			round(dJJ, bFlush, box("Ah 7h", odd)),
			[]string{"win ante:win:7.5 bet:win:60 fees=7.5 net=60"}},
		{"§1.6 Ante 7.5, dealer does not qualify: Ante 7.5, fee 7.5", "",
			round(dAQ, bNoQual, box("Jc Td", odd)),
			[]string{"lose ante:win:7.5 bet:push:0 fees=7.5 net=0"}},
		{"§1.6 Ante 7.5 with an exchange: fees 7.5 + 7.5", "",
			round(dJacks, bTwoPair, box("Ac 9d", odd+`,"exchanged":1`)),
			[]string{"win ante:win:7.5 bet:win:15 fees=15 net=7.5"}},
		{"§1.6 Ante 7.5 lost on a fold after buying: -7.5 and the fee 7.5", "",
			round(dTwos, bRoyal, box("4c 6d", `"wagers":{"ante":7.5},"fold":true,"fourth_card":true`)),
			[]string{"none ante:lose:-7.5 fees=7.5 net=-15"}},

		// §6 row 32: the cap.
		{"oracle.max_payout_per_box = 100: the royal's 2010 is cut to 100, the BET first", "cap",
			round(dTwos, bRoyal, box("As Ks", std)),
			[]string{"win ante:win:10 bet:win:90 fees=10 net=90"}},
		{"oracle.max_payout_per_box = 100: a win under the cap is paid in full", "cap",
			round(dJacks, bTwoPair, box("Ac 9d", std)),
			[]string{"win ante:win:10 bet:win:20 fees=10 net=20"}},

		// oracle.fees_refundable = true: fees follow the Ante.
		{"oracle.fees_refundable: a win returns the fee", "refund",
			round(dJacks, bTwoPair, box("Ac 9d", stdEx1)),
			[]string{"win ante:win:10 bet:win:20 fees=0 net=30"}},
		{"oracle.fees_refundable: STAY returns the fee", "refund",
			round("4h 5s", "As Ks Qd Jc Th", box("2c 3d", std)),
			[]string{"tie ante:push:0 bet:push:0 fees=0 net=0"}},
		{"oracle.fees_refundable: dealer not qualifying returns the fee", "refund",
			round(dAQ, bNoQual, box("Jc Td", std)),
			[]string{"lose ante:win:10 bet:push:0 fees=0 net=10"}},
		{"oracle.fees_refundable: a loss keeps the fee", "refund",
			round(dKK, bLose, box("Qc Jd", std)),
			[]string{"lose ante:lose:-10 bet:lose:-20 fees=10 net=-40"}},
		{"oracle.fees_refundable: a fold keeps the fee", "refund",
			round(dTwos, bRoyal, box("4c 6d", foldBuy)),
			[]string{"none ante:lose:-10 fees=10 net=-20"}},

		// §6 row 8: the 4th-card payment is the BET.
		{"oracle.fourth_card_payment = bet: fold after buying loses Ante and BET, no fee", "betpay",
			round(dTwos, bRoyal, box("4c 6d", `"wagers":{"ante":10,"bet":10},"fold":true,"fourth_card":true`)),
			[]string{"none ante:lose:-10 bet:lose:-10 fees=0 net=-20"}},
		{"oracle.fourth_card_payment = bet: straight 3:1 on a BET of 10, no fee", "betpay",
			round(dTwos2, bStraight, box("9c Td", `"wagers":{"ante":10,"bet":10},"fourth_card":true`)),
			[]string{"win ante:win:10 bet:win:30 fees=0 net=40"}},
		{"oracle.fourth_card_payment = bet: the exchange is still a fee", "betpay",
			round(dJacks, bTwoPair, box("Ac 9d", `"wagers":{"ante":10,"bet":10},"fourth_card":true,"exchanged":1`)),
			[]string{"win ante:win:10 bet:win:10 fees=10 net=10"}},

		// Fee ratios.
		{"oracle.fourth_card_fee = exchange_fee = 1:2 on an Ante of 7.5: 3.75 rounds down to 3.5 each", "halffee",
			round(dJacks, bTwoPair, box("Ac 9d", odd+`,"exchanged":2`)),
			[]string{"win ante:win:7.5 bet:win:15 fees=7 net=15.5"}},
		{"oracle.fourth_card_fee = 0:1: the 4th card is free", "freecard",
			round(dJacks, bTwoPair, box("Ac 9d", std)),
			[]string{"win ante:win:10 bet:win:20 fees=0 net=30"}},

		// Exchange limits.
		{"oracle.exchanges_per_hand = 2: three cards take two exchanges, 2×10 + the 4th card 10", "twoex",
			round(dJacks, bTwoPair, box("Ac 9d", std+`,"exchanged":3`)),
			[]string{"win ante:win:10 bet:win:20 fees=30 net=0"}},
		{"oracle.exchange_max_cards = 1: two cards are two exchanges", "onecard",
			round(dJacks, bTwoPair, box("Ac 9d", stdEx2)),
			[]string{"win ante:win:10 bet:win:20 fees=30 net=0"}},
		{"oracle.redecide_after_exchange = false: an exchanged box that continues settles as usual", "committed",
			round(dJacks, bTwoPair, box("Ac 9d", stdEx2)),
			[]string{"win ante:win:10 bet:win:20 fees=20 net=10"}},

		// Ante odds from the data: a house table and no-qualify odds.
		{"oracle.ante_table = a house table paying 2:1", "generous",
			round(dJacks, bTwoPair, box("Ac 9d", std)),
			[]string{"win ante:win:20 bet:win:20 fees=10 net=30"}},
		{"oracle.ante_on_dealer_no_qualify = 1:2: 7.5 pays 3.75, rounded down to 3.5", "generous",
			round(dAQ, bNoQual, box("Jc Td", odd)),
			[]string{"lose ante:win:3.5 bet:push:0 fees=7.5 net=-4"}},

		// house.toml rounding (§1.6, §6 row 30): the dealer's A-Q high does not
		// qualify, so the Ante is paid at the no-qualify odds and the BET pushes.
		{"rounding = up: 6:5 on an Ante of 5.5 is 6.6, paid 7 (0.5 chip); the 4th-card fee 5.5 is whole", "sixup",
			round(dAQ, bNoQual, box("Jc Td", `"wagers":{"ante":5.5,"bet":11},"fourth_card":true`)),
			[]string{"lose ante:win:7 bet:push:0 fees=5.5 net=1.5"}},
		{"rounding = nearest: 6.6 is 0.1 above 6.5, less than half a 0.5 chip: paid 6.5", "sixnear",
			round(dAQ, bNoQual, box("Jc Td", `"wagers":{"ante":5.5,"bet":11},"fourth_card":true`)),
			[]string{"lose ante:win:6.5 bet:push:0 fees=5.5 net=1"}},
		{"rounding = nearest: 6:5 on 6.5 is 7.8, 0.3 above 7.5, more than half a chip: paid 8", "sixnear",
			round(dAQ, bNoQual, box("Jc Td", `"wagers":{"ante":6.5,"bet":13},"fourth_card":true`)),
			[]string{"lose ante:win:8 bet:push:0 fees=6.5 net=1.5"}},
		{"rounding = nearest: 1:2 on 7.5 is 3.75, exactly half a chip above 3.5: paid 4; the 1:2 fee of 3.75 is a fee, rounded down to 3.5", "halfnear",
			round(dAQ, bNoQual, box("Jc Td", odd)),
			[]string{"lose ante:win:4 bet:push:0 fees=3.5 net=0.5"}},
		{"rounding = up: 1:2 on 7.5 pays 4; the 4th-card and exchange fees, 3.75 each, still round down to 3.5 (a fee is not a payout)", "halfup",
			round(dAQ, bNoQual, box("Jc Td", odd+`,"exchanged":1`)),
			[]string{"lose ante:win:4 bet:push:0 fees=7 net=-3"}},

		// Procedure-only settings leave the settlement alone.
		{"§3.6–3.7 settings for the procedures do not change a settlement", "procedures",
			round(dJacks, bTwoPair, box("Ac 9d", std)),
			[]string{"win ante:win:10 bet:win:20 fees=10 net=20"}},

		// Several boxes, settled each on its own, in order.
		{"§3.2.7 three boxes: a royal, a fold before buying, a high card that loses", "",
			round(dTwos, bRoyal, box("As Ks", std), box("4c 6d", foldPre), box("4h 5d", std)),
			[]string{
				"win ante:win:10 bet:win:2000 fees=10 net=2000",
				"none ante:lose:-10 fees=0 net=-10",
				"lose ante:lose:-10 bet:lose:-20 fees=10 net=-40",
			}},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			s, err := settle.Line(b, tt.house, 1, []byte(tt.round))
			if err != nil {
				t.Fatalf("settle %s: %v", tt.round, err)
			}
			if len(s.Boxes) != len(tt.want) {
				t.Fatalf("%d boxes settled; want %d", len(s.Boxes), len(tt.want))
			}
			for i, w := range tt.want {
				if got := summary(s.Boxes[i]); got != w {
					t.Errorf("box %d:\n got %s\nwant %s", i+1, got, w)
				}
			}
			wantHouse := tt.house
			if wantHouse == "" {
				wantHouse = "default"
			}
			if s.House != wantHouse {
				t.Errorf("house = %q; want %q", s.House, wantHouse)
			}
		})
	}
}

// TestDealer checks the dealer's side: best five, hand, qualification
// (§3.2.6: one pair or better, "the lowest combination is pair of two").
func TestDealer(t *testing.T) {
	b := testBook(t)
	tests := []struct {
		rule, dealer, board string
		best, hand          string
		qualifies           bool
	}{
		{"§3.2.6 a pair of twos qualifies", dTwos, bRoyal, "2h 2d Qs Js Ts", "one pair", true},
		{"§3.2.6 a pair on the board qualifies the dealer", dBoardNines, bQuads, "9h 9s Ac Kd 4c", "one pair", true},
		{"§3.2.6 ace high does not qualify", dAQ, bNoQual, "Ac Ks Qd 8h 5c", "high card", false},
		{"§1.5 the wheel: A-2-3-4-5 is the lowest straight", "Ah 4d", "5s 3c 2d 9h Kc", "5s 4d 3c 2d Ah", "straight", true},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			s, err := settle.Line(b, "", 1, []byte(round(tt.dealer, tt.board, box("Tc Th", std))))
			if err != nil {
				t.Fatal(err)
			}
			// The five cards in reading order; within a pair the suits may
			// come in either order, so the ranks are compared in order and
			// the cards as a set.
			var best, ranks, wantRanks []string
			for _, c := range s.Dealer.Best {
				best = append(best, c.String())
				ranks = append(ranks, c.Rank().String())
			}
			want := strings.Fields(tt.best)
			for _, c := range want {
				wantRanks = append(wantRanks, c[:1])
			}
			slices.Sort(best)
			slices.Sort(want)
			if !slices.Equal(best, want) || !slices.Equal(ranks, wantRanks) {
				t.Errorf("best = %v (ranks %v); want %s", s.Dealer.Best, ranks, tt.best)
			}
			if s.Dealer.Hand != tt.hand || s.Dealer.Qualifies != tt.qualifies {
				t.Errorf("hand %q qualifies %v; want %q %v", s.Dealer.Hand, s.Dealer.Qualifies, tt.hand, tt.qualifies)
			}
			if s.Dealer.Description == "" || len(s.Dealer.Notes) == 0 {
				t.Error("the dealer has no description or note")
			}
		})
	}
}
