// Package job runs long computations in the background for pages that must
// not hold a request open while they count: the pay-table review page's
// exact tallies and simulations.
//
// A Registry keeps one job per key: asking again for a key that is queued,
// running or done returns the same job, so that a figure is computed once
// per process however many tablets ask for it, and its result stays cached.
// It is bounded three ways: how many jobs run at once (the rest wait their
// turn), how many may be queued or running before Start refuses with
// ErrBusy, and how many finished jobs are kept (the oldest are forgotten).
// Each job reports its progress as it goes, for a progress bar. Close
// cancels every job and waits for them to return, as the server stops.
//
// It knows nothing of what the jobs compute, of HTTP or of pages.
package job
