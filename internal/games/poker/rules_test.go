package poker

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

var aceAlways = Rules{Joker: true, WheelSecond: true, WheelSecondSF: true, JokerFlushAceAlways: true}

// TestEvaluate reads hands in card notation under each game's rules; every
// case names the rule of RULES.md it shows.
func TestEvaluate(t *testing.T) {
	tests := []struct {
		rules Rules
		hand  string
		cat   Category
		best  string // the five cards shown, in reading order
		says  string
	}{
		// §1.2: the categories, highest first.
		{Standard, "As Ks Qs Js Ts", RoyalFlush, "As Ks Qs Js Ts", "Royal flush"},
		{Standard, "9h Kh Qh Jh Th", StraightFlush, "Kh Qh Jh Th 9h", "Straight flush, king high"},
		{Standard, "7c 7d 7h 7s 2d", FourOfAKind, "7s 7h 7d 7c 2d", "Four of a kind, sevens, two kicker"},
		{Standard, "Qc Qd 4h 4s Qh", FullHouse, "Qh Qd Qc 4s 4h", "Full house, queens full of fours"},
		{Standard, "2d 9d Jd 4d 7d", Flush, "Jd 9d 7d 4d 2d", "Flush, jack high"},
		{Standard, "8c 9d Th Js Qc", Straight, "Qc Js Th 9d 8c", "Straight, queen high"},
		{Standard, "5c 5d 5h Ks 2d", ThreeOfAKind, "5h 5d 5c Ks 2d", "Three of a kind, fives, king kicker"},
		{Standard, "Kc Ks 5d 5h Ad", TwoPair, "Ks Kc 5h 5d Ad", "Two pair, kings and fives, ace kicker"},
		{Standard, "Kc Ks 5d 9h Ad", OnePair, "Ks Kc Ad 9h 5d", "One pair, kings, ace kicker"},
		{Standard, "Kc 7s 5d 9h Ad", HighCard, "Ad Kc 9h 7s 5d", "High card, ace, king, nine, seven, five"},
		// §1.5: A-2-3-4-5 is a straight, the lowest in UTH, Oracle and Lunar.
		{Standard, "5d 4c 3h 2s Ad", Straight, "5d 4c 3h 2s Ad", "Straight, five high"},
		{Standard, "5d 4d 3d 2d Ad", StraightFlush, "5d 4d 3d 2d Ad", "Straight flush, five high"},
		// §1.5: a straight never wraps around.
		{Standard, "Kd Ac 2h 3s 4d", HighCard, "Ac Kd 4d 3s 2h", "High card, ace, king, four, three, two"},
		{Standard, "Qd Kc Ah 2s 3d", HighCard, "Ah Kc Qd 3d 2s", "High card, ace, king, queen, three, two"},
		// §1.4: the best five of seven; the other two never count.
		{Standard, "Ac Kd 9h 9s 5c 5d 2h", TwoPair, "9s 9h 5d 5c Ac", "Two pair, nines and fives, ace kicker"},
		{Standard, "Ac Ad Ah Kc Kd Ks 2c", FullHouse, "Ah Ad Ac Ks Kd", "Full house, aces full of kings"},
		{Standard, "2c 3c 4c 5c 6c 7c 8c", StraightFlush, "8c 7c 6c 5c 4c", "Straight flush, eight high"},
		{Standard, "Ac 2d 3h 4s 5c 6d 9h", Straight, "6d 5c 4s 3h 2d", "Straight, six high"}, // six-high beats the wheel in UTH
		// §4.5.5: in 7 Card Thrill the wheel is the second-highest straight…
		{Thrill, "Ac 2d 3h 4s 5c 6d 9h", Straight, "5c 4s 3h 2d Ac", "Straight, five high"},
		{Thrill, "Ac 2d 3h 4s 5c 6d 7h", Straight, "5c 4s 3h 2d Ac", "Straight, five high"}, // above 7-high too
		// … and the wheel straight flush the second-highest straight flush.
		{Thrill, "Ac 2c 3c 4c 5c 6c 9h", StraightFlush, "5c 4c 3c 2c Ac", "Straight flush, five high"},
		{Rules{Joker: true, WheelSecond: true}, "Ac 2c 3c 4c 5c 6c 9h", StraightFlush, "6c 5c 4c 3c 2c", "Straight flush, six high"}, // thrill_wheel_rule_applies_to_sf = false
		// §4.5.2: the joker is an ace…
		{Thrill, "Kc Kd Kh Jk 2c", ThreeOfAKind, "Kh Kd Kc Jk 2c", "Three of a kind, kings, ace kicker, with the joker as an ace"}, // not four kings
		{Thrill, "Ac Jk 9d 7h 2s", OnePair, "Ac Jk 9d 7h 2s", "One pair, aces, nine kicker, with the joker as an ace"},
		{Thrill, "Jk Kd 9h 7s 2c", HighCard, "Jk Kd 9h 7s 2c", "High card, ace, king, nine, seven, two, with the joker as an ace"},
		{Thrill, "Ac Kd Kh 5s Jk", TwoPair, "Ac Jk Kh Kd 5s", "Two pair, aces and kings, five kicker, with the joker as an ace"},
		{Thrill, "Ac Ad Kh Ks Jk", FullHouse, "Ad Ac Jk Ks Kh", "Full house, aces full of kings, with the joker as an ace"},
		{Thrill, "Ac Ad Ah 7s Jk", FourOfAKind, "Ah Ad Ac Jk 7s", "Four of a kind, aces, seven kicker, with the joker as an ace"},
		// §4.5.1: five aces, above the royal flush.
		{Thrill, "Ac Ad Ah As Jk", FiveAces, "As Ah Ad Ac Jk", "Five aces, with the joker as an ace"},
		// §4.5.3: in a flush the joker is the highest card of the suit not held…
		{Thrill, "Ah 9h 7h 3h Jk Ks 2c", Flush, "Ah Jk 9h 7h 3h", "Flush, ace high, with the joker as the king"},
		{Thrill, "Kh 9h 7h 3h Jk", Flush, "Jk Kh 9h 7h 3h", "Flush, ace high, with the joker as the ace"},
		// … or an ace even beside the natural ace under ace_always.
		{aceAlways, "Ah 9h 7h 3h Jk Ks 2c", Flush, "Ah Jk 9h 7h 3h", "Flush, ace high, with the joker as a second ace"},
		// §4.5.4: the joker completes the highest straight it can.
		{Thrill, "Tc Jd Qh Ks Jk", Straight, "Jk Ks Qh Jd Tc", "Straight, ace high, with the joker as the ace"},
		{Thrill, "9c Tc Jd Qh Jk 2d 3s", Straight, "Jk Qh Jd Tc 9c", "Straight, king high, with the joker as the king"},
		{Thrill, "9c Jd Qh Kh Jk", Straight, "Kh Qh Jd Jk 9c", "Straight, king high, with the joker as the ten"},
		// §4.5.5: 2-3-4-5 + joker is the wheel, the joker as the ace.
		{Thrill, "2c 3d 4h 5s Jk", Straight, "5s 4h 3d 2c Jk", "Straight, five high, with the joker as the ace"},
		// The joker completes straight flushes and royals too (§4.5.2).
		{Thrill, "As Ks Qs Js Jk", RoyalFlush, "As Ks Qs Js Jk", "Royal flush, with the joker as the ten"},
		{Thrill, "8d 9d Td Jd Jk 2c Kc", StraightFlush, "Jk Jd Td 9d 8d", "Straight flush, queen high, with the joker as the queen"},
		// A natural royal is shown without the joker.
		{Thrill, "As Ks Qs Js Ts Jk 2c", RoyalFlush, "As Ks Qs Js Ts", "Royal flush"},
		// Flush beats four aces? No: four aces (three and the joker) beat the joker's flush.
		{Thrill, "As Ks 9s 5s Ah Ad Jk", FourOfAKind, "As Ah Ad Jk Ks", "Four of a kind, aces, king kicker, with the joker as an ace"},
	}
	for _, tt := range tests {
		h := tt.rules.Evaluate(cards.MustParseList(tt.hand))
		if h.Category() != tt.cat || cards.Format(h.Best[:]) != tt.best || h.Describe() != tt.says {
			t.Errorf("Evaluate(%q) = %v [%s] %q; want %v [%s] %q", tt.hand, h.Category(), cards.Format(h.Best[:]), h.Describe(), tt.cat, tt.best, tt.says)
		}
	}
}

