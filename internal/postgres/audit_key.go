package postgres

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

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
	if _, err := appendAudit(ctx, tx, actor{0, kioskActor}, trainer.AuditKeyed, trainer.AuditSubject, d); err != nil {
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

// firstKeyed returns the number of the first AuditKeyed entry and the key it
// names, or 0 for a log never keyed.
func firstKeyed(ctx context.Context, tx *Tx) (int64, string, error) {
	e, err := scanAudit(tx.QueryRowContext(ctx, `SELECT `+auditColumns+` FROM audit_log
		WHERE subject = ? AND action = ? ORDER BY seq LIMIT 1`, trainer.AuditSubject, trainer.AuditKeyed))
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", nil
	}
	var ce *trainer.ChainError
	if errors.As(err, &ce) {
		err = nil // a garbled time is VerifyAudit's to report
	}
	if err != nil {
		return 0, "", fmt.Errorf("audit key: %w", err)
	}
	var d struct {
		KeyID string `json:"key_id"`
	}
	json.Unmarshal([]byte(e.Detail), &d) // a detail changed behind the kiosk's back names no key
	return e.Seq, d.KeyID, nil
}

// lastAudit returns the number and hash of the newest entry (0 and the
// genesis hash for an empty log).
func lastAudit(ctx context.Context, tx *Tx) (int64, string, error) {
	seq, hash := int64(0), trainer.GenesisHash
	err := tx.QueryRowContext(ctx, `SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1`).Scan(&seq, &hash)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, "", fmt.Errorf("audit head: %w", err)
	}
	return seq, hash, nil
}

// checkHead compares the log in tx with the head on record h, independently
// of the chain: the log must reach h's entry, hold h's hash there, and be
// keyed from h's first keyed entry on (or, while the kiosk keys it, not yet
// at all). Returns a *trainer.ChainError naming the first entry missing or
// rewritten.
func checkHead(ctx context.Context, tx *Tx, h trainer.AuditHead) error {
	last, _, err := lastAudit(ctx, tx)
	if err != nil {
		return err
	}
	if last < h.Seq {
		if last+1 == h.Seq {
			return &trainer.ChainError{Seq: h.Seq, Reason: "it is missing: the head on record names it as the newest entry, so the end of the log was cut"}
		}
		return &trainer.ChainError{Seq: last + 1, Reason: fmt.Sprintf(
			"it and every entry after it up to entry %d, the newest on record, are missing: the end of the log was cut", h.Seq)}
	}
	if h.Seq > 0 {
		var hash string
		if err := tx.QueryRowContext(ctx, `SELECT hash FROM audit_log WHERE seq = ?`, h.Seq).Scan(&hash); err != nil {
			return fmt.Errorf("audit head: %w", err)
		}
		if hash != h.Hash {
			return &trainer.ChainError{Seq: h.Seq, Reason: "it is not the entry the head on record names: the log was rewritten"}
		}
	} else if h.Hash != trainer.GenesisHash {
		return &trainer.ChainError{Seq: 1, Reason: "the head on record names an empty log with a hash: the log was rewritten"}
	}
	keyedFrom, _, err := firstKeyed(ctx, tx)
	if err != nil {
		return err
	}
	switch {
	case keyedFrom == h.KeyedFrom:
	case keyedFrom == 0 && h.KeyedFrom == last+1 && h.Seq == last:
		// The kiosk wrote this head before keying the log, and stopped
		// before the keyed entry was committed: it keys it at its next start.
	case keyedFrom == 0:
		return &trainer.ChainError{Seq: h.KeyedFrom, Reason: "the head on record says the log is keyed from this entry on, but it is not keyed: the log was rewritten"}
	default:
		return &trainer.ChainError{Seq: min(keyedFrom, h.KeyedFrom), Reason: fmt.Sprintf(
			"the head on record says the log is keyed from entry %d on, but it is keyed from entry %d: the log was rewritten", h.KeyedFrom, keyedFrom)}
	}
	return nil
}

// Accepted is the number of entries of a log none keyed that OpenAccepting
// keyed as they were (0 when the log was keyed).
func (db *DB) Accepted() int64 { return db.accepted }
