package uth_test

import (
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/settle"
)

// settleCase is one hand-worked settlement. Every amount was worked out by
// hand from RULES.md §2.3–2.6 and the tables of content/rules/games/uth.toml,
// at the default house's smallest chip of 0.5 unless the house says otherwise.
type settleCase struct {
	rule   string // the rule checked
	house  string // "" is the default house
	round  games.Round
	dealer string   // "one pair, qualifies"
	boxes  []string // summary() of each box
	// reasons maps "box.wager" ("1.blind") to a fragment its reason must hold.
	reasons map[string]string
	rows    map[string]string // the same for the pay-table row cited
}

var settleCases = []settleCase{
	{
		rule:   "§2.4 Blind table A: royal flush 500:1; Trips B royal 50:1; Ante and Play 1:1 (§2.3)",
		round:  rnd("9h 9c", "Qs Js Ts 4d 2c", bx{"As Ks", "ante=10 blind=10 play=40 trips=5", false}),
		dealer: "one pair, qualifies",
		boxes:  []string{"royal flush/win: ante win 10, blind win 5000, play win 40, trips win 250; net 5300"},
		rows:   map[string]string{"1.blind": "Blind table straight-pays, royal flush 500:1", "1.ante": "Ante and Play table standard, ante 1:1"},
	},
	{
		rule:   "§2.4 Blind straight flush 50:1; Trips B straight flush 40:1; Play 2× on the flop",
		round:  rnd("Ac Kc", "9h 8h 7h 2c 2d", bx{"Th 6h", "ante=10 blind=10 play=20 trips=10", false}),
		dealer: "one pair, qualifies",
		boxes:  []string{"straight flush/win: ante win 10, blind win 500, play win 20, trips win 400; net 930"},
	},
	{
		rule:   "§2.4 Blind four of a kind 10:1 against the dealer's full house; Trips B 30:1; Play 3× preflop",
		round:  rnd("5d 5h", "Kc Kd 5s 8h 2c", bx{"Kh Ks", "ante=10 blind=10 play=30 trips=5", false}),
		dealer: "full house, qualifies",
		boxes:  []string{"four of a kind/win: ante win 10, blind win 100, play win 30, trips win 150; net 290"},
	},
	{
		rule:   "§2.4 Blind full house 3:1",
		round:  rnd("Ac 4d", "Jc Jd 4s 9h 2c", bx{"Js 9c", "ante=10 blind=10 play=40", false}),
		dealer: "two pair, qualifies",
		boxes:  []string{"full house/win: ante win 10, blind win 30, play win 40; net 80"},
	},
	{
		rule: "§2.4 Blind flush 3:2 on odd stakes, rounded down to the 0.5 chip (§1.6): 5 → 7.5, 7 → 10.5, 5.5 → 8.25 → 8; Trips B flush 6:1",
		round: rnd("Kd Ks", "Ah 9h 4h Kc 2d",
			bx{"Qh 3h", "ante=5 blind=5 play=20", false},
			bx{"Jh 5h", "ante=7 blind=7 play=28 trips=3", false},
			bx{"Th 6h", "ante=5.5 blind=5.5 play=22", false}),
		dealer: "three of a kind, qualifies",
		boxes: []string{
			"flush/win: ante win 5, blind win 7.5, play win 20; net 32.5",
			"flush/win: ante win 7, blind win 10.5, play win 28, trips win 18; net 63.5",
			"flush/win: ante win 5.5, blind win 8, play win 22; net 35.5",
		},
		reasons: map[string]string{"3.blind": "Blind pays 3:2: the player won with a flush (8.25 rounded down to 8, the smallest chip being 0.5)"},
	},
	{
		rule:    "§1.6 rounding to a smaller chip: at a house whose smallest chip is 0.25, Blind 5.5 on a flush pays 8.25 exactly",
		house:   "quarter",
		round:   rnd("Kd Ks", "Ah 9h 4h Kc 2d", bx{"Th 6h", "ante=5.5 blind=5.5 play=22", false}),
		dealer:  "three of a kind, qualifies",
		boxes:   []string{"flush/win: ante win 5.5, blind win 8.25, play win 22; net 35.75"},
		reasons: map[string]string{"1.blind": "Blind pays 3:2: the player won with a flush"},
	},
	// house.toml rounding (RULES.md §1.6, §6 row 30) at a smallest chip of 1.
	// The dealer's A-K-9-7-4 high does not qualify, so the Ante pushes and the
	// Blind is the only fractional pay: 3:2 on 5.5 = 8.25 and on 5 = 7.5;
	// Play (4×) 1:1 on 22 and 20 is whole.
	{
		rule:  "§1.6 rounding = down (default) at a 1 chip: Blind 3:2 on 5.5 = 8.25 pays 8; on 5 = 7.5 pays 7",
		house: "unitdown",
		round: rnd("7s 3c", "Ah 9h 4h Kc 2d",
			bx{"Th 6h", "ante=5.5 blind=5.5 play=22", false},
			bx{"Qh 3h", "ante=5 blind=5 play=20", false}),
		dealer: "high card, does not qualify",
		boxes: []string{"flush/win: ante push 0, blind win 8, play win 22; net 30",
			"flush/win: ante push 0, blind win 7, play win 20; net 27"},
		reasons: map[string]string{"1.blind": "(8.25 rounded down to 8, the smallest chip being 1)",
			"2.blind": "(7.5 rounded down to 7, the smallest chip being 1)"},
	},
	{
		rule:  "§1.6 rounding = up: the remainder is paid as one more chip: 8.25 pays 9, 7.5 pays 8",
		house: "unitup",
		round: rnd("7s 3c", "Ah 9h 4h Kc 2d",
			bx{"Th 6h", "ante=5.5 blind=5.5 play=22", false},
			bx{"Qh 3h", "ante=5 blind=5 play=20", false}),
		dealer: "high card, does not qualify",
		boxes: []string{"flush/win: ante push 0, blind win 9, play win 22; net 31",
			"flush/win: ante push 0, blind win 8, play win 20; net 28"},
		reasons: map[string]string{"1.blind": "(8.25 rounded up to 9, the smallest chip being 1)"},
	},
	{
		rule:  "§1.6 rounding = nearest: 8.25 is nearer 8 than 9 and pays 8; 7.5 is exactly half a chip and goes up to 8, in the player's favour",
		house: "unitnear",
		round: rnd("7s 3c", "Ah 9h 4h Kc 2d",
			bx{"Th 6h", "ante=5.5 blind=5.5 play=22", false},
			bx{"Qh 3h", "ante=5 blind=5 play=20", false}),
		dealer: "high card, does not qualify",
		boxes: []string{"flush/win: ante push 0, blind win 8, play win 22; net 30",
			"flush/win: ante push 0, blind win 8, play win 20; net 28"},
		reasons: map[string]string{"1.blind": "(8.25 rounded to the nearest chip, 8, the smallest chip being 1)",
			"2.blind": "(7.5 rounded to the nearest chip, 8, the smallest chip being 1)"},
	},
	{
		rule:    "§1.6 rounding = up on a Progressive share: 10% of a meter of 1,234.56 is 123.456, paid 123.5 (0.5 chip); Blind straight flush 50:1",
		house:   "jackpotup",
		round:   rnd("Ac Qd", "8h 8c 5h 6h Kd", bx{"7h 4h", "ante=10 blind=10 play=10 progressive=5", false}),
		dealer:  "one pair, qualifies",
		boxes:   []string{"straight flush/win: ante win 10, blind win 500, play win 10, progressive win 123.5; net 643.5"},
		reasons: map[string]string{"1.progressive": "10% of the meter of 1234.56, rounded up to the smallest chip of 0.5"},
	},
	{
		rule:  "§1.6 rounding = up never pays more than the meter: two royal flushes on the board share 1,234.56, 617.28 each; up would pay 617.5 twice (1,235), so each is rounded down to 617",
		house: "jackpotup",
		round: rnd("2c 3d", "As Ks Qs Js Ts",
			bx{"4h 5h", "ante=10 blind=10 play=10 progressive=5", false},
			bx{"6c 7c", "ante=10 blind=10 play=10 progressive=5", false}),
		dealer: "royal flush, qualifies",
		boxes: []string{"royal flush/tie: ante push 0, blind push 0, play push 0, progressive win 617; net 617",
			"royal flush/tie: ante push 0, blind push 0, play push 0, progressive win 617; net 617"},
		reasons: map[string]string{"1.progressive": "rounded down to the smallest chip of 0.5 (the house rounds up, but the meter cannot pay more than it holds)"},
	},
	{
		rule:   "§1.6 rounding = nearest on a Progressive share: 10% of 1,231 is 123.1, nearer 123 than 123.5",
		house:  "jackpotnear",
		round:  rnd("Ac Qd", "8h 8c 5h 6h Kd", bx{"7h 4h", "ante=10 blind=10 play=10 progressive=5", false}),
		dealer: "one pair, qualifies",
		boxes:  []string{"straight flush/win: ante win 10, blind win 500, play win 10, progressive win 123; net 643"},
	},
	{
		rule:   "§2.4 Blind table A pays the straight 1:1; Trips B straight 5:1",
		round:  rnd("Kh 2c", "9c 8d 7s 2h Kd", bx{"Tc 6d", "ante=10 blind=10 play=20 trips=5", false}),
		dealer: "two pair, qualifies",
		boxes:  []string{"straight/win: ante win 10, blind win 10, play win 20, trips win 25; net 65"},
	},
	{
		rule:    "§2.4 uth.blind_table = B: the straight pushes (Pennsylvania Paytable B)",
		house:   "blindb",
		round:   rnd("Kh 2c", "9c 8d 7s 2h Kd", bx{"Tc 6d", "ante=10 blind=10 play=20 trips=5", false}),
		dealer:  "two pair, qualifies",
		boxes:   []string{"straight/win: ante win 10, blind push 0, play win 20, trips win 25; net 55"},
		reasons: map[string]string{"1.blind": "Blind pushes: the player won with a straight, which this house's Blind table does not pay"},
	},
	{
		rule:   "§2.4 uth.blind_table = B still pays the flush 3:2",
		house:  "blindb",
		round:  rnd("Kd Ks", "Ah 9h 4h Kc 2d", bx{"Qh 3h", "ante=5 blind=5 play=20", false}),
		dealer: "three of a kind, qualifies",
		boxes:  []string{"flush/win: ante win 5, blind win 7.5, play win 20; net 32.5"},
	},
	{
		rule:    "§2.3 Blind pushes when the player wins with less than a straight (two pair); Trips loses below three of a kind",
		round:   rnd("Qd Jc", "Qc 8d 5s 3h 2d", bx{"Qh 8c", "ante=10 blind=10 play=40 trips=5", false}),
		dealer:  "one pair, qualifies",
		boxes:   []string{"two pair/win: ante win 10, blind push 0, play win 40, trips lose -5; net 45"},
		reasons: map[string]string{"1.blind": "Blind pushes: the player won with less than a straight", "1.trips": "Trips loses"},
	},
	{
		rule: "§2.3, §2.6 A2: the dealer does not qualify: the Ante pushes, Play and Blind are still decided, " +
			"both ways (a player can lose to a dealer without a pair)",
		round: rnd("Jd 8h", "Kc 9d 6s 3h 2c",
			bx{"Ah Qd", "ante=10 blind=10 play=10", false},
			bx{"Td 7c", "ante=10 blind=10 play=10 trips=5", false}),
		dealer: "high card, does not qualify",
		boxes: []string{
			"high card/win: ante push 0, blind push 0, play win 10; net 10",
			"high card/lose: ante push 0, blind lose -10, play lose -10, trips lose -5; net -25",
		},
		reasons: map[string]string{
			"1.ante": "Ante pushes: the dealer does not qualify (he has less than a pair), so the Ante is returned whoever holds the better hand",
			"2.play": "the dealer's king high (king, jack, nine, eight, six) beats the player's king high (king, ten, nine, seven, six): the second-highest card decides, a jack against a ten",
		},
	},
	{
		rule:   "§2.3: the board plays for both and the dealer does not qualify: a tie pushes Ante, Blind and Play",
		round:  rnd("2d 3h", "Ac Kd 9h 7s 5c", bx{"4h 2s", "ante=10 blind=10 play=10", false}),
		dealer: "high card, does not qualify",
		boxes:  []string{"high card/tie: ante push 0, blind push 0, play push 0; net 0"},
	},
	{
		rule:    "§2.2.9: a pair on the board qualifies the dealer; the board plays for both: the tie pushes",
		round:   rnd("2c 3d", "Ac Ad Kh Qs Js", bx{"4h 5h", "ante=10 blind=10 play=40 trips=5", false}),
		dealer:  "one pair, qualifies",
		boxes:   []string{"one pair/tie: ante push 0, blind push 0, play push 0, trips lose -5; net -5"},
		reasons: map[string]string{"1.ante": "Ante pushes: the hands tie, both playing a pair of aces with king, queen, jack"},
	},
	{
		rule:   "§2.2.9: the dealer qualifies with the board's pair and the player wins on the kicker",
		round:  rnd("Kd Qh", "9c 9d 5h 3s 2c", bx{"Ah Jd", "ante=10 blind=10 play=20", false}),
		dealer: "one pair, qualifies",
		boxes:  []string{"one pair/win: ante win 10, blind push 0, play win 20; net 30"},
		reasons: map[string]string{"1.play": "Play (2×) pays 1:1: the player's pair of nines with ace, jack, five beats the dealer's pair of nines with king, queen, five: " +
			"the first kicker decides, an ace against a king"},
	},
	{
		rule:   "§1.5, §2.5: A-2-3-4-5 is the lowest straight and loses to 6-high; Trips pays the straight anyway",
		round:  rnd("6d 9h", "5c 4d 3h 2s Kc", bx{"Ac Qd", "ante=10 blind=10 play=10 trips=5", false}),
		dealer: "straight, qualifies",
		boxes:  []string{"straight/lose: ante lose -10, blind lose -10, play lose -10, trips win 25; net -5"},
	},
	{
		rule:    "§2.3: Trips pays three of a kind 3:1 while the player loses to the dealer's full house",
		round:   rnd("Kd 5c", "7c 7d 7h Kc 2s", bx{"9s 4d", "ante=10 blind=10 play=40 trips=5", false}),
		dealer:  "full house, qualifies",
		boxes:   []string{"three of a kind/lose: ante lose -10, blind lose -10, play lose -40, trips win 15; net -45"},
		reasons: map[string]string{"1.trips": "Trips pays 3:1 on three of a kind, whatever the dealer holds"},
	},
	{
		rule: "§2.6 A1: a fold loses Ante and Blind, and Trips and the Progressive too when fold_forfeits_trips and " +
			"fold_forfeits_progressive are true (default), even on a full house",
		round:  foldRound,
		dealer: "three of a kind, qualifies",
		boxes: []string{
			"three of a kind/none: ante lose -10, blind lose -10, trips lose -5; net -25",
			"full house/none: ante lose -10, blind lose -10, trips lose -5, progressive lose -2; net -27",
		},
		reasons: map[string]string{"1.trips": "at this house a fold loses the Trips too", "2.progressive": "at this house a fold loses the Progressive too"},
	},
	{
		rule:   "§2.6 A1: Trips and the Progressive survive a fold when fold_forfeits_trips and fold_forfeits_progressive = false: the cards speak",
		house:  "keep",
		round:  foldRound,
		dealer: "three of a kind, qualifies",
		boxes: []string{
			"three of a kind/none: ante lose -10, blind lose -10, trips win 15; net -5",
			"full house/none: ante lose -10, blind lose -10, trips win 40, progressive win 100; net 120",
		},
		reasons: map[string]string{"1.trips": "Trips stays in action after a fold"},
	},
	{
		rule:  "§2.4 Trips table B (default): 4K 30, FH 8, flush 6, straight 5, SF 40; Blind A on every row",
		round: tripsRound,
		boxes: []string{
			"four of a kind/win: ante win 10, blind win 100, play win 40, trips win 300; net 450",
			"full house/win: ante win 10, blind win 30, play win 40, trips win 80; net 160",
			"flush/win: ante win 10, blind win 15, play win 40, trips win 60; net 125",
			"straight/win: ante win 10, blind win 10, play win 40, trips win 50; net 110",
			"straight flush/win: ante win 10, blind win 500, play win 40, trips win 400; net 950",
		},
		dealer: "one pair, qualifies",
		rows:   map[string]string{"2.trips": "Trips table 50-40-30-8-6-5-3, full house 8:1"},
	},
	{
		rule:  "§2.4 uth.trips_table = A: 4K 30, FH 9, flush 7, straight 4, SF 40",
		house: "tripsa",
		round: tripsRound,
		boxes: []string{
			"four of a kind/win: ante win 10, blind win 100, play win 40, trips win 300; net 450",
			"full house/win: ante win 10, blind win 30, play win 40, trips win 90; net 170",
			"flush/win: ante win 10, blind win 15, play win 40, trips win 70; net 135",
			"straight/win: ante win 10, blind win 10, play win 40, trips win 40; net 100",
			"straight flush/win: ante win 10, blind win 500, play win 40, trips win 400; net 950",
		},
		dealer: "one pair, qualifies",
	},
	{
		rule:  "§2.4 uth.trips_table = C: 4K 30, FH 8, flush 7, straight 4, SF 40",
		house: "tripsc",
		round: tripsRound,
		boxes: []string{
			"four of a kind/win: ante win 10, blind win 100, play win 40, trips win 300; net 450",
			"full house/win: ante win 10, blind win 30, play win 40, trips win 80; net 160",
			"flush/win: ante win 10, blind win 15, play win 40, trips win 70; net 135",
			"straight/win: ante win 10, blind win 10, play win 40, trips win 40; net 100",
			"straight flush/win: ante win 10, blind win 500, play win 40, trips win 400; net 950",
		},
		dealer: "one pair, qualifies",
	},
	{
		rule:  "§2.4 uth.trips_table = D: 4K 20, FH 7, flush 6, straight 5, SF 40",
		house: "tripsd",
		round: tripsRound,
		boxes: []string{
			"four of a kind/win: ante win 10, blind win 100, play win 40, trips win 200; net 350",
			"full house/win: ante win 10, blind win 30, play win 40, trips win 70; net 150",
			"flush/win: ante win 10, blind win 15, play win 40, trips win 60; net 125",
			"straight/win: ante win 10, blind win 10, play win 40, trips win 50; net 110",
			"straight flush/win: ante win 10, blind win 500, play win 40, trips win 400; net 950",
		},
		dealer: "one pair, qualifies",
	},
	{
		rule:   "§2.2.3 uth.preflop_multiples = [4]: a 4× Play is still accepted",
		house:  "four",
		round:  rnd("9h 9c", "Qs Js Ts 4d 2c", bx{"As Ks", "ante=10 blind=10 play=40 trips=5", false}),
		dealer: "one pair, qualifies",
		boxes:  []string{"royal flush/win: ante win 10, blind win 5000, play win 40, trips win 250; net 5300"},
	},
	{
		rule:   "§2.5 must_use_both_hole_cards = false (default): the board's flush plays for both: a tie",
		round:  rnd("4c 5d", "As Ks Qs Js 9s", bx{"2c 3d", "ante=10 blind=10 play=10", false}),
		dealer: "flush, qualifies",
		boxes:  []string{"flush/tie: ante push 0, blind push 0, play push 0; net 0"},
	},
	{
		rule:   "§2.5 must_use_both_hole_cards = true: both hands lose the board's flush; the dealer's A-K-Q-5-4 beats A-K-Q-3-2 and does not qualify",
		house:  "both",
		round:  rnd("4c 5d", "As Ks Qs Js 9s", bx{"2c 3d", "ante=10 blind=10 play=10", false}),
		dealer: "high card, does not qualify",
		boxes:  []string{"high card/lose: ante push 0, blind lose -10, play lose -10; net -20"},
	},
	{
		rule:   "§2.4 Progressive (default, final hand): a royal flush is 100% of the 25,000 meter",
		round:  rnd("7c 7d", "As Ks Qs Js 3d", bx{"Ts 2c", "ante=10 blind=10 play=40 trips=5 progressive=2", false}),
		dealer: "one pair, qualifies",
		boxes:  []string{"royal flush/win: ante win 10, blind win 5000, play win 40, trips win 250, progressive win 25000; net 30300"},
		rows:   map[string]string{"1.progressive": "Progressive table jackpot, royal flush 100%"},
	},
	{
		rule:   "§2.5 must_use_both_hole_cards = true: Ts 2c with A-K-Q-J of spades is only ace high, every wager loses",
		house:  "both",
		round:  rnd("7c 7d", "As Ks Qs Js 3d", bx{"Ts 2c", "ante=10 blind=10 play=40 trips=5 progressive=2", false}),
		dealer: "one pair, qualifies",
		boxes:  []string{"high card/lose: ante lose -10, blind lose -10, play lose -40, trips lose -5, progressive lose -2; net -67"},
	},
	{
		rule:   "§2.4 progressive_hand = final: a royal flush made on the river pays the meter",
		round:  rnd("2h 2d", "Qs 4d 3c Js Ts", bx{"As Ks", "ante=10 blind=10 play=10 progressive=2", false}),
		dealer: "one pair, qualifies",
		boxes:  []string{"royal flush/win: ante win 10, blind win 5000, play win 10, progressive win 25000; net 30020"},
	},
	{
		rule:    "§2.4 progressive_hand = hole_and_flop: the same royal flush was only ace high on the flop: the Progressive loses",
		house:   "holeflop",
		round:   rnd("2h 2d", "Qs 4d 3c Js Ts", bx{"As Ks", "ante=10 blind=10 play=10 progressive=2", false}),
		dealer:  "one pair, qualifies",
		boxes:   []string{"royal flush/win: ante win 10, blind win 5000, play win 10, progressive lose -2; net 5018"},
		reasons: map[string]string{"1.progressive": "in the hole cards and the flop"},
	},
	{
		rule:  "§2.4 Progressive, final hand: four of a kind pays the fixed 500, a full house 100",
		round: progRound,
		boxes: []string{
			"four of a kind/win: ante win 10, blind win 100, play win 40, progressive win 500; net 650",
			"full house/win: ante win 10, blind win 30, play win 40, progressive win 100; net 180",
		},
		dealer: "two pair, qualifies",
	},
	{
		rule:  "§2.4 progressive_hand = hole_and_flop: four nines on the flop pay; K-K on 9-9-4 is two pair there and loses",
		house: "holeflop",
		round: progRound,
		boxes: []string{
			"four of a kind/win: ante win 10, blind win 100, play win 40, progressive win 500; net 650",
			"full house/win: ante win 10, blind win 30, play win 40, progressive lose -2; net 78",
		},
		dealer: "two pair, qualifies",
	},
	{
		rule:  "§2.4 envy_bonus = false (default): a Progressive that misses pays nothing when another box hits",
		round: envyRound,
		boxes: []string{
			"royal flush/win: ante win 10, blind win 5000, play win 40, progressive win 25000; net 30050",
			"one pair/win: ante win 10, blind push 0, play win 10, progressive lose -2; net 18",
			"high card/none: ante lose -10, blind lose -10, progressive lose -2; net -22",
			"high card/lose: ante lose -10, blind lose -10, play lose -10; net -30",
		},
		dealer: "one pair, qualifies",
	},
	{
		rule:  "§2.4 envy_bonus = true: every other box with a Progressive in action is paid the 1,000 envy bonus for box 1's royal flush; a forfeited one is not",
		house: "envy",
		round: envyRound,
		boxes: []string{
			"royal flush/win: ante win 10, blind win 5000, play win 40, progressive win 25000; net 30050",
			"one pair/win: ante win 10, blind push 0, play win 10, progressive win 998; net 1018",
			"high card/none: ante lose -10, blind lose -10, progressive lose -2; net -22",
			"high card/lose: ante lose -10, blind lose -10, play lose -10; net -30",
		},
		dealer:  "one pair, qualifies",
		reasons: map[string]string{"2.progressive": "the Envy Bonus of 1000 for box 1's royal flush"},
		rows:    map[string]string{"2.progressive": "Progressive table jackpot, royal flush on another box (envy bonus) 1000"},
	},
	{
		rule:  "§2.4 envy_bonus = true with fold_forfeits_progressive = false: the folded box's Progressive stays in action and is paid the envy bonus",
		house: "envykeep",
		round: envyRound,
		boxes: []string{
			"royal flush/win: ante win 10, blind win 5000, play win 40, progressive win 25000; net 30050",
			"one pair/win: ante win 10, blind push 0, play win 10, progressive win 998; net 1018",
			"high card/none: ante lose -10, blind lose -10, progressive win 998; net 978",
			"high card/lose: ante lose -10, blind lose -10, play lose -10; net -30",
		},
		dealer: "one pair, qualifies",
	},
	{
		rule: "§2.4 Progressive: a royal (100%) and a straight flush (10%) claim 110% of the meter: each is cut to 100/110 " +
			"(22,727.27 → 22,727 and 2,272.73 → 2,272.5); envy off",
		round: rnd("5c 5d", "Ks Qs Js Ts 3c",
			bx{"As 2d", "ante=10 blind=10 play=40 progressive=2", false},
			bx{"9s 4h", "ante=10 blind=10 play=40 progressive=2", false}),
		dealer: "one pair, qualifies",
		boxes: []string{
			"royal flush/win: ante win 10, blind win 5000, play win 40, progressive win 22727; net 27777",
			"straight flush/win: ante win 10, blind win 500, play win 40, progressive win 2272.5; net 2822.5",
		},
		reasons: map[string]string{"1.progressive": "cut in proportion"},
	},
	{
		rule: "§2.4 Progressive: a royal flush on the board: everybody ties, and the two Progressive boxes share the meter equally",
		round: rnd("2c 3d", "As Ks Qs Js Ts",
			bx{"4h 5h", "ante=10 blind=10 play=10 progressive=2", false},
			bx{"9d 8c", "ante=10 blind=10 play=10 trips=5 progressive=2", false}),
		dealer: "royal flush, qualifies",
		boxes: []string{
			"royal flush/tie: ante push 0, blind push 0, play push 0, progressive win 12500; net 12500",
			"royal flush/tie: ante push 0, blind push 0, play push 0, trips win 250, progressive win 12500; net 12750",
		},
	},
	{
		rule:  "§2.4 a house progressive table, stake and meter: stake 5, meter 1,000; SF 10% = 100, 4K 250, flush 25, straight 15; two pair loses",
		house: "jackpot",
		round: rnd("Ac Qd", "8h 8c 5h 6h Kd",
			bx{"8d 8s", "ante=10 blind=10 play=10 progressive=5", false},
			bx{"Ah 2h", "ante=10 blind=10 play=10 progressive=5", false},
			bx{"7c 9d", "ante=10 blind=10 play=10 progressive=5", false},
			bx{"7h 4h", "ante=10 blind=10 play=10 progressive=5", false},
			bx{"Kc 3d", "ante=10 blind=10 play=10 progressive=5", false}),
		dealer: "one pair, qualifies",
		boxes: []string{
			"four of a kind/win: ante win 10, blind win 100, play win 10, progressive win 250; net 370",
			"flush/win: ante win 10, blind win 15, play win 10, progressive win 25; net 60",
			"straight/win: ante win 10, blind win 10, play win 10, progressive win 15; net 45",
			"straight flush/win: ante win 10, blind win 500, play win 10, progressive win 100; net 620",
			"two pair/win: ante win 10, blind push 0, play win 10, progressive lose -5; net 15",
		},
	},
	{
		rule:   "§6 row 32 max_payout_per_box = 100: the largest pays are cut first (Blind 5000 to 0, then Trips 250 to 50); the Progressive is outside the cap",
		house:  "cap",
		round:  rnd("9h 9c", "Qs Js Ts 4d 2c", bx{"As Ks", "ante=10 blind=10 play=40 trips=5 progressive=2", false}),
		dealer: "one pair, qualifies",
		boxes:  []string{"royal flush/win: ante win 10, blind push 0, play win 40, trips win 50, progressive win 25000; net 25100"},
		reasons: map[string]string{
			"1.trips": "cut by 200 to the house's maximum payout of 100 per box",
			"1.blind": "cut by 5000",
		},
	},
	{
		rule:   "§6 row 32 max_payout_per_box = 100: a box that wins less than the cap is paid in full",
		house:  "cap",
		round:  rnd("Kh 2c", "9c 8d 7s 2h Kd", bx{"Tc 6d", "ante=10 blind=10 play=20 trips=5", false}),
		dealer: "two pair, qualifies",
		boxes:  []string{"straight/win: ante win 10, blind win 10, play win 20, trips win 25; net 65"},
	},
	{
		rule:   "procedure settings (burn, deal order, settlement order, exposed card, misdeal, misplaced card, boxes per player) do not change a settlement; main_table names the house's Ante/Play table",
		house:  "procedures",
		round:  rnd("9h 9c", "Qs Js Ts 4d 2c", bx{"As Ks", "ante=10 blind=10 play=40 trips=5", false}),
		dealer: "one pair, qualifies",
		boxes:  []string{"royal flush/win: ante win 10, blind win 5000, play win 40, trips win 250; net 5300"},
		rows:   map[string]string{"1.ante": "Ante and Play table house, ante 1:1", "1.play": "Ante and Play table house, play 1:1"},
	},
	{
		rule:   "§2.8 max_boxes = 2 still settles two boxes",
		house:  "small",
		round:  rnd("Jd 8h", "Kc 9d 6s 3h 2c", bx{"Ah Qd", "ante=10 blind=10 play=10", false}, bx{"Td 7c", "ante=10 blind=10 play=10", false}),
		dealer: "high card, does not qualify",
		boxes: []string{
			"high card/win: ante push 0, blind push 0, play win 10; net 10",
			"high card/lose: ante push 0, blind lose -10, play lose -10; net -20",
		},
	},
	{
		rule:   "§2.8 progressive_enabled = false: rounds without a Progressive settle as usual",
		house:  "noprog",
		round:  rnd("Kh 2c", "9c 8d 7s 2h Kd", bx{"Tc 6d", "ante=10 blind=10 play=20", false}),
		dealer: "two pair, qualifies",
		boxes:  []string{"straight/win: ante win 10, blind win 10, play win 20; net 40"},
	},
}

