//go:build race

package stafftest

// raceEnabled lightens the browser tests under -race: the pages are the
// same, the race detector makes the server several times slower.
const raceEnabled = true
