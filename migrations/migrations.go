// Package migrations holds the SQL files that build the kiosk's database,
// embedded so the binary carries its own schema: *.sql for SQLite
// (internal/sqlite), postgres/*.sql for PostgreSQL (internal/postgres). Each
// store runs its own in lexical order, once each, and records them in
// schema_migrations.
//
// Never edit a file that has been merged: fix forward with the next number.
package migrations

import "embed"

// FS holds every *.sql file of this directory.
//
//go:embed *.sql
var FS embed.FS

// Postgres holds the PostgreSQL store's files (internal/postgres), numbered
// on their own: the two schemas say the same in each database's words.
//
//go:embed postgres/*.sql
var Postgres embed.FS
