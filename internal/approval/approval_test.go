package approval

import (
	"context"
	"log/slog"
	"testing"

	"github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestEdgeNotComputed_NotKept: a house edge whose computation ran out of
// time is not kept as the version's figure, so the next visit computes it
// again (view's TestEdgeNotComputed_SaysWhy holds what the pages say).
func TestEdgeNotComputed_NotKept(t *testing.T) {
	book, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	c := New(book, edge.NewCalculator(), slog.New(slog.DiscardHandler))
	w, err := edge.FindWager("uth", "trips")
	if err != nil {
		t.Fatal(err)
	}
	// Out of time: not kept for the version.
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	f := c.Edge(ctx, book, "default", w)
	if f.Problem == nil {
		t.Fatalf("a stopped computation gave %+v; want a problem", f)
	}
	if c.kept(book.Version, "default", w) {
		t.Error("a computation that was stopped is kept as the version's figure")
	}
}

// TestBook_Running: the running version is the running book, not its
// files loaded again.
func TestBook_Running(t *testing.T) {
	book, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	c := New(book, edge.NewCalculator(), slog.New(slog.DiscardHandler))
	got, err := c.Book(book.Version, nil)
	if err != nil || got != book {
		t.Errorf("Book(running) = %p, %v; want the running book %p", got, err, book)
	}
}
