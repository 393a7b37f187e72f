package thrill_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/settle"
)

// boxWant is the expected settlement of one box: its hand, the showdown, each
// wager as "name result pays" separated by "; ", the net, and optionally text
// that the box's reasons or description must contain and the five cards shown.
type boxWant struct {
	hand   string
	versus games.Versus
	wagers string
	net    string
	says   []string
	best   string
}

// settleCase is a round worked out by hand from RULES.md. rule names the rule
// or house setting the case checks.
type settleCase struct {
	rule   string
	house  string
	dealer string
	boxes  []boxIn
	dHand  string // the dealer's hand category
	full   bool   // Dealer.Qualifies: a winning Poker Bet is paid in full
	dSays  []string
	want   []boxWant
	sec    string // when set, the book section the Poker Bet's result cites
}

// Rounds shared by several cases (each run at more than one house).
var (
	// The dealer holds K-Q-9-7-4: high card, above king/jack high by default.
	kqDealer = "Kc Qd 9h 7s 4c 3d 2h"
	// The dealer holds a pair of queens; box 1 K-K-K + joker, box 2 aces full.
	tripsDealer = "Qc Qd 8s 6h 5c 3s 2d"
	tripsBoxes  = []boxIn{
		{"Kc Kd Kh Jk 9s 7c 4d", "poker=10 kings_or_better=10 trips_or_better=5 full_house_or_better=5", ""},
		{"Ah As Ac 9h 9d Ts Jd", "trips_or_better=5 full_house_or_better=5 special=1", ""},
	}
	// The dealer holds a pair of twos; six boxes for Pair of Kings or Better.
	pairDealer = "2c 2d 5h 7s 9c Jd 3h"
	kingsBoxes = []boxIn{
		{"Kc Kh 4s 6d 8h Ts Qc", "kings_or_better=10", ""}, // one pair of kings
		{"Ac Jk 4d 6c 8s Td Qh", "kings_or_better=10", ""}, // ace + joker: one pair of aces
		{"Qs Qd 4h 6h 8c Tc 3s", "kings_or_better=10", ""}, // one pair of queens
		{"Ks Kd 5c 5d 7c 9d Jh", "kings_or_better=10", ""}, // kings and fives
		{"Ad Ah As 9s 9h 2h 3c", "kings_or_better=10", ""}, // aces full of nines
		{"3d 5s 6s 7d 8d Jc Th", "kings_or_better=5", ""},  // jack high
	}
	// The wheel straight flush against a king-high straight flush.
	sfDealer = "Kh Qh Jh Th 9h 2c 3c"
	sfBox    = boxIn{"As 2s 3s 4s 5s 7d 8d", "poker=10 special=1", ""}
	// A heart flush with the joker against the dealer's A-K-J-3-2 spade flush.
	flushDealer = "As Ks Js 3s 2s 8c 6d"
	flushBox    = boxIn{"Ah 9h 7h 4h Jk Tc Qd", "poker=10", ""}
	// Five aces against the dealer's two pair.
	acesDealer = "Ks Kd 7h 7s 3c 4d 9h"
	acesBox    = boxIn{"Ac Ad Ah As Jk 8c 2d", "poker=10 kings_or_better=5 full_house_or_better=2 special=1", ""}
	// Royal flushes, with the joker (box 1) and natural (box 2).
	royalBoxes = []boxIn{
		{"As Ks Qs Js Jk 4c 6d", "poker=5 special=1", ""},
		{"Ah Kh Qh Jh Th 8d 4s", "trips_or_better=1 special=1", ""},
	}
	// The dealer holds Q-J-8-6-4; the player K-K and discards a king.
	bindDealer = "Qc Jd 8h 6s 4c 3d 2s"
	// The dealer holds K-J-9-7-4 (king/jack high): half pay on odd stakes.
	kjDealer = "Kc Jd 9h 7s 4c 3d 2h"
	kjBoxes  = []boxIn{
		{"As Ad 8c 6h 5s Tc Qh", "poker=5", ""},
		{"Ks Kh 8d 6c 5d Ts 3s", "poker=7", ""},
		{"Qs Qc 8s 6d 5c 9c 2s", "poker=5.5", ""},
	}
)

