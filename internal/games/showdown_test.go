package games

import (
	"slices"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// TestShowdownWords: the shared showdown words say in English what the
// hold'em games have always said, and each carries the phrase (or argument)
// that says it in other languages.
func TestShowdownWords(t *testing.T) {
	hand := func(s string) poker.Hand { return poker.Standard.Evaluate(cards.MustParseList(s)) }
	for _, tt := range []struct {
		name string
		got  Said
		want string
		id   string // the phrase's id; "" for a bare category
	}{
		{"high card", HandName(hand("As Jd 10c 6h 5s")), "ace high", ReasonHand + "high_card"},
		{"pair", HandName(hand("9s 9d Ac 10h 8s")), "pair of nines", ReasonHand + "one_pair"},
		{"two pair", HandName(hand("Ks Kd 5c 5h As")), "two pair of kings and fives", ReasonHand + "two_pair"},
		{"set", HandName(hand("9s 9d 9c Ah 8s")), "three nines", ReasonHand + "three_of_a_kind"},
		{"straight", HandName(hand("As Kd Qc Jh 10s")), "ace-high straight", ReasonHand + "straight"},
		{"wheel", HandName(hand("As 2d 3c 4h 5s")), "five-high straight", ReasonHand + "straight"},
		{"flush", HandName(hand("8h 6h 5h 3h 2h")), "eight-high flush", ReasonHand + "flush"},
		{"full house", HandName(hand("9s 9d 9c 5h 5s")), "nines full of fives", ReasonHand + "full_house"},
		{"quads", HandName(hand("9s 9d 9c 9h Ks")), "four nines", ReasonHand + "four_of_a_kind"},
		{"straight flush", HandName(hand("Kh Qh Jh 10h 9h")), "king-high straight flush", ReasonHand + "straight_flush"},
		{"royal flush", HandName(hand("Ah Kh Qh Jh 10h")), "royal flush", ReasonHand + "royal_flush"},
		{"a", A(HandName(hand("9s 9d Ac 10h 8s"))), "a pair of nines", ReasonA},
		{"an", A(HandName(hand("As Kd Qc Jh 10s"))), "an ace-high straight", ReasonAn},
		{"an eight", A(HandName(hand("8h 6h 5h 3h 2h"))), "an eight-high flush", ReasonAn},
		{"one kicker", With(HandName(hand("Ks Kd 5c 5h As")), Ranks{Ranks: []cards.Rank{cards.Ace}, Form: FormName}),
			"two pair of kings and fives with an ace", ReasonWithKicker},
		{"kickers", With(HandName(hand("9s 9d Ac 10h 8s")), Ranks{Ranks: []cards.Rank{cards.Ace, cards.Ten, cards.Eight}, Form: FormName}),
			"pair of nines with ace, ten, eight", ReasonWithKickers},
		{"kickers with and", With(A(HandName(hand("8s 8d Ac Qh 3s"))), Ranks{Ranks: []cards.Rank{cards.Ace, cards.Queen}, Form: FormA, And: true}),
			"a pair of eights with an ace and a queen", ReasonWithKickers},
		{"cards", WithCards(HandName(hand("8h 6h 5h 3h 2h")), hand("8h 6h 5h 3h 2h").Ranks()),
			"eight-high flush (eight, six, five, three, two)", ReasonCards},
		{"player beats", Beats(true, CategoryName(poker.Straight), CategoryName(poker.TwoPair)),
			"the player's straight beats the dealer's two pair", ReasonPlayerBeats},
		{"dealer beats", Beats(false, CategoryName(poker.HighCard), CategoryName(poker.OnePair)),
			"the dealer's one pair beats the player's high card", ReasonDealerBeats},
		{"position", Position("second_highest_card"), "the second-highest card", ReasonPos + "second_highest_card"},
		{"category", CategoryName(poker.FullHouse), "full house", ""},
	} {
		if tt.got.Text != tt.want {
			t.Errorf("%s: %q; want %q", tt.name, tt.got.Text, tt.want)
		}
		p, isPhrase := tt.got.Arg.(Phrase)
		switch {
		case tt.id == "" && isPhrase:
			t.Errorf("%s: phrase %s; want a bare category", tt.name, p.ID)
		case tt.id != "" && p.ID != tt.id:
			t.Errorf("%s: phrase %q; want %q", tt.name, p.ID, tt.id)
		case tt.id != "" && !slices.Contains(ShowdownReasons, tt.id):
			t.Errorf("%s: %s is not in ShowdownReasons", tt.name, tt.id)
		}
	}
}

// TestWordsSaid: a Said with a phrase joins a reason's phrases; words
// without one leave the reason without a Why, English whole.
func TestWordsSaid(t *testing.T) {
	y := &Words{}
	y.Said(Saying("Ante loses: ", "reason.x.frame"), Position("kicker"))
	if y.Text != "Ante loses: the kicker" || len(y.Why()) != 2 || y.Why()[1].ID != ReasonPos+"kicker" {
		t.Errorf("Said with phrases: %q, %+v", y.Text, y.Why())
	}
	y.Said(CategoryName(poker.Flush))
	if y.Why() != nil {
		t.Errorf("a bare category joined as a phrase: %+v", y.Why())
	}
}
