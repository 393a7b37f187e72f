package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The records a gaming regulator inspects (issue 24, docs/records.md): the
// marks of who may sign table tests, the programme versions, table tests
// with their checklist and signature, entered table hours, topic
// completions, and deletion under the house's retention. Package records
// decides; its checks come in as callbacks typed in trainer. Every change
// appends its audit entry in its own transaction.

// actorUser is the signed-in user of the request, read again in tx (nil for
// the machine's operator: the command line, start-up).
func actorUser(ctx context.Context, tx *Tx) (*trainer.User, error) {
	a := trainer.ActorOf(ctx)
	if a == nil || a.ID == 0 { // the kiosk, or the operator (trainer.WithOperator)
		return nil, nil
	}
	return findUser(ctx, tx, `id = ?`, a.ID)
}

// SetTableTestSigner marks staff member userID as one who may sign table
// tests, or takes the mark away, and audits it (signer.allowed,
// signer.withdrawn); marking someone marked already, or unmarking someone
// unmarked, changes nothing and records nothing. It returns the mark, or nil
// once taken away. Returns ErrOnlyAdministrator unless the actor is an
// administrator who manages the user (their site) or the director, or the
// machine's operator; SignerRefused for a user who is not active staff.
func (db *DB) SetTableTestSigner(ctx context.Context, userID int64, allowed bool) (*trainer.Signer, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	u, err := findUser(ctx, tx, `id = ?`, userID)
	if err != nil {
		return nil, fmt.Errorf("set signer: %w", err)
	}
	actor, err := actorUser(ctx, tx)
	if err != nil {
		return nil, fmt.Errorf("set signer: %w", err)
	}
	if actor != nil && (actor.Role == trainer.RoleManager || !actor.Manages(u)) {
		return nil, trainer.ErrOnlyAdministrator
	}
	if allowed && !u.CanBeSigner() {
		return nil, trainer.SignerRefused(u.Name)
	}
	marked, err := findSigners(ctx, tx, `s.user_id = ?`, userID)
	if err != nil {
		return nil, err
	}
	who := actorOf(ctx)
	detail := map[string]any{"user": u.ID, "name": u.Name}
	switch {
	case allowed && len(marked) > 0:
		return &marked[0], nil
	case !allowed && len(marked) == 0:
		return nil, nil
	case allowed:
		if _, err := tx.ExecContext(ctx, `INSERT INTO table_test_signers (user_id, allowed_at, allowed_by) VALUES (?, ?, ?)`,
			u.ID, formatTime(tx.Now()), nullID(who.ID)); err != nil {
			return nil, fmt.Errorf("set signer: %w", err)
		}
		if _, err := appendAudit(ctx, tx, who, trainer.AuditSignerAllowed, trainer.UserSubject(u.ID), detail); err != nil {
			return nil, err
		}
	default:
		if _, err := tx.ExecContext(ctx, `DELETE FROM table_test_signers WHERE user_id = ?`, u.ID); err != nil {
			return nil, fmt.Errorf("set signer: %w", err)
		}
		if _, err := appendAudit(ctx, tx, who, trainer.AuditSignerWithdrawn, trainer.UserSubject(u.ID), detail); err != nil {
			return nil, err
		}
	}
	if marked, err = findSigners(ctx, tx, `s.user_id = ?`, userID); err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	if len(marked) == 0 {
		return nil, nil
	}
	return &marked[0], nil
}

// ListTableTestSigners lists the staff marked as ones who may sign table
// tests, by name.
func (db *DB) ListTableTestSigners(ctx context.Context) ([]trainer.Signer, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return findSigners(ctx, tx, `1 = 1`)
}

