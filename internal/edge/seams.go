package edge

import (
	"context"
	"fmt"
	"math/big"

	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/solver"
)

// exactUTH answers `trainer math --game uth --wager main --exact` with the
// exact optimal-strategy solver of package solver: the house edge per unit of
// Ante under optimal play for the house's pre-flop multiples and Blind table.
// Calculator.solve first checks what the solver assumes (even-money Ante and
// Play, the best five of seven). It is a variable so that the tests can stand
// in for a solve that takes half a minute.
var exactUTH = func(ctx context.Context, s *uth.Settings, progress func(Progress)) (*solution, error) {
	r, err := solver.Solve(ctx, s.Blind, s.PreflopMultiples, func(done, total int) {
		report(progress, "solving every deal by backward induction (boards)", int64(done), int64(total))
	})
	if err != nil {
		return nil, err
	}
	sol := &solution{edge: r.HouseEdge, deals: r.Deals}
	for _, a := range r.Actions {
		name := fmt.Sprintf("bet %d× on the %s", a.Multiple, a.Street)
		why := sayFigure("edge_figure.bet_"+a.Street, "N", a.Multiple)
		switch {
		case a.Street == "preflop":
			name = fmt.Sprintf("bet %d× pre-flop", a.Multiple)
		case a.Multiple == 0:
			name, why = "folded", sayFigure("edge_figure.folded")
		}
		if a.Street != "preflop" && a.Street != "flop" && a.Street != "river" {
			why = nil // a street the catalogue does not name
		}
		sol.figures = append(sol.figures, Figure{Name: name, Value: RatNum(a.Probability), Note: "fraction of deals, optimal play",
			NameWhy: why, NoteWhy: sayFigure("edge_figure.note_deals")})
	}
	return sol, nil
}

// solution is what the exact UTH solver reports: the house edge per unit of
// Ante, the number of deals it covered and how often each decision is taken.
type solution struct {
	edge    *big.Rat
	deals   int64
	figures []Figure
}

// defaultTally is the Tallier a new Calculator uses: the hand engine's
// exhaustive tally (EngineTally).
var defaultTally Tallier = EngineTally

// fastTallyLanded tells the tests that defaultTally is the hand engine's
// exhaustive tally, so that the seven-card enumerations run in the plain
// `go test ./...` (longTests in helpers_test.go).
const fastTallyLanded = true
