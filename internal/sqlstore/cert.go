package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

const certEventColumns = `e.id, e.user_id, e.game, e.kind, e.at, coalesce(e.actor_id, 0),
	coalesce((SELECT u.name FROM users u WHERE u.id = e.actor_id), ''), coalesce(e.exam_id, 0), coalesce(e.ref_id, 0), e.notes`

// FindCertRecord returns the certification of trainee userID in game.
// A trainee with no event has an empty record.
func (db *DB) FindCertRecord(ctx context.Context, userID int64, game string) (trainer.CertRecord, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return trainer.CertRecord{}, err
	}
	defer tx.Rollback()
	return certRecord(ctx, tx, userID, game)
}

// ListCertRecords returns the record of every trainee and game with an event
// or a finished review session, by trainee and game. "" lists every game.
func (db *DB) ListCertRecords(ctx context.Context, game string) ([]trainer.CertRecord, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	where, args := `1 = 1`, []any{}
	if game != "" {
		where, args = `e.game = ?`, append(args, game)
	}
	events, err := listCertEvents(ctx, tx, where+` ORDER BY e.user_id, e.game, e.at, e.id`, args...)
	if err != nil {
		return nil, err
	}
	type key struct {
		user int64
		game string
	}
	var out []trainer.CertRecord
	at := map[key]int{}
	for _, e := range events {
		k := key{e.UserID, e.Game}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, trainer.CertRecord{UserID: e.UserID, Game: e.Game})
		}
		out[i].Events = append(out[i].Events, e)
	}
	rows, err := tx.QueryContext(ctx, refresherQuery(`1 = 1`))
	if err != nil {
		return nil, fmt.Errorf("list cert records: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var userID int64
		var g string
		var done storedTime
		if err := rows.Scan(&userID, &g, &done); err != nil {
			return nil, fmt.Errorf("list cert records: %w", err)
		}
		if game != "" && g != game {
			continue
		}
		t, err := done.time()
		if err != nil {
			return nil, err
		}
		k := key{userID, g}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, trainer.CertRecord{UserID: userID, Game: g})
		}
		out[i].RefresherAt = t
	}
	return out, rows.Err()
}

// refresherQuery lists (user, game, when) of each trainee's last review
// session with every planned question answered, for the sessions matching
// where (over practice_sessions s).
func refresherQuery(where string) string {
	return `SELECT user_id, game, max(done) FROM (
			SELECT s.user_id, s.game, s.planned, max(a.answered_at) AS done, count(a.answered_at) AS answered
			FROM practice_sessions s JOIN attempts a ON a.session_id = s.id
			WHERE s.mode = 'review' AND ` + where + `
			GROUP BY s.id
		) r WHERE answered >= planned
		GROUP BY user_id, game`
}

func certRecord(ctx context.Context, tx *Tx, userID int64, game string) (trainer.CertRecord, error) {
	rec := trainer.CertRecord{UserID: userID, Game: game}
	var err error
	rec.Events, err = listCertEvents(ctx, tx, `e.user_id = ? AND e.game = ? ORDER BY e.at, e.id`, userID, game)
	if err != nil {
		return rec, err
	}
	var u int64
	var g string
	var done storedTime
	err = tx.QueryRowContext(ctx, refresherQuery(`s.user_id = ? AND s.game = ?`), userID, game).Scan(&u, &g, &done)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return rec, fmt.Errorf("refresher: %w", err)
	default:
		if rec.RefresherAt, err = done.time(); err != nil {
			return rec, err
		}
	}
	return rec, nil
}

