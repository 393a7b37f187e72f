package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// DB is the kiosk's database on a PostgreSQL server, shared by every kiosk
// process of the group. Now is the clock every transaction reads its time
// from; tests replace it to move time without sleeping.
type DB struct {
	db  *sql.DB
	url string // without its password, for messages
	Now func() time.Time
	// key is the audit key: every entry this process appends carries the
	// HMAC of its content under it (audit.go).
	key []byte
	// health is the outcome of the last write (health.go).
	health writeHealth
	// accepted is what OpenAccepting took as it was (audit_key.go).
	accepted int64
}

// maxConns bounds the connections of one kiosk process. Writes queue on the
// database's write lock anyway (BeginTx); reads gain little past the cores
// of a kiosk machine, and a group runs several processes on one server,
// whose max_connections (100 by default) they share.
const maxConns = 8

// Open connects to the PostgreSQL database at url (postgres://…), brings its
// schema up to date under an advisory lock (so that kiosk processes started
// together migrate once), and makes the process append audit entries keyed
// with key (required: see docs/group.md). It fails at once, naming the
// database, when it cannot be reached, so a bad -db flag stops the server
// before it listens.
func Open(ctx context.Context, url string, key []byte) (*DB, error) {
	return open(ctx, url, key, "")
}

// OpenAccepting is Open for `trainer audit accept`: a log that has entries
// and none keyed, which Open refuses, is keyed as it is, and the operator's
// reason is recorded with it. Returns KindInvalid without a reason.
func OpenAccepting(ctx context.Context, url string, key []byte, reason string) (*DB, error) {
	if strings.TrimSpace(reason) == "" {
		return nil, trainer.Errorf(trainer.KindInvalid, "Give the reason for accepting the audit log as it is.")
	}
	return open(ctx, url, key, strings.TrimSpace(reason))
}

func open(ctx context.Context, url string, key []byte, accept string) (*DB, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("open database: %s", firstLine(err))
	}
	name := fmt.Sprintf("%s on %s:%d", cfg.Database, cfg.Host, cfg.Port)
	if len(key) != trainer.AuditKeySize {
		return nil, fmt.Errorf("open database %s: the audit key must be %d bytes (-audit-key FILE or TRAINER_AUDIT_KEY)", name, trainer.AuditKeySize)
	}
	// Times come back in UTC, as SQLite's do; text casts of times
	// (coalesce(t::text, '')) are in UTC too.
	cfg.RuntimeParams["timezone"] = "UTC"
	cfg.RuntimeParams["application_name"] = "trainer"
	sdb := stdlib.OpenDB(*cfg)
	sdb.SetMaxOpenConns(maxConns)
	sdb.SetMaxIdleConns(maxConns)
	sdb.SetConnMaxIdleTime(5 * time.Minute)
	if err := sdb.PingContext(ctx); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("open database %s: %s", name, connectReason(err))
	}
	db := &DB{db: sdb, url: name, Now: time.Now, key: key}
	if err := db.migrate(ctx); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("open database %s: %w", name, err)
	}
	if err := db.useAuditKey(ctx, accept); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("open database %s: %w", name, err)
	}
	return db, nil
}

// connectReason is why a connection failed, in one line an operator can act
// on: the server's own message (a database that does not exist, a wrong
// password), or the network's (refused, no such host, timed out), without
// the driver's framing, which repeats the user and database.
func connectReason(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return fmt.Sprintf("the server says: %s (SQLSTATE %s)", pe.Message, pe.Code)
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		if dnsErr.IsNotFound {
			return fmt.Sprintf("no such host %q", dnsErr.Name)
		}
		return fmt.Sprintf("cannot look up host %q: %s", dnsErr.Name, dnsErr.Err)
	}
	var se *os.SyscallError
	if errors.As(err, &se) {
		return se.Err.Error() // "connection refused", "no route to host"
	}
	if pgconn.Timeout(err) || errors.Is(err, context.DeadlineExceeded) {
		return "no answer before the connection timed out"
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return firstLine(ne)
	}
	return firstLine(err)
}

