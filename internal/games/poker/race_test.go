//go:build race

package poker

// raceEnabled is set under -race, where the exhaustive seven-card checks
// (hundreds of millions of hands) are skipped; they run in the plain go test.
const raceEnabled = true
