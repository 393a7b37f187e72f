package edge

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/games/uth"
)

// SEAM(solver): exactUTH is where `trainer math --game uth --wager main
// --exact` calls the exact optimal-strategy solver of package internal/solver
// (issue 5, stretch), which another helper is building. It returns the house
// edge per unit of Ante under optimal play for the house's settings and Blind
// table. Until the solver lands it is nil and --exact is refused with a
// one-line message (Calculator.solve). To wire it, set it from this package:
//
//	exactUTH = func(ctx context.Context, s *uth.Settings, progress func(Progress)) (float64, error) {
//		return solver.Solve(ctx, s, …)
//	}
var exactUTH func(ctx context.Context, s *uth.Settings, progress func(Progress)) (float64, error)

// SEAM(engine): defaultTally is the Tallier a new Calculator uses. Until the
// hand engine's exhaustive tally lands in package poker it is PlainTally,
// which reads every hand with poker's Evaluate: seconds for the five-card
// spaces, but far too slow for the seven-card ones (UTH Trips and the Blind,
// every 7 Card Thrill bonus bet), which then take hours.
var defaultTally Tallier = PlainTally

// fastTallyLanded tells the tests whether defaultTally is the hand engine's
// exhaustive tally, so that the seven-card enumerations run in the plain
// `go test ./...` (see longTests in helpers_test.go).
const fastTallyLanded = false
