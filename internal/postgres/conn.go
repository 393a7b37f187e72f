package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/dealerkiosk/trainer/internal/sqlstore"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// How a transaction runs (docs/load.md, "PostgreSQL at SQLite's cost").
// Measured under TestLoad_Group, round trips set the cost of an answer on
// PostgreSQL: each one is a write and a read on both sides and a wake of
// both processes, and more than half of an answer's statements were a
// transaction's BEGIN, its advisory locks and its end. So a transaction runs
// on pgx's own connection (taken from the pool), with as few round trips as
// keep its meaning:
//
//   - A transaction sends its BEGIN (a write's with its locks) with its
//     first statement, in one round trip. A REPEATABLE READ snapshot is
//     taken at the first statement, not at BEGIN, so a read reads the same
//     state; a write's locks are taken before its first statement runs. A
//     write's time is read once its locks are held (sqlstore.Tx.Now calls
//     Start, which sends them first when no statement has yet), so the
//     times of successive writes never go backwards.
//   - A write transaction's last statement may be sent with its COMMIT
//     (sqlstore's commitAfter).
//   - A read of one statement (sqlstore.ReadEachTx) sends no BEGIN at all:
//     a statement alone reads one state. Nor does a write of one statement
//     that takes no lock (sqlstore.WriteEachTx, a session's last-seen time).
//
// Statements are prepared once per connection and kept (pgx's statement
// cache), and sent with their arguments in binary.

// Begin starts a transaction. A read-only one reads a snapshot
// (REPEATABLE READ, as a SQLite read transaction sees one state) and takes
// no lock. A write transaction holds the database's write lock until it
// ends. A user's (sqlstore.UserTx) takes the write lock shared and a lock of
// that user's alone, so that different trainees' answers run side by side
// while one trainee's still take turns, and every transaction that takes the
// write lock still runs alone.
//
// The shared lock is taken first and the user's second, so that no
// transaction holds a user's lock while it waits for the write lock (a
// writer waiting for the write lock waits for every shared holder: the other
// order could make a cycle). The user's lock is one number, the hash of the
// schema and the user's id, apart from the two-number locks.
func (d dialect) Begin(ctx context.Context, kind sqlstore.TxKind, userID int64) (sqlstore.Conn, error) {
	db := d.db
	writes := kind != sqlstore.ReadTx && kind != sqlstore.ReadEachTx
	pc, err := db.pool.Acquire(ctx)
	if err != nil {
		if writes {
			db.NoteWrite(err)
		}
		return nil, err
	}
	c := &conn{c: pc, db: db, ctx: ctx, writes: writes, snapshot: kind == sqlstore.ReadTx}
	switch kind {
	case sqlstore.ReadEachTx, sqlstore.WriteEachTx:
	case sqlstore.ReadTx:
		c.begin = []query{{sql: `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`}}
	case sqlstore.UserTx:
		// Both locks in one statement, in their order: the outer query
		// needs the materialized CTE's row before it can take the
		// user's lock, so the shared lock is always held first.
		c.begin = []query{{sql: `BEGIN`},
			{`WITH w AS MATERIALIZED (SELECT pg_advisory_xact_lock_shared($1, hashtext(current_schema())))
				SELECT pg_advisory_xact_lock(hashtextextended(current_schema() || '/user/' || $2, 0)) FROM w`,
				[]any{writeLock, strconv.FormatInt(userID, 10)}}}
	default:
		c.begin = []query{{sql: `BEGIN`},
			{`SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))`, []any{writeLock}}}
	}
	return c, nil
}

// query is a statement and its arguments.
type query struct {
	sql  string
	args []any
}

// conn is a transaction on a connection of the pool (sqlstore.Conn). Its
// statements are written with ? placeholders, as SQLite's, and numbered for
// PostgreSQL (rebind); their arguments are converted as params says.
type conn struct {
	c      *pgxpool.Conn
	db     *DB
	ctx    context.Context // the transaction's, for its end
	writes bool
	// begin are the BEGIN and the locks still to send, with the first
	// statement; open says they were sent: a transaction is open.
	begin []query
	open  bool
	// deferred are the statements to send after begin with the first
	// statement (Defer); snapshot says the transaction reads one
	// snapshot, read only, and takes none.
	deferred []query
	snapshot bool
}

