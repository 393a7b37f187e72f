package main

import (
	"os"
	"testing"
)

var sharedDir string

// tempDirOutsideTest is a directory that lives for the whole test binary, for
// the trainer binary built once and shared by several tests.
func tempDirOutsideTest() (string, error) {
	if sharedDir != "" {
		return sharedDir, nil
	}
	d, err := os.MkdirTemp("", "trainer-bin-")
	sharedDir = d
	return d, err
}

func TestMain(m *testing.M) {
	code := m.Run()
	if sharedDir != "" {
		os.RemoveAll(sharedDir)
	}
	os.Exit(code)
}
