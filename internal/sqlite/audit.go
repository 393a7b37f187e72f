package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// kioskActor is the name the log gives changes made by the kiosk itself (at
// start-up, an expiry noticed) or from the command line.
const kioskActor = "kiosk"

// actor is who makes the change recorded in an audit entry.
type actor struct {
	id   int64
	name string
}

// actorOf is the signed-in user of the request (trainer.WithActor), or the kiosk.
func actorOf(ctx context.Context) actor {
	if u := trainer.ActorOf(ctx); u != nil {
		return actor{u.ID, u.Name}
	}
	return actor{0, kioskActor}
}

// appendAudit appends an entry to the audit log inside tx, chained to the
// last one: the change and its record are committed together or not at all.
// The transaction holds the write lock from BEGIN (IMMEDIATE), so no other
// entry can take the same number. With the audit key (UseAuditKey) the
// entry's hash is its HMAC and the transaction writes the audit head down
// once it commits; without it the entry is unkeyed, as before the key
// existed, which is refused once the log has keyed entries.
func appendAudit(ctx context.Context, tx *Tx, who actor, action, subject string, detail map[string]any) (*trainer.AuditEntry, error) {
	e := &trainer.AuditEntry{At: tx.now.Truncate(1e6), ActorID: who.id, Actor: who.name, Action: action,
		Subject: subject, Detail: trainer.AuditDetail(detail), PrevHash: trainer.GenesisHash}
	err := tx.QueryRowContext(ctx, `SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1`).Scan(&e.Seq, &e.PrevHash)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("append audit: %w", err)
	}
	e.Seq++
	switch kr := tx.db.audit; {
	case kr != nil:
		e.Keyed = true
		e.Hash = e.ComputeMAC(kr.key)
	case tx.db.keyedLog:
		return nil, ErrAuditKeyNeeded
	default:
		e.Hash = e.ComputeHash()
	}
	if _, err := tx.ExecContext(ctx, `
		INSERT INTO audit_log (seq, at, actor_id, actor, action, subject, detail, prev_hash, hash)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.Seq, e.At.UTC().Format(trainer.AuditTimeLayout), e.ActorID, e.Actor, e.Action, e.Subject, e.Detail,
		e.PrevHash, e.Hash); err != nil {
		return nil, fmt.Errorf("append audit: %w", err)
	}
	if kr := tx.db.audit; kr != nil {
		tx.head = &trainer.AuditHead{Seq: e.Seq, Hash: e.Hash, KeyedFrom: kr.keyedFrom}
	}
	return e, nil
}

const auditColumns = `seq, at, actor_id, actor, action, subject, detail, prev_hash, hash`

func scanAudit(sc scanner) (*trainer.AuditEntry, error) {
	var e trainer.AuditEntry
	var at string
	if err := sc.Scan(&e.Seq, &at, &e.ActorID, &e.Actor, &e.Action, &e.Subject, &e.Detail, &e.PrevHash, &e.Hash); err != nil {
		return nil, err
	}
	var err error
	if e.At, err = parseTime(at); err != nil {
		// A time that does not parse was written behind the kiosk's back:
		// the entry is returned with its number, so the error can name it.
		return &e, &trainer.ChainError{Seq: e.Seq, Reason: "its time cannot be read: it was changed after it was written"}
	}
	return &e, nil
}

// AuditReport is trainer.AuditReport, kept under its old name for this package.
type AuditReport = trainer.AuditReport

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
func (db *DB) VerifyAudit(ctx context.Context) (AuditReport, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return AuditReport{}, err
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

// verifyChain checks the chain of the whole log with key (nil for none).
func verifyChain(ctx context.Context, tx *Tx, key []byte) (AuditReport, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+auditColumns+` FROM audit_log ORDER BY seq`)
	if err != nil {
		return AuditReport{}, fmt.Errorf("verify audit: %w", err)
	}
	defer rows.Close()
	v := trainer.ChainVerifier{Key: key}
	var r AuditReport
	for rows.Next() {
		e, err := scanAudit(rows)
		var ce *trainer.ChainError
		if errors.As(err, &ce) {
			return report(&v, r), ce
		}
		if err != nil {
			return report(&v, r), fmt.Errorf("verify audit: %w", err)
		}
		if err := v.Add(e); err != nil {
			return report(&v, r), err
		}
		r.HeadSeq = e.Seq
	}
	if err := rows.Err(); err != nil {
		return report(&v, r), fmt.Errorf("verify audit: %w", err)
	}
	return report(&v, r), nil
}

func report(v *trainer.ChainVerifier, r AuditReport) AuditReport {
	r.Entries, r.Head, r.KeyedFrom = v.Count(), v.Head(), v.KeyedFrom()
	return r
}

// AuditFilter is trainer.AuditFilter, kept under its old name for this package.
type AuditFilter = trainer.AuditFilter

// ListAudit returns the audit entries that match f, newest first.
func (db *DB) ListAudit(ctx context.Context, f AuditFilter) ([]*trainer.AuditEntry, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	where, args := `1 = 1`, []any{}
	if f.SubjectPrefix != "" {
		// The subject itself, or one below it ("user:12/game:uth"); not
		// "user:123".
		where += ` AND (subject = ? OR substr(subject, 1, ?) = ?)`
		args = append(args, f.SubjectPrefix, len(f.SubjectPrefix)+1, f.SubjectPrefix+"/")
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 100
	}
	rows, err := tx.QueryContext(ctx, `SELECT `+auditColumns+` FROM audit_log WHERE `+where+` ORDER BY seq DESC LIMIT ?`,
		append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("list audit: %w", err)
	}
	defer rows.Close()
	var out []*trainer.AuditEntry
	for rows.Next() {
		e, err := scanAudit(rows)
		if err != nil {
			return nil, fmt.Errorf("list audit: %w", err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}
