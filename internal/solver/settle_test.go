package solver

import (
	"testing"

	content "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestShowdownMatchesSettle holds the brute force's reading of the rules
// against the game engine: on random deals, for every decision the player can
// take, what showdown says the box wins must be what uth.Settle pays. The
// brute force in turn pins the solver, so the solver values the game the
// kiosk settles.
func TestShowdownMatchesSettle(t *testing.T) {
	book, err := rulebook.Load(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	house, err := book.House("default")
	if err != nil {
		t.Fatal(err)
	}
	rounds := 3000
	if testing.Short() || raceEnabled {
		rounds = 500
	}
	for _, blind := range []games.PayTable{blindTable(t, "A"), blindTable(t, "B"), oddTable()} {
		s := *house.UTH
		s.Blind = blind
		rs := newRules(blind)
		ante := games.Money(rs.scale) // one Ante is scale minor units, so results compare in the same units
		shoe := cards.NewShoe(cards.Deck52(), 7)
		for i := range rounds {
			if shoe.Remaining() < 9 {
				shoe = cards.NewShoe(cards.Deck52(), uint64(i))
			}
			cs := shoe.Deal(9)
			r := &uth.Round{}
			copy(r.Dealer[:], cs[:2])
			copy(r.Board[:], cs[2:7])
			hole := [2]cards.Card{cs[7], cs[8]}
			p := poker.Standard.Value(append(hole[:], r.Board[:]...))
			q := poker.Standard.Value(append(r.Dealer[:], r.Board[:]...))
			base, unit := rs.showdown(p, q)
			for m := int64(0); m <= 4; m++ {
				b := uth.Box{Cards: hole, Ante: ante, Blind: ante, Play: games.Money(m) * ante, Multiple: m, Fold: m == 0}
				r.Boxes = []uth.Box{b}
				got := uth.Settle(r, &s, games.Rounding{Chip: 1}).Boxes[0].Net
				want := base + m*unit
				if m == 0 {
					want = -2 * rs.scale
				}
				if int64(got) != want {
					t.Fatalf("table %s, %v vs dealer %v on %v, Play %d×: Settle nets %d; showdown %d", blind.Name, hole, r.Dealer, r.Board, m, got, want)
				}
			}
		}
	}
}
