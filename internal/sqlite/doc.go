// Package sqlite is the kiosk's store of a single kiosk (the default; the
// group edition's is internal/postgres, with the same services of
// trainer.Store): one SQLite file, opened with the pure-Go
// modernc.org/sqlite driver, migrated from the embedded migrations/*.sql at
// Open.
//
// Its statements are the ones both stores speak, written once in
// internal/sqlstore (one file per aggregate: user.go, session.go,
// practice.go, attempt.go, exam.go, cert.go, rules.go, audit.go …), which
// this package runs through its dialect (db.go): one writing connection and
// a few reading ones, each statement kept prepared (stmt.go), times written as
// text. What is SQLite's alone stays here: the file lock, backup, the audit
// key and head files and `audit accept` (audit_key.go), the migrations and
// the health probe.
//
// Every change that the audit log records appends its entry in the same
// transaction, chained here (audit.go) and written down in the head file once
// it commits. It translates database errors into trainer.Error kinds at this
// boundary (no rows → KindNotFound, a UNIQUE clash → KindConflict) and never
// matches on error text. It knows nothing of HTTP, templates or game rules.
package sqlite
