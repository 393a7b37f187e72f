// Package migrations holds the SQL files that build the kiosk's database,
// embedded so the binary carries its own schema. internal/sqlite runs them in
// lexical order, once each, and records them in schema_migrations.
//
// Never edit a file that has been merged: fix forward with the next number.
package migrations

import "embed"

// FS holds every *.sql file of this directory.
//
//go:embed *.sql
var FS embed.FS
