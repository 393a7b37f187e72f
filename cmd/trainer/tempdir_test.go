package main

import (
	"os"
	"path/filepath"
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
	// The kiosks the tests start, in this process and as the built binary,
	// record the rules they validated (validated.go) in a cache of the
	// test run's own, not the user's.
	cache, err := tempDirOutsideTest()
	if err != nil {
		panic(err)
	}
	// go build, which the tests run to build the binary, finds its own
	// cache through XDG_CACHE_HOME too when GOCACHE is unset: it keeps the
	// user's, or every test run would build everything from nothing.
	if os.Getenv("GOCACHE") == "" {
		if d, err := os.UserCacheDir(); err == nil {
			os.Setenv("GOCACHE", filepath.Join(d, "go-build"))
		}
	}
	os.Setenv("XDG_CACHE_HOME", filepath.Join(cache, "cache"))
	code := m.Run()
	if sharedDir != "" {
		os.RemoveAll(sharedDir)
	}
	os.Exit(code)
}
