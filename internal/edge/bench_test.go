package edge

import (
	"context"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// benchSim simulates b.N rounds of a main game on every core and reports
// rounds per second.
func benchSim(b *testing.B, game string) {
	h := defaultHouse(b)
	w := wager(b, game, "main")
	c := NewCalculator()
	b.ResetTimer()
	res, err := c.Compute(context.Background(), Query{Wager: w, House: h, Rounds: int64(max(b.N, 1)), Seed: 1}, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(res.Rounds)/b.Elapsed().Seconds(), "rounds/s")
}

func BenchmarkSimulateUTH(b *testing.B)    { benchSim(b, "uth") }
func BenchmarkSimulateThrill(b *testing.B) { benchSim(b, "thrill") }
func BenchmarkSimulateOracle(b *testing.B) { benchSim(b, "oracle") }
func BenchmarkSimulateLunar(b *testing.B)  { benchSim(b, "lunar") }

// BenchmarkCountSupers is the exact count behind every Lunar Super table.
func BenchmarkCountSupers(b *testing.B) {
	for b.Loop() {
		if _, err := countSupers(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

// benchTally times one exact count of sp with the default Tallier (every
// exact wager's cost the first time it is asked; later askers get the cache).
func benchTally(b *testing.B, sp Space) {
	for b.Loop() {
		if _, err := defaultTally(context.Background(), sp, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(sp.Hands())*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkTallyStandard5 counts all 2,598,960 five-card hands (Instant Cash).
func BenchmarkTallyStandard5(b *testing.B) { benchTally(b, Standard5) }

// BenchmarkTallyStandard7 counts all 133,784,560 seven-card hands (UTH Trips, the Blind).
func BenchmarkTallyStandard7(b *testing.B) { benchTally(b, Standard7) }

// BenchmarkTallyThrill7 counts all 154,143,080 seven-card hands of 53 (7 Card Thrill).
func BenchmarkTallyThrill7(b *testing.B) { benchTally(b, Thrill7(poker.Thrill)) }

// BenchmarkWhatIf prices a Trips table from the cached count: the review
// page's answer to a changed row.
func BenchmarkWhatIf(b *testing.B) {
	h := defaultHouse(b)
	c := NewCalculator()
	q := Query{Wager: wager(b, "uth", "trips"), House: h}
	if _, err := c.Compute(context.Background(), q, nil); err != nil {
		b.Fatal(err)
	}
	pt, err := WithRow(h.UTH.Trips, "flush", games.Odds{Win: 7, Per: 1})
	if err != nil {
		b.Fatal(err)
	}
	q.Table = &pt
	for b.Loop() {
		if _, err := c.Compute(context.Background(), q, nil); err != nil {
			b.Fatal(err)
		}
	}
}