// TestCompare orders pairs of hands; every case names its rule.
func TestCompare(t *testing.T) {
	tests := []struct {
		rules Rules
		a, b  string
		want  int
	}{
		{Standard, "As Ks Qs Js 9s", "Ah Kh Qh Jh 9h", 0},             // §1.1: suits never break ties
		{Standard, "Kc Kd 9h 8s 3c", "Kh Ks 9d 8c 2d", 1},             // §1.3: kickers, high to low
		{Standard, "Kc Kd 5h 5s Qc", "Kh Ks 5d 5c Jd", 1},             // §1.3: the two-pair kicker
		{Standard, "Kc Kd 5h 5s 2c", "Qh Qs Jd Jc Ad", 1},             // §1.3: the higher pair first
		{Standard, "Tc Td Th 2s 2c", "9h 9s 9d Ac Ad", 1},             // §1.3: the set before the pair
		{Standard, "2c 2d 2h 2s 3c", "Ah Kh Qh Jh 9h", 1},             // §1.2: four of a kind beats a flush
		{Standard, "5d 4c 3h 2s Ad", "6d 5c 4h 3s 2d", -1},            // §1.5: the wheel is the lowest straight
		{Standard, "5d 4c 3h 2s Ad", "Kd Qc Jh 9s 8d", 1},             // … but still a straight
		{Standard, "Ac Kd Qh 7s 4c 9d 2h", "Ac Kd Qh 7s 4c 8d 3h", 1}, // §1.4: the best five of seven
		// §1.3/§1.4: a board that plays: both hands are the board's straight.
		{Standard, "2c 3d 9h Ts Jc Qd Kh", "4h 5h 9h Ts Jc Qd Kh", 0},
		{Standard, "2c 3d As Ks Qs Js Ts", "4h 5h As Ks Qs Js Ts", 0},
		{Standard, "Ac Ad Ah As Kc Qd 2h", "Ac Ad Ah As Kh 3d 4h", 0}, // only the kicker of the quads counts
		{Thrill, "5d 4c 3h 2s Ad", "Kd Qc Jh Ts 9d", 1},               // §4.5.5: the wheel is second-highest in 7 Card Thrill
		{Thrill, "5d 4c 3h 2s Ad", "Ad Kc Qh Js Td", -1},              // … below A-K-Q-J-10
		{Thrill, "5d 4d 3d 2d Ad", "Kd Qd Jd Td 9d", 1},               // … and for straight flushes
		{Thrill, "5d 4d 3d 2d Ad", "Ad Kd Qd Jd Td", -1},              // … below the royal
		{Thrill, "Ac Ad Ah As Jk", "As Ks Qs Js Ts", 1},               // §4.5.1: five aces above the royal flush
		{Thrill, "Ac Kc 9d 7h 2s", "Jk Kd 9c 7s 2h", 0},               // §4.5.6: a natural and a joker hand of the same ranks tie
		{Thrill, "Jk Kh 9h 7h 3h", "Ah Kd Qd Jd 9d", 1},               // §4.5.3, §1.2: the joker is the missing ace of hearts, and a flush beats A-K-Q-J-9 of mixed suits
		{Thrill, "Ah Jk 9h 7h 3h", "Ad Kd Qd Jd 9d", -1},              // §4.5.3: A-(K)-9-7-3 loses to A-K-Q-J-9
		{aceAlways, "Ah Jk 9h 7h 3h", "Ad Kd Qd Jd 9d", 1},            // ace_always: A-A-9-7-3 beats A-K-Q-J-9
		{Thrill, "Kc Kd Kh Jk 2c", "Kc Kd Kh Ks 2c", -1},              // §4.5.2: K-K-K + joker is only three of a kind
	}
	for _, tt := range tests {
		a := tt.rules.Evaluate(cards.MustParseList(tt.a))
		b := tt.rules.Evaluate(cards.MustParseList(tt.b))
		if got := Compare(a, b); got != tt.want {
			t.Errorf("Compare(%q, %q) = %d; want %d (%s / %s)", tt.a, tt.b, got, tt.want, a.Describe(), b.Describe())
		}
	}
}

