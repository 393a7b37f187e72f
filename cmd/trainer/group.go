package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The group edition (docs/group.md): -db takes a postgres:// URL instead of
// a SQLite file, and several kiosk processes share that database.

// isPostgres reports whether -db names a PostgreSQL database rather than a
// SQLite file.
func isPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// groupKey returns the group's audit key: TRAINER_AUDIT_KEY (hex), or the
// -audit-key file. One of them is required: every process of the group
// keys its entries with the same key, so no process may make one of its own.
func groupKey(e *env, keyFile string) (key []byte, source string, err error) {
	if v := e.Getenv("TRAINER_AUDIT_KEY"); v != "" {
		key, err := trainer.ParseAuditKey(v)
		if err != nil {
			return nil, "", fmt.Errorf("TRAINER_AUDIT_KEY: %s", trainer.MessageOf(err))
		}
		return key, "TRAINER_AUDIT_KEY", nil
	}
	if keyFile == "" {
		return nil, "", errors.New("a PostgreSQL database needs the group's audit key: set TRAINER_AUDIT_KEY or give -audit-key FILE (docs/group.md says how to make one)")
	}
	key, err = sqlite.ReadAuditKeyFile(keyFile)
	if err != nil {
		return nil, "", err
	}
	return key, keyFile, nil
}

// openGroup opens the PostgreSQL database at url with the group's audit key.
func openGroup(ctx context.Context, e *env, url, keyFile string) (*postgres.DB, string, error) {
	key, source, err := groupKey(e, keyFile)
	if err != nil {
		return nil, "", err
	}
	db, err := postgres.Open(ctx, url, key)
	var wk *trainer.WrongKeyError
	if errors.As(err, &wk) {
		return nil, "", fmt.Errorf("%w; every kiosk process of the group needs the same key, from %s here", err, source)
	}
	if err != nil {
		return nil, "", err
	}
	return db, source, nil
}

// errSQLiteOnly refuses a command that works on a SQLite file only.
func errSQLiteOnly(cmd, instead string) error {
	return fmt.Errorf("%s is for a kiosk's SQLite database file; on PostgreSQL %s", cmd, instead)
}
