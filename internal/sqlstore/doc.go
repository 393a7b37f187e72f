// Package sqlstore holds the statements both stores speak, written once: every
// service of trainer.Store that SQLite (internal/sqlite, a kiosk on its own)
// and PostgreSQL (internal/postgres, a casino group's processes) run alike
// (users, sign-in limits, sessions, practice, exams, certification, the audit
// log's reading and checking, rules versions, settings, sites, classes and
// their live drills).
//
// Each store embeds a DB and gives it a Dialect: how its transactions begin
// (TxKind: a read of one state, a read of one statement, a write that runs
// alone among writers, a write of one user's rows, a write of one statement
// that takes no lock) and run their statements (SQLite's prepared
// statements, PostgreSQL's numbered placeholders and round trips saved), what
// its errors mean, and how it chains the audit log (SQLite's head file,
// PostgreSQL's head row). A transaction's time is read at its first use, once
// it holds its locks (Tx.Now). The statements are one
// text, with ? placeholders, SQL both databases accept (ON CONFLICT …
// DO UPDATE, INSERT … RETURNING id, FILTER, CAST); times are written in UTC to
// the millisecond (formatTime) and read back by storedTime, from SQLite's text
// or PostgreSQL's timestamptz.
//
// It does not own what one store alone does: connections, migrations,
// SQLite's file lock, backup, audit key and head files, PostgreSQL's
// advisory locks and the move of a school, or the health probe. It knows
// nothing of HTTP, templates or game rules; decisions about a certification
// come in as a trainer.CertCheck run inside the transaction that writes.
//
// A new table's statements go here, once: a file for its aggregate, its
// methods on DB, each opening a transaction of the kind it needs (BeginTx,
// BeginUserTx), and its migration in each store's migrations.
package sqlstore