// tripsRound has one box on each Trips row from the straight to the straight
// flush, on a board of 8-8-5-6-K with two hearts on it besides the 8h.
var tripsRound = rnd("Ac Qd", "8h 8c 5h 6h Kd",
	bx{"8d 8s", "ante=10 blind=10 play=40 trips=10", false},
	bx{"5c 5d", "ante=10 blind=10 play=40 trips=10", false},
	bx{"Ah 2h", "ante=10 blind=10 play=40 trips=10", false},
	bx{"7c 9d", "ante=10 blind=10 play=40 trips=10", false},
	bx{"7h 4h", "ante=10 blind=10 play=40 trips=10", false})

// foldRound: two boxes fold on a board of three fives; the second holds a full house.
var foldRound = rnd("Ah 4c", "5c 5d 5h Kc 9s",
	bx{"2d 3s", "ante=10 blind=10 trips=5", true},
	bx{"Kd 9d", "ante=10 blind=10 trips=5 progressive=2", true})

// progRound: four nines already on the flop, and kings full made on the turn.
var progRound = rnd("2h 2d", "9s 9d 4c Kh 7c",
	bx{"9h 9c", "ante=10 blind=10 play=40 progressive=2", false},
	bx{"Kc Kd", "ante=10 blind=10 play=40 progressive=2", false})

