package drills

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// TestHandWordsEnglish holds the English catalogue's hand descriptions to
// poker's Hand.Describe, word for word (the wheel named as the kiosk names
// it), over random hands with and without the joker, and the Italian and
// Russian ones to saying something else, never a message id.
func TestHandWordsEnglish(t *testing.T) {
	cat := i18n.Default()
	en, it, ru := cat.Localizer(""), cat.Localizer("it"), cat.Localizer("ru")
	rng := rand.New(rand.NewPCG(7, 11))
	seen := map[poker.Category]bool{}
	for _, c := range []struct {
		r    poker.Rules
		deck []cards.Card
	}{{poker.Standard, cards.Deck52()}, {poker.Rules{Joker: true}, cards.Deck53()}} {
		deck := c.deck
		for range 20000 {
			rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
			h := c.r.Evaluate(deck[:5])
			seen[h.Category()] = true
			want := describeHand(h)
			if got := describeHandIn(en, h); got != want {
				t.Fatalf("%v: English %q, poker says %q", deck[:5], got, want)
			}
			for _, loc := range []*i18n.Localizer{it, ru} {
				if got := describeHandIn(loc, h); got == want || strings.Contains(got, "drill.") {
					t.Fatalf("%v: %s says %q", deck[:5], loc.Lang(), got)
				}
			}
		}
	}
	if len(seen) < 8 {
		t.Fatalf("only %d categories seen", len(seen))
	}
}

// TestAltTexts: each ranking rule a hand question's wrong reading breaks has
// its text in the catalogue, English word for word as the code says it, and
// in other words in Italian and Russian.
func TestAltTexts(t *testing.T) {
	cat := i18n.Default()
	en, it, ru := cat.Localizer(""), cat.Localizer("it"), cat.Localizer("ru")
	for _, a := range thrillAlt {
		id := "drill.hand.alt." + a.key
		if a.key == "" || en.T(id) != a.text {
			t.Errorf("%s (%s): English catalogue says %q; the code says %q", a.id, a.key, en.T(id), a.text)
		}
		for _, l := range []*i18n.Localizer{it, ru} {
			if got := a.textIn(l); got == a.text || got == id {
				t.Errorf("%s (%s): %s says %q", a.id, a.key, l.Lang(), got)
			}
		}
	}
}
