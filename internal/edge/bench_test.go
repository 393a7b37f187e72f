package edge

import (
	"context"
	"testing"
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

// BenchmarkTallyStandard5 counts all 2,598,960 five-card hands.
func BenchmarkTallyStandard5(b *testing.B) {
	for b.Loop() {
		if _, err := defaultTally(context.Background(), Standard5, nil); err != nil {
			b.Fatal(err)
		}
	}
}