// Defer sends q with the transaction's first statement, after its BEGIN and
// locks: in one round trip, and in the transaction. A read of one statement
// sends it with its statement, in the implicit transaction of their message
// (one Sync): both commit together. A read-only transaction takes none.
func (c *conn) Defer(q string, args ...any) bool {
	if c.snapshot {
		return false
	}
	c.deferred = append(c.deferred, query{rebind(q), params(args)})
	return true
}

// send sends the BEGIN still to send and the statements deferred, then qs,
// in one round trip, and returns the results of qs. A failure of the BEGIN,
// of a lock or of a deferred statement is the error of every result.
func (c *conn) send(ctx context.Context, qs ...query) (pgx.BatchResults, error) {
	b := &pgx.Batch{}
	for _, list := range [][]query{c.begin, c.deferred, qs} {
		for _, q := range list {
			b.Queue(q.sql, q.args...)
		}
	}
	n := len(c.begin) + len(c.deferred)
	c.open = c.open || len(c.begin) > 0
	c.begin, c.deferred = nil, nil
	br := c.c.SendBatch(ctx, b)
	for range n {
		if _, err := br.Exec(); err != nil {
			br.Close()
			if c.writes {
				c.db.NoteWrite(err)
			}
			return nil, err
		}
	}
	return br, nil
}

// Start sends a write transaction's BEGIN and locks when no statement has
// sent them yet.
func (c *conn) Start() error {
	if !c.writes || len(c.begin) == 0 {
		return nil
	}
	br, err := c.send(c.ctx)
	if err != nil {
		return err
	}
	return br.Close()
}

// ExecContext runs query in the transaction.
func (c *conn) ExecContext(ctx context.Context, q string, args ...any) (sqlstore.Result, error) {
	q, args = rebind(q), params(args)
	if len(c.begin) == 0 && len(c.deferred) == 0 {
		tag, err := c.c.Exec(ctx, q, args...)
		return result(tag.RowsAffected()), err
	}
	br, err := c.send(ctx, query{q, args})
	if err != nil {
		return nil, err
	}
	tag, err := br.Exec()
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	return result(tag.RowsAffected()), err
}

// QueryContext runs query in the transaction.
func (c *conn) QueryContext(ctx context.Context, q string, args ...any) (sqlstore.Rows, error) {
	q, args = rebind(q), params(args)
	if len(c.begin) == 0 && len(c.deferred) == 0 {
		r, err := c.c.Query(ctx, q, args...)
		if err != nil {
			r.Close()
			return nil, noRows(err)
		}
		return &rows{Rows: r}, nil
	}
	br, err := c.send(ctx, query{q, args})
	if err != nil {
		return nil, err
	}
	r, err := br.Query()
	if err != nil {
		r.Close()
		br.Close()
		return nil, noRows(err)
	}
	return &rows{Rows: r, br: br}, nil
}

// QueryRowContext runs query in the transaction.
func (c *conn) QueryRowContext(ctx context.Context, query string, args ...any) sqlstore.Row {
	r, err := c.QueryContext(ctx, query, args...)
	return row{r, err}
}

// CommitAfter sends stmts and COMMIT together (with the BEGIN, when they
// are the transaction's only statements): one round trip. A statement that
// fails leaves the rest and the COMMIT unrun and the transaction aborted: it
// is rolled back.
func (c *conn) CommitAfter(ctx context.Context, stmts []*sqlstore.Stmt) error {
	qs := make([]query, 0, len(stmts)+1)
	for _, st := range stmts {
		qs = append(qs, query{rebind(st.Query), params(st.Args)})
	}
	commit := c.open || len(c.begin) > 0
	if commit {
		qs = append(qs, query{sql: `COMMIT`})
	}
	br, err := c.send(ctx, qs...)
	if err != nil {
		c.Rollback()
		return err
	}
	for _, st := range stmts {
		r, err := br.Query()
		if err == nil {
			err = row{&rows{Rows: r}, nil}.Scan(st.Dest...)
		} else {
			r.Close()
		}
		st.NoRow = errors.Is(err, sql.ErrNoRows)
		if err != nil && !st.NoRow {
			br.Close()
			c.Rollback()
			return err
		}
	}
	if commit {
		tag, err := br.Exec()
		if err == nil && tag.String() == "ROLLBACK" {
			err = pgx.ErrTxCommitRollback
		}
		if err != nil {
			br.Close()
			c.Rollback()
			return err
		}
	}
	c.open = false
	return br.Close()
}

