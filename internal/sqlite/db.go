package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/dealerkiosk/trainer/internal/sqlstore"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// DB is the kiosk's database. Its statements are the ones both stores
// speak (sqlstore.DB, which it embeds, with the clock Now that tests move);
// what is SQLite's own is here: the connections, the migrations, the audit
// key and head files, backup and the health probe.
type DB struct {
	*sqlstore.DB
	db   *sql.DB // the one connection that writes
	ro   *sql.DB // connections that only read, for read-only transactions
	path string
	// The store's queries, kept prepared on each pool (stmt.go).
	stmts, roStmts stmtCache
	// writing is held by the write transaction in progress (begin).
	writing sync.Mutex
	// audit is the audit key and head file (audit_key.go), nil until
	// UseAuditKey; keyedLog says whether the log has keyed entries, so that
	// no unkeyed entry is appended after them. Both change only while
	// writing is held.
	audit    *auditKeyring
	keyedLog bool
	// HeadCopy is a second file the audit head is written to after each
	// audited change, on another volume ("" for none): a database rolled
	// back together with the head file beside it still falls short of it
	// (audit_key.go, docs/hardening.md). Set before UseAuditKey.
	HeadCopy string
	// OnHead, when set, is told each head written, after the files: the
	// kiosk writes it to its log, so that the system's journal keeps the
	// heads where a copy of the database cannot reach them.
	OnHead func(trainer.AuditHead)
}

// newDB is the store on the connections of sdb and ro.
func newDB(sdb *sql.DB, path string) *DB {
	db := &DB{db: sdb, ro: sdb, path: path}
	db.DB = sqlstore.New(dialect{db}, true)
	return db
}

// readConns is the number of connections for read-only transactions. Two
// cores gain nothing from more; fewer would leave a core idle while the
// writer works.
const readConns = 4

// uriPath escapes the characters that SQLite's URI filenames give a meaning
// to, so that any file name reaches SQLite as it was typed.
var uriPath = strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23")

