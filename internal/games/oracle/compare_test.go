package oracle_test

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/settle"
)

// TestDecidingCard checks that a showdown between two hands of the same kind
// says which card decides it, and which way: a trainee reads this reason
// when he settles a hand decided by a kicker.
func TestDecidingCard(t *testing.T) {
	b := testBook(t)
	tests := []struct {
		name, dealer, board, hole string
		want                      string // the Ante's reason
	}{
		{"the second kicker of a pair", "Ad Jd", "4d Ah Qc 9d 2h", "Ac Td",
			"Ante loses: both hold a pair of aces with a queen; the second kicker decides, the dealer's jack against the player's ten"},
		{"the first kicker of a pair", "Ad Jd", "4d Ah 7c 9d 2h", "Ac Kd",
			"Ante pays 1:1: both hold a pair of aces; the first kicker decides, the player's king against the dealer's jack"},
		{"the rank of the pair", dKK, bLose, "8c Jd",
			"Ante loses: the dealer's pair of kings beats the player's pair of eights"},
		{"the second card of a flush", "Jh 7h", "Kh 9h 2h 5c 8d", "Qh 3h",
			"Ante pays 1:1: both hold a flush headed by a king; the second-highest card decides, the player's queen against the dealer's jack"},
		{"the lower pair of two pair", "4d 4c", "Ah Ad 9c 6s 2h", "9d 3c",
			"Ante pays 1:1: both hold aces as their higher pair; the lower pair decides, the player's nines against the dealer's fours"},
		{"the kicker of two pair", "Qc 3s", "Ah Ad 9c 9s 2h", "Kc 3d",
			"Ante pays 1:1: both hold two pair, aces and nines; the kicker decides, the player's king against the dealer's queen"},
		{"the second kicker of three of a kind", "Ad 8c", "7h 7s 7d 2c 4h", "Ac 9d",
			"Ante pays 1:1: both hold three sevens with an ace; the second kicker decides, the player's nine against the dealer's eight"},
		{"the pair of a full house", "2d 5c", "Kh Ks Kd 9c 2h", "9d 3c",
			"Ante pays 1:1: both hold three kings; the pair decides, the player's nines against the dealer's twos"},
		{"the top of a straight", "Kc Qd", "9h Ts Jd 2c 3h", "Qc 8d",
			"Ante loses: the dealer's king-high straight beats the player's queen-high straight"},
		{"different kinds", dJJ, bFlush, "Ah 7h",
			"Ante pays 1:1: the player's flush beats the dealer's one pair"},
		{"a STAY", "Ac 2d", "Qh Qs 9d 5c 3h", "As 2c",
			"Ante pushes: a STAY, the player and the dealer hold the same five ranks: queen, queen, ace, nine, five"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := settle.Line(b, "", 1, []byte(round(tt.dealer, tt.board, box(tt.hole, std))))
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Boxes[0].Wagers[0].Reason; got != tt.want {
				t.Errorf("reason\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}
