package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/dealerkiosk/trainer/internal/sqlstore"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The statement cache. Every query the store runs is one of a few dozen
// fixed texts, and under load SQLite spent a third of the kiosk's time
// compiling them again on each call (BenchmarkKioskLoad's profile): the
// database/sql driver prepares and finalizes a statement per call. The store
// keeps each text prepared instead, per pool of connections (the writer and
// the readers), and a Tx runs them through Tx.StmtContext, which reuses the
// statement prepared on the transaction's connection (or prepares it there
// once).
//
// A statement cannot be prepared while a transaction holds the writer's
// only connection (DB.PrepareContext would wait for it forever), so a Tx
// runs a text it has no statement for the plain way and notes it; the
// statements are prepared once the transaction has ended and given its
// connection back.

// maxCachedStmts bounds the cache; the store has fewer distinct texts. Past
// it, further texts simply run unprepared.
const maxCachedStmts = 256

type stmtCache struct {
	mu    sync.RWMutex
	stmts map[string]*sql.Stmt
}

// get returns the prepared statement of query, or nil.
func (c *stmtCache) get(query string) *sql.Stmt {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.stmts[query]
}

// prepare prepares the statements of queries not in the cache yet. It needs
// a free connection: call it only with no transaction open on this
// goroutine. A text that fails to prepare (one the database cannot compile
// as a single statement) stays unprepared.
func (c *stmtCache) prepare(ctx context.Context, sdb *sql.DB, queries []string) {
	for _, q := range queries {
		if c.get(q) != nil {
			continue
		}
		st, err := sdb.PrepareContext(context.WithoutCancel(ctx), q)
		if err != nil {
			continue
		}
		c.mu.Lock()
		if c.stmts == nil {
			c.stmts = map[string]*sql.Stmt{}
		}
		if _, ok := c.stmts[q]; ok || len(c.stmts) >= maxCachedStmts {
			st.Close()
		} else {
			c.stmts[q] = st
		}
		c.mu.Unlock()
	}
}

// close closes every cached statement.
func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, st := range c.stmts {
		st.Close()
	}
	c.stmts = nil
}

// cacheable reports whether query may be kept prepared: one statement only
// (a prepared text runs only its first statement; migrations hold many).
func cacheable(query string) bool {
	return !strings.Contains(strings.TrimRight(strings.TrimSpace(query), ";"), ";")
}

// conn is a transaction on one of the store's pools (sqlstore.Conn). Its
// ExecContext, QueryContext and QueryRowContext run the store's statements
// prepared once, with the times written as SQLite keeps them (params).
type conn struct {
	*sql.Tx
	db  *DB
	ctx context.Context
	// pool and stmts are the connections the transaction runs on and
	// their prepared statements.
	pool  *sql.DB
	stmts *stmtCache
	// writing is the DB's write lock for a write transaction, until it
	// ends; nil for a read-only one.
	writing *sync.Mutex
	// unprepared are the texts run without a prepared statement, to be
	// prepared once the transaction ends.
	unprepared []string
	// head is the audit head to write down once the transaction commits
	// (the last entry it appended).
	head *trainer.AuditHead
}

// txConn is the SQLite transaction under tx.
func txConn(tx *Tx) *conn { return tx.Conn().(*conn) }

// ExecContext runs query in the transaction, through its cached statement
// when there is one.
func (c *conn) ExecContext(ctx context.Context, query string, args ...any) (sqlstore.Result, error) {
	if st := c.stmt(ctx, query); st != nil {
		return st.ExecContext(ctx, params(args)...)
	}
	return c.Tx.ExecContext(ctx, query, params(args)...)
}

// QueryContext runs query in the transaction, through its cached statement
// when there is one.
func (c *conn) QueryContext(ctx context.Context, query string, args ...any) (sqlstore.Rows, error) {
	var rows *sql.Rows
	var err error
	if st := c.stmt(ctx, query); st != nil {
		rows, err = st.QueryContext(ctx, params(args)...)
	} else {
		rows, err = c.Tx.QueryContext(ctx, query, params(args)...)
	}
	if err != nil {
		return nil, err
	}
	return rows, nil
}

// QueryRowContext runs query in the transaction, through its cached
// statement when there is one.
func (c *conn) QueryRowContext(ctx context.Context, query string, args ...any) sqlstore.Row {
	if st := c.stmt(ctx, query); st != nil {
		return st.QueryRowContext(ctx, params(args)...)
	}
	return c.Tx.QueryRowContext(ctx, query, params(args)...)
}

// params gives the arguments as SQLite keeps them: times as text in UTC
// (sqlstore.TimeLayout), which sorts as the times do.
func params(args []any) []any {
	out, copied := args, false
	for i, a := range args {
		t, ok := a.(time.Time)
		if !ok {
			continue
		}
		if !copied {
			out, copied = append([]any(nil), args...), true
		}
		out[i] = t.UTC().Format(sqlstore.TimeLayout)
	}
	return out
}

// stmt returns query's cached statement bound to the transaction, or nil
// after noting query to be prepared when the transaction ends.
func (c *conn) stmt(ctx context.Context, query string) *sql.Stmt {
	if st := c.stmts.get(query); st != nil {
		return c.Tx.StmtContext(ctx, st)
	}
	if cacheable(query) {
		c.unprepared = append(c.unprepared, query)
	}
	return nil
}

// Defer runs query now in a write transaction (in-process, there is no
// round trip to save); a read-only one takes none.
func (c *conn) Defer(query string, args ...any) bool {
	if c.writing == nil {
		return false
	}
	_, err := c.ExecContext(c.ctx, query, args...)
	return err == nil
}

// Start does nothing: BEGIN IMMEDIATE took the write lock at Begin.
func (c *conn) Start() error { return nil }

// CommitAfter runs stmts in turn, scans each row into its Dest and
// commits; a statement that fails rolls the transaction back.
func (c *conn) CommitAfter(ctx context.Context, stmts []*sqlstore.Stmt) error {
	for _, st := range stmts {
		err := c.QueryRowContext(ctx, st.Query, st.Args...).Scan(st.Dest...)
		st.NoRow = errors.Is(err, sql.ErrNoRows)
		if err != nil && !st.NoRow {
			c.Tx.Rollback()
			return err
		}
	}
	return c.Tx.Commit()
}

// End runs once the transaction is over. A write transaction that
// appended audit entries and committed writes the audit head down before it
// releases the lock, so heads are written in the order of the entries
// (audit_key.go). Then the statements it ran without one are prepared.
func (c *conn) End(committed bool) {
	if c.writing != nil {
		if committed && c.head != nil && c.db.audit != nil {
			// The change is committed whatever happens to its head: a
			// head left behind is caught up at the next start. The
			// failure is reported by /healthz.
			if herr := c.db.writeHead(*c.head); herr != nil {
				c.db.noteHeadFailure(herr)
			}
		}
		c.writing.Unlock()
		c.writing = nil
	}
	if len(c.unprepared) > 0 {
		qs := c.unprepared
		c.unprepared = nil
		c.stmts.prepare(c.ctx, c.pool, qs)
	}
}

// SQLTx is the database/sql transaction under tx, for a caller that reads
// the kiosk's rows itself (trainer migrate copies a school from it).
func SQLTx(tx *Tx) *sql.Tx { return txConn(tx).Tx }
