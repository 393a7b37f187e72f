package poker

import "fmt"

// Category is a five-card hand category. Higher is better.
type Category uint8

// The categories, lowest first (RULES.md §1.2; Five Aces only with the joker, §4.5).
const (
	NoCategory Category = iota
	HighCard
	OnePair
	TwoPair
	ThreeOfAKind
	Straight
	Flush
	FullHouse
	FourOfAKind
	StraightFlush
	RoyalFlush
	FiveAces
)

// Categories lists every category from HighCard to FiveAces.
var Categories = []Category{HighCard, OnePair, TwoPair, ThreeOfAKind, Straight, Flush, FullHouse, FourOfAKind, StraightFlush, RoyalFlush, FiveAces}

var categoryNames = [...]string{"", "high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house", "four of a kind", "straight flush", "royal flush", "five aces"}
var categoryKeys = [...]string{"", "high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house", "four_of_a_kind", "straight_flush", "royal_flush", "five_aces"}

// String is the category's name in SETTLE.md's output: "two pair", "royal flush".
func (c Category) String() string {
	if int(c) >= len(categoryNames) {
		return fmt.Sprintf("category(%d)", uint8(c))
	}
	return categoryNames[c]
}

// Key is the category's key in content/rules pay tables: "two_pair", "royal_flush".
func (c Category) Key() string {
	if int(c) >= len(categoryKeys) {
		return ""
	}
	return categoryKeys[c]
}

// CategoryByKey returns the category whose Key is k.
func CategoryByKey(k string) (Category, bool) {
	for i, s := range categoryKeys {
		if i > 0 && s == k {
			return Category(i), true
		}
	}
	return NoCategory, false
}

// CategoryByName returns the category whose String is s.
func CategoryByName(s string) (Category, bool) {
	for i, n := range categoryNames {
		if i > 0 && n == s {
			return Category(i), true
		}
	}
	return NoCategory, false
}
