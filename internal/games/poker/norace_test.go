//go:build !race

package poker

const raceEnabled = false
