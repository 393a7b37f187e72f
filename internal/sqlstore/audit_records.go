package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// CheckCertRecords compares the exams and certification events of trainee
// userID in game with the audit entries that recorded them, and returns the
// disagreements (none when they agree).
func (db *DB) CheckCertRecords(ctx context.Context, userID int64, game string) ([]trainer.RecordMismatch, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return certMismatches(ctx, tx, userID, game)
}

// certMismatches is CheckCertRecords in tx.
func certMismatches(ctx context.Context, tx *Tx, userID int64, game string) ([]trainer.RecordMismatch, error) {
	var r trainer.CertRecords
	var err error
	if r.Events, err = listCertEvents(ctx, tx, `e.user_id = ? AND e.game = ? ORDER BY e.id`, userID, game); err != nil {
		return nil, err
	}
	if r.Exams, err = listExamsTx(ctx, tx, `x.user_id = ? AND x.game = ? ORDER BY x.session_id`, userID, game); err != nil {
		return nil, err
	}
	if r.Entries, err = certEntries(ctx, tx, `subject = ?`, trainer.CertSubject(userID, game)); err != nil {
		return nil, err
	}
	return trainer.CheckCertRecords(r, tx.db.d.AuditKey()), nil
}

// VerifyRecords compares every exam and certification event with the audit
// entries that recorded them (trainer.CheckCertRecords), under the audit key
// given (UseAuditKey, SetAuditKey; without one, keyed entries are not
// believed).
func (db *DB) VerifyRecords(ctx context.Context) (trainer.RecordsReport, []trainer.RecordMismatch, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return trainer.RecordsReport{}, nil, err
	}
	defer tx.Rollback()
	var r trainer.CertRecords
	if r.Events, err = listCertEvents(ctx, tx, `1 = 1 ORDER BY e.id`); err != nil {
		return trainer.RecordsReport{}, nil, err
	}
	if r.Exams, err = listExamsTx(ctx, tx, `1 = 1 ORDER BY x.session_id`); err != nil {
		return trainer.RecordsReport{}, nil, err
	}
	// The subjects of certifications: "user:12/game:uth" (replace finds
	// "/game:" in both databases, which name their search functions apart).
	if r.Entries, err = certEntries(ctx, tx, `substr(subject, 1, 5) = 'user:' AND replace(subject, '/game:', '') <> subject`); err != nil {
		return trainer.RecordsReport{}, nil, err
	}
	rep := trainer.RecordsReport{Exams: len(r.Exams), Events: len(r.Events), Entries: len(r.Entries)}
	ms := trainer.CheckCertRecords(r, db.d.AuditKey())
	rr, err := recordsFacts(ctx, tx, r.Events)
	if err != nil {
		return rep, nil, err
	}
	rep.Records = trainer.RecordsCount{TableTests: len(rr.TableTests), Hours: len(rr.Hours), Topics: len(rr.Topics),
		Programmes: len(rr.Programmes), Signers: len(rr.Signers)}
	return rep, append(ms, trainer.CheckRecords(rr, db.d.AuditKey())...), nil
}

// recordsFacts reads every record of issue 24 and the audit entries of the
// records' actions, for trainer.CheckRecords; events are the certification
// events read already (the revocations among them).
func recordsFacts(ctx context.Context, tx *Tx, events []trainer.CertEvent) (trainer.RecordsFacts, error) {
	var r trainer.RecordsFacts
	var err error
	for _, e := range events {
		if e.Kind == trainer.EventRevoked {
			r.Revocations = append(r.Revocations, e)
		}
	}
	if r.TableTests, err = listTableTests(ctx, tx, `1 = 1`); err != nil {
		return r, err
	}
	if r.Hours, err = listTableHours(ctx, tx, `1 = 1`); err != nil {
		return r, err
	}
	if r.Topics, err = listTopicCompletions(ctx, tx, `1 = 1`); err != nil {
		return r, err
	}
	if r.Programmes, err = listProgrammes(ctx, tx, `1 = 1 ORDER BY p.id`); err != nil {
		return r, err
	}
	if r.Signers, err = findSigners(ctx, tx, `1 = 1`); err != nil {
		return r, err
	}
	actions := trainer.RecordsActions()
	where, args := `action IN (?`+strings.Repeat(`, ?`, len(actions)-1)+`)`, make([]any, len(actions))
	for i, a := range actions {
		args[i] = a
	}
	r.Entries, err = certEntries(ctx, tx, where, args...)
	return r, err
}

// certEntries reads the audit entries matching where, with Keyed set as in
// the chain (from the first keyed entry on). An entry whose time cannot be
// read is kept with its zero time: the check then names it.
func certEntries(ctx context.Context, tx *Tx, where string, args ...any) ([]*trainer.AuditEntry, error) {
	keyedFrom, _, err := FirstKeyed(ctx, tx)
	if err != nil {
		return nil, err
	}
	rows, err := tx.QueryContext(ctx, `SELECT `+auditColumns+` FROM audit_log WHERE `+where+` ORDER BY seq`, args...)
	if err != nil {
		return nil, fmt.Errorf("audit entries: %w", err)
	}
	defer rows.Close()
	var out []*trainer.AuditEntry
	for rows.Next() {
		e, err := scanAudit(rows)
		if e == nil {
			return nil, fmt.Errorf("audit entries: %w", err)
		}
		e.Keyed = keyedFrom != 0 && e.Seq >= keyedFrom
		out = append(out, e)
	}
	return out, rows.Err()
}

// listExamsTx reads the exams matching where (over exams x, with its
// ORDER BY) with their items, in tx.
func listExamsTx(ctx context.Context, tx *Tx, where string, args ...any) ([]*trainer.Exam, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+examColumns+` FROM exams x WHERE `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("list exams: %w", err)
	}
	var out []*trainer.Exam
	for rows.Next() {
		ex, err := scanExam(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("list exams: %w", err)
		}
		out = append(out, ex)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, ex := range out {
		if ex.Items, err = examItems(ctx, tx, ex.ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}
