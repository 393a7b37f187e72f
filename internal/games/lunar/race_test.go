//go:build race

package lunar_test

// raceEnabled shortens the property test's loop under the race detector,
// which makes it ~15× slower; the full loop still runs in plain go test.
const raceEnabled = true
