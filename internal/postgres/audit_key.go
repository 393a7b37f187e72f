package postgres

import (
	"context"
	"database/sql"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The audit key on PostgreSQL (docs/group.md). Every process of the group
// is given the same key (-audit-key FILE or TRAINER_AUDIT_KEY) and keys
// every entry it appends; the log's first entry names the key
// (trainer.AuditKeyed), so a process given another key refuses to start.
// The head of the chain is a row of the database (audit_head), moved by
// every append under its row lock, where SQLite's kiosk writes a file.

// useAuditKey checks the process's key against the log, and keys a log
// never keyed (a new database) with an AuditKeyed entry naming it. It runs
// under the write lock, so processes started together key the log once.
//
// A group's log is keyed from its first entry, so a log that has entries
// and none keyed was rewritten by someone without the key: it is refused
// (*trainer.UnkeyedLogError) unless accept gives the operator's reason for
// taking it as it is (trainer audit accept), which the log then records.
func (db *DB) useAuditKey(ctx context.Context, accept string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	last, lastHash, err := lastAudit(ctx, tx)
	if err != nil {
		return err
	}
	keyedFrom, keyID, err := firstKeyed(ctx, tx)
	if err != nil {
		return err
	}
	if keyedFrom != 0 {
		if keyID != trainer.AuditKeyID(db.key) {
			return &trainer.WrongKeyError{Seq: keyedFrom, LogKeyID: keyID, KeyID: trainer.AuditKeyID(db.key)}
		}
		return nil
	}
	if last > 0 && accept == "" {
		return &trainer.UnkeyedLogError{Entries: last}
	}
	d := map[string]any{"key_id": trainer.AuditKeyID(db.key), "unkeyed_entries": last, "unkeyed_head": lastHash}
	if last > 0 {
		d["accepted"] = true
	}
	if _, err := appendAudit(ctx, tx, kiosk, trainer.AuditKeyed, trainer.AuditSubject, d); err != nil {
		return err
	}
	db.accepted = last
	if last > 0 {
		if _, err := appendAudit(ctx, tx, actorOf(ctx), trainer.AuditRestoreAccepted, trainer.AuditSubject,
			map[string]any{"unkeyed_entries": last, "reason": accept}); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// AuditKeyed reports whether the database's audit log has keyed entries;
// on PostgreSQL it has from Open on.
func (db *DB) AuditKeyed(ctx context.Context) (bool, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	seq, _, err := firstKeyed(ctx, tx)
	return seq != 0, err
}

// Accepted is the number of entries of a log none keyed that OpenAccepting
// keyed as they were (0 when the log was keyed).
func (db *DB) Accepted() int64 { return db.accepted }