var settleCases = []settleCase{
	{rule: "§4.4: the Poker Bet pays 1:1 against K-Q high (above king/jack high); Pair of Kings pays 1:1 on aces; 3 of a Kind loses",
		dealer: kqDealer, dHand: "high card", full: true,
		boxes: []boxIn{{"As Ad 8c 6h 5s Tc Jd", "poker=10 kings_or_better=5 trips_or_better=5", ""}},
		want: []boxWant{{hand: "one pair", versus: games.VersusWin,
			wagers: "poker win 10; kings_or_better win 5; trips_or_better lose -5", net: "10",
			says: []string{"king-queen high is above king/jack high", "one pair of aces", "is below three of a kind"}}}},
	{rule: "§6 row 18 (poker_half_pay_hand = king_high): K-Q high is half-paid too",
		house: "kinghigh", dealer: kqDealer, dHand: "high card", full: false,
		boxes: []boxIn{{"As Ad 8c 6h 5s Tc Jd", "poker=10 kings_or_better=5 trips_or_better=5", ""}},
		want: []boxWant{{hand: "one pair", versus: games.VersusWin,
			wagers: "poker win 5; kings_or_better win 5; trips_or_better lose -5", net: "5",
			says: []string{"every high-card hand without an ace counts, king-queen high included"}}}},
	{rule: "§4.4 + §1.6: half pay against K-J high; 5 → 2.5, 7 → 3.5, 5.5 → 2.75 rounded down to 2.5",
		dealer: kjDealer, dHand: "high card", full: false, sec: thrill.SecKingJackHigh, dSays: []string{"king/jack high or lower"},
		boxes: kjBoxes,
		want: []boxWant{
			{hand: "one pair", versus: games.VersusWin, wagers: "poker win 2.5", net: "2.5", says: []string{"is king/jack high or lower"}},
			{hand: "one pair", versus: games.VersusWin, wagers: "poker win 3.5", net: "3.5"},
			{hand: "one pair", versus: games.VersusWin, wagers: "poker win 2.5", net: "2.5", says: []string{"on 5.5 = 2.75 is rounded down to 2.5"}},
		}},
	// house.toml rounding (§1.6, §6 row 30) on the same half pays.
	{rule: "rounding = up (0.5 chip): half pay 5 → 2.5 and 7 → 3.5 are whole chips; 5.5 → 2.75 is paid 3",
		house: "halfup", dealer: kjDealer, dHand: "high card", full: false,
		boxes: kjBoxes,
		want: []boxWant{
			{hand: "one pair", versus: games.VersusWin, wagers: "poker win 2.5", net: "2.5"},
			{hand: "one pair", versus: games.VersusWin, wagers: "poker win 3.5", net: "3.5"},
			{hand: "one pair", versus: games.VersusWin, wagers: "poker win 3", net: "3", says: []string{"on 5.5 = 2.75 is rounded up to 3, the smallest chip being 0.5"}},
		}},
	{rule: "rounding = nearest (1 chip): 5 → 2.5 and 7 → 3.5 are exactly half a chip and go up, to 3 and 4; 5.5 → 2.75 is nearer 3; 4.5 → 2.25 is nearer 2",
		house: "unitnear", dealer: kjDealer, dHand: "high card", full: false,
		boxes: append(kjBoxes[:3:3], boxIn{"Jh Js 9s 7h 4d 3c 2d", "poker=4.5", ""}),
		want: []boxWant{
			{hand: "one pair", versus: games.VersusWin, wagers: "poker win 3", net: "3", says: []string{"on 5 = 2.5 is rounded to the nearest chip, 3"}},
			{hand: "one pair", versus: games.VersusWin, wagers: "poker win 4", net: "4"},
			{hand: "one pair", versus: games.VersusWin, wagers: "poker win 3", net: "3"},
			{hand: "one pair", versus: games.VersusWin, wagers: "poker win 2", net: "2", says: []string{"on 4.5 = 2.25 is rounded to the nearest chip, 2, the smallest chip being 1"}},
		}},
	{rule: "rounding = up: a half pay of 0.125 (0.25 at 1:2) is paid one chip, 0.5",
		house: "halfup", dealer: kjDealer, dHand: "high card", full: false,
		boxes: []boxIn{{"As Ad 8c 6h 5s Tc Qh", "poker=0.25", ""}},
		want:  []boxWant{{hand: "one pair", versus: games.VersusWin, wagers: "poker win 0.5", net: "0.5"}}},
	{rule: "rounding = nearest: a half pay of 0.125 is less than half the 1 chip: nothing is paid, the stake is returned",
		house: "unitnear", dealer: kjDealer, dHand: "high card", full: false,
		boxes: []boxIn{{"As Ad 8c 6h 5s Tc Qh", "poker=0.25", ""}},
		want:  []boxWant{{hand: "one pair", versus: games.VersusWin, wagers: "poker push 0", net: "0", says: []string{"less than half the smallest chip (1)"}}}},
	{rule: "max_player_boxes = 2: two boxes still play",
		house: "small", dealer: kjDealer, dHand: "high card", full: false,
		boxes: kjBoxes[:2],
		want: []boxWant{
			{hand: "one pair", versus: games.VersusWin, wagers: "poker win 2.5", net: "2.5"},
			{hand: "one pair", versus: games.VersusWin, wagers: "poker win 3.5", net: "3.5"},
		}},
	{rule: "poker_table (a house table paying 1:1 against king/jack high too)",
		house: "tables", dealer: kjDealer, dHand: "high card", full: false,
		boxes: kjBoxes[:1],
		want:  []boxWant{{hand: "one pair", versus: games.VersusWin, wagers: "poker win 5", net: "5"}}},
	{rule: "§1.6: a half pay below the smallest chip (0.25 at 1:2 = 0.12) pays nothing: the stake is returned",
		dealer: kjDealer, dHand: "high card", full: false,
		boxes: []boxIn{{"As Ad 8c 6h 5s Tc Qh", "poker=0.25", ""}},
		want:  []boxWant{{hand: "one pair", versus: games.VersusWin, wagers: "poker push 0", net: "0", says: []string{"less than the smallest chip"}}}},
	{rule: "§4.4: a natural ace-high dealer hand is above king/jack high: full pay",
		dealer: "Ac Td 8h 6s 4c 3d 2h", dHand: "high card", full: true, sec: thrill.SecKingJackHigh,
		boxes: []boxIn{{"Ks Kh 9d 7c 5d Js Qh", "poker=10", ""}},
		want: []boxWant{{hand: "one pair", versus: games.VersusWin, wagers: "poker win 10", net: "10",
			says: []string{"ace high is above king/jack high"}}}},
	{rule: "§4.4: the half pay is only for a winning Poker Bet: Q-10 high loses in full to the dealer's K-J high",
		dealer: kjDealer, dHand: "high card", full: false,
		boxes: []boxIn{{"Qs Td 8c 6h 5s 3c 2d", "poker=10 kings_or_better=5", ""}},
		want:  []boxWant{{hand: "high card", versus: games.VersusLose, wagers: "poker lose -10; kings_or_better lose -5", net: "-15"}}},
	{rule: "§4.4: the dealer's joker plays as an ace, so his high-card hand is never king/jack high: full pay",
		dealer: "Jk Kc Jd 9h 7s 4c 2h", dHand: "high card", full: true,
		boxes: []boxIn{{"Ts Th 8c 6d 5s 3c Qs", "poker=10", ""}},
		want: []boxWant{{hand: "one pair", versus: games.VersusWin, wagers: "poker win 10", net: "10",
			says: []string{"the dealer's joker plays as an ace"}}}},
	{rule: "§4.5.6: a natural A-A-K-K-Q and A-joker-K-K-Q tie; the Poker Bet pushes; Pair of Kings pays whatever the Poker Bet does",
		dealer: "As Ah Kc Kd Qs 3c 2d", dHand: "two pair", full: true, sec: thrill.SecTies,
		boxes: []boxIn{{"Ad Jk Ks Kh Qh 4c 5d", "poker=10 kings_or_better=10", ""}},
		want: []boxWant{{hand: "two pair", versus: games.VersusTie,
			wagers: "poker push 0; kings_or_better win 10", net: "10",
			says: []string{"a natural hand and a joker hand of the same ranks tie", "it pays whatever the Poker Bet does"}}}},
	{rule: "§4.4: the Poker Bet and the Special lose when the dealer's pair beats jack high",
		dealer: tripsDealer, dHand: "one pair", full: true,
		boxes: []boxIn{{"Kc Jd 9h 7c 4d Th 2c", "poker=10 special=2", ""}},
		want: []boxWant{{hand: "high card", versus: games.VersusLose,
			wagers: "poker lose -10; special lose -2", net: "-12", says: []string{"is below a straight flush"}}}},
	{rule: "a kicker decides between two pairs of nines with an ace kicker: the dealer's queen beats the player's jack",
		dealer: "9c 9d Ah Qs 7c 4d 2h", dHand: "one pair", full: true, sec: thrill.SecPokerBet,
		boxes: []boxIn{{"9h 9s Ac Jd 7d 4c 3s", "poker=10", ""}},
		want: []boxWant{{hand: "one pair", versus: games.VersusLose, wagers: "poker lose -10", net: "-10",
			says: []string{"the second kicker decides: the dealer's queen against the player's jack"}}}},
	{rule: "the second-highest card decides between two king-high flushes",
		dealer: "Kh 9h 7h 4h 2h 3c 5d", dHand: "flush", full: true, sec: thrill.SecPokerBet,
		boxes: []boxIn{{"Ks Ts 6s 4s 2s Qc Jd", "poker=10", ""}},
		want: []boxWant{{hand: "flush", versus: games.VersusWin, wagers: "poker win 10", net: "10",
			says: []string{"the second-highest card decides: the player's ten against the dealer's nine"}}}},
	{rule: "§4.5.5: A-2-3-4-5 is the second-highest straight and beats K-Q-J-10-9",
		dealer: "Kc Qd Jh Ts 9c 3h 2s", dHand: "straight", full: true, sec: thrill.SecWheel,
		boxes: []boxIn{{"Ac 2d 3s 4h 5c 8d 8h", "poker=10", ""}},
		want: []boxWant{{hand: "straight", versus: games.VersusWin, wagers: "poker win 10", net: "10",
			says: []string{"second-highest straight", "five high (A-2-3-4-5)"}}}},
	{rule: "§4.5.5 (wheel_rule_applies_to_sf = true): the wheel straight flush beats a king-high straight flush; Special 300:1",
		dealer: sfDealer, dHand: "straight flush", full: true, sec: thrill.SecWheelSF,
		boxes: []boxIn{sfBox},
		want: []boxWant{{hand: "straight flush", versus: games.VersusWin,
			wagers: "poker win 10; special win 300", net: "310", says: []string{"second-highest straight flush"}}}},
	{rule: "wheel_rule_applies_to_sf = false: the wheel is the lowest straight flush; the Special still pays 300:1",
		house: "lowwheel", dealer: sfDealer, dHand: "straight flush", full: true, sec: thrill.SecWheelSF,
		boxes: []boxIn{sfBox},
		want: []boxWant{{hand: "straight flush", versus: games.VersusLose,
			wagers: "poker lose -10; special win 300", net: "290",
			says: []string{"lowest straight flush", "it pays whatever the Poker Bet does"}}}},
	{rule: "§4.5.3 (joker_flush_rank = highest_missing): the joker is the king of hearts, and A-K-9-7-4 loses to A-K-J-3-2",
		dealer: flushDealer, dHand: "flush", full: true, sec: thrill.SecJokerFlush,
		boxes: []boxIn{flushBox},
		want: []boxWant{{hand: "flush", versus: games.VersusLose, wagers: "poker lose -10", net: "-10",
			says: []string{"highest card of the suit not held, here the king", "the third-highest card decides: the dealer's jack against the player's nine"}}}},
	{rule: "joker_flush_rank = ace_always: the joker is a second ace, and A-A-9-7-4 beats A-K-J-3-2",
		house: "acealways", dealer: flushDealer, dHand: "flush", full: true, sec: thrill.SecJokerFlush,
		boxes: []boxIn{flushBox},
		want: []boxWant{{hand: "flush", versus: games.VersusWin, wagers: "poker win 10", net: "10",
			says: []string{"always counts as an ace"}}}},
	{rule: "§4.5.3: the joker as the missing king makes A-K-9-7-4, which beats the dealer's A-Q-10-8-3",
		dealer: "As Qs Ts 8s 3s 2c 4d", dHand: "flush", full: true,
		boxes: []boxIn{flushBox},
		want: []boxWant{{hand: "flush", versus: games.VersusWin, wagers: "poker win 10", net: "10",
			says: []string{"here the king"}}}},
	{rule: "§4.5.2: K-K-K + joker is three kings with an ace kicker (4:1, Full House loses); aces full pays 4:1 and 30:1",
		dealer: tripsDealer, dHand: "one pair", full: true,
		boxes: tripsBoxes,
		want: []boxWant{
			{hand: "three of a kind", versus: games.VersusWin,
				wagers: "poker win 10; kings_or_better win 10; trips_or_better win 20; full_house_or_better lose -5", net: "35",
				says: []string{"ace kicker", "never as a fourth king", "only one pair of kings is paid as a pair of kings"}},
			{hand: "full house", versus: games.VersusWin,
				wagers: "trips_or_better win 20; full_house_or_better win 150; special lose -1", net: "169"},
		}},
	{rule: "pkob_half_only_one_pair = false: three kings (with the joker as the ace kicker) contain a pair of kings: half",
		house: "literal", dealer: tripsDealer, dHand: "one pair", full: true,
		boxes: tripsBoxes,
		want: []boxWant{
			{hand: "three of a kind", versus: games.VersusWin,
				wagers: "poker win 10; kings_or_better win 5; trips_or_better win 20; full_house_or_better lose -5", net: "30",
				says: []string{"contains a pair of kings"}},
			{hand: "full house", versus: games.VersusWin,
				wagers: "trips_or_better win 20; full_house_or_better win 150; special lose -1", net: "169"},
		}},
	{rule: "kings_or_better_table, trips_or_better_table, full_house_or_better_table, special_table: a house's own tables",
		house: "tables", dealer: tripsDealer, dHand: "one pair", full: true,
		boxes: tripsBoxes,
		want: []boxWant{
			{hand: "three of a kind", versus: games.VersusWin,
				wagers: "poker win 10; kings_or_better win 20; trips_or_better win 25; full_house_or_better lose -5", net: "50"},
			{hand: "full house", versus: games.VersusWin,
				wagers: "trips_or_better win 25; full_house_or_better win 200; special lose -1", net: "224"},
		}},
	{rule: "§4.4 Pair of Kings or Better: one pair of kings 1:2; ace + joker 1:1; queens lose; kings up 1:1; a full house 1:1; jack high loses",
		dealer: pairDealer, dHand: "one pair", full: true,
		boxes: kingsBoxes,
		want: []boxWant{
			{hand: "one pair", versus: games.VersusWin, wagers: "kings_or_better win 5", net: "5"},
			{hand: "one pair", versus: games.VersusWin, wagers: "kings_or_better win 10", net: "10", says: []string{"the joker plays as the second ace"}},
			{hand: "one pair", versus: games.VersusWin, wagers: "kings_or_better lose -10", net: "-10", says: []string{"is below a pair of kings"}},
			{hand: "two pair", versus: games.VersusWin, wagers: "kings_or_better win 10", net: "10"},
			{hand: "full house", versus: games.VersusWin, wagers: "kings_or_better win 10", net: "10"},
			{hand: "high card", versus: games.VersusLose, wagers: "kings_or_better lose -5", net: "-5"},
		}},
	{rule: "pkob_half_only_one_pair = false: kings-up two pair is half-paid; the other boxes do not change",
		house: "literal", dealer: pairDealer, dHand: "one pair", full: true,
		boxes: kingsBoxes,
		want: []boxWant{
			{hand: "one pair", versus: games.VersusWin, wagers: "kings_or_better win 5", net: "5"},
			{hand: "one pair", versus: games.VersusWin, wagers: "kings_or_better win 10", net: "10"},
			{hand: "one pair", versus: games.VersusWin, wagers: "kings_or_better lose -10", net: "-10"},
			{hand: "two pair", versus: games.VersusWin, wagers: "kings_or_better win 5", net: "5"},
			{hand: "full house", versus: games.VersusWin, wagers: "kings_or_better win 10", net: "10"},
			{hand: "high card", versus: games.VersusLose, wagers: "kings_or_better lose -5", net: "-5"},
		}},
	{rule: "§4.4 Special: five aces pays 20,000:1 (and Full House or Better 30:1, Pair of Kings 1:1)",
		dealer: acesDealer, dHand: "two pair", full: true,
		boxes: []boxIn{acesBox},
		want: []boxWant{{hand: "five aces", versus: games.VersusWin,
			wagers: "poker win 10; kings_or_better win 5; full_house_or_better win 60; special win 20000", net: "20075"}}},
	{rule: "max_payout_per_box = 100: the largest pay (the Special) is cut first, the box wins 100 in all",
		house: "capped", dealer: acesDealer, dHand: "two pair", full: true,
		boxes: []boxIn{acesBox},
		want: []boxWant{{hand: "five aces", versus: games.VersusWin,
			wagers: "poker win 10; kings_or_better win 5; full_house_or_better win 60; special win 25", net: "100",
			says: []string{"maximum payout of 100 per box"}}}},
	{rule: "§4.4 A10 (special_natural_royal_only = false): a royal with the joker pays 2,000:1 like a natural one",
		dealer: pairDealer, dHand: "one pair", full: true,
		boxes: royalBoxes,
		want: []boxWant{
			{hand: "royal flush", versus: games.VersusWin, wagers: "poker win 5; special win 2000", net: "2005"},
			{hand: "royal flush", versus: games.VersusWin, wagers: "trips_or_better win 4; special win 2000", net: "2004"},
		}},
	{rule: "special_natural_royal_only = true: a royal with the joker pays the straight-flush row (300:1); a natural royal 2,000:1",
		house: "natural", dealer: pairDealer, dHand: "one pair", full: true,
		boxes: royalBoxes,
		want: []boxWant{
			{hand: "royal flush", versus: games.VersusWin, wagers: "poker win 5; special win 300", net: "305",
				says: []string{"pays as a straight flush"}},
			{hand: "royal flush", versus: games.VersusWin, wagers: "trips_or_better win 4; special win 2000", net: "2004"},
		}},
	{rule: "special_natural_royal_only = true: seven cards holding a natural royal and the joker are paid (and shown) as the natural royal",
		house: "natural", dealer: pairDealer, dHand: "one pair", full: true,
		boxes: []boxIn{{"Jk As Ks Qs Js Ts 4c", "trips_or_better=1 special=1", ""}},
		want: []boxWant{{hand: "royal flush", versus: games.VersusWin, wagers: "trips_or_better win 4; special win 2000", net: "2004",
			best: "As Ks Qs Js Ts"}}},
	{rule: "cards_speak = false: the kept five bind; discarding a king leaves K-10-9-7-5, which still beats Q-J high at half pay, and Pair of Kings loses",
		house: "bind", dealer: bindDealer, dHand: "high card", full: false,
		boxes: []boxIn{{"Kc Kd 9h 7s 5c Th 2h", "poker=10 kings_or_better=10", "Kc 2h"}},
		want: []boxWant{{hand: "high card", versus: games.VersusWin,
			wagers: "poker win 5; kings_or_better lose -10", net: "-5",
			says: []string{"the five the player kept bind", "his discards broke one pair, kings"}}}},
	{rule: "§4.3.3 (cards_speak = true): the same bad discard is ignored; the pair of kings plays",
		dealer: bindDealer, dHand: "high card", full: false,
		boxes: []boxIn{{"Kc Kd 9h 7s 5c Th 2h", "poker=10 kings_or_better=10", "Kc 2h"}},
		want: []boxWant{{hand: "one pair", versus: games.VersusWin,
			wagers: "poker win 5; kings_or_better win 5", net: "10", says: []string{"cards speak"}}}},
	{rule: "cards_speak = false with good discards: the kept pair of kings plays",
		house: "bind", dealer: bindDealer, dHand: "high card", full: false,
		boxes: []boxIn{{"Kc Kd 9h 7s 5c Th 2h", "poker=10 kings_or_better=10", "5c 2h"}},
		want: []boxWant{{hand: "one pair", versus: games.VersusWin,
			wagers: "poker win 5; kings_or_better win 5", net: "10"}}},
	{rule: "special_requires_primary = false: a Special alone is taken and pays 300:1",
		house: "solo", dealer: sfDealer, dHand: "straight flush", full: true,
		boxes: []boxIn{{"As 2s 3s 4s 5s 7d 8d", "special=2", ""}},
		want:  []boxWant{{hand: "straight flush", versus: games.VersusWin, wagers: "special win 600", net: "600"}}},
	{rule: "primary_wagers = exactly_one: one primary wager and the Special are taken",
		house: "exact", dealer: kqDealer, dHand: "high card", full: true,
		boxes: []boxIn{{"As Ad 8c 6h 5s Tc Jd", "poker=10 special=1", ""}},
		want:  []boxWant{{hand: "one pair", versus: games.VersusWin, wagers: "poker win 10; special lose -1", net: "9"}}},
	{rule: "wager_limits: a Special at its maximum (25) and a Poker Bet at its minimum (5) are taken",
		house: "limits", dealer: kqDealer, dHand: "high card", full: true,
		boxes: []boxIn{{"As Ad 8c 6h 5s Tc Jd", "poker=5 special=25", ""}},
		want:  []boxWant{{hand: "one pair", versus: games.VersusWin, wagers: "poker win 5; special lose -25", net: "-20"}}},
	{rule: "§4.3.2 (dealer_exposed_card = last_dealt): the exposed card is the last one dealt",
		dealer: kqDealer, dHand: "high card", full: true, dSays: []string{"exposed card was the two of hearts"},
		boxes: []boxIn{{"As Ad 8c 6h 5s Tc Jd", "poker=10", ""}},
		want:  []boxWant{{hand: "one pair", versus: games.VersusWin, wagers: "poker win 10", net: "10"}}},
	{rule: "§6 row 31 misdeal_policy = void_and_return_bets (a void round hands the bets back) loads and, as a procedure setting, does not change a settled round: the K/J-high half pay on 5 is 2.5",
		house: "returned", dealer: kjDealer, dHand: "high card", full: false,
		boxes: kjBoxes[:1],
		want:  []boxWant{{hand: "one pair", versus: games.VersusWin, wagers: "poker win 2.5", net: "2.5"}}},
	{rule: "dealer_exposed_card = first_dealt: the exposed card is the first one dealt",
		house: "firstcard", dealer: kqDealer, dHand: "high card", full: true, dSays: []string{"exposed card was the king of clubs"},
		boxes: []boxIn{{"As Ad 8c 6h 5s Tc Jd", "poker=10", ""}},
		want:  []boxWant{{hand: "one pair", versus: games.VersusWin, wagers: "poker win 10", net: "10"}}},
}

