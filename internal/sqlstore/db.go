package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// DB runs the statements of every service of trainer.Store on one database,
// through the Dialect of the store that embeds it (internal/sqlite,
// internal/postgres). Now is the clock every transaction reads its time
// from; tests replace it to move time without sleeping.
type DB struct {
	d   Dialect
	Now func() time.Time
	// kiosk is a kiosk on its own (SQLite), which has managers and no
	// group director.
	kiosk bool
	// health is the outcome of the last write (health.go).
	health writeHealth
	// sessions are the sessions read in the last second (session_cache.go).
	sessions sessionCache
}

// New returns the statements of a store that runs them through d. A kiosk
// on its own (kiosk) refuses the group's roles.
func New(d Dialect, kiosk bool) *DB { return &DB{d: d, Now: time.Now, kiosk: kiosk} }

// TxKind is the kind of a transaction, which says what it locks.
type TxKind int

const (
	// ReadTx reads one state of the database and writes nothing.
	ReadTx TxKind = iota
	// ReadEachTx writes nothing, and each of its statements reads the
	// state of the database as it runs (READ COMMITTED): for a read of one
	// statement, which needs no snapshot of its own (PostgreSQL then sends
	// no BEGIN).
	ReadEachTx
	// WriteTx takes the write lock: write transactions take turns, so one
	// that reads then writes (count the sign-in attempts, then reserve one)
	// sees every write committed before it and none during it.
	WriteTx
	// UserTx reads and writes one user's rows only (their practice
	// session, its questions and answers, their tablet session): a store
	// may run different users' side by side, one user's taking turns, and
	// every WriteTx still alone.
	UserTx
	// WriteEachTx is a write of one statement that decides nothing from
	// what it reads (a tablet session's last-seen time): it takes no lock
	// but its row's, and PostgreSQL sends no BEGIN (writeOne).
	WriteEachTx
)

// Dialect is what a store does its own way: how its transactions begin and
// run (Conn), what its errors mean, and how it chains the audit log. The
// statements stay one text, with ? placeholders, for both.
type Dialect interface {
	// Begin starts a transaction of kind; userID is the user of a UserTx.
	// The Conn numbers the placeholders and converts the arguments (times,
	// flags) as its database takes them.
	Begin(ctx context.Context, kind TxKind, userID int64) (Conn, error)
	// IsUnique reports whether err is a UNIQUE or PRIMARY KEY violation.
	IsUnique(err error) bool
	// IsWriteFailure reports whether err says that the database cannot be
	// written (a full disk, the server gone), for /healthz; a refused
	// constraint is not one.
	IsWriteFailure(err error) bool
	// Trouble says in words why a write failed with err (/healthz).
	Trouble(err error) trainer.Trouble
	// AppendAudit numbers e, hashes it onto the head of the chain and
	// writes it (InsertAuditEntry), in tx: the change it records and the
	// entry commit together or not at all.
	AppendAudit(ctx context.Context, tx *Tx, e *trainer.AuditEntry) error
	// AuditKey is the key the audit entries are checked with, or nil.
	AuditKey() []byte
}

// BeginTx starts a transaction: with opts.ReadOnly, a read transaction on
// one state of the database (ReadTx), or, at sql.LevelReadCommitted, whose
// statements each read the state as they run (ReadEachTx: readOne);
// otherwise a write transaction (WriteTx), or, at sql.LevelReadCommitted, a
// write of one statement that takes no lock (WriteEachTx: writeOne).
func (db *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) {
	switch {
	case opts == nil:
	case opts.ReadOnly && opts.Isolation == sql.LevelReadCommitted:
		return db.begin(ctx, ReadEachTx, 0)
	case opts.ReadOnly:
		return db.begin(ctx, ReadTx, 0)
	case opts.Isolation == sql.LevelReadCommitted:
		return db.begin(ctx, WriteEachTx, 0)
	}
	return db.begin(ctx, WriteTx, 0)
}

// readOne and writeOne are the options of a read of one statement
// (ReadEachTx) and of a write of one statement that needs no lock
// (WriteEachTx).
var (
	readOne  = &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelReadCommitted}
	writeOne = &sql.TxOptions{Isolation: sql.LevelReadCommitted}
)

// BeginUserTx starts a write transaction that reads and writes nothing but
// user userID's rows, and rows only BeginTx's writers change (UserTx).
func (db *DB) BeginUserTx(ctx context.Context, userID int64) (*Tx, error) {
	return db.begin(ctx, UserTx, userID)
}

func (db *DB) begin(ctx context.Context, kind TxKind, userID int64) (*Tx, error) {
	c, err := db.d.Begin(ctx, kind, userID)
	if err != nil {
		return nil, fmt.Errorf("begin: %w", err)
	}
	tx := &Tx{conn: c, db: db, kind: kind, write: kind != ReadTx && kind != ReadEachTx}
	tx.carryTouch(ctx)
	return tx, nil
}

// Clock is the time the next transaction records: DB.Now, for the server,
// which holds the store by its interface.
func (db *DB) Clock() time.Time { return db.Now() }

// The store implements every service the server asks of it but the few
// each store does its own way.
var _ interface {
	trainer.UserService
	trainer.SigninService
	trainer.SessionService
	trainer.PracticeService
	trainer.ExamService
	trainer.CertService
	trainer.RulesService
	trainer.SettingsService
	trainer.SiteService
	trainer.SiteTableTestService
	trainer.ClassService
	trainer.RecordsService
} = (*DB)(nil)
