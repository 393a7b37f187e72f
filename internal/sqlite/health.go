package sqlite

import (
	"context"
	"errors"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Whether the kiosk can write its database (docs/hardening.md, "A database
// the kiosk cannot write is not healthy").
//
// A kiosk that can read but not write its file looks alive: pages open, and
// every sign-in, answer and sign-off fails. Two things tell it: the last
// write the kiosk tried (a failure is kept until a later write succeeds),
// and a probe that asks SQLite for the write lock and fresh pages without
// leaving anything behind.

// noteHeadFailure records that the audit head file could not be written
// after a commit: the change is stored, but the kiosk is not healthy until a
// later write succeeds.
func (db *DB) noteHeadFailure(err error) {
	db.SetWriteError(&headError{err})
}

// headError is an audit head file that could not be written.
type headError struct{ err error }

func (e *headError) Error() string            { return "write the audit head: " + e.err.Error() }
func (e *headError) Unwrap() error            { return e.err }
func (e *headError) Trouble() trainer.Trouble { return trainer.TroubleHead }

// isWriteFailure reports whether err says that the database cannot be
// written, by SQLite's primary result code.
func isWriteFailure(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_FULL, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN,
		sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_PERM, sqlite3.SQLITE_BUSY:
		return true
	}
	return false
}

// ProbeError is a write probe that failed: the database at Path cannot be
// written now.
type ProbeError struct {
	Path string
	Err  error
}

func (e *ProbeError) Error() string {
	return fmt.Sprintf("the database %s cannot be written: %s", e.Path, firstLine(e.Err))
}

func (e *ProbeError) Unwrap() error            { return e.Err }
func (e *ProbeError) Trouble() trainer.Trouble { return writeTrouble(e.Err) }

// writeTrouble says in words why a write failed: what SQLite's code says,
// or at least that the database cannot be written.
func writeTrouble(err error) trainer.Trouble {
	var t interface{ Trouble() trainer.Trouble }
	if errors.As(err, &t) {
		return t.Trouble() // the audit head's
	}
	if t := troubleOf(err); t != trainer.TroubleUnknown {
		return t
	}
	return trainer.TroubleNoWrite
}

// troubleOf says in words what SQLite's error err means for the kiosk, by
// its primary result code.
func troubleOf(err error) trainer.Trouble {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return trainer.TroubleUnknown
	}
	return troubleOfCode(se.Code())
}

func troubleOfCode(code int) trainer.Trouble {
	switch code & 0xff {
	case sqlite3.SQLITE_FULL:
		return trainer.TroubleFull
	case sqlite3.SQLITE_IOERR:
		return trainer.TroubleDisk
	case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_CANTOPEN:
		return trainer.TroubleReadOnly
	case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
		return trainer.TroubleBusy
	case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
		return trainer.TroubleDamaged
	}
	return trainer.TroubleUnknown
}

// describe is err for the one line the kiosk prints when it cannot start:
// what it means in words, then SQLite's own message for whoever looks
// further ("disk I/O error (4874)" alone says nothing to an operator).
func describe(err error) string {
	var se *sqlite.Error
	if errors.As(err, &se) {
		if w := codeWords[se.Code()&0xff]; w != "" {
			return fmt.Sprintf("%s (SQLite says: %s)", w, firstLine(err))
		}
	}
	return firstLine(err)
}

// codeWords say what SQLite's primary result codes mean of the file, for
// describe.
var codeWords = map[int]string{
	sqlite3.SQLITE_FULL:     "its disk is full",
	sqlite3.SQLITE_IOERR:    "its disk failed to read or write it (a full disk does this too)",
	sqlite3.SQLITE_READONLY: "it is read-only, or the kiosk may not write to it",
	sqlite3.SQLITE_PERM:     "the kiosk may not write to it",
	sqlite3.SQLITE_CANTOPEN: "it cannot be opened (a missing directory, or no permission)",
	sqlite3.SQLITE_BUSY:     "another program holds it",
	sqlite3.SQLITE_CORRUPT:  "it is damaged",
	sqlite3.SQLITE_NOTADB:   "it is not a database",
}

// probeBytes is the size of the probe's blob: four pages of 4 KiB, room for
// a few more answers. On a database that cannot grow the insert fails
// (SQLITE_FULL); pages free inside the file are used first, as a real write
// would use them.
const probeBytes = 16 << 10

// ProbeWrite checks that the database can be written now: it takes the
// write lock, inserts a blob that needs fresh pages, and rolls back, so
// nothing is written to the file (the pages never leave SQLite's cache). It
// takes about as long as a small write transaction; /healthz runs it at most
// every few seconds. Returns a *ProbeError naming the file and the reason.
func (db *DB) ProbeWrite(ctx context.Context) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return &ProbeError{Path: db.path, Err: err}
	}
	defer tx.Rollback()
	// Around the store's health: the probe's failure is the probe's to
	// report, not a write's to keep.
	if _, err := txConn(tx).Tx.ExecContext(ctx, `INSERT INTO health_probe (filler) VALUES (zeroblob(?))`, probeBytes); err != nil {
		return &ProbeError{Path: db.path, Err: err}
	}
	return nil
}
