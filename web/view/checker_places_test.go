package view

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// TestPlaceWords: the hand checker's places read in the reader's language;
// in English exactly as places writes them, which the checker's refusals
// also use.
func TestPlaceWords(t *testing.T) {
	t.Parallel()
	c := i18n.Default()
	tests := []struct {
		lang, game string
		p          place
		label      string
		hint       string
	}{
		{"en", "lunar", place{name: "dealer", hinted: true}, "Dealer", "The five as first dealt."},
		{"it", "lunar", place{name: "dealer", hinted: true}, "Banco", "Le cinque come servite all'inizio."},
		{"ru", "uth", place{name: "dealer"}, "Дилер", ""},
		{"it", "oracle", place{name: "board", hinted: true}, "Board", "Le tre carte scoperte (C3–C5), poi C1 (la quarta carta) e C2 (la quinta)."},
		{"ru", "lunar", place{name: "dealer_draw", hinted: true}, "Прикуп дилера", "Следующая карта из колоды: нужна, только если бокс покупает игру."},
		{"it", "lunar", place{name: "b1.in", hinted: true}, "Box 2 · carte pescate", "Prima spunta sotto il box 2 le carte cambiate."},
		{"ru", "lunar", place{name: "b0.buy"}, "Бокс 1 · шестая карта", ""},
		{"ru", "uth", place{name: "b2.cards"}, "Бокс 3", ""},
	}
	for _, tt := range tests {
		label, hint := placeWords(c.Localizer(tt.lang), tt.game, tt.p)
		if label != tt.label || hint != tt.hint {
			t.Errorf("%s %s %s: %q, %q; want %q, %q", tt.lang, tt.game, tt.p.name, label, hint, tt.label, tt.hint)
		}
	}
	// In English every place of every game reads as the page always
	// wrote it.
	en := c.Localizer(i18n.Source)
	want := map[string][2]string{
		"uth dealer": {"Dealer", ""}, "uth board": {"Board", "Flop, turn, river."},
		"oracle board":  {"Board", "The three open cards (C3–C5), then C1 (the 4th card) and C2 (the 5th)."},
		"thrill dealer": {"Dealer", "All seven."}, "lunar dealer": {"Dealer", "The five as first dealt."},
		"lunar dealer_draw": {"Dealer's draw", "The next card off the deck: needed only when a box forces."},
		"uth b0.cards":      {"Box 1", ""}, "lunar b0.in": {"Box 1 · cards drawn", "Tick the cards exchanged under Box 1 first."},
		"lunar b0.buy": {"Box 1 · 6th card", ""},
	}
	seen := map[string]bool{}
	for _, game := range []string{"uth", "oracle", "thrill", "lunar"} {
		for _, draw := range []string{"exchange", "buy"} {
			st := &checkRound{draws: []string{draw}}
			st.in.Game = game
			st.in.Boxes = make([]games.Box, 1)
			st.in.Boxes[0].Draw = &games.Draw{}
			for _, p := range st.places() {
				w, ok := want[game+" "+p.name]
				if !ok {
					continue
				}
				seen[game+" "+p.name] = true
				if label, hint := placeWords(en, game, p); label != w[0] || hint != w[1] {
					t.Errorf("%s %s in English: %q, %q; want %q, %q", game, p.name, label, hint, w[0], w[1])
				}
			}
		}
	}
	if len(seen) < len(want) {
		t.Errorf("%d places checked in English; want each of the %d", len(seen), len(want))
	}
}
