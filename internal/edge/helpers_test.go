package edge

import (
	"context"
	"math/big"
	"math/rand/v2"
	"os"
	"sync"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

var loadBook = sync.OnceValues(func() (*rulebook.Book, error) { return rulebook.Load(rules.FS) })

// book returns the shipped rules; every test reads the same copy.
func book(t testing.TB) *rulebook.Book {
	t.Helper()
	b, err := loadBook()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// defaultHouse returns the house that carries every default of RULES.md.
func defaultHouse(t testing.TB) *rulebook.House {
	t.Helper()
	h, err := book(t).House(rulebook.DefaultHouse)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// deal returns n distinct random cards of deck.
func deal(rng *rand.Rand, deck []cards.Card, n int) []cards.Card {
	d := append([]cards.Card(nil), deck...)
	rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	return d[:n]
}

// sharedCalc is one Calculator for the whole test binary, so that each exact
// space is counted once however many tests read it.
var sharedCalc = NewCalculator()

// compute runs q on the shared calculator.
func compute(t testing.TB, q Query) *Result {
	t.Helper()
	r, err := sharedCalc.Compute(context.Background(), q, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// wager returns the named figure, failing the test if there is none.
func wager(t testing.TB, game, name string) Wager {
	t.Helper()
	w, err := FindWager(game, name)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// longTests reports whether the seven-card enumerations run: in the plain
// go test, now that poker's exhaustive tally is the default Tallier (about a
// second for both seven-card spaces), but not under -race or -short, unless
// EDGE_LONG=1 asks for them.
func longTests() bool {
	return fastTallyLanded && !raceEnabled && !testing.Short() || os.Getenv("EDGE_LONG") == "1"
}

// rat is a/b.
func rat(a, b int64) *big.Rat { return big.NewRat(a, b) }

// longSkip is why a seven-card enumeration test is skipped.
const longSkip = "a seven-card enumeration: skipped under -race and -short (EDGE_LONG=1 runs it there too)"
