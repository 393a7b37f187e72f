package sqlite

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// One kiosk per database file (docs/hardening.md). The per-device sign-in
// limits and the background work live in the process's memory and assume
// that one process serves a file; two kiosks on one file would each count
// half the guesses. The kiosk holds an exclusive lock on a file beside the
// database (LockFile) for as long as it runs. The operating system releases
// it when the process ends, however it ends, so a killed kiosk never leaves
// a stale lock behind. Commands that only read the database, or copy it
// (`trainer audit verify`, `trainer backup`), do not take it.

// LockPath is the lock file of the database at dbPath.
func LockPath(dbPath string) string { return dbPath + ".lock" }

// FileLock is a held lock on a database file.
type FileLock struct {
	f    *os.File
	path string
}

// LockFile takes the exclusive lock of the database at dbPath, creating its
// lock file if needed, and writes this process's ID into it. Returns
// KindConflict, naming the database (and the process holding it, when its ID
// can be read), when another process holds it.
func LockFile(dbPath string) (*FileLock, error) {
	path := LockPath(dbPath)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	readOnly := false
	if errors.Is(err, os.ErrPermission) {
		// A lock file another user made: flock needs no write access,
		// only the process ID is not written.
		f, err = os.Open(path)
		readOnly = true
	}
	if err != nil {
		return nil, fmt.Errorf("lock the database %s: %w", dbPath, err)
	}
	if err := lockExclusive(f); err != nil {
		f.Close()
		if errors.Is(err, errLocked) {
			holder := ""
			if b, rerr := os.ReadFile(path); rerr == nil {
				if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); perr == nil && pid > 0 {
					holder = fmt.Sprintf(" (process %d)", pid)
				}
			}
			return nil, trainer.Errorf(trainer.KindConflict,
				"Another kiosk%s is already running on the database %s: stop it first, or give this one another -db.", holder, dbPath)
		}
		return nil, fmt.Errorf("lock the database %s: %w", dbPath, err)
	}
	// The ID is for the message above; the lock itself is the flock.
	if !readOnly && f.Truncate(0) == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &FileLock{f: f, path: path}, nil
}

// Unlock releases the lock. The lock file stays: removing it would let a
// second process lock a new file while a third still holds the old one.
func (l *FileLock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}

var errLocked = errors.New("locked by another process")
