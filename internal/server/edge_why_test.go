package server

import (
	"context"
	"testing"

	"github.com/dealerkiosk/trainer/internal/edge"
)

// TestEdgeNotComputed_NotKept: a house edge whose computation ran out of
// time is not kept as the version's figure, so the next visit computes it
// again (view's TestEdgeNotComputed_SaysWhy holds what the pages say).
func TestEdgeNotComputed_NotKept(t *testing.T) {
	s := fuzzServer(t)
	w, err := edge.FindWager("uth", "trips")
	if err != nil {
		t.Fatal(err)
	}
	// Out of time: not kept for the version.
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	f := s.versionEdge(ctx, s.book, s.house.Name, w)
	if f.Problem == nil {
		t.Fatalf("a stopped computation gave %+v; want a problem", f)
	}
	s.versions.mu.Lock()
	_, kept := s.versions.edges[edgeKey{s.book.Version, s.house.Name, w.Game, w.Name}]
	s.versions.mu.Unlock()
	if kept {
		t.Error("a computation that was stopped is kept as the version's figure")
	}
}
