package server

import (
	"context"
	"fmt"
	"testing"
	"time"
)

func TestAddressLimiter(t *testing.T) {
	t.Parallel()
	l := newAddressLimiter(3, 10*time.Minute)
	t0 := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	for i := range 2 {
		if _, blocked := l.fail("10.0.0.7", t0.Add(time.Duration(i)*time.Minute)); blocked {
			t.Fatalf("failure %d blocked the address; the limit is 3", i+1)
		}
	}
	if _, blocked := l.blockedUntil("10.0.0.7", t0.Add(2*time.Minute)); blocked {
		t.Fatal("blocked after 2 failures")
	}
	until, blocked := l.fail("10.0.0.7", t0.Add(2*time.Minute))
	if !blocked || !until.Equal(t0.Add(10*time.Minute)) {
		t.Fatalf("third failure: blocked %v until %v; want until %v", blocked, until, t0.Add(10*time.Minute))
	}
	if _, blocked := l.blockedUntil("10.0.0.8", t0.Add(2*time.Minute)); blocked {
		t.Error("another address is blocked")
	}
	// The window slides: when the first failure leaves it, one more try.
	if _, blocked := l.blockedUntil("10.0.0.7", t0.Add(10*time.Minute-time.Second)); !blocked {
		t.Error("unblocked before the first failure left the window")
	}
	if _, blocked := l.blockedUntil("10.0.0.7", t0.Add(10*time.Minute)); blocked {
		t.Error("still blocked once the first failure left the window")
	}
	if _, blocked := l.fail("10.0.0.7", t0.Add(10*time.Minute)); !blocked {
		t.Error("a failure right after the window opened did not block again")
	}
	// Many addresses: the limiter forgets the stale ones.
	for i := range addressMaxTracked + 10 {
		l.fail(fmt.Sprintf("10.1.%d.%d", i/256, i%256), t0.Add(time.Duration(i)*time.Second))
	}
	if n := len(l.fails); n > addressMaxTracked {
		t.Errorf("the limiter tracks %d addresses; at most %d", n, addressMaxTracked)
	}
}

func TestHashGate(t *testing.T) {
	t.Parallel()
	g := newHashGate(1)
	hold, release := make(chan struct{}), make(chan struct{})
	go g.do(context.Background(), func() { close(hold); <-release })
	<-hold
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	ran := false
	if err := g.do(ctx, func() { ran = true }); err == nil || ran {
		t.Errorf("do with a full gate and a cancelled request: ran %v, err %v; want not run and an error", ran, err)
	}
	close(release)
	if err := g.do(t.Context(), func() { ran = true }); err != nil || !ran {
		t.Errorf("do once the slot is free: ran %v, err %v", ran, err)
	}
	if p := g.peak.Load(); p != 1 {
		t.Errorf("peak = %d; want 1", p)
	}
}