func TestQualifiers(t *testing.T) {
	tests := []struct {
		rules                  Rules
		hand                   string
		pair, aceKing, kjLower bool
	}{
		{Standard, "2c 2d 5h 7s 9c", true, true, false},
		{Standard, "Ac Kd 5h 7s 9c", false, true, false},
		{Standard, "Ac Qd 5h 7s 9c", false, false, false},     // ace high without the king: no Lunar qualifier
		{Standard, "Kc Qd 5h 7s 9c", false, false, false},     // K-Q high is not "king/jack or lower"
		{Standard, "Kc Jd 5h 7s 9c", false, false, true},      // K-J high is
		{Standard, "Qc Jd 5h 7s 9c", false, false, true},      // and anything lower
		{Standard, "7c 5d 4h 3s 2c", false, false, true},      // the lowest hand
		{Thrill, "Kc Jd 5h 7s Jk", false, true, false},        // the joker plays as an ace: A-K high
		{Thrill, "Qc Jd 5h 7s Jk 2c 3d", false, false, false}, // ace high with the joker: never half-paid
		{Standard, "Ac Kd Qh Js 9c 3d 2h", false, true, false},
	}
	for _, tt := range tests {
		h := tt.rules.Evaluate(cards.MustParseList(tt.hand))
		if h.PairOrBetter() != tt.pair || h.AceKingOrBetter() != tt.aceKing || h.KingJackOrLower() != tt.kjLower {
			t.Errorf("%q (%s): pair %v, ace-king %v, king/jack %v; want %v, %v, %v", tt.hand, h.Describe(),
				h.PairOrBetter(), h.AceKingOrBetter(), h.KingJackOrLower(), tt.pair, tt.aceKing, tt.kjLower)
		}
	}
}

