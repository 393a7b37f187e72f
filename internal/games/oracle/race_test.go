//go:build race

package oracle_test

// raceEnabled shortens the random-round loops under the race detector, which
// slows them tenfold; the plain go test runs them in full.
const raceEnabled = true
