package sqlstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// KioskActor is the name the log gives changes made by the kiosk itself (at
// start-up, an expiry noticed) or from the command line.
const KioskActor = "kiosk"

// Actor is who makes the change recorded in an audit entry.
type Actor struct {
	ID   int64
	Name string
}

// Kiosk is the kiosk itself, as the actor of a change.
var Kiosk = Actor{0, KioskActor}

// ActorOf is the signed-in user of the request (trainer.WithActor), or the kiosk.
func ActorOf(ctx context.Context) Actor {
	if u := trainer.ActorOf(ctx); u != nil {
		return Actor{u.ID, u.Name}
	}
	return Kiosk
}

// actorOf is ActorOf, for this package's statements.
var actorOf = ActorOf

// AppendAudit appends an entry to the audit log inside tx, chained to the
// last one by the store (Dialect.AppendAudit): the change and its record are
// committed together or not at all.
func AppendAudit(ctx context.Context, tx *Tx, who Actor, action, subject string, detail map[string]any) (*trainer.AuditEntry, error) {
	e := &trainer.AuditEntry{At: tx.Now().Truncate(1e6), ActorID: who.ID, Actor: who.Name, Action: action,
		Subject: subject, Detail: trainer.AuditDetail(detail)}
	if err := tx.db.d.AppendAudit(ctx, tx, e); err != nil {
		return nil, err
	}
	return e, nil
}

// appendAudit is AppendAudit, for this package's statements.
var appendAudit = AppendAudit

// InsertAuditEntry writes e, numbered and hashed, to the log.
func InsertAuditEntry(ctx context.Context, tx *Tx, e *trainer.AuditEntry) error {
	if _, err := tx.ExecContext(ctx, `
		INSERT INTO audit_log (seq, at, actor_id, actor, action, subject, detail, prev_hash, hash)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.Seq, formatTime(e.At), e.ActorID, e.Actor, e.Action, e.Subject, e.Detail, e.PrevHash, e.Hash); err != nil {
		return fmt.Errorf("append audit: %w", err)
	}
	return nil
}

const auditColumns = `seq, at, actor_id, actor, action, subject, detail, prev_hash, hash`

func scanAudit(sc scanner) (*trainer.AuditEntry, error) {
	var e trainer.AuditEntry
	var at storedTime
	if err := sc.Scan(&e.Seq, &at, &e.ActorID, &e.Actor, &e.Action, &e.Subject, &e.Detail, &e.PrevHash, &e.Hash); err != nil {
		return nil, err
	}
	var err error
	if e.At, err = at.time(); err != nil {
		// A time that does not parse was written behind the kiosk's back:
		// the entry is returned with its number, so the error can name it.
		return &e, &trainer.ChainError{Seq: e.Seq, Reason: "its time cannot be read: it was changed after it was written"}
	}
	return &e, nil
}

// VerifyChain checks the chain of the whole log in tx with key (nil for
// none). It returns the report of the intact part and, at the first broken
// entry, a *trainer.ChainError naming it.
func VerifyChain(ctx context.Context, tx *Tx, key []byte) (trainer.AuditReport, error) {
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
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	where, args := `1 = 1`, []any{}
	if f.SubjectPrefix != "" {
		// The subject itself, or one below it ("user:12/game:uth"); not
		// "user:123".
		where += ` AND (subject = ? OR substr(subject, 1, CAST(? AS INTEGER)) = ?)`
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
