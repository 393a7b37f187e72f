package drills_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// TestHalfPays: only 7 Card Thrill's pay tables pay 1 to 2 at the default
// house, so only its outcome questions offer "half", and its prompt alone
// names it.
func TestHalfPays(t *testing.T) {
	b, gen := generator(t)
	h := b.Houses["default"]
	for _, tt := range []struct {
		game string
		want bool
	}{{"uth", false}, {"oracle", false}, {"thrill", true}, {"lunar", false}} {
		if got := drills.HalfPays(h, tt.game); got != tt.want {
			t.Errorf("HalfPays(default, %s) = %v; want %v", tt.game, got, tt.want)
		}
		got := drills.OutcomeResults(h, tt.game, drills.Outcome{Wager: "ante"})
		if slices.Contains(got, drills.OutcomeHalf) != tt.want {
			t.Errorf("OutcomeResults(default, %s) = %v; half offered should be %v", tt.game, got, tt.want)
		}
		if got := drills.OutcomeResults(h, tt.game, drills.Outcome{Fee: "force"}); !slices.Equal(got, []string{drills.OutcomeFee, drills.OutcomePush}) {
			t.Errorf("OutcomeResults(default, %s, a fee) = %v; want kept or returned", tt.game, got)
		}
		for seed := range uint64(30) {
			d, err := gen.Generate("default", drills.Spec{Game: tt.game, Kind: drills.KindOutcome, Level: 3, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(d.Prompt, "half") != tt.want {
				t.Errorf("%s outcome seed %d: prompt %q; half named should be %v", tt.game, seed, d.Prompt, tt.want)
			}
			fees := slices.ContainsFunc(d.Key.Outcomes, func(o drills.Outcome) bool { return o.Fee != "" })
			if strings.Contains(d.Prompt, "fee") != fees {
				t.Errorf("%s outcome seed %d: prompt %q names fees %v; the box has fees %v", tt.game, seed, d.Prompt, !fees, fees)
			}
			for _, o := range d.Key.Outcomes {
				if !slices.Contains(drills.OutcomeResults(h, tt.game, o), o.Result) {
					t.Errorf("%s outcome seed %d: key %+v is not among the results offered", tt.game, seed, o)
				}
			}
		}
	}
}

// TestChoiceCards reads back the cards that hand choices end with, and
// leaves other choices whole.
func TestChoiceCards(t *testing.T) {
	for _, tt := range []struct {
		in, words, cards string
	}{
		{"Straight, five high (A-2-3-4-5): 5♦ 4♠ 3♣ 2♠ A♦", "Straight, five high (A-2-3-4-5)", "5d 4s 3c 2s Ad"},
		{"High card, ace, queen, with the joker as an ace: Joker Q♦ 10♣ 5♦ 4♣", "High card, ace, queen, with the joker as an ace", "Jk Qd Tc 5d 4c"},
		// The joker as Italian and Russian write it among the cards.
		{"Carta alta: asso, donna, con il jolly come asso: Jolly Q♦ 10♣ 5♦ 4♣", "Carta alta: asso, donna, con il jolly come asso", "Jk Qd Tc 5d 4c"},
		{"Стрит, старшая пятёрка (A-2-3-4-5): 5♦ 4♣ 3♣ 2♥ Джокер", "Стрит, старшая пятёрка (A-2-3-4-5)", "5d 4c 3c 2h Jk"},
		{"One pair: K♠ K♦ Jester", "", ""},
		{"Second decision: players check", "", ""},
		{"Yes: a winning Poker Bet is half-paid", "", ""},
		{"One pair: K♠ K♦ 7x", "", ""},
	} {
		words, cs, ok := drills.ChoiceCards(tt.in)
		if ok != (tt.cards != "") {
			t.Errorf("ChoiceCards(%q) ok = %v", tt.in, ok)
			continue
		}
		if !ok {
			if words != tt.in || cs != nil {
				t.Errorf("ChoiceCards(%q) = %q, %v; want the choice whole", tt.in, words, cs)
			}
			continue
		}
		want, err := cards.ParseList(tt.cards)
		if err != nil {
			t.Fatal(err)
		}
		if words != tt.words || !slices.Equal(cs, want) {
			t.Errorf("ChoiceCards(%q) = %q, %v; want %q, %v", tt.in, words, cs, tt.words, want)
		}
	}
	// Every hand choice the drills write that names cards reads back, in
	// every language.
	_, gen := generator(t)
	read, jokers := 0, 0
	for _, game := range []string{"uth", "oracle", "thrill", "lunar"} {
		for seed := range uint64(40) {
			for _, lang := range []string{"en", "it", "ru"} {
				d, err := gen.Generate("default", drills.Spec{Game: game, Kind: drills.KindHand, Level: 3, Seed: seed, Lang: lang})
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range d.Choices {
					if _, cs, ok := drills.ChoiceCards(c); ok {
						read++
						if len(cs) < 2 {
							t.Errorf("%s hand seed %d in %s: choice %q reads as %v", game, seed, lang, c, cs)
						}
						if slices.Contains(cs, cards.Joker) && lang != "en" {
							jokers++
						}
					}
				}
			}
		}
	}
	if jokers == 0 {
		t.Error("no Italian or Russian hand choice names the joker: ChoiceCards reads none")
	}
	if read == 0 {
		t.Error("no hand choice names its cards: ChoiceCards reads none")
	}
}
