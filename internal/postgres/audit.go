package postgres

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
// It locks the chain's head row first (FOR UPDATE), so appends from every
// kiosk process on the database take turns: the next one reads the head
// this one writes. Every entry is keyed with the process's audit key.
func appendAudit(ctx context.Context, tx *Tx, who actor, action, subject string, detail map[string]any) (*trainer.AuditEntry, error) {
	e := &trainer.AuditEntry{At: tx.now.Truncate(1e6), ActorID: who.id, Actor: who.name, Action: action,
		Subject: subject, Detail: trainer.AuditDetail(detail), Keyed: true}
	return e, appendEntry(ctx, tx, e)
}

// appendEntry chains e (its time, actor, action, subject and detail set) to
// the head of the log in tx, as appendAudit does: it numbers, keys and
// writes it.
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
	e.Hash = e.ComputeMAC(tx.db.key)
	if _, err := tx.ExecContext(ctx, `
		INSERT INTO audit_log (seq, at, actor_id, actor, action, subject, detail, prev_hash, hash)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.Seq, e.At, e.ActorID, e.Actor, e.Action, e.Subject, e.Detail, e.PrevHash, e.Hash); err != nil {
		return fmt.Errorf("append audit: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE audit_head SET seq = ?, hash = ?, keyed_from = ? WHERE id = 1`,
		e.Seq, e.Hash, keyedFrom); err != nil {
		return fmt.Errorf("append audit: %w", err)
	}
	return nil
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

// verifyChain checks the chain of the whole log with key (nil for none).
func verifyChain(ctx context.Context, tx *Tx, key []byte) (trainer.AuditReport, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+auditColumns+` FROM audit_log ORDER BY seq`)
	if err != nil {
		return trainer.AuditReport{}, fmt.Errorf("verify audit: %w", err)
	}
	defer rows.Close()
	v := trainer.ChainVerifier{Key: key}
	var r trainer.AuditReport
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

func report(v *trainer.ChainVerifier, r trainer.AuditReport) trainer.AuditReport {
	r.Entries, r.Head, r.KeyedFrom = v.Count(), v.Head(), v.KeyedFrom()
	return r
}

// ListAudit returns the audit entries that match f, newest first.
func (db *DB) ListAudit(ctx context.Context, f trainer.AuditFilter) ([]*trainer.AuditEntry, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	where, args := `1 = 1`, []any{}
	if f.SubjectPrefix != "" {
		// The subject itself, or one below it ("user:12/game:uth"); not
		// "user:123".
		where += ` AND (subject = ? OR substr(subject, 1, ?::int) = ?)`
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