func TestSettleCases(t *testing.T) {
	b := book(t)
	for _, tc := range settleCases {
		t.Run(tc.rule, func(t *testing.T) {
			in := round(tc.house, tc.dealer, tc.boxes...)
			s, err := settle.Round(b, in, "")
			if err != nil {
				t.Fatalf("settle.Round: %v", err)
			}
			if s.Dealer.Hand != tc.dHand || s.Dealer.Qualifies != tc.full {
				t.Errorf("dealer: %s (%s), qualifies %v; want %s, qualifies %v",
					s.Dealer.Hand, s.Dealer.Description, s.Dealer.Qualifies, tc.dHand, tc.full)
			}
			notes := strings.Join(s.Dealer.Notes, " ")
			plainWords(t, "dealer notes", notes+" "+s.Dealer.Description)
			for _, w := range tc.dSays {
				if !strings.Contains(notes, w) {
					t.Errorf("dealer notes %q do not say %q", notes, w)
				}
			}
			if len(s.Boxes) != len(tc.want) {
				t.Fatalf("%d boxes; want %d", len(s.Boxes), len(tc.want))
			}
			for i, w := range tc.want {
				got := s.Boxes[i]
				if got.Hand != w.hand || got.Versus != w.versus {
					t.Errorf("box %d: %s (%s) %s; want %s %s", i+1, got.Hand, got.Description, got.Versus, w.hand, w.versus)
				}
				if g := wagerLine(got.Wagers); g != w.wagers {
					t.Errorf("box %d wagers:\n got %s\nwant %s\n%s", i+1, g, w.wagers, reasons(got))
				}
				if got.Net.String() != w.net || got.Fees != 0 {
					t.Errorf("box %d: net %s, fees %s; want net %s, no fees", i+1, got.Net, got.Fees, w.net)
				}
				all := reasons(got)
				for _, say := range w.says {
					if !strings.Contains(all, say) {
						t.Errorf("box %d does not say %q:\n%s", i+1, say, all)
					}
				}
				if w.best != "" && cards.Format(got.Best) != w.best {
					t.Errorf("box %d best = %s; want %s", i+1, cards.Format(got.Best), w.best)
				}
				plainWords(t, fmt.Sprintf("box %d description", i+1), got.Description)
				for _, wr := range got.Wagers {
					if wr.Reason == "" || wr.Rule == "" {
						t.Errorf("box %d %s: reason %q, rule %q; want both", i+1, wr.Wager, wr.Reason, wr.Rule)
					}
					if !slices.Contains(thrill.Sections, wr.Rule) {
						t.Errorf("box %d %s: rule %q is not a section of the rule book", i+1, wr.Wager, wr.Rule)
					}
					if tc.sec != "" && wr.Wager == "poker" && wr.Rule != tc.sec {
						t.Errorf("box %d poker: rule %q; want %q", i+1, wr.Rule, tc.sec)
					}
					plainWords(t, fmt.Sprintf("box %d %s reason", i+1, wr.Wager), wr.Reason)
					if wr.Result == games.Win && wr.Row == "" {
						t.Errorf("box %d %s: a win names no pay-table row", i+1, wr.Wager)
					}
				}
			}
		})
	}
}

// devWords are what a trainee must never read in a reason, a description or
// a note: setting keys (words joined by underscores), citations of our
// sources and card codes ("Kd", "Jk") in a sentence.
var devWords = regexp.MustCompile(`[a-z]+_[a-z_]+|§|RULES|SETTLE|[Ss]eed|house rule|\b(?:[2-9TJQKA][cdhs]|Jk)\b`)

// plainWords fails when text holds developer language.
func plainWords(t *testing.T, where, text string) {
	t.Helper()
	if m := devWords.FindString(text); m != "" {
		t.Errorf("%s says %q: %s", where, m, text)
	}
}

func wagerLine(ws []games.WagerResult) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = fmt.Sprintf("%s %s %s", w.Wager, w.Result, w.Pays)
	}
	return strings.Join(parts, "; ")
}

func reasons(b games.BoxResult) string {
	var sb strings.Builder
	sb.WriteString(b.Description + "\n")
	for _, w := range b.Wagers {
		fmt.Fprintf(&sb, "  %s [%s] %s (%s)\n", w.Wager, w.Row, w.Reason, w.Rule)
	}
	return sb.String()
}
