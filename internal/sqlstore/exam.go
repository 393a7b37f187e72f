package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

const msgExamNotFound = "Exam not found."

const examColumns = `x.session_id, x.user_id, x.game, x.house, x.rules_version, x.standard, x.started_at,
	x.finished_at, coalesce(x.passed, 0), coalesce(x.result, ''),
	(SELECT ps.site_id FROM practice_sessions ps WHERE ps.id = x.session_id)`

// StartExam starts exam ex for trainee ex.UserID: a practice session in
// ModeExam whose planned questions are ex.Items, the exam's row and its items,
// and the audit entry, in one transaction. check decides, on the trainee's
// certification as it stands in that transaction, whether an exam may start
// (eval: retakes, the wait, the refresher). The trainee's open practice
// session ends. It sets ex.ID and ex.StartedAt.
//
// Returns KindNotFound if the user is not an active trainee, trainer.ErrExamOpen
// (KindConflict) if an exam is open already, KindConflict if ex's rules
// version is not approved, KindInvalid for an exam with no items, and check's
// error.
func (db *DB) StartExam(ctx context.Context, ex *trainer.Exam, check trainer.CertCheck) error {
	if len(ex.Items) == 0 || len(ex.Items) > 200 {
		return trainer.Errorf(trainer.KindInvalid, "An exam holds 1 to 200 questions.")
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := findUser(ctx, tx, `id = ? AND role = 'trainee' AND active = 1`, ex.UserID); err != nil {
		return fmt.Errorf("start exam: %w", tx.translate(err, "Trainee not found."))
	}
	if open, err := findPracticeSession(ctx, tx, `s.user_id = ? AND s.ended_at IS NULL`, ex.UserID); err == nil {
		if open.Mode == trainer.ModeExam {
			return trainer.ErrExamOpen
		}
	} else if trainer.KindOf(err) != trainer.KindNotFound {
		return err
	}
	ok, err := rulesApproved(ctx, tx, ex.RulesVersion)
	if err != nil {
		return fmt.Errorf("start exam: %w", err)
	}
	if !ok {
		return trainer.Errorf(trainer.KindConflict, "Exams open once a manager has approved the house rules in use.")
	}
	rec, err := certRecord(ctx, tx, ex.UserID, ex.Game)
	if err != nil {
		return fmt.Errorf("start exam: %w", err)
	}
	if check != nil {
		if err := check(rec); err != nil {
			return err
		}
	}
	if err := endOpenSessions(ctx, tx, ex.UserID); err != nil {
		return fmt.Errorf("start exam: %w", err)
	}
	level := 1
	for _, it := range ex.Items {
		level = max(level, it.Level)
	}
	ex.SiteID = cmp.Or(ex.SiteID, trainer.FirstSiteID)
	ex.ID, err = tx.Insert(ctx, `
		INSERT INTO practice_sessions (user_id, mode, game, kind, level, house, rules_version, planned, started_at, site_id)
		VALUES (?, 'exam', ?, ?, ?, ?, ?, ?, ?, ?)`,
		ex.UserID, ex.Game, trainer.KindMixed, level, ex.House, ex.RulesVersion, len(ex.Items), formatTime(tx.Now()), ex.SiteID)
	if err != nil {
		return fmt.Errorf("start exam: %w", err)
	}
	ex.StartedAt = tx.Now()
	if _, err := tx.ExecContext(ctx, `
		INSERT INTO exams (session_id, user_id, game, house, rules_version, standard, started_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`,
		ex.ID, ex.UserID, ex.Game, ex.House, ex.RulesVersion, string(ex.Standard), formatTime(tx.Now())); err != nil {
		return fmt.Errorf("start exam: %w", err)
	}
	for i := range ex.Items {
		it := &ex.Items[i]
		it.Position = i + 1
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO exam_items (session_id, position, kind, level, seed, skill, seconds) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			ex.ID, it.Position, it.Kind, it.Level, int64(it.Seed), it.Skill, it.Seconds); err != nil {
			return fmt.Errorf("start exam: %w", err)
		}
	}
	if _, err := appendAudit(ctx, tx, actorOf(ctx), trainer.AuditExamStarted, trainer.CertSubject(ex.UserID, ex.Game),
		map[string]any{"exam": ex.ID, "game": ex.Game, "rules_version": ex.RulesVersion, "items": len(ex.Items),
			"standard_sha256": trainer.AuditDigest(ex.Standard)}); err != nil {
		return fmt.Errorf("start exam: %w", err)
	}
	return tx.Commit()
}

