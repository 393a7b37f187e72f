package postgres

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/sqlstore"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// appendEntry chains e (its time, actor, action, subject and detail set) to
// the head of the log in tx, as appendAudit asks (sqlstore.AppendAudit): it
// numbers, keys and writes it. It locks the chain's head row first (FOR
// UPDATE), so appends from every kiosk process on the database take turns:
// the next one reads the head this one writes. Every entry is keyed with the
// process's audit key.
func appendEntry(ctx context.Context, tx *Tx, e *trainer.AuditEntry) error {
	e.Keyed = true
	var keyedFrom int64
	if err := tx.QueryRowContext(ctx, `SELECT seq, hash, keyed_from FROM audit_head WHERE id = 1 FOR UPDATE`).
		Scan(&e.Seq, &e.PrevHash, &keyedFrom); err != nil {
		return fmt.Errorf("append audit: %w", err)
	}
	e.Seq++
	if keyedFrom == 0 {
		keyedFrom = e.Seq
	}
	e.Hash = e.ComputeMAC(tx.AuditKey())
	if err := sqlstore.InsertAuditEntry(ctx, tx, e); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE audit_head SET seq = ?, hash = ?, keyed_from = ? WHERE id = 1`,
		e.Seq, e.Hash, keyedFrom); err != nil {
		return fmt.Errorf("append audit: %w", err)
	}
	return nil
}

// VerifyAudit reads the audit log in order and checks its chain: each
// entry by its HMAC under the audit key (entries from before the key, none on
// a database the group edition made, by their SHA-256). It returns the report
// of the intact part and, at the first broken entry, a *trainer.ChainError
// naming it; with another key, *trainer.WrongKeyError. The log is also
// compared with the head row (audit_head), which every append moves: entries
// cut from the end, or a log rewritten up to it, are a *trainer.ChainError.
func (db *DB) VerifyAudit(ctx context.Context) (trainer.AuditReport, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return trainer.AuditReport{}, err
	}
	defer tx.Rollback()
	r, err := verifyChain(ctx, tx, db.key)
	if err != nil {
		return r, err
	}
	var head trainer.AuditHead
	if err := tx.QueryRowContext(ctx, `SELECT seq, hash, keyed_from FROM audit_head WHERE id = 1`).
		Scan(&head.Seq, &head.Hash, &head.KeyedFrom); err != nil {
		return r, fmt.Errorf("verify audit: %w", err)
	}
	r.Recorded = &head
	if err := checkHead(ctx, tx, head); err != nil {
		return r, err
	}
	r.Behind = max(r.HeadSeq-head.Seq, 0)
	return r, nil
}
