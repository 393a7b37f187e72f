package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/dealerkiosk/trainer/migrations"
)

// migrate applies, in lexical order, each migrations/*.sql file not yet
// recorded in schema_migrations, each in its own transaction with its record.
// This small runner does all the kiosk needs (forward-only, embedded,
// one writer); a library would add down-migrations and a CLI it does not use.
func (db *DB) migrate(ctx context.Context) error { return db.migrateUpTo(ctx, "") }

// migrateUpTo applies the migrations up to version last, included ("" for
// every one): tests build a database as an older kiosk left it.
func (db *DB) migrateUpTo(ctx context.Context, last string) error {
	if _, err := db.db.ExecContext(ctx, `
		CREATE TABLE IF NOT EXISTS schema_migrations (
			version    TEXT NOT NULL PRIMARY KEY, -- the file name without ".sql"
			applied_at TEXT NOT NULL
		) STRICT`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	names, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	sort.Strings(names)
	for _, name := range names {
		if last != "" && strings.TrimSuffix(name, ".sql") > last {
			break
		}
		if err := db.migrateFile(ctx, name); err != nil {
			return fmt.Errorf("migrate %s: %w", name, err)
		}
	}
	return nil
}

// migrationFuncs are the steps of a migration that SQL cannot take (Unicode
// normalisation), by version; each runs after its file, in the same
// transaction, so the migration is applied whole or not at all.
var migrationFuncs = map[string]func(context.Context, *Tx) error{
	"0033_normalize_user_names": normalizeUserNames,
}

// foreignKeysOff are the migrations that rebuild a table others reference
// (SQLite changes a constraint no other way): they run with foreign keys
// off, as SQLite's documentation says, since dropping the old table with
// them on would delete its children through ON DELETE CASCADE; every
// reference is checked before the migration commits.
var foreignKeysOff = map[string]bool{
	"0043_practice_mode_class": true,
}

func (db *DB) migrateFile(ctx context.Context, name string) error {
	version := strings.TrimSuffix(name, ".sql")
	if foreignKeysOff[version] {
		// A pragma of the connection, and a no-op inside a transaction:
		// set on the one writing connection before it begins, and back on
		// after, whatever happens.
		if _, err := db.db.ExecContext(ctx, `PRAGMA foreign_keys = OFF`); err != nil {
			return err
		}
		defer db.db.ExecContext(context.WithoutCancel(ctx), `PRAGMA foreign_keys = ON`)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = ?`, version).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	body, err := fs.ReadFile(migrations.FS, name)
	if err != nil {
		return err
	}
	// A file holds many statements: run as one text, never prepared.
	if _, err := txConn(tx).Tx.ExecContext(ctx, string(body)); err != nil {
		return err
	}
	if f := migrationFuncs[version]; f != nil {
		if err := f(ctx, tx); err != nil {
			return err
		}
	}
	if foreignKeysOff[version] {
		if err := checkForeignKeys(ctx, tx); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`,
		version, tx.Now()); err != nil {
		return err
	}
	return tx.Commit()
}

// SchemaVersion returns the last migration applied, such as
// "0003_create_settings".
func (db *DB) SchemaVersion(ctx context.Context) (string, error) {
	var v string
	err := db.db.QueryRowContext(ctx, `SELECT coalesce(max(version), '') FROM schema_migrations`).Scan(&v)
	if err != nil {
		return "", fmt.Errorf("schema version: %w", err)
	}
	return v, nil
}

// checkForeignKeys refuses a database in which a row references one that
// does not exist, naming the first.
func checkForeignKeys(ctx context.Context, tx *Tx) error {
	rows, err := txConn(tx).Tx.QueryContext(ctx, `PRAGMA foreign_key_check`)
	if err != nil {
		return err
	}
	defer rows.Close()
	if rows.Next() {
		var table, parent string
		var rowid sql.NullInt64
		var fk int
		if err := rows.Scan(&table, &rowid, &parent, &fk); err != nil {
			return err
		}
		return fmt.Errorf("row %d of %s references a row of %s that does not exist", rowid.Int64, table, parent)
	}
	return rows.Err()
}