// envyRound: box 1 makes a royal flush; box 2 has a Progressive and a pair;
// box 3 folded with a Progressive; box 4 has none.
var envyRound = rnd("2h 2d", "Qs Js Ts 4d 3c",
	bx{"As Ks", "ante=10 blind=10 play=40 progressive=2", false},
	bx{"7c 7h", "ante=10 blind=10 play=10 progressive=2", false},
	bx{"Ac 5h", "ante=10 blind=10 progressive=2", true},
	bx{"Kd 6c", "ante=10 blind=10 play=10", false})

func TestSettleCases(t *testing.T) {
	b := book(t)
	for _, tc := range settleCases {
		t.Run(tc.rule, func(t *testing.T) {
			in := tc.round
			s, err := settle.Round(b, &in, tc.house)
			if err != nil {
				t.Fatal(err)
			}
			q := "does not qualify"
			if s.Dealer.Qualifies {
				q = "qualifies"
			}
			if got := s.Dealer.Hand + ", " + q; got != tc.dealer {
				t.Errorf("dealer = %q; want %q", got, tc.dealer)
			}
			if s.Dealer.Description == "" || len(s.Dealer.Best) != 5 {
				t.Errorf("dealer description %q, best %v: want both", s.Dealer.Description, s.Dealer.Best)
			}
			if len(s.Boxes) != len(tc.boxes) {
				t.Fatalf("%d boxes settled; want %d", len(s.Boxes), len(tc.boxes))
			}
			for i, want := range tc.boxes {
				if got := summary(s.Boxes[i]); got != want {
					t.Errorf("box %d:\n got %s\nwant %s", i+1, got, want)
				}
			}
			checkText(t, s, tc.reasons, func(w games.WagerResult) string { return w.Reason })
			checkText(t, s, tc.rows, func(w games.WagerResult) string { return w.Row })
			for _, bx := range s.Boxes {
				for _, w := range bx.Wagers {
					if w.Reason == "" || w.Rule == "" {
						t.Errorf("box %d %s: reason %q, rule %q: want both", bx.Box, w.Wager, w.Reason, w.Rule)
					}
				}
			}
		})
	}
}

// checkText checks that the field of each named wager holds its fragment.
func checkText(t *testing.T, s *games.Settlement, want map[string]string, field func(games.WagerResult) string) {
	t.Helper()
	for key, frag := range want {
		box, wager, _ := strings.Cut(key, ".")
		found := false
		for _, b := range s.Boxes {
			if string(rune('0'+b.Box)) != box {
				continue
			}
			for _, w := range b.Wagers {
				if w.Wager == wager {
					found = true
					if !strings.Contains(field(w), frag) {
						t.Errorf("box %s %s: %q does not contain %q", box, wager, field(w), frag)
					}
				}
			}
		}
		if !found {
			t.Errorf("no wager %s", key)
		}
	}
}
