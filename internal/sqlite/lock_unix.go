//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package sqlite

import (
	"errors"
	"os"
	"syscall"
)

// lockExclusive takes flock(2)'s exclusive lock on f without waiting. flock
// locks belong to the open file: a second open of the same file in this
// process is refused too.
func lockExclusive(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errLocked
	}
	return err
}
