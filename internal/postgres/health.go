package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/jackc/pgx/v5/pgconn"
)

// Whether the kiosk can write its database, as SQLite's store says it
// (docs/hardening.md): the last write the process tried (a failure is kept
// until a later write succeeds), and a probe that takes the write lock and
// inserts a row it rolls back.

// isWriteFailure reports whether err says the database cannot be written:
// no answer from the server, or an SQLSTATE of class 08 (connection), 53
// (insufficient resources: disk full, out of memory, too many connections),
// 57 (operator intervention: shutdown) or 58 (system error: I/O), or 25006
// (a read-only transaction: a standby, or default_transaction_read_only).
func isWriteFailure(err error) bool {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return pgconn.SafeToRetry(err) || pgconn.Timeout(err) || isNetError(err)
	}
	switch pe.Code[:2] {
	case "08", "53", "57", "58":
		return true
	}
	return pe.Code == "25006"
}

// isNetError reports whether err is the connection's, not the statement's.
func isNetError(err error) bool {
	var ce *pgconn.ConnectError
	return errors.As(err, &ce) || strings.Contains(err.Error(), "conn closed") || strings.Contains(err.Error(), "connection refused")
}

// ProbeError is a write probe that failed: the database cannot be written
// now. Name is the database and its server, for the log.
type ProbeError struct {
	Name string
	Err  error
}

func (e *ProbeError) Error() string {
	return fmt.Sprintf("the database %s cannot be written: %s", e.Name, firstLine(e.Err))
}

func (e *ProbeError) Unwrap() error            { return e.Err }
func (e *ProbeError) Trouble() trainer.Trouble { return writeTrouble(e.Err) }

// writeTrouble is troubleOf for a write that failed: at least, the
// database cannot be written.
func writeTrouble(err error) trainer.Trouble {
	if t := troubleOf(err); t != trainer.TroubleUnknown {
		return t
	}
	return trainer.TroubleNoWrite
}

// troubleOf says in words what the server's (or the network's) error err
// means for the kiosk: the server gone or out of reach, its disk full, a
// read-only standby, a failed disk.
func troubleOf(err error) trainer.Trouble {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		if isNetError(err) || pgconn.Timeout(err) || pgconn.SafeToRetry(err) {
			return trainer.TroubleNoAnswer
		}
		return trainer.TroubleUnknown
	}
	switch {
	case pe.Code == "53100": // disk_full
		return trainer.TroubleFull
	case pe.Code == "25006": // read_only_sql_transaction
		return trainer.TroubleReadOnly
	case pe.Code[:2] == "58":
		return trainer.TroubleDisk
	case pe.Code[:2] == "08", pe.Code[:2] == "57":
		return trainer.TroubleNoAnswer
	case pe.Code[:2] == "55", pe.Code == "40P01":
		return trainer.TroubleBusy
	}
	return trainer.TroubleUnknown
}

// ProbeWrite checks that the database can be written now: it takes the
// write lock, inserts a row and rolls back. Returns a *ProbeError naming
// the database and the reason.
func (db *DB) ProbeWrite(ctx context.Context) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return &ProbeError{Name: db.url, Err: err}
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO health_probe (filler) VALUES (?)`, []byte("probe")); err != nil {
		return &ProbeError{Name: db.url, Err: err}
	}
	db.forgetLostConnection()
	return nil
}

// forgetLostConnection clears a kept write failure that said the server was
// gone or out of reach, once a probe has written through a new connection:
// the server is back, and the process recovers without a write of its own
// first (a kiosk nobody uses while /healthz says it is down would otherwise
// stay down). A failure of another kind (a full disk, a read-only standby)
// stays until a real write succeeds.
func (db *DB) forgetLostConnection() { db.ForgetWriteError(isLostConnection) }

// isLostConnection reports whether err says the connection to the server
// failed or was cut: no answer, or SQLSTATE class 08 or 57 (a shutdown).
func isLostConnection(err error) bool {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return true // isWriteFailure kept it: the network's, not the server's
	}
	switch pe.Code[:2] {
	case "08", "57":
		return true
	}
	return false
}