// Open opens (creating if needed) the database file at path and brings its
// schema up to date. It fails at once, naming the path, when the file cannot
// be opened, so that a bad -db flag stops the server before it listens.
func Open(ctx context.Context, path string) (*DB, error) {
	if path == "" || path == ":memory:" {
		return nil, fmt.Errorf("open database: a file path is required (got %q)", path)
	}
	dsn := "file:" + uriPath.Replace(path) + "?" + strings.Join([]string{
		// Wait up to 5 s for another writer (a backup, a second process)
		// instead of failing at once with SQLITE_BUSY.
		"_pragma=busy_timeout(5000)",
		// WAL lets readers go on while one request writes, and a crash
		// never leaves a half-written page behind.
		"_pragma=journal_mode(WAL)",
		// In WAL mode NORMAL never corrupts the database; a power cut can
		// roll back the last few commits (seconds of session touches and
		// attempts a trainee can redo). FULL would fsync on every page
		// view, because every request touches its session, and this
		// disk's fsync rate varies 20-fold (TOOLCHAIN.md).
		"_pragma=synchronous(NORMAL)",
		// SQLite ignores REFERENCES unless told per connection.
		"_pragma=foreign_keys(1)",
		// Transactions read then write (check a name, then insert it):
		// taking the write lock at BEGIN avoids the SQLITE_BUSY that a
		// deferred upgrade gets under concurrency (TOOLCHAIN.md).
		"_txlock=immediate",
	}, "&")
	sdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	// One connection writes: SQLite has one writer anyway, and with one
	// connection write transactions queue in Go instead of waiting on
	// SQLite's lock. Code holding a Tx must read through it: calling back
	// into DB would wait for the connection it holds (a write Tx), or read
	// a snapshot without its writes (a read-only one).
	sdb.SetMaxOpenConns(1)
	sdb.SetConnMaxIdleTime(0)
	sdb.SetConnMaxLifetime(0)
	if err := sdb.PingContext(ctx); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("open database %s: %s", path, describe(err))
	}
	db := newDB(sdb, path)
	if err := db.migrate(ctx); err != nil {
		sdb.Close()
		var se *sqlite.Error
		if errors.As(err, &se) {
			return nil, fmt.Errorf("open database %s: %s", path, describe(err))
		}
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	// Read-only transactions have connections of their own, so that
	// pages are read while the writer writes (WAL: each read transaction
	// sees every commit made before it began). Opened after the
	// migrations, on a file already in WAL mode.
	ro, err := sql.Open("sqlite", "file:"+uriPath.Replace(path)+"?"+strings.Join([]string{
		"_pragma=busy_timeout(5000)",
		"_pragma=foreign_keys(1)",
		// A reader never writes: SQLite refuses it if one tries.
		"_pragma=query_only(1)",
	}, "&"))
	if err != nil {
		sdb.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	ro.SetMaxOpenConns(readConns)
	ro.SetMaxIdleConns(readConns)
	ro.SetConnMaxIdleTime(0)
	ro.SetConnMaxLifetime(0)
	db.ro = ro
	// A file the kiosk can read but not write (its permissions, a
	// read-only disk, a full one) opens without complaint; every sign-in
	// would then fail. Refuse it here, naming the file, before the kiosk
	// says it is ready.
	if err := db.ProbeWrite(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open database %s: the kiosk cannot write to it: %s", path, probeReason(err))
	}
	if db.keyedLog, err = auditKeyed(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	return db, nil
}

// probeReason is the probe's reason without its own naming of the file.
func probeReason(err error) string {
	var pe *ProbeError
	if errors.As(err, &pe) {
		return describe(pe.Err)
	}
	return firstLine(err)
}

// OpenReadOnly opens an existing database file at path for reading only,
// as `trainer audit verify` checks a kiosk's file (or a copy of it) without
// changing a byte of it: no migration, no pragma that writes. Returns an
// error naming the path when the file does not exist or is not a kiosk's
// database.
func OpenReadOnly(ctx context.Context, path string) (*DB, error) {
	if path == "" || path == ":memory:" {
		return nil, fmt.Errorf("open database: a file path is required (got %q)", path)
	}
	dsn := "file:" + uriPath.Replace(path) + "?mode=ro&_pragma=busy_timeout(5000)"
	sdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	sdb.SetMaxOpenConns(1)
	// Every transaction reads, on the one connection.
	db := newDB(sdb, path)
	if _, err := db.SchemaVersion(ctx); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("open database %s: %s", path, firstLine(err))
	}
	return db, nil
}

// firstLine keeps an error on one line for the single line main prints.
func firstLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

// Close closes the database. In WAL mode the last connection to close
// checkpoints the WAL into the main file.
func (db *DB) Close() error {
	db.roStmts.close()
	db.stmts.close()
	var rerr error
	if db.ro != db.db {
		rerr = db.ro.Close()
	}
	if err := db.db.Close(); err != nil {
		return err
	}
	return rerr
}

// Path is the file the database was opened from.
func (db *DB) Path() string { return db.path }

// Ping checks that the database still answers.
func (db *DB) Ping(ctx context.Context) error { return db.db.PingContext(ctx) }

// dialect is how SQLite runs the shared statements (sqlstore.Dialect).
type dialect struct{ db *DB }

// Begin starts a transaction: a read transaction on one of the reading
// connections; otherwise a write transaction (BEGIN IMMEDIATE, see Open) on
// the one writing connection. SQLite has one writer, so a user's
// transaction is a write transaction like any other.
//
// Write transactions queue on a mutex before they ask database/sql for the
// connection. database/sql hands its one connection to the waiters in turn,
// and each must be scheduled before it can use it: under load the
// connection sat idle between transactions (BenchmarkKioskLoad: writes
// waited 84 ms on average for a connection busy 46% of the time). A
// goroutine already running takes a free mutex at once.
func (d dialect) Begin(ctx context.Context, kind sqlstore.TxKind, _ int64) (sqlstore.Conn, error) {
	db := d.db
	if kind == sqlstore.ReadTx || kind == sqlstore.ReadEachTx {
		tx, err := db.ro.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
		if err != nil {
			return nil, err
		}
		return &conn{Tx: tx, db: db, ctx: ctx, pool: db.ro, stmts: &db.roStmts}, nil
	}
	db.writing.Lock()
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		db.writing.Unlock()
		return nil, err
	}
	return &conn{Tx: tx, db: db, ctx: ctx, pool: db.db, stmts: &db.stmts, writing: &db.writing}, nil
}

// IsUnique reports whether err is a UNIQUE or PRIMARY KEY constraint failure,
// by its extended result code.
func (dialect) IsUnique(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	return se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
}

// Trouble is writeTrouble (health.go).
func (dialect) Trouble(err error) trainer.Trouble { return writeTrouble(err) }

// IsWriteFailure is isWriteFailure (health.go).
func (dialect) IsWriteFailure(err error) bool { return isWriteFailure(err) }

// AppendAudit is appendEntry (audit.go).
func (d dialect) AppendAudit(ctx context.Context, tx *Tx, e *trainer.AuditEntry) error {
	return d.db.appendEntry(ctx, tx, e)
}

// AuditKey is the audit key in use, or nil.
func (d dialect) AuditKey() []byte { return d.db.auditKey() }

// The store implements every service the server asks of it.
var _ trainer.Store = (*DB)(nil)
