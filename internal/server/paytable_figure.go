package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/job"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The pay-table review page's figures are computed in the background by
// s.figures and kept for the life of the process: an exact wager's first
// count takes up to a second or so, a simulation seconds, and no request
// should hold a tablet waiting that long. A request waits for them up to
// s.figureWait, then answers with a progress bar that htmx polls.

// figureLimits bound the background computations: two at once (the kiosk's
// machine has two cores, and one simulation already uses both), eight queued
// or running before another is refused, and the 64 last finished kept (a
// result is a few kilobytes; an exact count stays in the Calculator anyway).
var figureLimits = job.Limits{Running: 2, Pending: 8, Kept: 64}

// simSeed is the seed of every simulation the page runs: `trainer math`'s
// default, so that the command shown beside a figure prints it to the last
// digit, and a what-if is dealt the same rounds as its table.
const simSeed = 1

type figureJob = job.Job[[]*edge.Result]

// exactFigures returns the job that counts exact wager w once and prices
// every table the house may choose for it, the house's first (edge's
// Calculator.Tables), starting it if need be.
func (s *Server) exactFigures(w edge.Wager) (*figureJob, error) {
	key := fmt.Sprintf("exact/%s/%s/%s", s.house.Name, w.Game, w.Name)
	return s.startFigure(key, func(ctx context.Context, progress func(edge.Progress)) ([]*edge.Result, error) {
		return s.calc.Tables(ctx, s.book, edge.Query{Wager: w, House: s.house}, progress)
	})
}

// simFigure returns the job that simulates w for rounds under table pt. It
// starts it only when start is set; otherwise it is nil until someone asks.
func (s *Server) simFigure(w edge.Wager, pt games.PayTable, rounds int64, start bool) (*figureJob, error) {
	key := simKey(s.house.Name, w, pt, rounds)
	if !start {
		return s.figures.Lookup(key), nil
	}
	return s.startFigure(key, func(ctx context.Context, progress func(edge.Progress)) ([]*edge.Result, error) {
		q := edge.Query{Wager: w, House: s.house, Table: &pt, Rounds: rounds, Seed: simSeed}
		r, err := s.calc.Compute(ctx, q, progress)
		if err != nil {
			return nil, err
		}
		return []*edge.Result{r}, nil
	})
}

// simKey names a simulation by everything it depends on: a what-if table is
// told from its table by its rows, not only by its name.
func simKey(house string, w edge.Wager, pt games.PayTable, rounds int64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "sim/%s/%s/%s/%d/%d/%s", house, w.Game, w.Name, rounds, simSeed, pt.Name)
	for _, r := range pt.Rows {
		fmt.Fprintf(&b, "/%s=%s", r.Key, r.Odds)
	}
	return b.String()
}

// startFigure starts run as the job key (or finds it) and logs how long it
// took. Returns KindConflict when too many are queued already.
func (s *Server) startFigure(key string, run func(context.Context, func(edge.Progress)) ([]*edge.Result, error)) (*figureJob, error) {
	j, err := s.figures.Start(key, func(ctx context.Context, report func(job.Progress)) ([]*edge.Result, error) {
		start := time.Now()
		res, err := run(ctx, func(p edge.Progress) { report(job.Progress{Stage: p.Stage, Done: p.Done, Total: p.Total}) })
		s.log.Info("figure computed", "key", key, "duration", time.Since(start), "error", err)
		return res, err
	})
	switch {
	case errors.Is(err, job.ErrBusy):
		return nil, trainer.Errorf(trainer.KindConflict,
			"The kiosk is already computing %d figures. Try again when one of them is done.", figureLimits.Pending)
	case err != nil:
		return nil, fmt.Errorf("start figure %s: %w", key, err)
	}
	return j, nil
}

// await waits up to s.figureWait in all for the jobs to finish, so that a
// figure ready in time is shown at once. A poll (poll=1) does not wait: it
// wants to know where the jobs stand.
func (s *Server) await(r *http.Request, jobs ...*figureJob) {
	if isPoll(r) {
		return
	}
	deadline := time.Now().Add(s.figureWait)
	for _, j := range jobs {
		if j != nil {
			j.Wait(r.Context(), time.Until(deadline))
		}
	}
}

// isPoll reports whether r is htmx asking again for a figure that was
// still computing.
func isPoll(r *http.Request) bool { return r.URL.Query().Get("poll") == "1" }

// figureProblem says, for people, why a job gave no figure, in l's
// language: that the kiosk stopped it, or that it was not computed and why
// where the kiosk knows the reason (edgeWhy). Otherwise English quotes
// edge's one-line refusal, which is English, and another language says
// only that the figure was not computed (the log keeps the reason).
func figureProblem(l *i18n.Localizer, err error) string {
	if errors.Is(err, context.Canceled) {
		return l.T("paytables.whatif.stopped")
	}
	if why, ok := edgeWhy(l, err); ok {
		return l.T("paytables.whatif.not_computed", "Why", why)
	}
	if l.Lang() == i18n.Source {
		return "Not computed: " + err.Error() + "."
	}
	return l.T("paytables.whatif.not_computed_bare")
}

// edgeWhy is why a house edge could not be computed, in l's language, where
// the kiosk knows the reason: a house whose hands play both hole cards
// (which the exact count does not cover), a computation that ran out of
// time, or a refusal with a message id.
func edgeWhy(l *i18n.Localizer, err error) (string, bool) {
	var e *trainer.Error
	switch {
	case errors.Is(err, edge.ErrBothHoleCards):
		return l.T("approval.edge.why_both_hole_cards"), true
	case errors.Is(err, context.DeadlineExceeded):
		return l.T("approval.edge.why_too_long"), true
	case errors.As(err, &e) && e.ID != "":
		if s := l.T(e.ID, e.Args...); s != e.ID {
			return strings.TrimSuffix(s, "."), true
		}
	}
	return "", false
}
