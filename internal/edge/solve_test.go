package edge

import (
	"context"
	"math/big"
	"os"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestExactUTHSeam checks what --exact hands the solver and makes of its
// answer, with a stand-in for the half-minute solve, and what it refuses.
func TestExactUTHSeam(t *testing.T) {
	real := exactUTH
	t.Cleanup(func() { exactUTH = real })
	var got *uth.Settings
	exactUTH = func(ctx context.Context, s *uth.Settings, progress func(Progress)) (*solution, error) {
		got = s
		return &solution{edge: big.NewRat(437, 20000), deals: 42, figures: []Figure{{Name: "folded", Value: "0.1"}}}, nil
	}
	b, h := book(t), defaultHouse(t)
	w := wager(t, uth.Slug, "main")
	pt, err := FindTable(b, h, w, "straight-pushes")
	if err != nil {
		t.Fatal(err)
	}
	res := compute(t, Query{Wager: w, House: h, Table: &pt, Exact: true})
	if got == nil || got.Blind.Name != "straight-pushes" {
		t.Fatalf("the solver was handed %+v; want the house's settings with Blind table B", got)
	}
	if res.Method != Exact || res.Strategy != "optimal" || *res.HouseEdge != "0.02185" || res.HouseEdgeExact != "437/20000" || res.Table != "straight-pushes" || res.Combinations != 42 {
		t.Errorf("result %+v", res)
	}

	for name, change := range map[string]func(h *rulebook.House){
		"both hole cards": func(h *rulebook.House) { h.UTH.MustUseBothHoleCards = true },
		"even money": func(h *rulebook.House) {
			h.UTH.Main = games.PayTable{Kind: "main", Name: "x", Rows: []games.PayRow{{Key: "ante", Odds: games.Odds{Win: 1, Per: 1}}, {Key: "play", Odds: games.Odds{Win: 2, Per: 1}}}}
		},
	} {
		house := *h
		s := *h.UTH
		house.UTH = &s
		change(&house)
		_, err := sharedCalc.Compute(context.Background(), Query{Wager: w, House: &house, Exact: true}, nil)
		if err == nil || !strings.HasPrefix(err.Error(), "--exact: house") {
			t.Errorf("%s: %v; want a refusal", name, err)
		}
	}
}

// TestExactUTH runs the real solve: the published 2.185% of the Ante.
func TestExactUTH(t *testing.T) {
	if os.Getenv("EDGE_LONG") != "1" {
		t.Skip("the exact solve takes from 20 s to well over a minute on two shared cores; EDGE_LONG=1 runs it (package solver tests it in full)")
	}
	h := defaultHouse(t)
	res := compute(t, Query{Wager: wager(t, uth.Slug, "main"), House: h, Exact: true})
	if f, _ := res.Edge.Float64(); f < 0.021845 || f >= 0.021855 {
		t.Errorf("house edge %v; published 2.185%%", f)
	}
}
