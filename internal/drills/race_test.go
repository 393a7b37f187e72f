//go:build race

package drills_test

const raceEnabled = true
