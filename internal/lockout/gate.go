package lockout

import (
	"context"
	"sync/atomic"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Slots bounds the PIN and password hashes computed at once. Each argon2id
// check takes 19 MiB and a core for ~50 ms: two at a time keep both cores
// of the kiosk busy, and 200 tablets signing in together wait their turn
// instead of allocating 4 GB.
const Slots = 2

// Gate lets at most n hash computations run at once. It remembers the most
// it has let run together, and counts the PINs and passwords checked, for
// a test to check that no guess reaches argon2id past the sign-in limits.
type Gate struct {
	slots  chan struct{}
	now    atomic.Int64
	peak   atomic.Int64
	checks atomic.Int64 // sign-in checks run (Check), a name of nobody's included
}

// NewGate returns a gate of n slots.
func NewGate(n int) *Gate { return &Gate{slots: make(chan struct{}, n)} }

// Peak is the most computations the gate has let run at once.
func (g *Gate) Peak() int64 { return g.peak.Load() }

// Checks is how many PINs and passwords Check has checked against a hash.
func (g *Gate) Checks() int64 { return g.checks.Load() }

// Do runs f once a slot is free. A sign-in runs its whole attempt in one
// slot (Check): counted, checked, finished. It returns ctx's error,
// without running f, if the request ends while it waits.
func (g *Gate) Do(ctx context.Context, f func()) error {
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

// Hash hashes a new PIN or password, through the gate.
func (g *Gate) Hash(ctx context.Context, secret string) (string, error) {
	var hash string
	var herr error
	if err := g.Do(ctx, func() { hash, herr = trainer.HashSecret(secret) }); err != nil {
		return "", err
	}
	return hash, herr
}