// firstLine keeps an error on one line for the single line main prints.
func firstLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

// Close closes the process's connections.
func (db *DB) Close() error { return db.db.Close() }

// Name is the database and server the store was opened on, without the
// password of its URL.
func (db *DB) Name() string { return db.url }

// Ping checks that the database still answers.
func (db *DB) Ping(ctx context.Context) error { return db.db.PingContext(ctx) }

// Clock is the time the next transaction records.
func (db *DB) Clock() time.Time { return db.Now() }

// The store implements every service the server asks of it.
var _ trainer.Store = (*DB)(nil)

// writeLock is the key of the transaction-level advisory lock every write
// transaction takes first (pg_advisory_xact_lock). It makes the writes of
// every kiosk process on the database take turns, as SQLite's one writer
// does for one process: a transaction that reads then writes (count the
// sign-in attempts, then reserve one; find the open session, then start
// another) sees every write committed before it and none during it, so the
// rules the store enforces hold across processes without retries. Reads do
// not take it. The lock is named by two numbers: "TRNR" in ASCII, to stand
// apart from locks other programs might take on a shared server, and the
// hash of the schema the kiosk's tables are in, so that two groups (or two
// tests) in schemas of one database do not wait on each other.
const writeLock int32 = 0x54524e52

// Tx is a transaction that carries the time it began, so every row it writes
// has the same timestamp and tests control it through DB.Now. Its
// ExecContext, QueryContext and QueryRowContext take the store's queries,
// written with ? placeholders as SQLite's, and number them for PostgreSQL.
type Tx struct {
	*sql.Tx
	db    *DB
	now   time.Time
	write bool
	wrote bool
}

// BeginTx starts a transaction: with opts.ReadOnly, a read-only one on a
// snapshot (REPEATABLE READ, as a SQLite read transaction sees one state);
// otherwise a write transaction that holds the database's write lock until
// it ends.
func (db *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) {
	if opts != nil && opts.ReadOnly {
		tx, err := db.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead})
		if err != nil {
			return nil, fmt.Errorf("begin: %w", err)
		}
		return &Tx{Tx: tx, db: db, now: db.Now().UTC()}, nil
	}
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		db.noteWrite(err)
		return nil, fmt.Errorf("begin: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))`, writeLock); err != nil {
		tx.Rollback()
		db.noteWrite(err)
		return nil, fmt.Errorf("begin: %w", err)
	}
	// The time is read once the lock is held, so that the times of
	// successive writes never go backwards across processes (as far as
	// their clocks agree).
	return &Tx{Tx: tx, db: db, now: db.Now().UTC(), write: true}, nil
}

// beginUserTx starts a write transaction that touches one user's own rows
// only (their practice session's questions and answers, their tablet
// session): it takes the write lock shared and a lock of that user's
// alone, so that different trainees' answers run side by side while one
// trainee's still take turns, and every transaction that takes the write lock
// (BeginTx) still runs alone. A transaction begun here must read and write
// nothing but the user's rows, and rows only BeginTx's writers change: it
// sees every write committed before it and none of another user's during it.
//
// The shared lock is taken first and the user's second, in two statements,
// so that no transaction holds a user's lock while it waits for the write
// lock (a writer waiting for the write lock waits for every shared holder:
// the other order could make a cycle). The user's lock is one number, the
// hash of the schema and the user's id, apart from the two-number locks.
func (db *DB) beginUserTx(ctx context.Context, userID int64) (*Tx, error) {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		db.noteWrite(err)
		return nil, fmt.Errorf("begin: %w", err)
	}
	for _, lock := range []struct {
		query string
		args  []any
	}{
		{`SELECT pg_advisory_xact_lock_shared($1, hashtext(current_schema()))`, []any{writeLock}},
		{`SELECT pg_advisory_xact_lock(hashtextextended(current_schema() || '/user/' || $1, 0))`, []any{strconv.FormatInt(userID, 10)}},
	} {
		if _, err := tx.ExecContext(ctx, lock.query, lock.args...); err != nil {
			tx.Rollback()
			db.noteWrite(err)
			return nil, fmt.Errorf("begin: %w", err)
		}
	}
	return &Tx{Tx: tx, db: db, now: db.Now().UTC(), write: true}, nil
}

