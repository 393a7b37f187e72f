//go:build !race

package oracle_test

// raceEnabled shortens the random-round loops under the race detector.
const raceEnabled = false
