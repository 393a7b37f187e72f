package sqlite

import (
	"context"
	"database/sql"
	"strings"
	"sync"
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

// ExecContext runs query in the transaction, through its cached statement
// when there is one.
func (tx *Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	var res sql.Result
	var err error
	if st := tx.stmt(ctx, query); st != nil {
		res, err = st.ExecContext(ctx, args...)
	} else {
		res, err = tx.Tx.ExecContext(ctx, query, args...)
	}
	if tx.writing != nil {
		if err != nil {
			tx.db.noteWrite(err) // kept only if it says the file cannot be written
		} else {
			tx.wrote = true
		}
	}
	return res, err
}

// QueryContext runs query in the transaction, through its cached statement
// when there is one.
func (tx *Tx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := tx.stmt(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return tx.Tx.QueryContext(ctx, query, args...)
}

// QueryRowContext runs query in the transaction, through its cached
// statement when there is one. Write with ExecContext, not with an
// INSERT … RETURNING here: ExecContext notes a write's failure for the
// store's health (health.go); the error of a row is only seen by Scan.
func (tx *Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := tx.stmt(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return tx.Tx.QueryRowContext(ctx, query, args...)
}

// stmt returns query's cached statement bound to tx, or nil after noting
// query to be prepared when tx ends.
func (tx *Tx) stmt(ctx context.Context, query string) *sql.Stmt {
	if st := tx.stmts.get(query); st != nil {
		return tx.Tx.StmtContext(ctx, st)
	}
	if cacheable(query) {
		tx.unprepared = append(tx.unprepared, query)
	}
	return nil
}

// Commit commits the transaction and releases the write lock, then
// prepares the statements it ran without one. A write transaction that
// appended audit entries writes the audit head down after its commit and
// before it releases the lock, so heads are written in the order of the
// entries (audit_key.go).
func (tx *Tx) Commit() error {
	err := tx.Tx.Commit()
	if tx.writing != nil {
		switch {
		case err != nil:
			tx.db.noteWrite(err)
		case tx.wrote:
			tx.db.noteWrite(nil)
		}
		if err == nil && tx.head != nil && tx.db.audit != nil {
			// The change is committed whatever happens to its head: a
			// head left behind is caught up at the next start. The
			// failure is reported by /healthz.
			if herr := tx.db.writeHead(*tx.head); herr != nil {
				tx.db.noteHeadFailure(herr)
			}
		}
	}
	tx.end()
	return err
}

// Rollback rolls the transaction back (a no-op after Commit) and releases
// the write lock, then prepares the statements it ran without one.
func (tx *Tx) Rollback() error {
	err := tx.Tx.Rollback()
	tx.end()
	return err
}

// end runs once the transaction is over, from Commit or Rollback, which
// every transaction calls (defer tx.Rollback()).
func (tx *Tx) end() {
	if tx.writing != nil {
		tx.writing.Unlock()
		tx.writing = nil
	}
	tx.prepareUnprepared()
}

func (tx *Tx) prepareUnprepared() {
	if len(tx.unprepared) == 0 {
		return
	}
	qs := tx.unprepared
	tx.unprepared = nil
	tx.stmts.prepare(tx.ctx, tx.pool, qs)
}
