package solver

import (
	"context"
	"math/big"
	"os"
	"slices"
	"strings"
	"testing"
)

// The published optimal strategy's pre-flop 4× hands (Wizard of Odds,
// "Ultimate Texas Hold 'Em"): 33 or better, any ace, K2s+, K5o+, Q6s+, Q8o+,
// J8s+, JTo; everything else checks.
var wantRaise4 = strings.Fields(`AA AKs AKo AQs AQo AJs AJo ATs ATo A9s A9o A8s A8o A7s A7o A6s A6o A5s A5o A4s A4o A3s A3o A2s A2o
	KK KQs KQo KJs KJo KTs KTo K9s K9o K8s K8o K7s K7o K6s K6o K5s K5o K4s K3s K2s
	QQ QJs QJo QTs QTo Q9s Q9o Q8s Q8o Q7s Q6s JJ JTs JTo J9s J8s TT 99 88 77 66 55 44 33`)

// TestSolveFull solves the real game and holds it against the published
// house edge, 2.185% of the Ante, and the published pre-flop strategy. It
// takes about a minute on two quiet cores: set SOLVER_FULL=1 to run it.
func TestSolveFull(t *testing.T) {
	if testing.Short() || raceEnabled || os.Getenv("SOLVER_FULL") == "" {
		t.Skip("the full solve takes about a minute: set SOLVER_FULL=1 to run it")
	}
	res, err := Solve(context.Background(), blindTable(t, "A"), []int64{3, 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("house edge %s = %s%% of the Ante; %d deals, %d boards, %v", res.HouseEdge.RatString(), res.HouseEdgePercent(6), res.Deals, res.Boards, res.Duration)
	for _, a := range res.Actions {
		t.Logf("%s %d×: %s", a.Street, a.Multiple, a.Probability.FloatString(6))
	}
	if got := res.HouseEdgePercent(3); got != "2.185" {
		t.Errorf("house edge %s%%; published 2.185%%", res.HouseEdgePercent(6))
	}
	// The exact figure found (and matched by the published one to its last
	// digit): a regression pin, so that no later change moves it by a unit.
	if want, _ := new(big.Rat).SetString("50643648973/2317817502000"); res.HouseEdge.Cmp(want) != 0 {
		t.Errorf("house edge %s; want %s", res.HouseEdge.RatString(), want.RatString())
	}
	if res.Deals != 27_813_810_024_000 || res.Boards != 134_459 || len(res.Hands) != 169 {
		t.Errorf("%d deals, %d boards, %d classes", res.Deals, res.Boards, len(res.Hands))
	}
	if got := res.Raised(4); !slices.Equal(got, wantRaise4) {
		t.Errorf("raise 4× with %v;\npublished %v", got, wantRaise4)
	}
	if got := res.Raised(3); len(got) > 0 {
		t.Errorf("raise 3× with %v; the optimal player never prefers 3× to 4×", got)
	}
}

// BenchmarkSolve times the full solve (about a minute an iteration: run it
// with -benchtime=1x).
func BenchmarkSolve(b *testing.B) {
	A := blindTable(b, "A")
	for b.Loop() {
		if _, err := Solve(context.Background(), A, []int64{3, 4}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBoard times the work of one board of the 52-card deck (a sample
// of them, one worker): evaluating its 1,081 holdings, sorting, counting,
// settling and adding to the flop states.
func BenchmarkBoard(b *testing.B) {
	d := fullDeck()
	fs := d.flopStates()
	sc, err := newScoring(blindTable(b, "A"), []int64{3, 4})
	if err != nil {
		b.Fatal(err)
	}
	boards := d.boards()
	w := newWorker(d, fs, sc, newClasses(d))
	w.board(&boards[0]) // build the evaluator's tables
	i := 0
	for b.Loop() {
		w.board(&boards[i])
		i = (i + 7919) % len(boards)
	}
}
