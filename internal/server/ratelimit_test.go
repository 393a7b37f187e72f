package server

import (
	"context"
	"testing"
)

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
