//go:build !race

package drills_test

// raceEnabled shortens the many-seed tests under -race; they run in full in
// the plain `go test ./...`.
const raceEnabled = false
