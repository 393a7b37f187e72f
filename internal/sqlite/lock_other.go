//go:build !(linux || darwin || freebsd || openbsd || netbsd || dragonfly)

package sqlite

import "os"

// lockExclusive does nothing where flock(2) is missing (Windows): there,
// nothing stops a second kiosk on the same file, as the README says.
func lockExclusive(f *os.File) error { return nil }

func fileID(f *os.File) (string, uint64, bool) { return "", 0, false }
