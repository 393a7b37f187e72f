//go:build race

package uth_test

// raceEnabled shortens the long property loops under the race detector.
const raceEnabled = true
