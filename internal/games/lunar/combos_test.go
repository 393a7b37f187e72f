package lunar

import (
	"slices"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// paBet is 58 Pa. Code §671a.12(d), written out here so that the tests do not
// depend on content/rules.
var paBet = games.PayTable{Kind: "bet", Name: "standard", Rows: []games.PayRow{
	{Key: "royal_flush", Odds: games.Odds{Win: 100, Per: 1}},
	{Key: "straight_flush", Odds: games.Odds{Win: 50, Per: 1}},
	{Key: "four_of_a_kind", Odds: games.Odds{Win: 20, Per: 1}},
	{Key: "full_house", Odds: games.Odds{Win: 7, Per: 1}},
	{Key: "flush", Odds: games.Odds{Win: 5, Per: 1}},
	{Key: "straight", Odds: games.Odds{Win: 4, Per: 1}},
	{Key: "three_of_a_kind", Odds: games.Odds{Win: 3, Per: 1}},
	{Key: "two_pair", Odds: games.Odds{Win: 2, Per: 1}},
	{Key: "one_pair", Odds: games.Odds{Win: 1, Per: 1}},
	{Key: "ace_king", Odds: games.Odds{Win: 1, Per: 1}},
}}

func TestSecondCombination(t *testing.T) {
	tests := []struct {
		hand          string
		twoStraights  bool
		first, second string
		total         int64 // BET odds X:1 in total
	}{
		// RULES.md §5.5 test table (lunarpoker.com; gamsoft.ru).
		{"Ks Kh Kd Kc As", true, "four_of_a_kind", "ace_king", 21},
		{"Ks Kh 8d 8c 3s 3h", true, "two_pair", "two_pair", 4},
		{"3d 4d 5s 6h 7c 4c", true, "straight", "straight", 8}, // "pays for two straights"
		{"2d 5d 7d 9d Jd Kd", true, "flush", "flush", 10},
		{"As Kh Kd 3c 5s", true, "one_pair", "ace_king", 2}, // the ace is outside the pair
		{"As Ah Ad Kc 7s", true, "three_of_a_kind", "ace_king", 4},
		{"As Ah Kd Kc 7s", true, "two_pair", "", 2}, // A-K ⊂ the two pair
		{"As Ah Ad Kc Ks", true, "full_house", "", 7},
		{"As Ah Ad Kc Ks Kh", true, "full_house", "full_house", 14},
		{"As Ks Qs Js Ts 9s", true, "royal_flush", "straight_flush", 150},
		// The straight + pair variant (lunar_straight_plus_pair_as_two_straights = false).
		{"Ks Qh Jd Tc 9s 9h", true, "straight", "straight", 8},
		{"Ks Qh Jd Tc 9s 9h", false, "straight", "one_pair", 5},
		{"3d 4d 5s 6h 7c 4c", false, "straight", "one_pair", 5},
		{"3d 4d 5s 6h 7c 8c", false, "straight", "straight", 8}, // two different straights still pay twice
		{"3d 4d 5d 6d 7d 4c", true, "straight_flush", "straight", 54},
		{"3d 4d 5d 6d 7d 4c", false, "straight_flush", "one_pair", 51},
		// Others worked by hand from the core-card rule.
		{"Ks Kh Kd Kc As Ah", true, "four_of_a_kind", "full_house", 27}, // K-K-K-A-A holds an ace outside the quads
		{"As Kd 9c 7h 4s", true, "ace_king", "", 1},
		{"As Kd 9c 7h 4s 2d", true, "ace_king", "", 1},
		{"9s Ts Js Qs Ks Kh", true, "straight_flush", "straight", 54},
		{"Qc Qd 5h 5s 9c", true, "two_pair", "", 2},
		{"Qc Qd 5h 4s 9c 9h", true, "two_pair", "", 2}, // the 6th card makes nothing new
		{"7c 7d 7h 2s 9c", true, "three_of_a_kind", "", 3},
		{"7c 7d 7h 2s 2c 9h", true, "full_house", "", 7}, // the 9 makes no combination; the rest is the full house
	}
	for _, tt := range tests {
		cs := cards.MustParseList(tt.hand)
		first, second := secondCombination(cs, paBet, tt.twoStraights)
		if first != tt.first || second != tt.second {
			t.Errorf("secondCombination(%q, two straights %v) = %q, %q; want %q, %q", tt.hand, tt.twoStraights, first, second, tt.first, tt.second)
		}
		o1, _ := paBet.Odds(first)
		var total int64 = o1.Win
		if second != "" {
			o2, _ := paBet.Odds(second)
			total += o2.Win
		}
		if total != tt.total {
			t.Errorf("%q: total %d:1; want %d:1", tt.hand, total, tt.total)
		}
	}
}

func TestSuperCombos(t *testing.T) {
	tests := []struct {
		hand string
		want []string
	}{
		{"Ks Kh Kd Kc 2s", []string{"four_of_a_kind"}},
		{"5h 6d 7h 8d 9h", []string{"same_colour_straight", "straight", "five_same_colour"}},
		{"5h 6d 7h 8d 9s", []string{"straight"}},
		{"As 2c 3s 4c 5s", []string{"same_colour_straight", "straight", "five_same_colour"}}, // the wheel
		{"Ah Kh Qh Jh Th", []string{"same_colour_straight", "flush", "straight", "ace_king_queen", "five_same_colour"}},
		{"Jh Qd Ks Jc Qh", []string{"five_picture_cards"}},
		// A full house is not also three of a kind, nor four of a kind three of a
		// kind: the hand's own category counts (poker.SuperCombos); only the
		// highest-paying combination is paid anyway.
		{"Jh Jd Js Kc Kh", []string{"five_picture_cards", "full_house"}},
		{"2c 7c 9c Jc Kc", []string{"flush", "five_same_colour"}},
		{"7c 7d 7h 2s 9c", []string{"three_of_a_kind"}},
		{"As Kd Qc 3h 7h", []string{"ace_king_queen"}},
		{"Ad Kd Qh 3h 7h", []string{"ace_king_queen", "five_same_colour"}},
		{"2h 5d 9h Jd Kh", []string{"five_same_colour"}},
		{"2h 5d 9h Jd Ks", nil},
		{"Ks Qh Jd Tc 9s", []string{"straight"}},                  // five picture cards needs J, Q or K only
		{"Kc Ac 2c 3c 4c", []string{"flush", "five_same_colour"}}, // no wrap-around straight
	}
	for _, tt := range tests {
		got := superCombos(cards.MustParseList(tt.hand))
		if !slices.Equal(got, tt.want) {
			t.Errorf("superCombos(%q) = %v; want %v", tt.hand, got, tt.want)
		}
	}
}

func TestBestSuper(t *testing.T) {
	tcs := games.PayTable{Kind: "super", Name: "A", Rows: []games.PayRow{
		{Key: "four_of_a_kind", Odds: games.Odds{Win: 250, Per: 1}},
		{Key: "same_colour_straight", Odds: games.Odds{Win: 150, Per: 1}},
		{Key: "full_house", Odds: games.Odds{Win: 100, Per: 1}},
		{Key: "flush", Odds: games.Odds{Win: 60, Per: 1}},
		{Key: "straight", Odds: games.Odds{Win: 30, Per: 1}},
		{Key: "three_of_a_kind", Odds: games.Odds{Win: 8, Per: 1}},
		{Key: "ace_king_queen", Odds: games.Odds{Win: 6, Per: 1}},
		{Key: "five_same_colour", Odds: games.Odds{Win: 2, Per: 1}},
	}}
	tests := []struct {
		hand string
		key  string
		ok   bool
	}{
		{"Ah Kh Qh Jh Th", "same_colour_straight", true},
		{"Jh Qd Ks Jc Qh", "", false}, // five picture cards is not on super table A
		{"Jh Jd Js Kc Kh", "full_house", true},
		{"Ad Kd Qh 3h 7h", "ace_king_queen", true}, // also five same-coloured, which pays less,
		{"2h 5d 9h Jd Ks", "", false},
	}
	for _, tt := range tests {
		key, _, ok := bestSuper(tcs, cards.MustParseList(tt.hand))
		if key != tt.key || ok != tt.ok {
			t.Errorf("bestSuper(A, %q) = %q, %v; want %q, %v", tt.hand, key, ok, tt.key, tt.ok)
		}
	}
}
