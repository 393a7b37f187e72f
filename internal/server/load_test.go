package server_test

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// kioskMemoryLimit is the soft memory limit of `trainer serve`
// (memoryLimit in cmd/trainer/serve.go), set here too because the
// benchmark's kiosk runs in the test's process.
const kioskMemoryLimit = 100 << 20

var (
	loadRate     = flag.Int("kiosk.rate", 1000, "answers a second BenchmarkKioskLoad offers the kiosk; 0 for as fast as it answers")
	loadTrainees = flag.Int("kiosk.trainees", 200, "simulated trainees in BenchmarkKioskLoad")
	loadProfile  = flag.String("kiosk.cpuprofile", "", "write a CPU profile of BenchmarkKioskLoad's timed part (the answers, not the sign-ins) to `file`")
)

// BenchmarkKioskLoad runs the real kiosk server (real HTTP on a loopback
// port, a real SQLite file) under many simulated trainees, 200 by default,
// each signed in with its PIN before the timed part and then answering
// payout drills: fetch the question, post the answer, ask for the next — the
// three requests of a trainee's loop. b.N is the number of answers. They are
// offered at -kiosk.rate answers a second in all (open loop: answer k is due
// at k/rate seconds, whichever trainee is free takes it), so the latencies
// are those of a kiosk at that load, not of one saturated by the benchmark.
//
// It reports the answers a second reached, the p50 and p99 latency of every
// request of the loop (the acknowledged answer included), how late answers
// started against the schedule (lag: 0 unless the kiosk fell behind), the
// process's peak memory (resident set, and Go's own) and the CPU time per
// answer; the last three include the simulated tablets.
//
//	go test -run '^$' -bench BenchmarkKioskLoad -benchtime 10000x ./internal/server
func BenchmarkKioskLoad(b *testing.B) {
	h := servertest.New(b)
	// The soft memory limit `trainer serve` sets (cmd/trainer/serve.go).
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(kioskMemoryLimit))
	resetPeakRSS()
	mem := watchMemory()
	trainees := signInTrainees(b, h, *loadTrainees)

	var (
		next    atomic.Int64 // the next answer to hand out
		mu      sync.Mutex
		lat     []time.Duration // every request of the loop
		byKind  = map[string][]time.Duration{}
		lags    []time.Duration
		acked   atomic.Int64
		failure atomic.Value
	)
	ctx := b.Context()
	warmUp(b, trainees)
	for _, tr := range trainees {
		tr.Observe = func(kind string, d time.Duration) {
			mu.Lock()
			lat = append(lat, d)
			byKind[kind] = append(byKind[kind], d)
			mu.Unlock()
		}
	}
	if *loadProfile != "" {
		f, err := os.Create(*loadProfile)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			b.Fatal(err)
		}
		defer pprof.StopCPUProfile()
	}
	b.ResetTimer()
	cpu0 := cpuTime()
	start := time.Now()
	var wg sync.WaitGroup
	for _, tr := range trainees {
		wg.Go(func() {
			for {
				k := next.Add(1) - 1
				if k >= int64(b.N) || failure.Load() != nil {
					return
				}
				lag := time.Duration(0)
				if *loadRate > 0 {
					due := start.Add(time.Duration(k) * time.Second / time.Duration(*loadRate))
					if wait := time.Until(due); wait > 0 {
						time.Sleep(wait)
					} else {
						lag = -wait
					}
				}
				_, ok, err := tr.Answer(ctx, games.Money(k%1000+1)*games.Unit)
				if err != nil {
					failure.CompareAndSwap(nil, fmt.Errorf("trainee %d: %w", tr.ID, err))
					return
				}
				if ok {
					acked.Add(1)
				}
				mu.Lock()
				lags = append(lags, lag)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu := cpuTime() - cpu0
	b.StopTimer()
	if err, _ := failure.Load().(error); err != nil {
		b.Fatal(err)
	}
	if acked.Load() != int64(b.N) {
		b.Fatalf("%d of %d answers acknowledged", acked.Load(), b.N)
	}
	rss, goMem := mem()
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "answers/s")
	b.ReportMetric(ms(percentile(lat, 50)), "p50-ms")
	b.ReportMetric(ms(percentile(lat, 99)), "p99-ms")
	b.ReportMetric(ms(percentile(lags, 99)), "lag-p99-ms")
	b.ReportMetric(rss, "peak-rss-MiB")
	b.ReportMetric(goMem, "peak-go-MiB")
	b.ReportMetric(ms(cpu)/float64(b.N), "cpu-ms/answer")
	if b.N >= 1000 {
		var parts []string
		for _, kind := range []string{"question", "answer", "next", "start"} {
			d := byKind[kind]
			parts = append(parts, fmt.Sprintf("%s %d p50 %.1f p99 %.1f ms", kind, len(d), ms(percentile(d, 50)), ms(percentile(d, 99))))
		}
		b.Logf("%d trainees, %d answers in %v: %s", len(trainees), b.N, elapsed.Round(time.Millisecond), strings.Join(parts, "; "))
	}
}

// signInTrainees creates n trainees and signs each in at once, as a class
// arriving at its tablets would: the sign-ins wait their turn at the hash
// gate. All share one PIN hash, which the store does not look into: hashing
// 200 PINs one by one would only lengthen the setup.
func signInTrainees(b *testing.B, h *servertest.Harness, n int) []*servertest.Trainee {
	b.Helper()
	const pin = "2468"
	hash, err := trainer.HashSecret(pin)
	if err != nil {
		b.Fatal(err)
	}
	transport := &http.Transport{MaxIdleConns: n, MaxIdleConnsPerHost: n}
	b.Cleanup(transport.CloseIdleConnections)
	gamesList := []string{"uth", "oracle", "thrill", "lunar"}
	out := make([]*servertest.Trainee, n)
	for i := range n {
		u := &trainer.User{Name: fmt.Sprintf("Trainee %03d", i+1), Role: trainer.RoleTrainee, SecretHash: hash}
		if err := h.DB.CreateUser(b.Context(), u); err != nil {
			b.Fatal(err)
		}
		out[i] = servertest.NewTrainee(u.ID, pin, func() string { return h.URL }, transport)
		out[i].Game = gamesList[i%len(gamesList)]
	}
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for _, tr := range out {
		wg.Go(func() {
			if err := tr.SignIn(context.Background()); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
	return out
}

// warmUp has each trainee start a session and answer once, outside the
// timed part: a class at work has its sessions open, and the first
// requests would otherwise time the preparing of statements.
func warmUp(b *testing.B, trainees []*servertest.Trainee) {
	b.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, len(trainees))
	for _, tr := range trainees {
		wg.Go(func() {
			if _, ok, err := tr.Answer(b.Context(), games.Unit); err != nil || !ok {
				errs <- fmt.Errorf("warm-up answer of trainee %d: acknowledged %v, %v", tr.ID, ok, err)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func percentile(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[(len(s)-1)*p/100]
}

// cpuTime is the CPU time the process has used, user and system: the
// kiosk's and the simulated tablets'. Per answer it is a measure of cost
// that other work on the machine does not inflate, unlike latencies.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// resetPeakRSS starts the kernel's count of the peak resident set afresh
// (Linux: 5 to clear_refs resets VmHWM), so each run reports its own.
func resetPeakRSS() { os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// watchMemory samples Go's memory every 10 ms until the returned function
// is called, which reports the peak resident set of the process (VmHWM, in
// MiB; 0 where /proc is missing) and the peak of the memory the Go runtime
// held (mapped and not given back), in MiB.
func watchMemory() func() (rss, goMem float64) {
	// Go's memory in use: all it mapped, less what it gave back to the OS.
	sample := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	var peak uint64
	done, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(sample)
			peak = max(peak, sample[0].Value.Uint64()-sample[1].Value.Uint64())
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() (float64, float64) {
		close(done)
		<-stopped
		return float64(peakRSS()) / (1 << 20), float64(peak) / (1 << 20)
	}
}

// peakRSS reads VmHWM from /proc/self/status, in bytes.
func peakRSS() uint64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}
