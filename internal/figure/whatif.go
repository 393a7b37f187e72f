package figure

import (
	"context"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/job"
)

// ExactAll starts (or finds) the count of every exact wager of game, by
// the wager's name, and waits for them as Await does when wait is set (a
// poll does not wait: it wants to know where the counts stand).
func (b *Board) ExactAll(ctx context.Context, game string, wait bool) (map[string]*Job, error) {
	out := map[string]*Job{}
	var jobs []*Job
	for _, w := range edge.Wagers(game) {
		if w.Method != edge.Exact {
			continue
		}
		j, err := b.Exact(w)
		if err != nil {
			return nil, err
		}
		out[w.Name] = j
		jobs = append(jobs, j)
	}
	if wait {
		b.Await(ctx, jobs...)
	}
	return out, nil
}

// WhatIf are a what-if's figures: a simulated wager's two simulations
// (Original, Changed), or an exact wager's count (Exact) and, once it is
// done, the two tables priced from it.
type WhatIf struct {
	Original, Changed *Job
	Exact             *Job
	OriginalResult    *edge.Result
	ChangedResult     *edge.Result
}

// WhatIf prices table changed of wager w beside its table pt: from the
// cached count for an exact wager (waiting for the count as Await does
// when wait is set), or by two simulations of the same n rounds.
func (b *Board) WhatIf(ctx context.Context, w edge.Wager, pt, changed games.PayTable, n int64, wait bool) (WhatIf, error) {
	var f WhatIf
	var err error
	if w.Method == edge.Simulation {
		if f.Original, err = b.Sim(w, pt, n, true); err != nil {
			return f, err
		}
		if f.Changed, err = b.Sim(w, changed, n, true); err != nil {
			return f, err
		}
		if wait {
			b.Await(ctx, f.Original, f.Changed)
		}
		return f, nil
	}
	if f.Exact, err = b.Exact(w); err != nil {
		return f, err
	}
	if wait {
		b.Await(ctx, f.Exact)
	}
	if st := f.Exact.Status(); st.State == job.Done && st.Err == nil {
		// The count is cached now: each table is priced in well under a millisecond.
		if f.OriginalResult, err = b.Calc.Compute(ctx, edge.Query{Wager: w, House: b.house, Table: &pt}, nil); err != nil {
			return f, fmt.Errorf("what-if %s: %w", pt.Name, err)
		}
		if f.ChangedResult, err = b.Calc.Compute(ctx, edge.Query{Wager: w, House: b.house, Table: &changed}, nil); err != nil {
			return f, fmt.Errorf("what-if %s: %w", changed.Name, err)
		}
	}
	return f, nil
}