// FinishExam records the result of exam ex (judged by the server with eval)
// once: the exam's result, the end of its session, the certification event
// (exam passed or failed) and the audit entry, in one transaction. An exam
// already finished is left as it is, and returned as stored, so a finish that
// two requests both try happens once. Returns KindNotFound.
func (db *DB) FinishExam(ctx context.Context, ex *trainer.Exam, passed bool, result json.RawMessage) (*trainer.Exam, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `
		UPDATE exams SET finished_at = ?, passed = ?, result = ? WHERE session_id = ? AND user_id = ? AND finished_at IS NULL`,
		formatTime(tx.Now()), passed, string(result), ex.ID, ex.UserID)
	if err != nil {
		return nil, fmt.Errorf("finish exam: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return nil, err
	} else if n == 0 {
		return findExam(ctx, tx, `x.session_id = ? AND x.user_id = ?`, ex.ID, ex.UserID)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE practice_sessions SET ended_at = coalesce(ended_at, ?) WHERE id = ?`,
		formatTime(tx.Now()), ex.ID); err != nil {
		return nil, fmt.Errorf("finish exam: %w", err)
	}
	holder, err := findUser(ctx, tx, `id = ?`, ex.UserID)
	if err != nil {
		return nil, fmt.Errorf("finish exam: %w", err)
	}
	e := &trainer.CertEvent{UserID: ex.UserID, Game: ex.Game, Kind: trainer.EventExamFailed, At: tx.Now(), ExamID: ex.ID}
	if passed {
		e.Kind = trainer.EventExamPassed
	}
	if err := insertCertEvent(ctx, tx, e); err != nil {
		return nil, fmt.Errorf("finish exam: %w", err)
	}
	// The result's digest lets `trainer audit verify` tell a result
	// changed behind the kiosk's back.
	if err := auditCertEvent(ctx, tx, actorOf(ctx), e, holder, map[string]any{"result_sha256": trainer.AuditDigest(result)}); err != nil {
		return nil, fmt.Errorf("finish exam: %w", err)
	}
	out, err := findExam(ctx, tx, `x.session_id = ? AND x.user_id = ?`, ex.ID, ex.UserID)
	if err != nil {
		return nil, err
	}
	return out, tx.Commit()
}

// FindExam returns exam id of trainee userID with its items. Returns
// KindNotFound if there is no such exam or it is another trainee's.
func (db *DB) FindExam(ctx context.Context, id, userID int64) (*trainer.Exam, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return findExam(ctx, tx, `x.session_id = ? AND x.user_id = ?`, id, userID)
}

// ListExams returns the exams that match f with their items, newest first.
// Managers read every trainee's; a trainee's pages pass their own UserID.
func (db *DB) ListExams(ctx context.Context, f trainer.ExamFilter) ([]*trainer.Exam, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	where, args := `1 = 1`, []any{}
	if f.ID != 0 {
		where, args = where+` AND x.session_id = ?`, append(args, f.ID)
	}
	if f.UserID != 0 {
		where, args = where+` AND x.user_id = ?`, append(args, f.UserID)
	}
	if f.Game != "" {
		where, args = where+` AND x.game = ?`, append(args, f.Game)
	}
	if f.Finished {
		where += ` AND x.finished_at IS NOT NULL`
	}
	return listExamsTx(ctx, tx, where+` ORDER BY x.started_at DESC, x.session_id DESC`, args...)
}

func findExam(ctx context.Context, tx *Tx, where string, args ...any) (*trainer.Exam, error) {
	ex, err := scanExam(tx.QueryRowContext(ctx, `SELECT `+examColumns+` FROM exams x WHERE `+where, args...))
	if err != nil {
		return nil, tx.translate(err, msgExamNotFound)
	}
	if ex.Items, err = examItems(ctx, tx, ex.ID); err != nil {
		return nil, err
	}
	return ex, nil
}

func examItems(ctx context.Context, tx *Tx, id int64) ([]trainer.ExamItem, error) {
	rows, err := tx.QueryContext(ctx, `SELECT position, kind, level, seed, skill, seconds FROM exam_items
		WHERE session_id = ? ORDER BY position`, id)
	if err != nil {
		return nil, fmt.Errorf("exam items: %w", err)
	}
	defer rows.Close()
	var out []trainer.ExamItem
	for rows.Next() {
		var it trainer.ExamItem
		var seed int64
		if err := rows.Scan(&it.Position, &it.Kind, &it.Level, &seed, &it.Skill, &it.Seconds); err != nil {
			return nil, fmt.Errorf("exam items: %w", err)
		}
		it.Seed = uint64(seed)
		out = append(out, it)
	}
	return out, rows.Err()
}

func scanExam(sc scanner) (*trainer.Exam, error) {
	var ex trainer.Exam
	var standard, result string
	var started, finished storedTime
	if err := sc.Scan(&ex.ID, &ex.UserID, &ex.Game, &ex.House, &ex.RulesVersion, &standard, &started, &finished,
		&ex.Passed, &result, &ex.SiteID); err != nil {
		return nil, err
	}
	ex.Standard = json.RawMessage(standard)
	if result != "" {
		ex.Result = json.RawMessage(result)
	}
	var err error
	if ex.StartedAt, err = started.time(); err != nil {
		return nil, err
	}
	if ex.FinishedAt, err = finished.time(); err != nil {
		return nil, err
	}
	return &ex, nil
}