func listCertEvents(ctx context.Context, tx *Tx, where string, args ...any) ([]trainer.CertEvent, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+certEventColumns+` FROM cert_events e WHERE `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("list cert events: %w", err)
	}
	defer rows.Close()
	var out []trainer.CertEvent
	for rows.Next() {
		var e trainer.CertEvent
		var kind string
		var at storedTime
		if err := rows.Scan(&e.ID, &e.UserID, &e.Game, &kind, &at, &e.ActorID, &e.Actor, &e.ExamID, &e.RefID, &e.Notes); err != nil {
			return nil, fmt.Errorf("list cert events: %w", err)
		}
		e.Kind = trainer.CertEventKind(kind)
		if e.At, err = at.time(); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// RecordCertEvent stores e, a manager's table test, revocation or allowance
// of another sitting, or an expiry the kiosk noticed, if check allows it on
// the certification as it stands inside the transaction, and appends its
// audit entries in the same transaction: a table test (and for a pass, the
// grant), a revocation (and the refresher it assigns), an allowance, an
// expiry (and its refresher). It sets e's ID and time (now; for an expiry, e.At
// as given, the moment it expired). The audit entries name e.ActorID, who
// must be an active manager or administrator, or the kiosk for an expiry.
//
// Returns KindInvalid or trainer.ErrOwnCertification (KindForbidden) for an
// event that fails trainer.CertEvent.Validate, KindForbidden if the actor is
// not a manager, KindNotFound if the holder is not a trainee, KindConflict
// for an expiry already on record, and check's error.
func (db *DB) RecordCertEvent(ctx context.Context, e *trainer.CertEvent, check trainer.CertCheck) error {
	if err := e.Validate(); err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	holder, err := findUser(ctx, tx, `id = ? AND role = 'trainee'`, e.UserID)
	if err != nil {
		return fmt.Errorf("record %s: %w", e.Kind, tx.translate(err, "Trainee not found."))
	}
	who := Kiosk // an expiry is noticed by the kiosk, whoever's request noticed it
	if e.ActorID != 0 {
		signer, err := findUser(ctx, tx, `id = ?`, e.ActorID)
		if err != nil {
			return fmt.Errorf("record %s: %w", e.Kind, err)
		}
		trainee, err := findUser(ctx, tx, `id = ?`, e.UserID)
		if err != nil {
			return fmt.Errorf("record %s: %w", e.Kind, err)
		}
		if !signer.Certifies(trainee) {
			return trainer.Errorf(trainer.KindForbidden, "Only an active manager or administrator of the trainee's site, or the group director, signs this.")
		}
		who = Actor{signer.ID, signer.Name}
	}
	rec, err := certRecord(ctx, tx, e.UserID, e.Game)
	if err != nil {
		return fmt.Errorf("record %s: %w", e.Kind, err)
	}
	if check != nil {
		if err := check(rec); err != nil {
			return err
		}
	}
	// A certificate is granted on the records of the exam and the events:
	// not when they disagree with the audit trail that recorded them
	// (changed behind the kiosk's back).
	if e.Kind == trainer.EventTablePass {
		ms, err := certMismatches(ctx, tx, e.UserID, e.Game)
		if err != nil {
			return fmt.Errorf("record %s: %w", e.Kind, err)
		}
		if len(ms) > 0 {
			return &trainer.RecordsError{Mismatches: ms}
		}
	}
	if e.Kind != trainer.EventExpired {
		e.At = tx.Now()
	}
	if err := insertCertEvent(ctx, tx, e); err != nil {
		return fmt.Errorf("record %s: %w", e.Kind, err)
	}
	if err := auditCertEvent(ctx, tx, who, e, holder, nil); err != nil {
		return fmt.Errorf("record %s: %w", e.Kind, err)
	}
	return tx.Commit()
}

func insertCertEvent(ctx context.Context, tx *Tx, e *trainer.CertEvent) error {
	nullable := func(id int64) any {
		if id == 0 {
			return nil
		}
		return id
	}
	var err error
	e.ID, err = tx.Insert(ctx, `
		INSERT INTO cert_events (user_id, game, kind, at, actor_id, exam_id, ref_id, notes)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		e.UserID, e.Game, string(e.Kind), formatTime(e.At), nullable(e.ActorID), nullable(e.ExamID), nullable(e.RefID), e.Notes)
	return tx.translate(err, "Trainee not found.")
}

// auditCertEvent appends the audit entries of event e on holder's
// certification; extra goes into the first entry's detail. The check before
// it (eval.CheckEvent) allows a table-test pass only after a passed exam, so
// a pass is always a grant.
func auditCertEvent(ctx context.Context, tx *Tx, who Actor, e *trainer.CertEvent, holder *trainer.User, extra map[string]any) error {
	subject := trainer.CertSubject(e.UserID, e.Game)
	base := func() map[string]any {
		return map[string]any{"trainee": holder.Name, "game": e.Game, "event": e.ID}
	}
	var entries []struct {
		action string
		detail map[string]any
	}
	add := func(action string, d map[string]any) {
		entries = append(entries, struct {
			action string
			detail map[string]any
		}{action, d})
	}
	switch e.Kind {
	case trainer.EventTablePass, trainer.EventTableFail, trainer.EventTableRetest:
		d := base()
		d["result"], d["notes"], d["exam"] = e.Kind.FormValue(), e.Notes, e.ExamID
		add(trainer.AuditTableTest, d)
		// A re-test of a dealer in force (issue 24, RecordTableTest) grants
		// nothing: its pass has no grant.
		if e.Kind == trainer.EventTablePass && extra["retest"] != true {
			d := base()
			d["signed_by"], d["exam"] = who.Name, e.ExamID
			add(trainer.AuditGranted, d)
		}
	case trainer.EventRevoked:
		d := base()
		d["reason"] = e.Notes
		add(trainer.AuditRevoked, d)
		d = base()
		d["because"] = "revoked"
		add(trainer.AuditRefresherAssigned, d)
	case trainer.EventRetakeAllowed:
		d := base()
		d["notes"] = e.Notes
		add(trainer.AuditRetakeAllowed, d)
	case trainer.EventExpired:
		d := base()
		d["expired_at"], d["granted_by_event"] = formatTime(e.At), e.RefID
		add(trainer.AuditExpired, d)
		d = base()
		d["because"] = "expired"
		add(trainer.AuditRefresherAssigned, d)
	case trainer.EventExamPassed, trainer.EventExamFailed:
		d := base()
		d["exam"], d["passed"] = e.ExamID, e.Kind == trainer.EventExamPassed
		add(trainer.AuditExamFinished, d)
	}
	for k, v := range extra {
		if len(entries) > 0 {
			entries[0].detail[k] = v
		}
	}
	for _, en := range entries {
		if _, err := appendAudit(ctx, tx, who, en.action, subject, en.detail); err != nil {
			return err
		}
	}
	return nil
}