func findSigners(ctx context.Context, tx *Tx, where string, args ...any) ([]trainer.Signer, error) {
	rows, err := tx.QueryContext(ctx, `
		SELECT s.user_id, u.name, u.role, u.active, s.allowed_at, coalesce(s.allowed_by, 0),
			coalesce((SELECT b.name FROM users b WHERE b.id = s.allowed_by), '')
		FROM table_test_signers s JOIN users u ON u.id = s.user_id
		WHERE `+where+`
		ORDER BY u.name, u.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("list signers: %w", err)
	}
	defer rows.Close()
	var out []trainer.Signer
	for rows.Next() {
		var s trainer.Signer
		var role string
		var at storedTime
		if err := rows.Scan(&s.UserID, &s.Name, &role, &s.Active, &at, &s.AllowedBy, &s.AllowedByName); err != nil {
			return nil, fmt.Errorf("list signers: %w", err)
		}
		s.Role = trainer.Role(role)
		if s.AllowedAt, err = at.time(); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// nullID is id for a column that holds NULL for the machine's operator.
func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// instructorFor reads the dealer userID (an active or deactivated trainee)
// and checks that the actor may record their training: a manager or
// administrator of their site, or the director (Certifies), or the
// machine's operator. Returns ErrDealerNotFound, ErrOwnRecords,
// ErrNotInstructor.
func instructorFor(ctx context.Context, tx *Tx, userID int64) (*trainer.User, error) {
	holder, err := findUser(ctx, tx, `id = ? AND role = 'trainee'`, userID)
	if err != nil {
		if trainer.KindOf(err) == trainer.KindNotFound {
			return nil, trainer.ErrDealerNotFound
		}
		return nil, err
	}
	actor, err := actorUser(ctx, tx)
	switch {
	case err != nil:
		return nil, err
	case actor == nil:
	case actor.ID == holder.ID:
		return nil, trainer.ErrOwnRecords
	case !actor.Certifies(holder):
		return nil, trainer.ErrNotInstructor
	}
	return holder, nil
}

// EnterTableHours stores hours an instructor entered for a dealer, with
// their audit entry (hours.entered), and sets h's ID and who and when.
// Returns KindInvalid (trainer.TableHours.Validate), ErrDealerNotFound,
// ErrOwnRecords, ErrNotInstructor.
func (db *DB) EnterTableHours(ctx context.Context, h *trainer.TableHours) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := h.Validate(tx.Now()); err != nil {
		return err
	}
	if _, err := instructorFor(ctx, tx, h.UserID); err != nil {
		return err
	}
	who := actorOf(ctx)
	h.EnteredAt, h.EnteredBy, h.EnteredByName, h.Struck = tx.Now().Truncate(1e6), who.ID, who.Name, nil
	h.ID, err = tx.Insert(ctx, `
		INSERT INTO table_hours (user_id, game, day, table_name, minutes, note, entered_at, entered_by)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		h.UserID, h.Game, day(h.Day), h.Table, h.Minutes, h.Note, formatTime(tx.Now()), nullID(who.ID))
	if err != nil {
		return fmt.Errorf("enter table hours: %w", err)
	}
	if _, err := appendAudit(ctx, tx, who, trainer.AuditHoursEntered, trainer.CertSubject(h.UserID, h.Game), map[string]any{
		"hours": h.ID, "game": h.Game, "day": h.Day.Format(DayLayout), "table": h.Table, "minutes": h.Minutes, "note": h.Note,
	}); err != nil {
		return err
	}
	return tx.Commit()
}

// ListTableHours lists the table hours entered for dealer userID, every
// game, oldest first.
func (db *DB) ListTableHours(ctx context.Context, userID int64) ([]trainer.TableHours, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return listTableHours(ctx, tx, `h.user_id = ?`, userID)
}

