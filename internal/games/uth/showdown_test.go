package uth

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// TestShowdown checks the words of a showdown: a hand decided by a kicker or
// by a lower card of a flush says which card decides and against what (issue
// 14's example: two pairs of nines with ace and ten, decided by the eight
// against the six), a hand decided by its own ranks says them, and a tie says
// what both play.
func TestShowdown(t *testing.T) {
	tests := []struct {
		name               string
		player, dealer, bd string // hole cards and board
		want               string
	}{
		{"issue 14: the third kicker", "4s 6c", "4d 8s", "3h 9d 9c Th Ad",
			"the dealer's pair of nines with ace, ten, eight beats the player's pair of nines with ace, ten, six: the third kicker decides, an eight against a six"},
		{"the first kicker", "Ah Jd", "Kd Qh", "9c 9d 5h 3s 2c",
			"the player's pair of nines with ace, jack, five beats the dealer's pair of nines with king, queen, five: the first kicker decides, an ace against a king"},
		{"the pair itself", "9h 2d", "8h 3d", "Ac Kd 7s 9c 8s",
			"the player's pair of nines beats the dealer's pair of eights"},
		{"two pair: the kicker", "Ah 2d", "Qh 3d", "Kc Kd 5s 5c 8s",
			"the player's two pair of kings and fives with an ace beats the dealer's two pair of kings and fives with a queen: the kicker decides, an ace against a queen"},
		{"two pair: the second pair", "Kh 7d", "Ks 6d", "Kc 7s 6c 3d 2h",
			"the player's two pair of kings and sevens beats the dealer's two pair of kings and sixes"},
		{"three of a kind: the second kicker", "Kh 8d", "Qs 6d", "9c 9d 9s Ac 2h",
			"the player's three nines with ace, king beats the dealer's three nines with ace, queen: the second kicker decides, a king against a queen"},
		{"flush: the second-highest card", "Kh 2s", "Qh 3s", "Ah 9h 6h 4h 2c",
			"the player's ace-high flush (ace, king, nine, six, four) beats the dealer's ace-high flush (ace, queen, nine, six, four): the second-highest card decides, a king against a queen"},
		{"flush: the lowest card", "5h 2s", "3h 2c", "Ah Kh 9h 7h 4c",
			"the player's ace-high flush (ace, king, nine, seven, five) beats the dealer's ace-high flush (ace, king, nine, seven, three): the lowest card decides, a five against a three"},
		{"four of a kind: the kicker", "Kd 2s", "Qd 3s", "7c 7d 7h 7s 4c",
			"the player's four sevens with a king beats the dealer's four sevens with a queen: the kicker decides, a king against a queen"},
		{"the wheel is the lowest straight", "Ac 2d", "6h 2c", "3s 4h 5d Kc Kd",
			"the dealer's six-high straight beats the player's five-high straight"},
		{"full houses", "9h 5d", "8h 5c", "9c 9d 8s 8c 5s",
			"the player's full house, nines full of eights beats the dealer's full house, eights full of nines"},
		{"different categories", "Ah Ad", "Kh 7c", "Kc 7d 2s 3c 9h",
			"the dealer's two pair beats the player's one pair"},
		{"a tie on the board", "2h 3d", "4c 2c", "Ts Jd Qc Kh Ah",
			"the hands tie, both playing an ace-high straight"},
		{"a tie with kickers", "2h 3d", "4c 2c", "As Ad Kh Qs Js",
			"the hands tie, both playing a pair of aces with king, queen, jack"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			board := [5]cards.Card(cards.MustParseList(tt.bd))
			p := best([2]cards.Card(cards.MustParseList(tt.player)), board, false)
			d := best([2]cards.Card(cards.MustParseList(tt.dealer)), board, false)
			if got := showdown(p, d, poker.Compare(p, d)).Text; got != tt.want {
				t.Errorf("showdown:\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}
