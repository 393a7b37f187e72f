package solver

import (
	"context"
	"errors"
	"math/big"
	"os"
	"slices"
	"testing"

	content "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// blindTable returns the shipped Blind table A (the straight pays, named
// "straight-pays") or B (the straight pushes, "straight-pushes").
func blindTable(t testing.TB, name string) games.PayTable {
	t.Helper()
	b, err := rulebook.Load(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	pt, ok := b.Games["uth"].Tables.Lookup("blind", map[string]string{"A": "straight-pays", "B": "straight-pushes"}[name])
	if !ok {
		t.Fatalf("no blind table %q", name)
	}
	return pt
}

// oddTable is a Blind table of the same shape with other denominators and a
// row for three of a kind, so that the scale is not 2.
func oddTable() games.PayTable {
	return games.PayTable{Kind: "blind", Name: "odd", Rows: []games.PayRow{
		{Key: "royal_flush", Odds: games.Odds{Win: 100, Per: 1}},
		{Key: "straight_flush", Odds: games.Odds{Win: 20, Per: 1}},
		{Key: "four_of_a_kind", Odds: games.Odds{Win: 7, Per: 2}},
		{Key: "full_house", Odds: games.Odds{Win: 5, Per: 2}},
		{Key: "flush", Odds: games.Odds{Win: 6, Per: 5}},
		{Key: "straight", Odds: games.Odds{Win: 1, Per: 1}},
		{Key: "three_of_a_kind", Odds: games.Odds{Win: 1, Per: 3}},
	}}
}

func mustDeck(t testing.TB, suits int, ranks ...cards.Rank) *deck {
	t.Helper()
	d, err := newDeck(suits, ranks)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestSolveMatchesBruteForce holds the solver against the brute force of the
// whole game tree on small decks, to the last unit: the house edge, every
// class's decision and values, and the frequency of every decision.
func TestSolveMatchesBruteForce(t *testing.T) {
	A, B := blindTable(t, "A"), blindTable(t, "B")
	tests := []struct {
		name    string
		suits   int
		ranks   []cards.Rank
		blind   games.PayTable
		preflop []int64
		level   int // 0 always; 1 not under -race; 2 not under -short either; 3 only with SOLVER_LONG=1
	}{
		{"2 suits 8-A, table A", 2, []cards.Rank{cards.Eight, cards.Nine, cards.Ten, cards.Jack, cards.Queen, cards.King, cards.Ace}, A, []int64{3, 4}, 0},
		{"2 suits 8-A, table B, 4x only", 2, []cards.Rank{cards.Eight, cards.Nine, cards.Ten, cards.Jack, cards.Queen, cards.King, cards.Ace}, B, []int64{4}, 1},
		{"1 suit 2-J, table A", 1, []cards.Rank{cards.Two, cards.Three, cards.Four, cards.Five, cards.Six, cards.Seven, cards.Eight, cards.Nine, cards.Ten, cards.Jack}, A, []int64{4, 3}, 0},
		{"3 suits T-A, odd table, 3x only", 3, []cards.Rank{cards.Ten, cards.Jack, cards.Queen, cards.King, cards.Ace}, oddTable(), []int64{3}, 1},
		{"4 suits J-A, table A", 4, []cards.Rank{cards.Jack, cards.Queen, cards.King, cards.Ace}, A, []int64{3, 4}, 1},
		{"3 suits A-6 (wheel), odd table", 3, []cards.Rank{cards.Two, cards.Three, cards.Four, cards.Five, cards.Six, cards.Ace}, oddTable(), []int64{3, 4}, 2},
		{"4 suits T-A, table A", 4, []cards.Rank{cards.Ten, cards.Jack, cards.Queen, cards.King, cards.Ace}, A, []int64{3, 4}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			switch {
			case tt.level >= 1 && raceEnabled:
				t.Skip("long brute force: runs without -race")
			case tt.level >= 2 && testing.Short():
				t.Skip("long brute force: runs in plain go test")
			case tt.level >= 3 && os.Getenv("SOLVER_LONG") == "":
				t.Skip("about a minute of brute force: set SOLVER_LONG=1 to run it")
			}
			d := mustDeck(t, tt.suits, tt.ranks...)
			got, err := solve(context.Background(), d, tt.blind, tt.preflop, 2, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := bruteForce(d, tt.blind, tt.preflop, 2)
			compareBrute(t, d, got, want)
		})
	}
}

func compareBrute(t *testing.T, d *deck, got *Result, want *brute) {
	t.Helper()
	if got.EV.Cmp(want.ev) != 0 {
		t.Errorf("EV = %s (%s); brute force %s (%s)", got.EV.RatString(), got.EV.FloatString(9), want.ev.RatString(), want.ev.FloatString(9))
	}
	if new(big.Rat).Add(got.EV, got.HouseEdge).Sign() != 0 {
		t.Errorf("HouseEdge %s is not −EV %s", got.HouseEdge, got.EV)
	}
	check := new(big.Rat).SetFrac(got.Sum, big.NewInt(got.Scale*got.Deals))
	if check.Cmp(got.EV) != 0 {
		t.Errorf("Sum/(Scale·Deals) = %s; EV %s", check, got.EV)
	}
	if len(got.Hands) != len(want.hands) {
		t.Errorf("%d classes; brute force %d", len(got.Hands), len(want.hands))
	}
	combos := 0
	for _, h := range got.Hands {
		combos += h.Combos
		w := want.hands[h.Class]
		switch {
		case w == nil:
			t.Errorf("class %s: not in the brute force", h.Class)
			continue
		case w.mixed:
			t.Errorf("class %s: its combinations differ in the brute force (suit symmetry broken?)", h.Class)
		}
		if h.Combos != w.combos || h.Multiple != w.multiple || h.EV.Cmp(w.ev) != 0 || h.Check.Cmp(w.check) != 0 {
			t.Errorf("class %s: %d combos, %d×, EV %s, check %s; brute force %d, %d×, %s, %s",
				h.Class, h.Combos, h.Multiple, h.EV.FloatString(9), h.Check.FloatString(9), w.combos, w.multiple, w.ev.FloatString(9), w.check.FloatString(9))
		}
		for i := range h.Raise {
			if h.Raise[i].Cmp(w.raise[i]) != 0 {
				t.Errorf("class %s, %d×: %s; brute force %s", h.Class, got.Preflop[i], h.Raise[i].FloatString(9), w.raise[i].FloatString(9))
			}
		}
	}
	if combos != d.pairs() {
		t.Errorf("classes hold %d combinations; want %d", combos, d.pairs())
	}
	hands := int64(d.pairs())
	flops := hands * choose(d.n-2, 3)
	rivers := flops * choose(d.n-5, 2)
	for _, a := range got.Actions {
		var w *big.Rat
		switch {
		case a.Street == "preflop":
			w = big.NewRat(want.raised[a.Multiple], hands)
		case a.Street == "flop":
			w = big.NewRat(want.flopBet, flops)
		case a.Multiple == 1:
			w = big.NewRat(want.riverBet, rivers)
		default:
			w = big.NewRat(want.fold, rivers)
		}
		if a.Probability.Cmp(w) != 0 {
			t.Errorf("%s %d×: probability %s; brute force %s", a.Street, a.Multiple, a.Probability.FloatString(9), w.FloatString(9))
		}
	}
	t.Logf("EV %s per Ante (%s); %d boards; 4x %v", got.EV.FloatString(8), got.EV.RatString(), got.Boards, got.Raised(4))
	for _, a := range got.Actions {
		t.Logf("%s %d×: %s", a.Street, a.Multiple, a.Probability.FloatString(6))
	}
}

// TestSymmetry checks the suit-symmetry tables of the 52-card deck against
// the counts they must add up to.
func TestSymmetry(t *testing.T) {
	if raceEnabled {
		t.Skip("single-threaded and long under -race: runs in plain go test")
	}
	d := fullDeck()
	bs := d.boards()
	var w int64
	for _, b := range bs {
		w += b.weight
	}
	if len(bs) != 134459 || w != choose(52, 5) {
		t.Errorf("%d canonical boards of weight %d; want 134,459 and %d", len(bs), w, choose(52, 5))
	}
	fs := d.flopStates()
	var fw int64
	for _, x := range fs.weight {
		fw += x
	}
	if len(fs.weight) != 1755 || fw != choose(52, 3) {
		t.Errorf("%d canonical flops of weight %d; want 1,755 and %d", len(fs.weight), fw, choose(52, 3))
	}
	var positions int64
	for st := range fs.flop {
		positions += fs.weight[fs.flop[st]] * fs.count[st]
	}
	if want := choose(52, 2) * choose(50, 3); positions != want {
		t.Errorf("flop states stand for %d positions; want %d", positions, want)
	}
	t.Logf("%d flop states", len(fs.flop))
	cl := newClasses(d)
	if len(cl.names) != 169 {
		t.Errorf("%d classes; want 169", len(cl.names))
	}
	for i, name := range cl.names {
		want := 12
		switch {
		case name[0] == name[1]:
			want = 6
		case name[2] == 's':
			want = 4
		}
		if cl.combos[i] != want {
			t.Errorf("class %s: %d combinations; want %d", name, cl.combos[i], want)
		}
	}
	if cl.names[0] != "AA" || cl.names[1] != "AKs" || cl.names[2] != "AKo" || cl.names[168] != "22" {
		t.Errorf("chart order starts %v and ends %s", cl.names[:3], cl.names[168])
	}
}

// TestSplitsCanonical checks that every split moves its flop onto a
// canonical flop, and the flop-state table merges exactly the pairs that a
// permutation fixing the flop exchanges.
func TestSplitsCanonical(t *testing.T) {
	if raceEnabled {
		t.Skip("single-threaded and long under -race: runs in plain go test")
	}
	d := mustDeck(t, 4, cards.Ten, cards.Jack, cards.Queen, cards.King, cards.Ace)
	fs := d.flopStates()
	flopCards := map[int32][]int{}
	for a := 0; a < d.n; a++ {
		for b := a + 1; b < d.n; b++ {
			for c := b + 1; c < d.n; c++ {
				if m := d.masksOf(uint8(a), uint8(b), uint8(c)); isCanon(d, m) {
					flopCards[fs.index[m.key()]] = []int{a, b, c}
				}
			}
		}
	}
	for _, b := range d.boards() {
		ss := d.splitsOf(fs, &b)
		k := 0
		for i := 0; i < 5; i++ {
			for j := i + 1; j < 5; j++ {
				for l := j + 1; l < 5; l++ {
					s := ss[k]
					k++
					var moved []int
					for _, c := range []uint8{b.cards[i], b.cards[j], b.cards[l]} {
						moved = append(moved, d.apply(s.perm, int(c)))
					}
					slices.Sort(moved)
					if !slices.Equal(moved, flopCards[s.flop]) {
						t.Fatalf("board %v split %d: flop moves to %v, not the canonical %v", b.cards, k, moved, flopCards[s.flop])
					}
				}
			}
		}
	}
	P := d.pairs()
	for f, fc := range flopCards {
		stab := d.stabilizer(d.masksOf(uint8(fc[0]), uint8(fc[1]), uint8(fc[2])))
		for p := range P {
			st := fs.state[int(f)*P+p]
			if st < 0 {
				continue
			}
			for q := range P {
				same := false
				for _, s := range stab {
					x, y := d.apply(s, int(d.pairA[p])), d.apply(s, int(d.pairB[p]))
					if int(d.pairIdx[x*d.n+y]) == q {
						same = true
					}
				}
				if got := fs.state[int(f)*P+q] == st; got != same {
					t.Fatalf("flop %v: pairs %d and %d in the same state = %v; want %v", fc, p, q, got, same)
				}
			}
		}
	}
}

// TestSolveWorkersAgree runs the solver on one and two workers (under -race,
// the test of its concurrency) and checks the progress reports.
func TestSolveWorkersAgree(t *testing.T) {
	d := mustDeck(t, 3, cards.Nine, cards.Ten, cards.Jack, cards.Queen, cards.King, cards.Ace)
	if raceEnabled {
		d = mustDeck(t, 2, cards.Eight, cards.Nine, cards.Ten, cards.Jack, cards.Queen, cards.King, cards.Ace)
	}
	A := blindTable(t, "A")
	one, err := solve(context.Background(), d, A, []int64{3, 4}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	var calls, last int
	two, err := solve(context.Background(), d, A, []int64{3, 4}, 2, func(done, total int) {
		calls++
		if done < last || done > total {
			t.Errorf("progress %d of %d after %d", done, total, last)
		}
		last = done
	})
	if err != nil {
		t.Fatal(err)
	}
	if one.Sum.Cmp(two.Sum) != 0 {
		t.Errorf("one worker: %s; two: %s", one.Sum, two.Sum)
	}
	if last != two.Boards || calls < 2 {
		t.Errorf("progress ended at %d of %d boards after %d calls", last, two.Boards, calls)
	}
}

func TestSolveErrors(t *testing.T) {
	A := blindTable(t, "A")
	bad := func(rows ...games.PayRow) games.PayTable {
		return games.PayTable{Kind: "blind", Name: "bad", Rows: rows}
	}
	tests := []struct {
		name    string
		blind   games.PayTable
		preflop []int64
		field   string
	}{
		{"no multiples", A, nil, "preflop"},
		{"zero multiple", A, []int64{0, 4}, "preflop"},
		{"huge multiple", A, []int64{4, 11}, "preflop"},
		{"twice", A, []int64{4, 4}, "preflop"},
		{"unknown row", bad(games.PayRow{Key: "two_pairs", Odds: games.Odds{Win: 1, Per: 1}}), []int64{4}, "blind.two_pairs"},
		{"five aces", bad(games.PayRow{Key: "five_aces", Odds: games.Odds{Win: 1, Per: 1}}), []int64{4}, "blind.five_aces"},
		{"no odds", bad(games.PayRow{Key: "flush", Percent: 100}), []int64{4}, "blind.flush"},
		{"row twice", bad(games.PayRow{Key: "flush", Odds: games.Odds{Win: 1, Per: 1}}, games.PayRow{Key: "flush", Odds: games.Odds{Win: 2, Per: 1}}), []int64{4}, "blind.flush"},
		{"too large", bad(games.PayRow{Key: "royal_flush", Odds: games.Odds{Win: 1 << 40, Per: 1}}), []int64{4}, "blind"},
		{"too fine", bad(
			games.PayRow{Key: "royal_flush", Odds: games.Odds{Win: 1, Per: 9999991}},
			games.PayRow{Key: "flush", Odds: games.Odds{Win: 1, Per: 9999973}},
		), []int64{4}, "blind.flush"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Solve(context.Background(), tt.blind, tt.preflop, nil)
			var fe *games.FieldError
			if !errors.As(err, &fe) || fe.Field != tt.field {
				t.Fatalf("error %v; want a FieldError on %q", err, tt.field)
			}
			if fe.Msg == "" {
				t.Error("empty message")
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(ctx, A, []int64{3, 4}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v; want context.Canceled", err)
	}
	// Cancelled on the way: the workers stop and the error is returned.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	d := mustDeck(t, 3, cards.Nine, cards.Ten, cards.Jack, cards.Queen, cards.King, cards.Ace)
	_, err := solve(ctx, d, A, []int64{3, 4}, 2, func(done, total int) {
		if done > 0 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled during the solve: %v; want context.Canceled", err)
	}
}

func TestHouseEdgePercent(t *testing.T) {
	r := &Result{HouseEdge: big.NewRat(50643648973, 2317817502000)}
	for digits, want := range map[int]string{3: "2.185", 6: "2.184971", 0: "2"} {
		if got := r.HouseEdgePercent(digits); got != want {
			t.Errorf("HouseEdgePercent(%d) = %q; want %q", digits, got, want)
		}
	}
	if got := r.Raised(4); got != nil {
		t.Errorf("Raised(4) of no hands = %v", got)
	}
}
