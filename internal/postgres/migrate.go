package postgres

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/migrations"
)

// migrateLock names the session-level advisory lock the migrations run
// under ("TRNM" in ASCII, and the schema's hash, as writeLock), apart from
// the write lock, which a migration's transaction does not take.
const migrateLock int32 = 0x54524e4d

// migrate applies, in lexical order, each migrations/postgres/*.sql file not
// yet recorded in schema_migrations, each in its own transaction with its
// record. It holds an advisory lock for the whole run, on one connection:
// kiosk processes started together wait for the first to migrate, then find
// every file recorded and apply none.
func (db *DB) migrate(ctx context.Context) error {
	conn, err := db.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1, hashtext(current_schema()))`, migrateLock); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	// Unlocked even when ctx is done: the connection goes back to the pool.
	defer conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1, hashtext(current_schema()))`, migrateLock)
	if _, err := conn.ExecContext(ctx, `
		CREATE TABLE IF NOT EXISTS schema_migrations (
			version    TEXT        NOT NULL PRIMARY KEY, -- the file name without ".sql"
			applied_at TIMESTAMPTZ NOT NULL
		)`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	names, err := fs.Glob(migrations.Postgres, "postgres/*.sql")
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	sort.Strings(names)
	for _, name := range names {
		version := strings.TrimSuffix(strings.TrimPrefix(name, "postgres/"), ".sql")
		if err := db.migrateFile(ctx, conn, name, version); err != nil {
			return fmt.Errorf("migrate %s: %w", version, err)
		}
	}
	return nil
}

func (db *DB) migrateFile(ctx context.Context, c *sql.Conn, name, version string) error {
	tx, err := c.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = $1`, version).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	body, err := fs.ReadFile(migrations.Postgres, name)
	if err != nil {
		return err
	}
	// A file holds many statements: run as one text, with no parameters
	// (the simple protocol runs them all).
	if _, err := tx.ExecContext(ctx, string(body)); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)`,
		version, db.Now().UTC().Truncate(time.Millisecond)); err != nil {
		return err
	}
	return tx.Commit()
}

// SchemaVersion returns the last migration applied, such as
// "0001_create_schema".
func (db *DB) SchemaVersion(ctx context.Context) (string, error) {
	var v string
	err := db.db.QueryRowContext(ctx, `SELECT coalesce(max(version), '') FROM schema_migrations`).Scan(&v)
	if err != nil {
		return "", fmt.Errorf("schema version: %w", err)
	}
	return v, nil
}
