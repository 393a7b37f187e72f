//go:build race

package solver

// raceEnabled skips the longest exhaustive tests under the race detector.
const raceEnabled = true
