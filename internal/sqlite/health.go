package sqlite

import (
	"context"
	"errors"
	"fmt"

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
	db.SetWriteError(fmt.Errorf("write the audit head: %w", err))
}

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

// probeBytes is the size of the probe's blob: four pages of 4 KiB, room for
// a few more answers. On a database that cannot grow the insert fails
// (SQLITE_FULL); pages free inside the file are used first, as a real write
// would use them.
const probeBytes = 16 << 10

// ProbeWrite checks that the database can be written now: it takes the
// write lock, inserts a blob that needs fresh pages, and rolls back, so
// nothing is written to the file (the pages never leave SQLite's cache). It
// takes about as long as a small write transaction; /healthz runs it at most
// every few seconds. Returns an error naming the file and the reason.
func (db *DB) ProbeWrite(ctx context.Context) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("the database %s cannot be written: %s", db.path, firstLine(err))
	}
	defer tx.Rollback()
	// Around the store's health: the probe's failure is the probe's to
	// report, not a write's to keep.
	if _, err := txConn(tx).Tx.ExecContext(ctx, `INSERT INTO health_probe (filler) VALUES (zeroblob(?))`, probeBytes); err != nil {
		return fmt.Errorf("the database %s cannot be written: %s", db.path, firstLine(err))
	}
	return nil
}
