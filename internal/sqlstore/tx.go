package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Conn is one transaction as a store runs it: SQLite's through
// database/sql, PostgreSQL's on pgx's own connection.
type Conn interface {
	ExecContext(ctx context.Context, query string, args ...any) (Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) Row
	Commit() error
	Rollback() error
	// CommitAfter runs the transaction's last statements in turn, each
	// row scanned into its Dest, and commits, in one round trip where the
	// database takes them together (PostgreSQL). A statement that fails
	// rolls the transaction back; one that returns no row is marked NoRow,
	// and the next statements run.
	CommitAfter(ctx context.Context, stmts []*Stmt) error
	// Defer sends query with the transaction's first statement, in its
	// round trip on PostgreSQL, or runs it now (SQLite), and reports
	// whether it did: a read-only connection takes no write (SQLite's
	// reads, PostgreSQL's read transactions of several statements). Its
	// failure is the first statement's.
	Defer(query string, args ...any) bool
	// Start makes the transaction hold its locks now, before its time is
	// read, when no statement has taken them yet (PostgreSQL sends a write
	// transaction's BEGIN with its first statement).
	Start() error
	// End runs once, after Commit or Rollback: committed says whether the
	// transaction committed. The store releases what the transaction held
	// and does what follows a commit (SQLite writes the audit head).
	End(committed bool)
}

// Stmt is a statement sent with the COMMIT (Conn.CommitAfter), its row
// scanned into Dest.
type Stmt struct {
	Query string
	Args  []any
	Dest  []any
	// NoRow is set when the statement returned no row (Dest is untouched).
	NoRow bool
}

// Rows are the rows of a query, read as database/sql's are (*sql.Rows is
// one): a time column scans into storedTime, a 0/1 flag into a bool, and no
// rows is sql.ErrNoRows.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close() error
}

// Row is the first row of a query (*sql.Row is one).
type Row interface{ Scan(dest ...any) error }

// Result is what a statement that writes changed (sql.Result is one).
type Result interface{ RowsAffected() (int64, error) }

// Tx is a transaction that carries the time it began, so every row it writes
// has the same timestamp and tests control it through DB.Now. Its statements
// are written with ? placeholders; a write's failure is kept for the store's
// health (health.go).
type Tx struct {
	conn Conn
	db   *DB
	// at is the transaction's time, read at its first use (Now), once
	// the transaction holds its locks. Read it only through Now: it is
	// not named now so that code written for main's Tx, whose now field
	// was set at BEGIN, fails to build here instead of reading a zero time.
	at     time.Time
	atRead bool
	kind   TxKind
	write  bool
	wrote  bool
	ended  bool
	// ran says a statement was sent; touch is the request's session touch
	// this transaction carries (session_touch.go), taken from touchFrom.
	ran       bool
	touch     *pendingTouch
	touchFrom *pendingTouch
}

// Now is the transaction's time: every row it writes carries it. It is read
// at its first use, once the transaction holds its locks (Conn.Start), so
// that the times of successive writes never go backwards. A failure to take
// the locks is the next statement's to report.
func (tx *Tx) Now() time.Time {
	if !tx.atRead {
		tx.conn.Start()
		tx.at, tx.atRead = tx.db.Now().UTC(), true
	}
	return tx.at
}

// nowUnlocked is Now read without waiting for the transaction's locks: for
// a write of one statement sent with its locks and COMMIT in one round trip
// (ServeAttempt), whose time is the request's, as an answer's is.
func (tx *Tx) nowUnlocked() time.Time {
	if !tx.atRead {
		tx.at, tx.atRead = tx.db.Now().UTC(), true
	}
	return tx.at
}

// AuditKey is the key the store keys and checks audit entries with, or nil.
func (tx *Tx) AuditKey() []byte { return tx.db.d.AuditKey() }

// Conn is the store's transaction under tx.
func (tx *Tx) Conn() Conn { return tx.conn }

// ExecContext runs query in the transaction.
func (tx *Tx) ExecContext(ctx context.Context, query string, args ...any) (Result, error) {
	tx.ran = true
	res, err := tx.conn.ExecContext(ctx, query, args...)
	tx.noteWrite(err)
	return res, err
}

// QueryContext runs query in the transaction.
func (tx *Tx) QueryContext(ctx context.Context, query string, args ...any) (Rows, error) {
	tx.ran = true
	return tx.conn.QueryContext(ctx, query, args...)
}

// QueryRowContext runs query in the transaction. Write with ExecContext or
// Insert, not here: they note a write's failure for the store's health.
func (tx *Tx) QueryRowContext(ctx context.Context, query string, args ...any) Row {
	tx.ran = true
	return tx.conn.QueryRowContext(ctx, query, args...)
}

// Insert runs an INSERT (query, without RETURNING) and returns the id of
// the row it made: both databases return it with RETURNING id.
func (tx *Tx) Insert(ctx context.Context, query string, args ...any) (int64, error) {
	var id int64
	err := tx.writeRow(ctx, query+` RETURNING id`, args...).Scan(&id)
	return id, err
}

// writeRow runs a statement that writes and returns what it wrote
// (… RETURNING), in one round trip; its failure is noted as an Exec's. No
// rows is sql.ErrNoRows: it wrote nothing.
func (tx *Tx) writeRow(ctx context.Context, query string, args ...any) Row {
	tx.ran = true
	return writtenRow{tx, tx.conn.QueryRowContext(ctx, query, args...)}
}

type writtenRow struct {
	tx *Tx
	r  Row
}

func (r writtenRow) Scan(dest ...any) error {
	err := r.r.Scan(dest...)
	if !errors.Is(err, sql.ErrNoRows) {
		r.tx.noteWrite(err)
	}
	return err
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

// commitAfter runs stmts, the transaction's last statements, each row
// scanned into its Dest, and commits (Conn.CommitAfter): one round trip on
// PostgreSQL for what takes one a statement and one more. writes says the
// first statement writes (… RETURNING): when it returns its row, it wrote,
// which the store's health notes as an Exec's write.
func (tx *Tx) commitAfter(ctx context.Context, writes bool, stmts ...*Stmt) error {
	tx.ran = true
	err := tx.conn.CommitAfter(ctx, stmts)
	if tx.write {
		switch {
		case err != nil:
			tx.db.NoteWrite(err)
		case writes && !stmts[0].NoRow || tx.wrote:
			tx.db.NoteWrite(nil)
		}
	}
	tx.end(err == nil)
	return err
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
		tx.touchEnded(committed)
		if committed && tx.kind == WriteTx {
			// Users, settings and sign-outs are written under the write
			// lock: the sessions this process keeps may be out of date.
			tx.db.sessions.changed()
		}
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
