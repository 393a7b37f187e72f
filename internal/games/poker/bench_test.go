package poker

import (
	"math/rand/v2"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// randomHands deals n hands of k cards from deck with a fixed seed, so every
// run measures the same hands; the benchmarks cycle through them.
func randomHands(deck []cards.Card, k, n int) [][]cards.Card {
	rng := rand.New(rand.NewPCG(1, 2))
	out := make([][]cards.Card, n)
	d := append([]cards.Card(nil), deck...)
	for i := range out {
		for j := 0; j < k; j++ { // partial Fisher-Yates: the first k are a random hand
			x := j + rng.IntN(len(d)-j)
			d[j], d[x] = d[x], d[j]
		}
		out[i] = append([]cards.Card(nil), d[:k]...)
	}
	return out
}

var sink Value

// benchValue values 4,096 random hands held in one flat array (28 KB) per
// op, so the hands stay in cache and the figure is the evaluator's; too many
// for the branch predictor to learn. The figure to read is ns/hand.
func benchValue(b *testing.B, r Rules, deck []cards.Card, k int) {
	const n = 1 << 12
	flat := make([]cards.Card, 0, n*k)
	for _, h := range randomHands(deck, k, n) {
		flat = append(flat, h...)
	}
	r.tables()
	var acc Value
	for b.Loop() {
		for j := 0; j < n*k; j += k {
			acc += r.Value(flat[j : j+k : j+k])
		}
	}
	sink = acc
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/hand")
}

// BenchmarkEvaluate7 values random seven-card hands of 52 cards, one goroutine.
func BenchmarkEvaluate7(b *testing.B) { benchValue(b, Standard, cards.Deck52(), 7) }

// BenchmarkEvaluate7Joker values random seven-card hands of the 53-card deck.
func BenchmarkEvaluate7Joker(b *testing.B) { benchValue(b, Thrill, cards.Deck53(), 7) }

// BenchmarkEvaluate5 values random five-card hands of 52 cards.
func BenchmarkEvaluate5(b *testing.B) { benchValue(b, Standard, cards.Deck52(), 5) }

// BenchmarkEvaluateHand7 is Evaluate: checks, value, and the five cards shown.
func BenchmarkEvaluateHand7(b *testing.B) {
	hands := randomHands(cards.Deck53(), 7, 1<<12)
	Thrill.tables()
	i := 0
	for b.Loop() {
		sink += Thrill.Evaluate(hands[i&(1<<12-1)]).Value
		i++
	}
}

// BenchmarkReference7 values random seven-card hands with the simple
// reference evaluator of the tests (every five of seven, plain rules).
func BenchmarkReference7(b *testing.B) {
	hands := randomHands(cards.Deck52(), 7, 1<<12)
	i := 0
	var acc uint32
	for b.Loop() {
		acc += refEvaluate(Standard, hands[i&(1<<12-1)])
		i++
	}
	sink = Value(acc)
}

func benchTally(b *testing.B, r Rules, deck []cards.Card) {
	r.tables()
	for b.Loop() {
		if _, err := r.Tally(deck, 7, 2); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTally7 counts all 133,784,560 seven-card hands on two goroutines.
func BenchmarkTally7(b *testing.B) { benchTally(b, Standard, cards.Deck52()) }

// BenchmarkTally7Joker counts all 154,143,080 seven-card hands of 53 cards.
func BenchmarkTally7Joker(b *testing.B) { benchTally(b, Thrill, cards.Deck53()) }

// BenchmarkEnumerate7 is the bare enumeration the tally is measured against:
// the seven nested loops over 52 cards on two goroutines, summing card keys
// and doing nothing else.
func BenchmarkEnumerate7(b *testing.B) {
	for b.Loop() {
		var sums [2]uint64
		done := make(chan bool)
		for g := range 2 {
			go func() {
				var s uint64
				for c0 := g; c0 < 52; c0 += 2 {
					k0 := cardKey[c0]
					for c1 := c0 + 1; c1 < 52; c1++ {
						k1 := k0 + cardKey[c1]
						for c2 := c1 + 1; c2 < 52; c2++ {
							k2 := k1 + cardKey[c2]
							for c3 := c2 + 1; c3 < 52; c3++ {
								k3 := k2 + cardKey[c3]
								for c4 := c3 + 1; c4 < 52; c4++ {
									k4 := k3 + cardKey[c4]
									for c5 := c4 + 1; c5 < 52; c5++ {
										k5 := k4 + cardKey[c5]
										for c6 := c5 + 1; c6 < 52; c6++ {
											s += k5 + cardKey[c6]
										}
									}
								}
							}
						}
					}
				}
				sums[g] = s
				done <- true
			}()
		}
		<-done
		<-done
		sink = Value(sums[0] + sums[1])
	}
}
