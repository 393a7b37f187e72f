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
		{"en", "lunar", place{name: "dealer", label: "Dealer", hint: "The five as first dealt."}, "Dealer", "The five as first dealt."},
		{"it", "lunar", place{name: "dealer", label: "Dealer", hint: "The five as first dealt."}, "Banco", "Le cinque come servite all'inizio."},
		{"ru", "uth", place{name: "dealer", label: "Dealer"}, "Дилер", ""},
		{"it", "oracle", place{name: "board", label: "Board", hint: "x"}, "Board", "Le tre carte scoperte (C3–C5), poi C1 (la quarta carta) e C2 (la quinta)."},
		{"ru", "lunar", place{name: "dealer_draw", label: "Dealer's draw", hint: "x"}, "Прикуп дилера", "Следующая карта из колоды: нужна, только если бокс покупает игру."},
		{"it", "lunar", place{name: "b1.in", label: "Box 2 · cards drawn", hint: "x"}, "Box 2 · carte pescate", "Prima spunta sotto il box 2 le carte cambiate."},
		{"ru", "lunar", place{name: "b0.buy", label: "Box 1 · 6th card"}, "Бокс 1 · шестая карта", ""},
		{"ru", "uth", place{name: "b2.cards", label: "Box 3"}, "Бокс 3", ""},
	}
	for _, tt := range tests {
		label, hint := placeWords(c.Localizer(tt.lang), tt.game, tt.p)
		if label != tt.label || hint != tt.hint {
			t.Errorf("%s %s %s: %q, %q; want %q, %q", tt.lang, tt.game, tt.p.name, label, hint, tt.label, tt.hint)
		}
	}
	// The English catalogue says what places says, so that a translator
	// reads the English the page shows.
	en := c.Localizer(i18n.Source)
	for _, game := range []string{"uth", "oracle", "thrill", "lunar"} {
		st := &checkRound{draws: []string{"exchange"}}
		st.in.Game = game
		st.in.Boxes = make([]games.Box, 1)
		st.in.Boxes[0].Draw = &games.Draw{}
		for _, p := range st.places() {
			var id string
			switch p.name {
			case "dealer", "board", "dealer_draw":
				id = "checkplace." + p.name
			case "b0.cards":
				id = "checkplace.box"
			case "b0.in":
				id = "checkplace.box_drawn"
			default:
				continue
			}
			if got := en.T(id, "N", 1); got != p.label {
				t.Errorf("%s: %s in English says %q; places says %q", game, id, got, p.label)
			}
		}
	}
}
