package edge

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
)

// countingCalc returns a Calculator whose tallies are counted in calls.
func countingCalc(calls *atomic.Int32) *Calculator {
	c := NewCalculator()
	c.Tally = func(ctx context.Context, sp Space, progress func(int64)) (*Tally, error) {
		calls.Add(1)
		return PlainTally(ctx, sp, progress)
	}
	return c
}

// TestWhatIf changes one row of a table and checks that the new figures
// come from the cached count, exactly shifted by that row.
func TestWhatIf(t *testing.T) {
	h := defaultHouse(t)
	var calls atomic.Int32
	c := countingCalc(&calls)
	ctx := context.Background()

	w := wager(t, lunar.Slug, "instant")
	if c.Cached(w, h) {
		t.Fatal("a new calculator has a cached count")
	}
	base, err := c.Compute(ctx, Query{Wager: w, House: h}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Cached(w, h) {
		t.Error("the count is not cached after it was made")
	}
	rf, _ := h.Lunar.Instant.Odds("royal_flush")
	pt, err := WithRow(h.Lunar.Instant, "royal_flush", games.Odds{Win: rf.Win + 500, Per: 1})
	if err != nil {
		t.Fatal(err)
	}
	more, err := c.Compute(ctx, Query{Wager: w, House: h, Table: &pt}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if calls.Load() != 1 {
		t.Errorf("%d counts; the what-if should price the cached one", calls.Load())
	}
	if d := new(big.Rat).Sub(more.Ret, base.Ret); d.Cmp(big.NewRat(4*500, 2598960)) != 0 {
		t.Errorf("a royal 500 more changes the return by %s; want 4×500/2598960", d.RatString())
	}
	if !strings.Contains(more.Table, "royal flush 1500:1") {
		t.Errorf("the what-if table is called %q", more.Table)
	}

	// The Super: four of a kind 250:1 → 200:1 costs the player 624 × 50 / 2,598,960.
	sw := wager(t, lunar.Slug, "super")
	sbase, err := c.Compute(ctx, Query{Wager: sw, House: h}, nil)
	if err != nil {
		t.Fatal(err)
	}
	spt, err := WithRow(h.Lunar.Super, "four_of_a_kind", games.Odds{Win: 200, Per: 1})
	if err != nil {
		t.Fatal(err)
	}
	sless, err := c.Compute(ctx, Query{Wager: sw, House: h, Table: &spt}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := new(big.Rat).Sub(sless.Edge, sbase.Edge); d.Cmp(big.NewRat(624*50, 2598960)) != 0 {
		t.Errorf("quads 200:1 moves the edge by %s; want 624×50/2598960", d.RatString())
	}

	if _, err := WithRow(h.Lunar.Super, "royal_flush", games.Odds{Win: 1, Per: 1}); err == nil ||
		err.Error() != `super table A has no row "royal_flush" (rows: four_of_a_kind, same_colour_straight, full_house, flush, straight, three_of_a_kind, ace_king_queen, five_same_colour)` {
		t.Errorf("WithRow(unknown row) = %v", err)
	}
}

// TestConcurrentAskersShareOneCount checks that concurrent requests for the
// same space wait for one count, and that a cancelled count is forgotten.
func TestConcurrentAskersShareOneCount(t *testing.T) {
	h := defaultHouse(t)
	var calls atomic.Int32
	c := countingCalc(&calls)
	w := wager(t, lunar.Slug, "instant")

	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Compute(cancelled, Query{Wager: w, House: h}, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled count: %v", err)
	}
	if c.Cached(w, h) {
		t.Fatal("a cancelled count is cached")
	}
	calls.Store(0)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			if _, err := c.Compute(context.Background(), Query{Wager: w, House: h}, nil); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Errorf("4 concurrent askers made %d counts; want 1", n)
	}
}

func TestTables(t *testing.T) {
	h := defaultHouse(t)
	rs, err := sharedCalc.Tables(context.Background(), book(t), Query{Wager: wager(t, lunar.Slug, "super"), House: h}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range rs {
		names = append(names, r.Table)
	}
	if strings.Join(names, ",") != "A,B" {
		t.Errorf("tables %v; want the house's A first, then B", names)
	}
}
