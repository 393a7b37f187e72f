package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/dealerkiosk/trainer/internal/sqlstore"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
)

// DB is the kiosk's database on a PostgreSQL server, shared by every kiosk
// process of the group. Its statements are the ones both stores speak
// (sqlstore.DB, which it embeds, with the clock Now that tests move); what
// is PostgreSQL's own is here: the connections, the migrations, the advisory
// locks, the audit chain's head row, the move of a school and the health
// probe.
type DB struct {
	*sqlstore.DB
	// pool holds the process's connections; the store's transactions run
	// on them with pgx's own protocol (conn.go), and db, database/sql over
	// the same pool, serves the rest (migrations, pings).
	pool *pgxpool.Pool
	db   *sql.DB
	url  string // without its password, for messages
	// key is the audit key: every entry this process appends carries the
	// HMAC of its content under it (audit.go).
	key []byte
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
	pcfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("open database: %s", firstLine(err))
	}
	cfg := pcfg.ConnConfig
	name := fmt.Sprintf("%s on %s:%d", cfg.Database, cfg.Host, cfg.Port)
	if len(key) != trainer.AuditKeySize {
		return nil, fmt.Errorf("open database %s: the audit key must be %d bytes (-audit-key FILE or TRAINER_AUDIT_KEY)", name, trainer.AuditKeySize)
	}
	// Times come back in UTC, as SQLite's do; text casts of times are in
	// UTC too.
	cfg.RuntimeParams["timezone"] = "UTC"
	cfg.RuntimeParams["application_name"] = "trainer"
	if !strings.Contains(url, "pool_max_conns=") {
		pcfg.MaxConns = maxConns
	}
	pcfg.MinConns = 0
	pcfg.MaxConnIdleTime = 5 * time.Minute
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %s", name, connectReason(err))
	}
	db := &DB{pool: pool, db: stdlib.OpenDBFromPool(pool), url: name, key: key}
	db.DB = sqlstore.New(dialect{db}, false)
	if err := db.db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open database %s: %s", name, connectReason(err))
	}
	if err := db.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open database %s: %w", name, err)
	}
	if err := db.useAuditKey(ctx, accept); err != nil {
		db.Close()
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
func (db *DB) Close() error {
	err := db.db.Close()
	db.pool.Close()
	return err
}

// Name is the database and server the store was opened on, without the
// password of its URL.
func (db *DB) Name() string { return db.url }

// Ping checks that the database still answers.
func (db *DB) Ping(ctx context.Context) error { return db.db.PingContext(ctx) }

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

// dialect is how PostgreSQL runs the shared statements (sqlstore.Dialect).
type dialect struct{ db *DB }

// IsUnique is isUnique.
func (dialect) IsUnique(err error) bool { return isUnique(err) }

// IsWriteFailure is isWriteFailure (health.go).
// Trouble is writeTrouble (health.go).
func (dialect) Trouble(err error) trainer.Trouble { return writeTrouble(err) }

func (dialect) IsWriteFailure(err error) bool { return isWriteFailure(err) }

// AppendAudit is appendEntry (audit.go).
func (dialect) AppendAudit(ctx context.Context, tx *Tx, e *trainer.AuditEntry) error {
	return appendEntry(ctx, tx, e)
}

// AuditKey is the group's audit key.
func (d dialect) AuditKey() []byte { return d.db.key }

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

// isUnique reports whether err is a UNIQUE or PRIMARY KEY violation.
func isUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}
