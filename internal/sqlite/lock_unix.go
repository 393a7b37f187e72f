//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package sqlite

import (
	"errors"
	"fmt"
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

// fileID is f's device, as /proc/locks writes it ("08:01", hex), and inode.
func fileID(f *os.File) (dev string, ino uint64, ok bool) {
	st, err := f.Stat()
	if err != nil {
		return "", 0, false
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return "", 0, false
	}
	d := uint64(sys.Dev)
	// Linux's device numbers: the major in bits 8–19 and 32–43, the minor
	// in bits 0–7 and 20–31.
	major := (d>>8)&0xfff | (d>>32)&^0xfff
	minor := d&0xff | (d>>12)&^0xff
	return fmt.Sprintf("%02x:%02x", major, minor), uint64(sys.Ino), true
}
