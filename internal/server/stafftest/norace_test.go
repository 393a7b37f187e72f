//go:build !race

package stafftest

const raceEnabled = false
