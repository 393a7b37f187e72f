package figure

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/job"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Limits bound the background computations: two at once (the kiosk's
// machine has two cores, and one simulation already uses both), eight
// queued or running before another is refused, and the 64 last finished
// kept (a result is a few kilobytes; an exact count stays in the
// Calculator anyway).
var Limits = job.Limits{Running: 2, Pending: 8, Kept: 64}

// SimSeed is the seed of every simulation the page runs: `trainer math`'s
// default, so that the command shown beside a figure prints it to the last
// digit, and a what-if is dealt the same rounds as its table.
const SimSeed = 1

// Job is one figure being computed, or computed.
type Job = job.Job[[]*edge.Result]

// Board computes and keeps the figures of one house.
type Board struct {
	Calc  *edge.Calculator
	book  *rulebook.Book
	house *rulebook.House
	jobs  *job.Registry[[]*edge.Result]
	wait  time.Duration
	log   *slog.Logger
}

// New returns the Board of house under book's rules. A request waits up to
// wait in all for the figures it asks for (Await); log receives a line per
// figure computed.
func New(book *rulebook.Book, house *rulebook.House, wait time.Duration, log *slog.Logger) *Board {
	return &Board{Calc: edge.NewCalculator(), book: book, house: house, jobs: job.New[[]*edge.Result](Limits), wait: wait, log: log}
}

// Close stops the computations still running and waits for them to return.
func (b *Board) Close() { b.jobs.Close() }

// Exact returns the job that counts exact wager w once and prices every
// table the house may choose for it, the house's first (edge's
// Calculator.Tables), starting it if need be.
func (b *Board) Exact(w edge.Wager) (*Job, error) {
	key := fmt.Sprintf("exact/%s/%s/%s", b.house.Name, w.Game, w.Name)
	return b.start(key, func(ctx context.Context, progress func(edge.Progress)) ([]*edge.Result, error) {
		return b.Calc.Tables(ctx, b.book, edge.Query{Wager: w, House: b.house}, progress)
	})
}

// Sim returns the job that simulates w for rounds under table pt. It
// starts it only when start is set; otherwise it is nil until someone asks.
func (b *Board) Sim(w edge.Wager, pt games.PayTable, rounds int64, start bool) (*Job, error) {
	key := simKey(b.house.Name, w, pt, rounds)
	if !start {
		return b.jobs.Lookup(key), nil
	}
	return b.start(key, func(ctx context.Context, progress func(edge.Progress)) ([]*edge.Result, error) {
		q := edge.Query{Wager: w, House: b.house, Table: &pt, Rounds: rounds, Seed: SimSeed}
		r, err := b.Calc.Compute(ctx, q, progress)
		if err != nil {
			return nil, err
		}
		return []*edge.Result{r}, nil
	})
}

// simKey names a simulation by everything it depends on: a what-if table is
// told from its table by its rows, not only by its name.
func simKey(house string, w edge.Wager, pt games.PayTable, rounds int64) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "sim/%s/%s/%s/%d/%d/%s", house, w.Game, w.Name, rounds, SimSeed, pt.Name)
	for _, r := range pt.Rows {
		fmt.Fprintf(&sb, "/%s=%s", r.Key, r.Odds)
	}
	return sb.String()
}

// start starts run as the job key (or finds it) and logs how long it
// took. Returns KindConflict when too many are queued already.
func (b *Board) start(key string, run func(context.Context, func(edge.Progress)) ([]*edge.Result, error)) (*Job, error) {
	j, err := b.jobs.Start(key, func(ctx context.Context, report func(job.Progress)) ([]*edge.Result, error) {
		start := time.Now()
		res, err := run(ctx, func(p edge.Progress) { report(job.Progress{Stage: p.Stage, Done: p.Done, Total: p.Total}) })
		b.log.Info("figure computed", "key", key, "duration", time.Since(start), "error", err)
		return res, err
	})
	switch {
	case errors.Is(err, job.ErrBusy):
		return nil, trainer.NewError(trainer.KindConflict, "paytables.busy", "Count", Limits.Pending)
	case err != nil:
		return nil, fmt.Errorf("start figure %s: %w", key, err)
	}
	return j, nil
}

// Await waits up to the Board's wait in all for the jobs to finish, so that
// a figure ready in time is shown at once.
func (b *Board) Await(ctx context.Context, jobs ...*Job) {
	deadline := time.Now().Add(b.wait)
	for _, j := range jobs {
		if j != nil {
			j.Wait(ctx, time.Until(deadline))
		}
	}
}

// Lookup is the simulation of w for rounds under table pt if someone asked
// for it, or nil: it starts nothing.
func (b *Board) Lookup(w edge.Wager, pt games.PayTable, rounds int64) *Job {
	return b.jobs.Lookup(simKey(b.house.Name, w, pt, rounds))
}