// ExecContext runs query in the transaction.
func (tx *Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	res, err := tx.Tx.ExecContext(ctx, rebind(query), params(args)...)
	if tx.write {
		if err != nil {
			tx.db.noteWrite(err)
		} else {
			tx.wrote = true
		}
	}
	return res, err
}

// QueryContext runs query in the transaction.
func (tx *Tx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return tx.Tx.QueryContext(ctx, rebind(query), params(args)...)
}

// QueryRowContext runs query in the transaction.
func (tx *Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return tx.Tx.QueryRowContext(ctx, rebind(query), params(args)...)
}

// insert runs an INSERT … RETURNING id and returns the id; a failure counts
// for the store's health as an Exec's does.
func (tx *Tx) insert(ctx context.Context, query string, args ...any) (int64, error) {
	var id int64
	err := tx.Tx.QueryRowContext(ctx, rebind(query+` RETURNING id`), params(args)...).Scan(&id)
	if err != nil {
		tx.db.noteWrite(err)
	} else {
		tx.wrote = true
	}
	return id, err
}

// Commit commits the transaction, which releases the write lock.
func (tx *Tx) Commit() error {
	err := tx.Tx.Commit()
	if tx.write {
		switch {
		case err != nil:
			tx.db.noteWrite(err)
		case tx.wrote:
			tx.db.noteWrite(nil)
		}
	}
	return err
}

// rebinds caches the numbered form of each query text: the store runs a few
// dozen fixed texts.
var rebinds sync.Map

// rebind numbers the ? placeholders of query ($1, $2 …), outside string
// literals and quoted names, so that the store's queries read as SQLite's.
func rebind(query string) string {
	if q, ok := rebinds.Load(query); ok {
		return q.(string)
	}
	var b strings.Builder
	n := 0
	var quote rune
	for _, r := range query {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '?':
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(r)
	}
	q := b.String()
	rebinds.Store(query, q)
	return q
}

// params gives the arguments as PostgreSQL takes them: the flags, 0 or 1 in
// SMALLINT columns as in SQLite's INTEGER ones, from bools; times in UTC,
// to the millisecond, as SQLite's text keeps them.
func params(args []any) []any {
	out, copied := args, false
	for i, a := range args {
		var v any
		switch a := a.(type) {
		case bool:
			v = 0
			if a {
				v = 1
			}
		case time.Time:
			v = a.UTC().Truncate(time.Millisecond)
		default:
			continue
		}
		if !copied {
			out, copied = append([]any(nil), args...), true
		}
		out[i] = v
	}
	return out
}

// formatTime is t as the store writes it: UTC, to the millisecond.
func formatTime(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

// timeLayouts are the forms a time reaches the store's code in: database/sql
// writes a timestamptz scanned into a string as RFC 3339; a time cast to
// text (coalesce(t::text, ”)) is in PostgreSQL's ISO form, in UTC (Open).
var timeLayouts = []string{time.RFC3339Nano, "2006-01-02 15:04:05.999999999-07", "2006-01-02 15:04:05.999999999-07:00"}

func parseTime(s string) (time.Time, error) {
	for _, l := range timeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("parse stored time %q", s)
}

// isUnique reports whether err is a UNIQUE or PRIMARY KEY violation.
func isUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// translate turns the driver's errors into the domain's kinds: a UNIQUE clash
// is KindConflict and no rows is KindNotFound with notFound as its message.
// Other errors pass through unchanged (KindInternal to callers).
func translate(err error, notFound string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, sql.ErrNoRows):
		return trainer.Errorf(trainer.KindNotFound, "%s", notFound)
	case isUnique(err):
		return trainer.Errorf(trainer.KindConflict, "This already exists.")
	}
	return err
}

type scanner interface{ Scan(dest ...any) error }
