package lockout

import (
	"context"
	"testing"
)

func TestHashGate(t *testing.T) {
	t.Parallel()
	g := NewGate(1)
	hold, release := make(chan struct{}), make(chan struct{})
	go g.Do(context.Background(), func() { close(hold); <-release })
	<-hold
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	ran := false
	if err := g.Do(ctx, func() { ran = true }); err == nil || ran {
		t.Errorf("do with a full gate and a cancelled request: ran %v, err %v; want not run and an error", ran, err)
	}
	close(release)
	if err := g.Do(t.Context(), func() { ran = true }); err != nil || !ran {
		t.Errorf("do once the slot is free: ran %v, err %v", ran, err)
	}
	if p := g.Peak(); p != 1 {
		t.Errorf("peak = %d; want 1", p)
	}
}
