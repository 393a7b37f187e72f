package main

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/edge"
)

// runMath is `trainer math` (SETTLE.md): the return of a wager under a
// house's pay tables, exact where the cards alone decide it, simulated with a
// named strategy where players decide. JSON on standard output, progress on
// standard error.
func runMath(ctx context.Context, e *env, args []string) error {
	return edge.Command(ctx, args, e.Stdout, e.Stderr, loadBook)
}
