package sqlstore

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Whether the kiosk can write its database (docs/hardening.md, "A database
// the kiosk cannot write is not healthy").
//
// A kiosk that can read but not write its database looks alive: pages open,
// and every sign-in, answer and sign-off fails. Two things tell it: the last
// write the process tried (a failure is kept until a later write succeeds),
// and a probe each store makes its own way (ProbeWrite).

// writeHealth is the outcome of the process's last write.
type writeHealth struct {
	mu  sync.Mutex
	err error // the last write's failure, nil after a write that succeeded
	at  time.Time
}

// WriteError is the failure of the last write to the database, or nil if
// the last write succeeded (or none was tried). Only failures that say the
// database cannot be written count (Dialect.IsWriteFailure): a full disk, a
// read-only file or standby, an I/O error, the server gone, a lock held past
// the busy timeout, SQLite's audit head file that could not be written. A
// refused constraint is not one.
type WriteError struct {
	At  time.Time
	Err error
	T   trainer.Trouble // what Err means, in words (Dialect.Trouble)
}

// Trouble says in words why the database cannot be written.
func (e *WriteError) Trouble() trainer.Trouble { return e.T }

func (e *WriteError) Error() string {
	s, _, _ := strings.Cut(e.Err.Error(), "\n")
	return fmt.Sprintf("the last write to the database failed at %s: %s", e.At.UTC().Format(time.RFC3339), s)
}

func (e *WriteError) Unwrap() error { return e.Err }

// LastWriteError returns the failure of the last write, or nil.
func (db *DB) LastWriteError() error {
	db.health.mu.Lock()
	defer db.health.mu.Unlock()
	if db.health.err == nil {
		return nil
	}
	return &WriteError{At: db.health.at, Err: db.health.err, T: db.d.Trouble(db.health.err)}
}

// NoteWrite records the outcome of a write: a failure that means the
// database cannot be written is kept; nil (a write that succeeded) clears it.
// Other errors (a constraint, a cancelled request) change nothing.
func (db *DB) NoteWrite(err error) {
	if err != nil && !db.d.IsWriteFailure(err) {
		return
	}
	db.SetWriteError(err)
}

// SetWriteError keeps err as the last write's failure, whatever it is (nil
// clears it): a store's own writes beside the database (SQLite's audit head
// file) are failures of the kiosk's writing.
func (db *DB) SetWriteError(err error) {
	db.health.mu.Lock()
	defer db.health.mu.Unlock()
	db.health.err, db.health.at = err, time.Now()
}

// ForgetWriteError clears the failure kept, when forget says it may go.
func (db *DB) ForgetWriteError(forget func(error) bool) {
	db.health.mu.Lock()
	defer db.health.mu.Unlock()
	if db.health.err != nil && forget(db.health.err) {
		db.health.err = nil
	}
}
