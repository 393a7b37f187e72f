package sqlite

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// One kiosk per database file (docs/hardening.md). The per-device sign-in
// limits and the background work live in the process's memory and assume
// that one process serves a file; two kiosks on one file would each count
// half the guesses, and two kiosks reaching one file by two names (a
// symbolic or a hard link) would each keep their own write-ahead log beside
// their own name and overwrite each other's pages.
//
// So the kiosk holds an exclusive flock(2) on the database file itself for
// as long as it runs: the lock belongs to the file (its device and inode),
// whatever name it was opened by. The operating system releases it when the
// process ends, however it ends, so a killed kiosk never leaves a stale lock
// behind. flock locks are apart from the fcntl locks SQLite takes on the same
// file, so they do not get in SQLite's way; but closing any descriptor of a
// file drops the process's fcntl locks on it, so the lock is released only
// after the database is closed (Unlock's callers do so). The process's ID
// is written to a file beside the database's real name (LockPath), for the
// message that names it where the system cannot say who holds the lock.
// Commands that only read the database, or copy it (`trainer audit verify`,
// `trainer backup`), do not take it.

// LockPath is the file that names the process holding the lock of the
// database at dbPath: beside the file the path leads to, through symbolic
// links.
func LockPath(dbPath string) string {
	if real, err := filepath.EvalSymlinks(dbPath); err == nil {
		dbPath = real
	}
	return dbPath + ".lock"
}

// FileLock is a held lock on a database file.
type FileLock struct {
	f *os.File
}

// LockFile takes the exclusive lock of the database file at dbPath,
// creating the file (empty, as SQLite starts one) if it does not exist, and
// writes this process's ID into its lock file. Returns KindConflict, naming
// the database and the process holding it (when the system or the lock file
// says), when another process holds it, by this name or another.
func LockFile(dbPath string) (*FileLock, error) {
	f, err := os.OpenFile(dbPath, os.O_RDWR|os.O_CREATE, 0o644)
	if errors.Is(err, os.ErrPermission) {
		// A database the kiosk may only read: flock needs no write access
		// (the kiosk then refuses to start, saying it cannot write).
		f, err = os.Open(dbPath)
	}
	if err != nil {
		return nil, fmt.Errorf("lock the database %s: %w", dbPath, err)
	}
	if err := lockExclusive(f); err != nil {
		defer f.Close()
		if errors.Is(err, errLocked) {
			holder := ""
			if pid := lockHolder(f, dbPath); pid > 0 {
				holder = fmt.Sprintf(" (process %d)", pid)
			}
			return nil, trainer.Errorf(trainer.KindConflict,
				"Another kiosk%s is already running on the database %s: stop it first, or give this one another -db.", holder, dbPath)
		}
		return nil, fmt.Errorf("lock the database %s: %w", dbPath, err)
	}
	// The ID is for the message above; the lock itself is the flock.
	if lf, err := os.OpenFile(LockPath(dbPath), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644); err == nil {
		lf.WriteString(strconv.Itoa(os.Getpid()) + "\n")
		lf.Close()
	}
	return &FileLock{f: f}, nil
}

// lockHolder is the ID of the process that holds the flock on f: from the
// system's table of locks where there is one (Linux's /proc/locks names the
// file by device and inode, whatever its name), else from the lock file
// beside the database's real name; 0 when neither says.
func lockHolder(f *os.File, dbPath string) int {
	if dev, ino, ok := fileID(f); ok {
		if pid := procLocksHolder(dev, ino); pid > 0 {
			return pid
		}
	}
	b, err := os.ReadFile(LockPath(dbPath))
	if err != nil {
		return 0
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	return max(pid, 0)
}

// procLocksHolder reads /proc/locks for a FLOCK on the file with device
// number dev ("major:minor" in hex, as the kernel writes it) and inode ino.
func procLocksHolder(dev string, ino uint64) int {
	f, err := os.Open("/proc/locks")
	if err != nil {
		return 0
	}
	defer f.Close()
	want := dev + ":" + strconv.FormatUint(ino, 10)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// 1: FLOCK  ADVISORY  WRITE 4182 08:01:1318013 0 EOF
		fs := strings.Fields(sc.Text())
		if len(fs) >= 6 && fs[1] == "FLOCK" && fs[5] == want {
			if pid, err := strconv.Atoi(fs[4]); err == nil {
				return pid
			}
		}
	}
	return 0
}

// Unlock releases the lock; call it once the database is closed. The lock
// file stays: it only names the last holder.
func (l *FileLock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}

var errLocked = errors.New("locked by another process")