// Commit commits the transaction. A transaction that failed is rolled back
// by PostgreSQL's COMMIT: that is an error here, as pgx's Tx says it.
func (c *conn) Commit() error {
	if !c.open {
		return nil // nothing was sent: nothing to end
	}
	c.open = false
	tag, err := c.c.Exec(c.ctx, `COMMIT`)
	if err == nil && tag.String() == "ROLLBACK" {
		err = pgx.ErrTxCommitRollback
	}
	return err
}

// Rollback rolls the transaction back, even once its request is done, so
// that its connection goes back to the pool out of a transaction.
func (c *conn) Rollback() error {
	if !c.open {
		return nil
	}
	c.open = false
	ctx, cancel := context.WithTimeout(context.WithoutCancel(c.ctx), 5*time.Second)
	defer cancel()
	_, err := c.c.Exec(ctx, `ROLLBACK`)
	return err
}

// End gives the connection back to the pool, which closes it instead when
// it is broken or still in a transaction.
func (c *conn) End(bool) { c.c.Release() }

// rows are a query's rows, scanned as database/sql scans them (flags).
type rows struct {
	pgx.Rows
	// br are the results of the batch the rows came in with their BEGIN,
	// closed with them.
	br pgx.BatchResults
}

// Scan reads the row's columns into dest.
func (r *rows) Scan(dest ...any) error { return r.Rows.Scan(flags(dest)...) }

// Close closes the rows and returns the query's error, if any.
func (r *rows) Close() error {
	r.Rows.Close()
	err := noRows(r.Rows.Err())
	if r.br != nil {
		if cerr := r.br.Close(); err == nil {
			err = cerr
		}
		r.br = nil
	}
	return err
}

// row is the first row of a query.
type row struct {
	rows sqlstore.Rows
	err  error
}

// Scan reads the first row into dest: sql.ErrNoRows when there is none.
func (r row) Scan(dest ...any) error {
	if r.err != nil {
		return r.err
	}
	if !r.rows.Next() {
		if err := r.rows.Close(); err != nil {
			return err
		}
		return sql.ErrNoRows
	}
	if err := r.rows.Scan(dest...); err != nil {
		r.rows.Close()
		return err
	}
	return r.rows.Close()
}

// noRows is pgx's "no rows" as database/sql's, which the store's code
// compares with.
func noRows(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return sql.ErrNoRows
	}
	return err
}

// result is what a statement changed.
type result int64

func (r result) RowsAffected() (int64, error) { return int64(r), nil }

// flags puts a flag in place of each *bool of dest, as database/sql reads
// a 0/1 column into a bool.
func flags(dest []any) []any {
	out, copied := dest, false
	for i, d := range dest {
		b, ok := d.(*bool)
		if !ok {
			continue
		}
		if !copied {
			out, copied = append([]any(nil), dest...), true
		}
		out[i] = flag{b}
	}
	return out
}

// flag scans a SMALLINT 0 or 1 (the store's flags, as SQLite's INTEGER
// ones) or a boolean into a bool.
type flag struct{ b *bool }

func (f flag) Scan(src any) error {
	switch v := src.(type) {
	case bool:
		*f.b = v
	case int64:
		if v != 0 && v != 1 {
			return fmt.Errorf("a flag of %d: want 0 or 1", v)
		}
		*f.b = v == 1
	default:
		return fmt.Errorf("a flag of %T: want 0 or 1", src)
	}
	return nil
}
