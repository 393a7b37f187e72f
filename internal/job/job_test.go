package job_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/job"
)

// gate is a job that reports progress, then waits to be opened (or
// cancelled) before it returns its value.
type gate struct {
	open    chan struct{}
	started chan struct{}
	runs    atomic.Int32
	once    sync.Once
}

func newGate() *gate { return &gate{open: make(chan struct{}), started: make(chan struct{})} }

func (g *gate) fn(v int) job.Func[int] {
	return func(ctx context.Context, report func(job.Progress)) (int, error) {
		g.runs.Add(1)
		report(job.Progress{Stage: "counting", Done: 3, Total: 10})
		g.once.Do(func() { close(g.started) })
		select {
		case <-g.open:
			return v, nil
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
}

func wait(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(10 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
	}
}

func TestStartOncePerKey(t *testing.T) {
	t.Parallel()
	r := job.New[int](job.Limits{Running: 2, Pending: 8, Kept: 8})
	defer r.Close()
	g := newGate()
	var jobs []*job.Job[int]
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range 20 {
		wg.Go(func() {
			j, err := r.Start("k", g.fn(42))
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			jobs = append(jobs, j)
			mu.Unlock()
		})
	}
	wg.Wait()
	for _, j := range jobs {
		if j != jobs[0] {
			t.Fatal("Start returned two jobs for one key")
		}
	}
	wait(t, g.started, "the job to start")
	close(g.open)
	wait(t, jobs[0].Done(), "the job to finish")
	if n := g.runs.Load(); n != 1 {
		t.Errorf("the job ran %d times; want 1", n)
	}
}

func TestProgressVisibleAndResultCached(t *testing.T) {
	t.Parallel()
	r := job.New[int](job.Limits{Running: 1, Pending: 4, Kept: 4})
	defer r.Close()
	g := newGate()
	j, err := r.Start("k", g.fn(7))
	if err != nil {
		t.Fatal(err)
	}
	wait(t, g.started, "the job to start")
	st := j.Status()
	if st.State != job.Running || st.Progress != (job.Progress{Stage: "counting", Done: 3, Total: 10}) {
		t.Errorf("running job: state %v, progress %+v; want Running, counting 3 of 10", st.State, st.Progress)
	}
	if j.Wait(t.Context(), 10*time.Millisecond) {
		t.Error("Wait reported a running job done")
	}
	close(g.open)
	if !j.Wait(t.Context(), 10*time.Second) {
		t.Fatal("the job did not finish")
	}
	st = j.Status()
	if st.State != job.Done || st.Value != 7 || st.Err != nil || st.Elapsed <= 0 {
		t.Errorf("done job: %+v; want Done, 7, no error, an elapsed time", st)
	}
	// Asking again returns the cached result without running anything.
	j2, err := r.Start("k", func(context.Context, func(job.Progress)) (int, error) {
		t.Error("a cached job ran again")
		return 0, nil
	})
	if err != nil || j2 != j {
		t.Errorf("Start of a done key = %p, %v; want the same job", j2, err)
	}
	if r.Lookup("k") != j || r.Lookup("other") != nil {
		t.Error("Lookup does not find the job by its key alone")
	}
}

func TestQueuedWhileSlotsAreTaken(t *testing.T) {
	t.Parallel()
	r := job.New[int](job.Limits{Running: 1, Pending: 2, Kept: 4})
	defer r.Close()
	first, second := newGate(), newGate()
	j1, _ := r.Start("a", first.fn(1))
	wait(t, first.started, "the first job to start")
	j2, err := r.Start("b", second.fn(2))
	if err != nil {
		t.Fatal(err)
	}
	if st := j2.Status(); st.State != job.Queued || st.Elapsed != 0 {
		t.Errorf("second job with the only slot taken: %+v; want Queued", st)
	}
	// Two are pending: a third is refused.
	if _, err := r.Start("c", newGate().fn(3)); !errors.Is(err, job.ErrBusy) {
		t.Errorf("third job: %v; want ErrBusy", err)
	}
	close(first.open)
	wait(t, j1.Done(), "the first job")
	wait(t, second.started, "the second job to start in the freed slot")
	close(second.open)
	wait(t, j2.Done(), "the second job")
	if _, err := r.Start("c", func(context.Context, func(job.Progress)) (int, error) { return 3, nil }); err != nil {
		t.Errorf("a job once the others are done: %v", err)
	}
}

func TestOldestFinishedForgotten(t *testing.T) {
	t.Parallel()
	r := job.New[int](job.Limits{Running: 1, Pending: 1, Kept: 2})
	defer r.Close()
	for i, k := range []string{"a", "b", "c"} {
		j, err := r.Start(k, func(context.Context, func(job.Progress)) (int, error) { return i, nil })
		if err != nil {
			t.Fatal(err)
		}
		wait(t, j.Done(), k)
	}
	if r.Lookup("a") != nil {
		t.Error("the oldest of three finished jobs is kept; want it forgotten (Kept 2)")
	}
	if r.Lookup("b") == nil || r.Lookup("c") == nil {
		t.Error("the two newest finished jobs are not kept")
	}
}

func TestCloseCancelsJobs(t *testing.T) {
	t.Parallel()
	r := job.New[int](job.Limits{Running: 1, Pending: 4, Kept: 4})
	running, queued := newGate(), newGate()
	j1, _ := r.Start("running", running.fn(1))
	wait(t, running.started, "the job to start")
	j2, _ := r.Start("queued", queued.fn(2))
	closed := make(chan struct{})
	go func() { r.Close(); close(closed) }()
	wait(t, closed, "Close to return (it waits for the jobs)")
	for _, j := range []*job.Job[int]{j1, j2} {
		st := j.Status()
		if st.State != job.Done || !errors.Is(st.Err, context.Canceled) {
			t.Errorf("job %s after Close: state %v, error %v; want Done, context.Canceled", j.Key(), st.State, st.Err)
		}
	}
	if queued.runs.Load() != 0 {
		t.Error("a queued job ran after Close")
	}
	if _, err := r.Start("new", queued.fn(3)); !errors.Is(err, job.ErrClosed) {
		t.Errorf("Start after Close: %v; want ErrClosed", err)
	}
}

func TestPanicIsTheJobsError(t *testing.T) {
	t.Parallel()
	r := job.New[int](job.Limits{Running: 1, Pending: 1, Kept: 1})
	defer r.Close()
	j, _ := r.Start("p", func(context.Context, func(job.Progress)) (int, error) { panic("boom") })
	wait(t, j.Done(), "the job")
	if err := j.Status().Err; err == nil || err.Error() != "job panicked: boom" {
		t.Errorf("panicking job: error %v; want \"job panicked: boom\"", err)
	}
}
