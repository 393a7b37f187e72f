package edge

import (
	"context"
	"math/big"

	"github.com/dealerkiosk/trainer/internal/games/uth"
)

// SEAM(solver): exactUTH is where `trainer math --game uth --wager main
// --exact` calls the exact optimal-strategy solver of package internal/solver
// (issue 5, stretch), which another helper is building. It returns the exact
// house edge per unit of Ante under optimal play for the house's pre-flop
// multiples and Blind table (the Ante and Play even money, the best five of
// seven: Calculator.solve checks both first). Until the solver lands it is nil
// and --exact is refused with a one-line message. To wire it:
//
//	exactUTH = func(ctx context.Context, s *uth.Settings, progress func(Progress)) (*solution, error) {
//		r, err := solver.Solve(ctx, s.Blind, s.PreflopMultiples, func(done, total int) {…})
//		…
//		return &solution{edge: r.HouseEdge, deals: r.Deals}, nil
//	}
var exactUTH func(ctx context.Context, s *uth.Settings, progress func(Progress)) (*solution, error)

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
