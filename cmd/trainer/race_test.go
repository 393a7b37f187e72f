//go:build race

package main

// raceEnabled is true under -race, where the end-to-end tests run fewer
// rounds: the race detector slows the test's own goroutines several-fold.
const raceEnabled = true
