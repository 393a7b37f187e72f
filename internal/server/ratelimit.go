package server

import (
	"context"
	"net/http"
	"sync/atomic"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// clientAddress is the address a request came from, as the sign-in limits
// count devices: the TCP peer, or behind a trusted proxy the address it
// names (clientaddr.go).
func (s *Server) clientAddress(r *http.Request) string { return s.trusted.clientAddress(r) }

// hashSlots bounds the PIN and password hashes computed at once. Each
// argon2id check takes 19 MiB and a core for ~50 ms: two at a time keep both
// cores of the kiosk busy, and 200 tablets signing in together wait their
// turn instead of allocating 4 GB.
const hashSlots = 2

// hashGate lets at most n hash computations run at once. It remembers the
// most it has let run together, and counts the PINs and passwords checked,
// for a test to check that no guess reaches argon2id past the sign-in
// limits.
type hashGate struct {
	slots  chan struct{}
	now    atomic.Int64
	peak   atomic.Int64
	checks atomic.Int64 // sign-in checks run (checkSecret), a name of nobody's included
}

func newHashGate(n int) *hashGate { return &hashGate{slots: make(chan struct{}, n)} }

// do runs f once a slot is free. A sign-in runs its whole attempt in one
// slot (lockout.go): counted, checked, finished. It returns ctx's error,
// without running f, if the request ends while it waits.
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

// hashSecret hashes a new PIN or password, through the gate.
func (s *Server) hashSecret(ctx context.Context, secret string) (string, error) {
	var hash string
	var herr error
	if err := s.hashes.do(ctx, func() { hash, herr = trainer.HashSecret(secret) }); err != nil {
		return "", err
	}
	return hash, herr
}
