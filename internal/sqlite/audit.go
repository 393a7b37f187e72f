package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/sqlstore"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// appendEntry chains e (its time, actor, action, subject and detail set) to
// the last entry of the log in tx, as appendAudit asks (sqlstore.AppendAudit):
// it numbers, hashes and writes it. The transaction holds the write lock from
// BEGIN (IMMEDIATE), so no other entry can take the same number. With the
// audit key (UseAuditKey) the entry's hash is its HMAC and the transaction
// writes the audit head down once it commits; without it the entry is
// unkeyed, as before the key existed, which is refused once the log has keyed
// entries.
func (db *DB) appendEntry(ctx context.Context, tx *Tx, e *trainer.AuditEntry) error {
	e.PrevHash = trainer.GenesisHash
	err := tx.QueryRowContext(ctx, `SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1`).Scan(&e.Seq, &e.PrevHash)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("append audit: %w", err)
	}
	e.Seq++
	switch kr := db.audit; {
	case kr != nil:
		e.Keyed = true
		e.Hash = e.ComputeMAC(kr.key)
	case db.keyedLog:
		return ErrAuditKeyNeeded
	default:
		e.Hash = e.ComputeHash()
	}
	if err := sqlstore.InsertAuditEntry(ctx, tx, e); err != nil {
		return err
	}
	if kr := db.audit; kr != nil {
		txConn(tx).head = &trainer.AuditHead{Seq: e.Seq, Hash: e.Hash, KeyedFrom: kr.keyedFrom}
	}
	return nil
}

// VerifyAudit reads the audit log in order and checks its chain: each
// unkeyed entry by its SHA-256, each keyed one by its HMAC under the audit
// key (UseAuditKey or SetAuditKey). It returns the report of the intact part
// and, at the first broken entry, a *trainer.ChainError naming it. Without
// a key, a keyed log stops at its first keyed entry with a
// *trainer.KeyNeededError; with another key, *trainer.WrongKeyError.
//
// With the key, the log is also compared with the head on record (the head
// file): entries cut from the end, or a log rewritten up to it, are a
// *trainer.ChainError naming the first missing or rewritten entry; a head
// file missing for a keyed log is ErrAuditHeadMissing, one that cannot be
// read or was not signed with the key an *AuditHeadError.
func (db *DB) VerifyAudit(ctx context.Context) (trainer.AuditReport, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return trainer.AuditReport{}, err
	}
	defer tx.Rollback()
	r, err := verifyChain(ctx, tx, db.auditKey())
	if err != nil {
		return r, err
	}
	kr := db.audit
	if kr == nil {
		return r, nil
	}
	head, err := db.recordedHead(kr.headPath, kr.key)
	switch {
	case err != nil:
		return r, err
	case head == nil && r.KeyedFrom != 0:
		return r, &AuditHeadError{Path: kr.headPath, Missing: true}
	case head == nil && r.Entries > 0:
		// A kiosk that holds the key keyed its log at its first start
		// with it: a log of entries none keyed, and no head, was rewritten
		// without the key (UseAuditKey refuses it too).
		return r, &trainer.UnkeyedLogError{Entries: r.Entries}
	case head == nil:
		return r, nil // an empty log and no head yet: the kiosk keys it at its start
	}
	r.Recorded = head
	if err := checkHead(ctx, tx, *head); err != nil {
		return r, err
	}
	r.Behind = max(r.HeadSeq-head.Seq, 0)
	return r, nil
}
