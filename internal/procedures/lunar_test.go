package procedures_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/procedures"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestLunarTwoDecks checks the training content for Lunar Poker's two decks
// of different colours used in turn: the sequence of play takes the shuffled
// deck before the deal and sends the used one to be shuffled at the end, and
// the two rulings (a card of the other deck's colour in a hand; a deal from
// the deck that was not shuffled) are asked at the default house, with every
// variant of their prompt, and held back at a house that deals from one deck
// or hands the bets back on a void round.
func TestLunarTwoDecks(t *testing.T) {
	upper := fstest.MapFS{
		"houses/onedeck/house.toml":  {Data: []byte("name = \"onedeck\"\n")},
		"houses/onedeck/lunar.toml":  {Data: []byte("decks_alternating = 1\n")},
		"houses/returned/house.toml": {Data: []byte("name = \"returned\"\n")},
		"houses/returned/lunar.toml": {Data: []byte("misdeal_policy = \"void_round_bets_returned\"\n")},
	}
	b, err := rulebook.Load(rulebook.Overlay(upper, rules.FS))
	if err != nil {
		t.Fatal(err)
	}
	def, _ := b.House(rulebook.DefaultHouse)

	play := def.Procedures.Sequence("lunar.play")
	if play == nil {
		t.Fatal("lunar.play is missing")
	}
	take := slices.IndexFunc(play.Steps, func(s string) bool { return strings.Contains(s, "deck that was shuffled") })
	deal := slices.IndexFunc(play.Steps, func(s string) bool { return strings.HasPrefix(s, "Deal five cards") })
	send := slices.IndexFunc(play.Steps, func(s string) bool { return strings.Contains(s, "to be shuffled while the other is in play") })
	if take < 0 || deal < 0 || send < 0 || take+1 != deal || send != len(play.Steps)-1 {
		t.Errorf("lunar.play: the shuffled deck is taken at step %d, the deal is step %d and the used deck goes to be shuffled at step %d of %d; want the deck taken just before the deal and sent last",
			take+1, deal+1, send+1, len(play.Steps))
	}

	for _, id := range []string{"lunar.other_deck_card", "lunar.unshuffled_deck"} {
		// Every variant: seeds 1..40 reach each value of the prompt's var.
		prompts := map[string]bool{}
		for seed := uint64(1); seed <= 40; seed++ {
			q, err := procedures.New(def, procedures.KindRuling, id, seed)
			if err != nil {
				t.Fatalf("default house, %s: %v", id, err)
			}
			right := q.Choices[q.Answer]
			if !strings.Contains(right, "oid the round") || !strings.Contains(right, "bets") {
				t.Errorf("%s: the right choice %q does not void the round with the bets staying", id, right)
			}
			for i, why := range q.Why {
				if i != q.Answer && why == "" {
					t.Errorf("%s: wrong choice %q has no why", id, q.Choices[i])
				}
			}
			if q.Ref != "lunar.decks" {
				t.Errorf("%s: ref %q; want the book's section on the two decks, lunar.decks", id, q.Ref)
			}
			prompts[q.Prompt[:strings.Index(q.Prompt, ",")]] = true
		}
		if len(prompts) < 3 {
			t.Errorf("%s: %d variants of the prompt in 40 seeds; want all 3", id, len(prompts))
		}
		for _, tt := range []struct{ house, setting string }{
			{"onedeck", "lunar.decks_alternating"},
			{"returned", "lunar.misdeal_policy"},
		} {
			h, err := b.House(tt.house)
			if err != nil {
				t.Fatal(err)
			}
			_, err = procedures.New(h, procedures.KindRuling, id, 1)
			if !errors.Is(err, procedures.ErrUnresolved) || !strings.Contains(err.Error(), tt.setting) {
				t.Errorf("%s at house %s: %v; want ErrUnresolved naming %s", id, tt.house, err, tt.setting)
			}
		}
	}
	// A house with one deck has no deck to take or send: the sequence is held back.
	h, _ := b.House("onedeck")
	if _, err := procedures.New(h, procedures.KindOrder, "lunar.play", 1); !errors.Is(err, procedures.ErrUnresolved) {
		t.Errorf("lunar.play at a one-deck house: %v; want ErrUnresolved", err)
	}
}