func listTableHours(ctx context.Context, tx *Tx, where string, args ...any) ([]trainer.TableHours, error) {
	rows, err := tx.QueryContext(ctx, `
		SELECT h.id, h.user_id, h.game, h.day, h.table_name, h.minutes, h.note, h.entered_at, coalesce(h.entered_by, 0),
			coalesce((SELECT b.name FROM users b WHERE b.id = h.entered_by), ''),
			h.struck_at, coalesce(h.struck_by, 0), coalesce((SELECT b.name FROM users b WHERE b.id = h.struck_by), ''),
			coalesce(h.strike_reason, '')
		FROM table_hours h
		WHERE `+where+`
		ORDER BY h.day, h.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("list table hours: %w", err)
	}
	defer rows.Close()
	var out []trainer.TableHours
	for rows.Next() {
		var h trainer.TableHours
		var d storedDay
		var at, struckAt storedTime
		var strike trainer.HoursStrike
		if err := rows.Scan(&h.ID, &h.UserID, &h.Game, &d, &h.Table, &h.Minutes, &h.Note, &at, &h.EnteredBy, &h.EnteredByName,
			&struckAt, &strike.ActorID, &strike.Actor, &strike.Reason); err != nil {
			return nil, fmt.Errorf("list table hours: %w", err)
		}
		if strike.At, err = struckAt.time(); err != nil {
			return nil, err
		}
		if !strike.At.IsZero() {
			if strike.ActorID == 0 {
				strike.Actor = KioskActor
			}
			h.Struck = &strike
		}
		if h.Day, err = d.day(); err != nil {
			return nil, err
		}
		if h.EnteredAt, err = at.time(); err != nil {
			return nil, err
		}
		if h.EnteredByName == "" && h.EnteredBy == 0 {
			h.EnteredByName = KioskActor
		}
		out = append(out, h)
	}
	return out, rows.Err()
}

// StrikeTableHours strikes out dealer userID's entered table hours id (a mistake) with
// the reason, and audits it (hours.struck): the entry stays on the
// dealer's file, struck, and no longer counts towards the house's minimum.
// Returns ErrStrikeReason, ErrRecordNotFound, ErrHoursStruck,
// ErrOwnRecords and ErrNotInstructor, as for entering them.
func (db *DB) StrikeTableHours(ctx context.Context, userID, id int64, reason string) (*trainer.TableHours, error) {
	reason = trainer.NormalizeNotes(reason)
	if reason == "" {
		return nil, trainer.ErrStrikeReason
	}
	if err := trainer.ValidateNotes(trainer.EventRevoked, reason); err != nil {
		return nil, err // the characters and length a revocation's reason may have
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	hs, err := listTableHours(ctx, tx, `h.id = ? AND h.user_id = ?`, id, userID)
	switch {
	case err != nil:
		return nil, err
	case len(hs) == 0:
		return nil, trainer.ErrRecordNotFound
	case hs[0].Struck != nil:
		return nil, trainer.ErrHoursStruck
	}
	h := hs[0]
	if _, err := instructorFor(ctx, tx, h.UserID); err != nil {
		return nil, err
	}
	who := actorOf(ctx)
	if _, err := tx.ExecContext(ctx, `UPDATE table_hours SET struck_at = ?, struck_by = ?, strike_reason = ? WHERE id = ?`,
		formatTime(tx.Now()), nullID(who.ID), reason, id); err != nil {
		return nil, fmt.Errorf("strike table hours: %w", err)
	}
	if _, err := appendAudit(ctx, tx, who, trainer.AuditHoursStruck, trainer.CertSubject(h.UserID, h.Game),
		map[string]any{"hours": id, "game": h.Game, "reason": reason}); err != nil {
		return nil, err
	}
	if hs, err = listTableHours(ctx, tx, `h.id = ?`, id); err != nil {
		return nil, err
	}
	return &hs[0], tx.Commit()
}

// MeasuredTime sums dealer userID's time on answered questions outside
// exams, by game, mode and kind, each question's time capped at
// trainer.MeasuredCap times its target (records.Capped says the same rule
// in Go; a test in internal/storetest keeps them equal).
func (db *DB) MeasuredTime(ctx context.Context, userID int64) ([]trainer.MeasuredTime, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	capMS := trainer.MeasuredCap * 1000
	rows, err := tx.QueryContext(ctx, `
		SELECT a.game, s.mode, a.kind, count(*),
			CAST(sum(CASE WHEN a.elapsed_ms < a.target_seconds * CAST(? AS INTEGER) THEN a.elapsed_ms
				ELSE a.target_seconds * CAST(? AS INTEGER) END) AS BIGINT),
			CAST(sum(a.elapsed_ms) AS BIGINT)
		FROM attempts a JOIN practice_sessions s ON s.id = a.session_id
		WHERE s.user_id = ? AND s.mode <> 'exam' AND a.answered_at IS NOT NULL
		GROUP BY a.game, s.mode, a.kind
		ORDER BY a.game, s.mode, a.kind`, capMS, capMS, userID)
	if err != nil {
		return nil, fmt.Errorf("measured time: %w", err)
	}
	defer rows.Close()
	var out []trainer.MeasuredTime
	for rows.Next() {
		var m trainer.MeasuredTime
		var mode string
		var capped, raw int64
		if err := rows.Scan(&m.Game, &mode, &m.Kind, &m.Answers, &capped, &raw); err != nil {
			return nil, fmt.Errorf("measured time: %w", err)
		}
		m.Mode, m.Capped, m.Raw = trainer.Mode(mode), msDuration(capped), msDuration(raw)
		out = append(out, m)
	}
	return out, rows.Err()
}

func msDuration(ms int64) time.Duration { return time.Duration(ms) * time.Millisecond }

// RecordTopicCompletion stores a dealer's completion of a topic outside the
// games, with its audit entry (topic.completed), and sets c's ID and who
// and when. The caller checks the topic is the house's
// (records.CheckTopic). Returns KindInvalid, ErrDealerNotFound,
// ErrOwnRecords, ErrNotInstructor.
func (db *DB) RecordTopicCompletion(ctx context.Context, c *trainer.TopicCompletion) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := c.Validate(tx.Now()); err != nil {
		return err
	}
	if _, err := instructorFor(ctx, tx, c.UserID); err != nil {
		return err
	}
	who := actorOf(ctx)
	c.At, c.ActorID, c.Actor = tx.Now().Truncate(1e6), who.ID, who.Name
	c.ID, err = tx.Insert(ctx, `
		INSERT INTO topic_completions (user_id, topic, day, evidence, recorded_at, recorded_by)
		VALUES (?, ?, ?, ?, ?, ?)`,
		c.UserID, c.Topic, day(c.Day), c.Evidence, formatTime(tx.Now()), nullID(who.ID))
	if err != nil {
		return fmt.Errorf("record topic completion: %w", err)
	}
	if _, err := appendAudit(ctx, tx, who, trainer.AuditTopicCompleted, trainer.TopicSubject(c.UserID, c.Topic), map[string]any{
		"completion": c.ID, "topic": c.Topic, "day": c.Day.Format(DayLayout), "evidence": c.Evidence,
	}); err != nil {
		return err
	}
	return tx.Commit()
}

// ListTopicCompletions lists dealer userID's topic completions, oldest
// first.
func (db *DB) ListTopicCompletions(ctx context.Context, userID int64) ([]trainer.TopicCompletion, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return listTopicCompletions(ctx, tx, `c.user_id = ?`, userID)
}

func listTopicCompletions(ctx context.Context, tx *Tx, where string, args ...any) ([]trainer.TopicCompletion, error) {
	rows, err := tx.QueryContext(ctx, `
		SELECT c.id, c.user_id, c.topic, c.day, c.evidence, c.recorded_at, coalesce(c.recorded_by, 0),
			coalesce((SELECT b.name FROM users b WHERE b.id = c.recorded_by), '`+KioskActor+`')
		FROM topic_completions c
		WHERE `+where+`
		ORDER BY c.day, c.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("list topic completions: %w", err)
	}
	defer rows.Close()
	var out []trainer.TopicCompletion
	for rows.Next() {
		var c trainer.TopicCompletion
		var d storedDay
		var at storedTime
		if err := rows.Scan(&c.ID, &c.UserID, &c.Topic, &d, &c.Evidence, &at, &c.ActorID, &c.Actor); err != nil {
			return nil, fmt.Errorf("list topic completions: %w", err)
		}
		if c.Day, err = d.day(); err != nil {
			return nil, err
		}
		if c.At, err = at.time(); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// DeleteRecord deletes record id of kind if check allows it now. A refusal
// is audited (record.delete_refused, with the reason given and the
// refusal) and returned; a deletion is audited (hours.deleted). Only
// entered table hours are ever deleted: the other kinds are kept for ever,
// which the check refuses and the tables' triggers would too. Returns
// ErrDeleteReason, ErrRecordNotFound, ErrOnlyAdministrator, and check's
// refusal.
func (db *DB) DeleteRecord(ctx context.Context, kind trainer.RecordKind, id int64, reason string, check trainer.RetentionCheck) error {
	reason = trainer.NormalizeNotes(reason)
	if reason == "" {
		return trainer.ErrDeleteReason
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	ref := trainer.RecordRef{Kind: kind, ID: id}
	var q string
	switch kind {
	case trainer.RecordTableHours:
		q = `SELECT user_id, entered_at FROM table_hours WHERE id = ?`
	case trainer.RecordTopicCompletion:
		q = `SELECT user_id, recorded_at FROM topic_completions WHERE id = ?`
	case trainer.RecordTableTest:
		q = `SELECT e.user_id, e.at FROM table_test_sheets s JOIN cert_events e ON e.id = s.event_id WHERE s.event_id = ?`
	default:
		return trainer.ErrRecordNotFound
	}
	var at storedTime
	if err := tx.QueryRowContext(ctx, q, id).Scan(&ref.UserID, &at); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return trainer.ErrRecordNotFound
		}
		return fmt.Errorf("delete record: %w", err)
	}
	if ref.At, err = at.time(); err != nil {
		return err
	}
	holder, err := findUser(ctx, tx, `id = ?`, ref.UserID)
	if err != nil {
		return fmt.Errorf("delete record: %w", err)
	}
	actor, err := actorUser(ctx, tx)
	if err != nil {
		return fmt.Errorf("delete record: %w", err)
	}
	if actor != nil && (actor.Role == trainer.RoleManager || !actor.Manages(holder)) {
		return trainer.ErrOnlyAdministrator
	}
	who := actorOf(ctx)
	detail := map[string]any{"kind": string(kind), "record": id, "reason": reason}
	if refusal := check(ref, tx.Now()); refusal != nil {
		detail["refusal"] = trainer.MessageOf(refusal)
		if _, err := appendAudit(ctx, tx, who, trainer.AuditRecordDeleteRefused, trainer.UserSubject(ref.UserID), detail); err != nil {
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
		return refusal
	}
	if kind != trainer.RecordTableHours {
		return fmt.Errorf("delete record: %s %d: kept for ever, yet the retention check allowed it", kind, id)
	}
	var game string
	if err := tx.QueryRowContext(ctx, `SELECT game FROM table_hours WHERE id = ?`, id).Scan(&game); err != nil {
		return fmt.Errorf("delete record: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM table_hours WHERE id = ?`, id); err != nil {
		return fmt.Errorf("delete record: %w", err)
	}
	if _, err := appendAudit(ctx, tx, who, trainer.AuditHoursDeleted, trainer.CertSubject(ref.UserID, game),
		map[string]any{"hours": id, "reason": reason}); err != nil {
		return err
	}
	return tx.Commit()
}

// jsonText is v as the JSON text a TEXT column keeps.
func jsonText(v any) (string, error) {
	data, err := json.Marshal(v)
	return string(data), err
}
