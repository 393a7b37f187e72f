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
// entry can take the same number.
func appendAudit(ctx context.Context, tx *Tx, who actor, action, subject string, detail map[string]any) (*trainer.AuditEntry, error) {
	e := &trainer.AuditEntry{At: tx.now.Truncate(1e6), ActorID: who.id, Actor: who.name, Action: action,
		Subject: subject, Detail: trainer.AuditDetail(detail), PrevHash: trainer.GenesisHash}
	err := tx.QueryRowContext(ctx, `SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1`).Scan(&e.Seq, &e.PrevHash)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("append audit: %w", err)
	}
	e.Seq++
	e.Hash = e.ComputeHash()
	if _, err := tx.ExecContext(ctx, `
		INSERT INTO audit_log (seq, at, actor_id, actor, action, subject, detail, prev_hash, hash)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.Seq, e.At.UTC().Format(trainer.AuditTimeLayout), e.ActorID, e.Actor, e.Action, e.Subject, e.Detail,
		e.PrevHash, e.Hash); err != nil {
		return nil, fmt.Errorf("append audit: %w", err)
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

// AuditReport is the result of checking the whole audit log.
type AuditReport struct {
	Entries int64  // entries checked and found intact
	Head    string // the hash of the last intact entry (trainer.GenesisHash for an empty log)
	HeadSeq int64
}

// VerifyAudit reads the audit log in order and checks its chain. It returns
// the report of the intact part and, at the first broken entry, a
// *trainer.ChainError naming it. Deleting the last entries leaves a chain
// that verifies: compare the head with one written down earlier
// (docs/certification.md).
func (db *DB) VerifyAudit(ctx context.Context) (AuditReport, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return AuditReport{}, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT `+auditColumns+` FROM audit_log ORDER BY seq`)
	if err != nil {
		return AuditReport{}, fmt.Errorf("verify audit: %w", err)
	}
	defer rows.Close()
	var v trainer.ChainVerifier
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
	r.Entries, r.Head = v.Count(), v.Head()
	return r
}

// AuditFilter narrows ListAudit.
type AuditFilter struct {
	SubjectPrefix string // "user:12" matches the user and each of their certifications
	Limit         int    // 0 for 100
}

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
