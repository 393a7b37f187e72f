package settle

import (
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// Cite writes each wager's rule, a section id of the house's rule book as the
// engine gives it ("uth.blind"), as that section's number and title ("2.3
// The Blind bet"): what `trainer settle` prints (docs/SETTLE.md). A rule the
// book has no section for is left as it is. The hand checker does not call
// it: it links the section by its id instead.
func Cite(b *rulebook.Book, s *games.Settlement) {
	h, err := b.House(s.House)
	if err != nil {
		return
	}
	for i := range s.Boxes {
		for j := range s.Boxes[i].Wagers {
			w := &s.Boxes[i].Wagers[j]
			if r, ok := h.Cite(s.Game, w.Rule); ok {
				w.Rule = r.Plain()
			}
		}
	}
}
