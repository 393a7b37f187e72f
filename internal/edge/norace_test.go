//go:build !race

package edge

// raceEnabled shortens the long loops under the race detector.
const raceEnabled = false
