// Package postgres is the kiosk's store on PostgreSQL, for a casino group
// that runs several kiosk processes, at several sites, on one database
// (issue 17, docs/group.md). It implements every service of trainer.Store,
// with the behaviour internal/storetest checks on both stores.
//
// The statements are SQLite's, written once in internal/sqlstore, which this
// package runs through its dialect (db.go): the transactions and their
// advisory locks, the ? placeholders numbered for PostgreSQL as they run
// (rebind), flags and times converted (params), its errors. What is
// PostgreSQL's alone stays here: the connections, the migrations
// (migrations/postgres), the audit chain's head row, the move of a school
// (move.go) and the health probe.
//
// It speaks to the server through database/sql with pgx's driver
// (github.com/jackc/pgx/v5/stdlib), not through pgxpool, so that the shared
// statements run and scan the same way on both stores.
//
// Several processes share what a single kiosk kept in one process:
//
//   - Every write transaction first takes one transaction-level advisory
//     lock (pg_advisory_xact_lock), so writes take turns across processes as
//     they do on SQLite's one writer. A decision read then written in one
//     transaction (the sign-in limits, one open session per trainee, one
//     answer per question, the order of an exam's items, the approval of a
//     rules version) cannot be split by another process's write. Reads take
//     no lock and read a snapshot (REPEATABLE READ, read only).
//   - The exception is the trainee's own loop: starting and ending a
//     practice session, serving a question, its answer, its hint, its
//     renewal, and the touch of a tablet session touch one user's rows only, so they take the write lock shared and a lock of
//     that user's (beginUserTx): trainees answer side by side, one trainee's
//     requests still take turns, and every other writer still runs alone.
//   - The audit chain's head is a row (audit_head) that every append locks
//     FOR UPDATE and moves, in the transaction of the change it records.
//     Every process keys its entries with the group's one audit key.
//   - Migrations (migrations/postgres) run at Open under a session-level
//     advisory lock: processes started together migrate once.
//
// Times are TIMESTAMPTZ, written in UTC to the millisecond and returned in
// UTC, as SQLite's store keeps them. Money is never stored here as a float:
// the kiosk stores no amounts but inside JSON answers, as text.
package postgres
