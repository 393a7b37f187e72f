//go:build race

package browsertest

// raceEnabled is set when the test binary runs under the race detector.
const raceEnabled = true
