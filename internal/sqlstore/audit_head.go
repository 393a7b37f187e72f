package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The audit log's head, as both stores check it: SQLite's kiosk keeps it in
// a file beside the database, the group's PostgreSQL in a row (audit_head);
// each compares its log with it here.

// FirstKeyed returns the number of the first AuditKeyed entry and the key it
// names, or 0 for a log never keyed.
func FirstKeyed(ctx context.Context, tx *Tx) (int64, string, error) {
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

// LastAudit returns the number and hash of the newest entry (0 and the
// genesis hash for an empty log).
func LastAudit(ctx context.Context, tx *Tx) (int64, string, error) {
	seq, hash := int64(0), trainer.GenesisHash
	err := tx.QueryRowContext(ctx, `SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1`).Scan(&seq, &hash)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, "", fmt.Errorf("audit head: %w", err)
	}
	return seq, hash, nil
}

// CheckHead compares the log in tx with the head on record h, independently
// of the chain: the log must reach h's entry, hold h's hash there, and be
// keyed from h's first keyed entry on (or, while the kiosk keys it, not yet
// at all). Returns a *trainer.ChainError naming the first entry missing or
// rewritten.
func CheckHead(ctx context.Context, tx *Tx, h trainer.AuditHead) error {
	last, _, err := LastAudit(ctx, tx)
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
	keyedFrom, _, err := FirstKeyed(ctx, tx)
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
