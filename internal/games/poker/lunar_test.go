package poker

import (
	"slices"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// betTable is Lunar Poker's BET table (RULES.md §5.4, 58 Pa. Code §671a.12(d)).
var betTable = map[string]int64{
	"royal_flush": 100, "straight_flush": 50, "four_of_a_kind": 20, "full_house": 7, "flush": 5,
	"straight": 4, "three_of_a_kind": 3, "two_pair": 2, "one_pair": 1, "ace_king": 1,
}

func betPay(key string) (int64, bool) {
	x, ok := betTable[key]
	return x, ok
}

// TestSecondCombination is every test case of RULES.md §5.5.
func TestSecondCombination(t *testing.T) {
	tests := []struct {
		hand          string
		first, second ComboKind
		total         int64
	}{
		{"Kc Kd Kh Ks Ad", ComboFourOfAKind, ComboAceKing, 21},          // quads 20 + A-K 1: the ace is outside the quads
		{"Kc Kd 8h 8s 3c 3d", ComboTwoPair, ComboTwoPair, 4},            // two pair + two pair using the threes
		{"3d 4d 5h 6s 7c 4c", ComboStraight, ComboStraight, 8},          // "pays for two straights"
		{"2d 5d 7d 9d Jd Kd", ComboFlush, ComboFlush, 10},               // six diamonds: flush + flush
		{"Ac Kd Kh 3s 5c", ComboOnePair, ComboAceKing, 2},               // lunarpoker.com: the ace was not used in the pair
		{"Ac Ad Ah Ks 7c", ComboThreeOfAKind, ComboAceKing, 4},          // trips + A-K (the king is outside the trips)
		{"Ac Ad Kh Ks 7c", ComboTwoPair, NoCombo, 2},                    // A-K lies inside the two pair
		{"Ac Ad Ah Kc Ks", ComboFullHouse, NoCombo, 7},                  // nothing outside the full house
		{"Ac Ad Ah Kc Kd Ks", ComboFullHouse, ComboFullHouse, 14},       // A-A-A-K-K and K-K-K-A-A
		{"Ah Kh Qh Jh Th 9h", ComboRoyalFlush, ComboStraightFlush, 150}, // royal 100 + K-high straight flush 50
		{"Ac 7d 5h 3s 2c", NoCombo, NoCombo, -1},                        // no combination at all
	}
	for _, tt := range tests {
		first, second, ok := SecondCombination(cards.MustParseList(tt.hand), betPay, true)
		if tt.total < 0 {
			if ok {
				t.Errorf("SecondCombination(%q) = %v, %v; want none", tt.hand, first, second)
			}
			continue
		}
		p1, _ := betPay(first.Kind.Key())
		p2, _ := betPay(second.Kind.Key())
		if !ok || first.Kind != tt.first || second.Kind != tt.second || p1+p2 != tt.total {
			t.Errorf("SecondCombination(%q) = %v %v + %v %v (%d:1), %v; want %v + %v (%d:1)", tt.hand,
				first.Kind, cards.Format(first.Core), second.Kind, cards.Format(second.Core), p1+p2, ok, tt.first, tt.second, tt.total)
		}
		if second.Kind != NoCombo && !outside(second.Core, first.Core) {
			t.Errorf("SecondCombination(%q): second core %v lies inside the first %v", tt.hand, second.Core, first.Core)
		}
	}
}

// TestStraightPlusPair is lunar_straight_plus_pair_as_two_straights = false:
// K-Q-J-10-9-9 pays a straight and a pair (5:1), not two straights (8:1).
func TestStraightPlusPair(t *testing.T) {
	tests := []struct {
		hand   string
		second ComboKind
		total  int64
	}{
		{"Kc Qd Jh Ts 9c 9d", ComboOnePair, 5},
		{"3d 4d 5h 6s 7c 4c", ComboOnePair, 5},
		{"Ah Kh Qh Jh Th 9h", ComboStraightFlush, 150}, // different ranks: still two combinations
		{"2d 5d 7d 9d Jd Kd", ComboFlush, 10},          // flushes are not affected
	}
	for _, tt := range tests {
		first, second, ok := SecondCombination(cards.MustParseList(tt.hand), betPay, false)
		p1, _ := betPay(first.Kind.Key())
		p2, _ := betPay(second.Kind.Key())
		if !ok || second.Kind != tt.second || p1+p2 != tt.total {
			t.Errorf("SecondCombination(%q, false) = %v + %v (%d:1); want second %v, %d:1", tt.hand, first.Kind, second.Kind, p1+p2, tt.second, tt.total)
		}
	}
	// With the default the same hand pays two straights.
	if _, second, _ := SecondCombination(cards.MustParseList("Kc Qd Jh Ts 9c 9d"), betPay, true); second.Kind != ComboStraight {
		t.Errorf("K-Q-J-10-9-9 with two straights: second %v", second.Kind)
	}
}

// TestSecondCombinationTable checks that a row the house does not pay is
// never chosen, and that the first combination must itself pay.
func TestSecondCombinationTable(t *testing.T) {
	noAK := func(key string) (int64, bool) {
		if key == "ace_king" {
			return 0, false
		}
		return betPay(key)
	}
	if _, second, ok := SecondCombination(cards.MustParseList("Kc Kd Kh Ks Ad"), noAK, true); !ok || second.Kind != NoCombo {
		t.Errorf("quads without an A-K row: second %v, ok %v", second.Kind, ok)
	}
	if _, _, ok := SecondCombination(cards.MustParseList("Ac Kd 9h 5s 2c"), noAK, true); ok {
		t.Error("A-K high with no A-K row: ok")
	}
	if _, _, ok := SecondCombination(cards.MustParseList("Ac Kd 9h 5s Jk"), betPay, true); ok {
		t.Error("a joker in a Lunar hand: ok")
	}
}

func TestLunarCombos(t *testing.T) {
	got := LunarCombos(cards.MustParseList("Kc Kd Kh Ks Ad"))
	var kinds []ComboKind
	for _, c := range got {
		kinds = append(kinds, c.Kind)
	}
	// One four of a kind, four threes, six pairs, four ace-kings.
	want := []ComboKind{ComboFourOfAKind, ComboThreeOfAKind, ComboThreeOfAKind, ComboThreeOfAKind, ComboThreeOfAKind,
		ComboOnePair, ComboOnePair, ComboOnePair, ComboOnePair, ComboOnePair, ComboOnePair,
		ComboAceKing, ComboAceKing, ComboAceKing, ComboAceKing}
	if !slices.Equal(kinds, want) {
		t.Errorf("LunarCombos(K K K K A) kinds = %v; want %v", kinds, want)
	}
	if c := got[0]; cards.Format(c.Core) != "Ks Kh Kd Kc" {
		t.Errorf("quads core = %v", cards.Format(c.Core))
	}
	if LunarCombos(cards.MustParseList("As Ks Qs Js")) != nil || LunarCombos([]cards.Card{51, 51, 43, 39, 35}) != nil {
		t.Error("LunarCombos accepted 4 cards or a repeated card")
	}
	for k := ComboAceKing; k <= ComboRoyalFlush; k++ {
		if _, ok := betTable[k.Key()]; !ok {
			t.Errorf("%v: key %q is not a BET row", k, k.Key())
		}
	}
}

func TestSuperCombos(t *testing.T) {
	tests := []struct {
		hand string
		want []string
	}{
		{"9c 9d 9h 9s 2d", []string{"four_of_a_kind"}},
		{"9h Td Jh Qd Kh", []string{"same_colour_straight", "straight", "five_same_colour"}},
		{"9h Td Jh Qs Kh", []string{"straight"}},
		{"Ad 2h 3d 4h 5d", []string{"same_colour_straight", "straight", "five_same_colour"}}, // the wheel is a straight
		{"Jc Jd Qh Qs Kc", []string{"five_picture_cards"}},                                   // two pair of pictures
		{"Jc Jd Jh Qs Qc", []string{"five_picture_cards", "full_house"}},
		{"Tc Td Th 4s 4c", []string{"full_house"}}, // a full house is not also three of a kind
		{"2s 7s 9s Js Ks", []string{"flush", "five_same_colour"}},
		{"9s Ts Js Qs Ks", []string{"same_colour_straight", "flush", "straight", "five_same_colour"}},                   // a straight flush counts as each
		{"Ts Js Qs Ks As", []string{"same_colour_straight", "flush", "straight", "ace_king_queen", "five_same_colour"}}, // so does a royal
		{"7c 7d 7h 2s 4c", []string{"three_of_a_kind"}},
		{"Ac Kd Qh 4s 2c", []string{"ace_king_queen"}},
		{"Ac Kc Qs 4s 2c", []string{"ace_king_queen", "five_same_colour"}},
		{"2d 7h 9d Jh Kd", []string{"five_same_colour"}},
		{"2d 7h 9c Jh Kd", nil},
		{"2d 7h 9c Jh", nil},
	}
	for _, tt := range tests {
		if got := SuperCombos(cards.MustParseList(tt.hand)); !slices.Equal(got, tt.want) {
			t.Errorf("SuperCombos(%q) = %v; want %v", tt.hand, got, tt.want)
		}
	}
}
