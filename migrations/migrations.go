// Package migrations holds the SQL files that build the kiosk's database,
// embedded so the binary carries its own schema: *.sql for SQLite
// (internal/sqlite), postgres/*.sql for PostgreSQL (internal/postgres). Each
// store runs its own in lexical order, once each, and records them in
// schema_migrations.
//
// Never edit a file that has been merged: fix forward with the next number.
package migrations

import (
	"embed"
	"io/fs"
	"path"
	"strings"
)

// FS holds every *.sql file of this directory.
//
//go:embed *.sql
var FS embed.FS

// Postgres holds the PostgreSQL store's files (internal/postgres), numbered
// on their own: the two schemas say the same in each database's words.
//
//go:embed postgres/*.sql
var Postgres embed.FS

// LastPostgres is the name of the PostgreSQL store's last migration (the
// file's name without .sql): the schema version /healthz reports once a
// database is current.
func LastPostgres() string {
	files, err := fs.Glob(Postgres, "postgres/*.sql")
	if err != nil || len(files) == 0 {
		return ""
	}
	return strings.TrimSuffix(path.Base(files[len(files)-1]), ".sql")
}
