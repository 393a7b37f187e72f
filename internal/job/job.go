package job

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Progress is how far a job has come: its stage in words and a count of the
// work done out of the total (Total 0 when the job cannot tell).
type Progress struct {
	Stage       string
	Done, Total int64
}

// Func is the work of a job. It reports how far it has come through report,
// which is safe to call from any goroutine, and returns early with ctx's
// error when ctx ends.
type Func[T any] func(ctx context.Context, report func(Progress)) (T, error)

// State is where a job stands.
type State int

const (
	Queued  State = iota // waiting for one of the running slots
	Running              // its Func is running
	Done                 // finished, with a value or an error
)

// Limits bound a Registry.
type Limits struct {
	// Running is how many jobs run at once; the others wait their turn.
	Running int
	// Pending is how many jobs may be queued or running before Start
	// refuses a new one with ErrBusy (at least Running).
	Pending int
	// Kept is how many finished jobs are kept, the most recently finished;
	// an older one is forgotten and computed again when asked for.
	Kept int
}

var (
	// ErrBusy is returned by Start when Limits.Pending jobs are already
	// queued or running.
	ErrBusy = errors.New("job: too many jobs queued or running")
	// ErrClosed is returned by Start after Close.
	ErrClosed = errors.New("job: the registry is closed")
)

// Registry runs jobs, one per key, and keeps their results. It is safe for
// concurrent use.
type Registry[T any] struct {
	lim    Limits
	ctx    context.Context // every job's context: Close cancels it
	cancel context.CancelFunc
	slots  chan struct{} // one token per running job
	wg     sync.WaitGroup

	mu       sync.Mutex
	jobs     map[string]*Job[T]
	finished []string // keys of finished jobs, oldest first
	pending  int      // jobs queued or running
	closed   bool
}

// New returns an empty Registry bounded by lim. Limits below 1 count as 1,
// and Pending below Running as Running.
func New[T any](lim Limits) *Registry[T] {
	lim.Running = max(lim.Running, 1)
	lim.Pending = max(lim.Pending, lim.Running)
	lim.Kept = max(lim.Kept, 1)
	ctx, cancel := context.WithCancel(context.Background())
	return &Registry[T]{
		lim: lim, ctx: ctx, cancel: cancel,
		slots: make(chan struct{}, lim.Running),
		jobs:  map[string]*Job[T]{},
	}
}

// Start returns the job of key, starting fn for it if there is none: a job
// queued, running or finished (with its result or its error) is returned as
// it is, and fn is not run again. Returns ErrBusy when Limits.Pending jobs
// are queued or running, and ErrClosed after Close.
func (r *Registry[T]) Start(key string, fn Func[T]) (*Job[T], error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if j := r.jobs[key]; j != nil {
		return j, nil
	}
	switch {
	case r.closed:
		return nil, ErrClosed
	case r.pending >= r.lim.Pending:
		return nil, ErrBusy
	}
	j := &Job[T]{key: key, done: make(chan struct{})}
	r.jobs[key] = j
	r.pending++
	r.wg.Add(1)
	go r.run(j, fn)
	return j, nil
}

// Lookup returns the job of key, or nil when none was started or it has
// been forgotten.
func (r *Registry[T]) Lookup(key string) *Job[T] {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.jobs[key]
}

// Close cancels every queued and running job, waits for them to return, and
// makes Start refuse new jobs. Finished jobs stay readable.
func (r *Registry[T]) Close() {
	r.mu.Lock()
	r.closed = true
	r.mu.Unlock()
	r.cancel()
	r.wg.Wait()
}

// run waits for a slot, runs fn and records what it returned. A panic in fn
// is the job's error, not the server's end.
func (r *Registry[T]) run(j *Job[T], fn Func[T]) {
	defer r.wg.Done()
	var (
		v   T
		err error
	)
	select {
	case r.slots <- struct{}{}:
		// A slot freed by a job that Close cancelled may be taken before
		// the select sees the cancellation: a closed registry runs nothing.
		if err = r.ctx.Err(); err == nil {
			j.start()
			v, err = call(r.ctx, fn, j.report)
		}
		<-r.slots
	case <-r.ctx.Done():
		err = r.ctx.Err()
	}
	// The slot is counted free before the job says it is done, so that a
	// caller who saw it done is never refused with ErrBusy on its account.
	r.mu.Lock()
	r.pending--
	r.finished = append(r.finished, j.key)
	for len(r.finished) > r.lim.Kept {
		old := r.finished[0]
		r.finished = r.finished[1:]
		if oj := r.jobs[old]; oj != nil && oj != j {
			delete(r.jobs, old)
		}
	}
	r.mu.Unlock()
	j.finish(v, err)
}

func call[T any](ctx context.Context, fn Func[T], report func(Progress)) (v T, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("job panicked: %v", p)
		}
	}()
	return fn(ctx, report)
}

// Job is one computation of a Registry.
type Job[T any] struct {
	key  string
	done chan struct{}

	mu       sync.Mutex
	state    State
	progress Progress
	started  time.Time
	elapsed  time.Duration // set when done
	value    T
	err      error
}

// Status is a job as it stands.
type Status[T any] struct {
	State    State
	Progress Progress
	// Elapsed is how long the job has run: so far while it runs, in all
	// once done, 0 while it waits.
	Elapsed time.Duration
	Value   T     // once done without an error
	Err     error // once done: what the Func returned, or why it never ran
}

// Key returns the job's key.
func (j *Job[T]) Key() string { return j.key }

// Done is closed when the job has finished.
func (j *Job[T]) Done() <-chan struct{} { return j.done }

// Wait waits up to d for the job to finish, or until ctx ends, and reports
// whether it has finished.
func (j *Job[T]) Wait(ctx context.Context, d time.Duration) bool {
	select {
	case <-j.done:
		return true
	default:
	}
	if d <= 0 {
		return false
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-j.done:
		return true
	case <-t.C:
	case <-ctx.Done():
	}
	return false
}

// Status returns where the job stands.
func (j *Job[T]) Status() Status[T] {
	j.mu.Lock()
	defer j.mu.Unlock()
	s := Status[T]{State: j.state, Progress: j.progress, Value: j.value, Err: j.err, Elapsed: j.elapsed}
	if j.state == Running {
		s.Elapsed = time.Since(j.started)
	}
	return s
}

func (j *Job[T]) start() {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.state, j.started = Running, time.Now()
}

func (j *Job[T]) report(p Progress) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.progress = p
}

func (j *Job[T]) finish(v T, err error) {
	j.mu.Lock()
	if !j.started.IsZero() {
		j.elapsed = time.Since(j.started)
	}
	j.state, j.value, j.err = Done, v, err
	j.mu.Unlock()
	close(j.done)
}
