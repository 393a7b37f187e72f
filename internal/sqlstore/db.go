package sqlstore

import (
	"context"
	"database/sql"
	"errors"
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
}

// New returns the statements of a store that runs them through d. A kiosk
// on its own (kiosk) refuses the group's roles.
func New(d Dialect, kiosk bool) *DB { return &DB{d: d, Now: time.Now, kiosk: kiosk} }

// TxKind is the kind of a transaction, which says what it locks.
type TxKind int

const (
	// ReadTx reads one state of the database and writes nothing.
	ReadTx TxKind = iota
	// WriteTx takes the write lock: write transactions take turns, so one
	// that reads then writes (count the sign-in attempts, then reserve one)
	// sees every write committed before it and none during it.
	WriteTx
	// UserTx reads and writes one user's rows only (their practice
	// session, its questions and answers, their tablet session): a store
	// may run different users' side by side, one user's taking turns, and
	// every WriteTx still alone.
	UserTx
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

// Conn is one transaction as a store runs it.
type Conn interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	Commit() error
	Rollback() error
	// End runs once, after Commit or Rollback: committed says whether the
	// transaction committed. The store releases what the transaction held
	// and does what follows a commit (SQLite writes the audit head).
	End(committed bool)
}

// Tx is a transaction that carries the time it began, so every row it writes
// has the same timestamp and tests control it through DB.Now. Its statements
// are written with ? placeholders; a write's failure is kept for the store's
// health (health.go).
type Tx struct {
	conn  Conn
	db    *DB
	now   time.Time
	write bool
	wrote bool
	ended bool
}

// BeginTx starts a transaction: with opts.ReadOnly, a read transaction on
// one state of the database; otherwise a write transaction (WriteTx).
func (db *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) {
	if opts != nil && opts.ReadOnly {
		return db.begin(ctx, ReadTx, 0)
	}
	return db.begin(ctx, WriteTx, 0)
}

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
	// The time is read once the transaction holds its locks, so that the
	// times of successive writes never go backwards.
	return &Tx{conn: c, db: db, now: db.Now().UTC(), write: kind != ReadTx}, nil
}

// Now is the time the transaction began.
func (tx *Tx) Now() time.Time { return tx.now }

// AuditKey is the key the store keys and checks audit entries with, or nil.
func (tx *Tx) AuditKey() []byte { return tx.db.d.AuditKey() }

// Conn is the store's transaction under tx.
func (tx *Tx) Conn() Conn { return tx.conn }

// ExecContext runs query in the transaction.
func (tx *Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	res, err := tx.conn.ExecContext(ctx, query, args...)
	tx.noteWrite(err)
	return res, err
}

// QueryContext runs query in the transaction.
func (tx *Tx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return tx.conn.QueryContext(ctx, query, args...)
}

// QueryRowContext runs query in the transaction. Write with ExecContext or
// Insert, not here: they note a write's failure for the store's health.
func (tx *Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return tx.conn.QueryRowContext(ctx, query, args...)
}

// Insert runs an INSERT (query, without RETURNING) and returns the id of
// the row it made: both databases return it with RETURNING id.
func (tx *Tx) Insert(ctx context.Context, query string, args ...any) (int64, error) {
	var id int64
	err := tx.conn.QueryRowContext(ctx, query+` RETURNING id`, args...).Scan(&id)
	tx.noteWrite(err)
	return id, err
}

// noteWrite notes the outcome of a statement of a write transaction.
func (tx *Tx) noteWrite(err error) {
	switch {
	case !tx.write:
	case err != nil:
		tx.db.NoteWrite(err) // kept only if it says the database cannot be written
	default:
		tx.wrote = true
	}
}

// Commit commits the transaction and ends it.
func (tx *Tx) Commit() error {
	err := tx.conn.Commit()
	if tx.write {
		switch {
		case err != nil:
			tx.db.NoteWrite(err)
		case tx.wrote:
			tx.db.NoteWrite(nil)
		}
	}
	tx.end(err == nil)
	return err
}

// Rollback rolls the transaction back and ends it; after Commit it does
// nothing. Every transaction defers it.
func (tx *Tx) Rollback() error {
	if tx.ended {
		return sql.ErrTxDone
	}
	err := tx.conn.Rollback()
	tx.end(false)
	return err
}

func (tx *Tx) end(committed bool) {
	if !tx.ended {
		tx.ended = true
		tx.conn.End(committed)
	}
}

// translate turns the driver's errors into the domain's kinds: a UNIQUE clash
// is KindConflict and no rows is KindNotFound with notFound as its message.
// Other errors pass through unchanged (KindInternal to callers).
func (tx *Tx) translate(err error, notFound string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, sql.ErrNoRows):
		return trainer.Errorf(trainer.KindNotFound, "%s", notFound)
	case tx.db.d.IsUnique(err):
		return trainer.Errorf(trainer.KindConflict, "This already exists.")
	}
	return err
}

// Clock is the time the next transaction records: DB.Now, for the server,
// which holds the store by its interface.
func (db *DB) Clock() time.Time { return db.Now() }

// TimeLayout is how SQLite keeps a time as text: fixed-width RFC 3339 in
// UTC, to the millisecond, so that times sort as text in the same order as
// in time.
const TimeLayout = trainer.AuditTimeLayout

// formatTime is t as the stores write it: in UTC, to the millisecond (on
// SQLite, as text in TimeLayout: its Conn writes every time so).
func formatTime(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

// storedTime scans a time column as either store returns it: SQLite's text
// in TimeLayout, PostgreSQL's timestamptz; NULL is the zero time. A text
// that is not such a time scans without error and is reported by time, so
// that the caller can name the row it belongs to.
type storedTime struct {
	t   time.Time
	err error
}

// Scan implements sql.Scanner.
func (s *storedTime) Scan(src any) error {
	s.t, s.err = time.Time{}, nil
	switch v := src.(type) {
	case nil:
	case time.Time:
		s.t = v.UTC()
	case string:
		s.t, s.err = ParseTime(v)
	case []byte:
		s.t, s.err = ParseTime(string(v))
	default:
		s.err = fmt.Errorf("parse stored time: a %T", src)
	}
	return nil
}

// time is the time scanned, or why it is not one.
func (s storedTime) time() (time.Time, error) { return s.t, s.err }

// ParseTime parses a time SQLite keeps as text (TimeLayout).
func ParseTime(s string) (time.Time, error) {
	t, err := time.Parse(TimeLayout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("parse stored time %q: %w", s, err)
	}
	return t, nil
}

type scanner interface{ Scan(dest ...any) error }

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
