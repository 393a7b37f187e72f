//go:build race

package server_test

// raceEnabled is set when the test binary runs under the race detector.
const raceEnabled = true
