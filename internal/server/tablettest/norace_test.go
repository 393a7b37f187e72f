//go:build !race

package tablettest_test

// raceEnabled makes the browser tests lighter under -race (fewer levels and
// sizes); they run in full in the plain `go test ./...`.
const raceEnabled = false
