package server

import (
	"context"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The limit on failed sign-ins per client address (docs/hardening.md). It is
// generous because a class shares its tablets: twenty trainees who each
// mistype a PIN once must not lock the tablet out. It stops one device from
// guessing across every account, which the per-account lockout alone would
// allow (four guesses per account per window, times every trainee).
const (
	addressMaxFailures = 30
	addressWindow      = 10 * time.Minute
	// addressMaxTracked bounds the memory the limiter holds; a kiosk on a
	// school's network sees a few dozen addresses.
	addressMaxTracked = 4096
)

// addressLimiter counts the failed sign-ins of each client address over a
// sliding window, in memory: a restart forgets it, which only gives a
// guesser one more window, and the per-account lockouts are in the database.
// Safe for concurrent use.
type addressLimiter struct {
	max    int
	window time.Duration
	mu     sync.Mutex
	fails  map[string][]time.Time // oldest first, at most max
}

func newAddressLimiter(max int, window time.Duration) *addressLimiter {
	return &addressLimiter{max: max, window: window, fails: map[string][]time.Time{}}
}

// blockedUntil returns the time until which addr may not try to sign in,
// and whether it is blocked at now.
func (l *addressLimiter) blockedUntil(addr string, now time.Time) (time.Time, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	ts := l.recent(addr, now)
	if len(ts) < l.max {
		return time.Time{}, false
	}
	return ts[0].Add(l.window), true // when the oldest leaves the window
}

// fail records a failed sign-in from addr at now and reports whether it
// blocks the address (this failure reached the limit).
func (l *addressLimiter) fail(addr string, now time.Time) (until time.Time, blocked bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.fails) >= addressMaxTracked {
		l.prune(now)
	}
	ts := append(l.recent(addr, now), now)
	if len(ts) > l.max {
		ts = ts[len(ts)-l.max:]
	}
	l.fails[addr] = ts
	if len(ts) < l.max {
		return time.Time{}, false
	}
	return ts[0].Add(l.window), true
}

// recent returns addr's failures still inside the window at now.
func (l *addressLimiter) recent(addr string, now time.Time) []time.Time {
	ts := l.fails[addr]
	i := 0
	for i < len(ts) && !ts[i].After(now.Add(-l.window)) {
		i++
	}
	if i == len(ts) {
		delete(l.fails, addr)
		return nil
	}
	return ts[i:]
}

// prune forgets every address with no failure inside the window; if that
// is not enough, it forgets all, as a flood of addresses is no class of
// trainees.
func (l *addressLimiter) prune(now time.Time) {
	for addr := range l.fails {
		l.recent(addr, now)
	}
	if len(l.fails) >= addressMaxTracked {
		clear(l.fails)
	}
}

// clientAddress is the address a request came from: the TCP peer. The kiosk
// serves its tablets directly, so X-Forwarded-For, which any client can
// write, is ignored.
func clientAddress(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// hashSlots bounds the PIN and password hashes computed at once. Each
// argon2id check takes 19 MiB and a core for ~50 ms: two at a time keep both
// cores of the kiosk busy, and 200 tablets signing in together wait their
// turn instead of allocating 4 GB.
const hashSlots = 2

// hashGate lets at most n hash computations run at once. It remembers the
// most it has let run together, for a test to check.
type hashGate struct {
	slots chan struct{}
	now   atomic.Int64
	peak  atomic.Int64
}

func newHashGate(n int) *hashGate { return &hashGate{slots: make(chan struct{}, n)} }

// do runs f once a slot is free. It returns ctx's error, without running f,
// if the request ends while it waits.
func (g *hashGate) do(ctx context.Context, f func()) error {
	select {
	case g.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	n := g.now.Add(1)
	for p := g.peak.Load(); n > p && !g.peak.CompareAndSwap(p, n); p = g.peak.Load() {
	}
	defer func() {
		g.now.Add(-1)
		<-g.slots
	}()
	f()
	return nil
}

// verifySecret reports whether secret matches hash, through the gate.
func (s *Server) verifySecret(ctx context.Context, hash, secret string) (bool, error) {
	var ok bool
	err := s.hashes.do(ctx, func() { ok = trainer.CheckSecret(hash, secret) })
	return ok, err
}

// checkNoSecret spends the time of a check when a sign-in names nobody.
func (s *Server) checkNoSecret(ctx context.Context, secret string) error {
	return s.hashes.do(ctx, func() { trainer.CheckNoSecret(secret) })
}

// hashSecret hashes a new PIN or password, through the gate.
func (s *Server) hashSecret(ctx context.Context, secret string) (string, error) {
	var hash string
	var herr error
	if err := s.hashes.do(ctx, func() { hash, herr = trainer.HashSecret(secret) }); err != nil {
		return "", err
	}
	return hash, herr
}
