//go:build race

package tablettest_test

const raceEnabled = true