// TestEvaluateBadInput: what is no legal hand gives the zero Hand, never a panic.
func TestEvaluateBadInput(t *testing.T) {
	tests := []struct {
		rules Rules
		cs    []cards.Card
	}{
		{Standard, cards.MustParseList("As Ks Qs Js")},
		{Standard, cards.MustParseList("As Ks Qs Js Ts 9s 8s 7s")},
		{Standard, cards.MustParseList("As Ks Qs Js Jk")}, // no joker in UTH
		{Thrill, []cards.Card{1, 1, 2, 3, 4}},
		{Thrill, []cards.Card{1, 2, 3, 4, 200}},
		{Standard, nil},
	}
	for _, tt := range tests {
		h := tt.rules.Evaluate(tt.cs)
		if h != (Hand{}) || h.Describe() != "No hand" || h.Category() != NoCategory {
			t.Errorf("Evaluate(%v) = %+v %q; want the zero Hand", tt.cs, h, h.Describe())
		}
		_ = tt.rules.Value(tt.cs) // meaningless, but no panic
	}
}

func TestValueSpace(t *testing.T) {
	want := map[Category]int{HighCard: 1277, OnePair: 2860, TwoPair: 858, ThreeOfAKind: 858, Straight: 11, Flush: 1277 + 220,
		FullHouse: 156, FourOfAKind: 156, StraightFlush: 10, RoyalFlush: 1, FiveAces: 1}
	got := map[Category]int{}
	last := NoCategory
	for v := Value(1); v < NumValues; v++ {
		c := v.Category()
		if c < last {
			t.Fatalf("value %d is %v after %v", v, c, last)
		}
		last = c
		got[c]++
	}
	for c, n := range want {
		if got[c] != n {
			t.Errorf("%v: %d values; want %d", c, got[c], n)
		}
	}
	if Value(0).Category() != NoCategory || Value(NumValues).Category() != NoCategory {
		t.Error("0 and NumValues must have no category")
	}
}
