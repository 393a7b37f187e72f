//go:build race

package thrill_test

// raceEnabled shortens the long random-round test under -race.
const raceEnabled = true
