//go:build !race

package lunar_test

const raceEnabled = false
