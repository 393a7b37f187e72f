package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

const programmeColumns = `p.id, p.game, p.number, p.digest, p.body, p.recorded_at, coalesce(p.recorded_by, 0),
	p.approved_at, coalesce(p.approved_by, 0), coalesce((SELECT u.name FROM users u WHERE u.id = p.approved_by), ''),
	coalesce(p.moved_from, '')`

func scanProgramme(s scanner) (*trainer.ProgrammeVersion, error) {
	var v trainer.ProgrammeVersion
	var body string
	var rec, appr storedTime
	if err := s.Scan(&v.ID, &v.Game, &v.Number, &v.Digest, &body, &rec, &v.RecordedBy, &appr, &v.ApprovedBy, &v.ApprovedByName, &v.MovedFrom); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(body), &v.Body); err != nil {
		return nil, fmt.Errorf("programme version %d: %w", v.ID, err)
	}
	var err error
	if v.RecordedAt, err = rec.time(); err != nil {
		return nil, err
	}
	if v.ApprovedAt, err = appr.time(); err != nil {
		return nil, err
	}
	return &v, nil
}

func listProgrammes(ctx context.Context, tx *Tx, where string, args ...any) ([]*trainer.ProgrammeVersion, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+programmeColumns+` FROM programme_versions p WHERE `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("list programme versions: %w", err)
	}
	defer rows.Close()
	var out []*trainer.ProgrammeVersion
	for rows.Next() {
		v, err := scanProgramme(rows)
		if err != nil {
			return nil, fmt.Errorf("list programme versions: %w", err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// RecordProgrammeVersion records v.Body as the next version of its game's
// programme, with its digest and audit entry (programme.recorded), unless
// the game's newest version of the kiosk's own (not one a move copied from
// a school) has the same content: then it returns that one. Start-up calls it with each game's programme as loaded, so a changed
// file becomes a version waiting for approval.
func (db *DB) RecordProgrammeVersion(ctx context.Context, v *trainer.ProgrammeVersion) (*trainer.ProgrammeVersion, error) {
	body, err := json.Marshal(v.Body)
	if err != nil {
		return nil, fmt.Errorf("record programme version: %w", err)
	}
	digest := trainer.ProgrammeDigest(v.Body)
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	have, err := listProgrammes(ctx, tx, `p.game = ? AND p.moved_from IS NULL ORDER BY p.number DESC LIMIT 1`, v.Body.Game)
	if err != nil {
		return nil, err
	}
	if len(have) > 0 && have[0].Digest == digest {
		return have[0], nil
	}
	var number int
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(number), 0) + 1 FROM programme_versions WHERE game = ?`, v.Body.Game).Scan(&number); err != nil {
		return nil, fmt.Errorf("record programme version: %w", err)
	}
	who := actorOf(ctx)
	id, err := tx.Insert(ctx, `
		INSERT INTO programme_versions (game, number, digest, body, recorded_at, recorded_by)
		VALUES (?, ?, ?, ?, ?, ?)`,
		v.Body.Game, number, digest, string(body), formatTime(tx.Now()), nullID(who.ID))
	if err != nil {
		return nil, fmt.Errorf("record programme version: %w", tx.translate(err, ""))
	}
	if _, err := appendAudit(ctx, tx, who, trainer.AuditProgrammeRecorded, trainer.ProgrammeSubject(v.Body.Game), map[string]any{
		"version": id, "game": v.Body.Game, "number": number, "digest": digest,
	}); err != nil {
		return nil, err
	}
	out, err := listProgrammes(ctx, tx, `p.id = ?`, id)
	if err != nil {
		return nil, err
	}
	return out[0], tx.Commit()
}

// ApproveProgrammeVersion approves version id, with its audit entry
// (programme.approved, naming the content's digest). Returns
// ErrProgrammeNotFound, ErrProgrammeApproved, and ErrOnlyAdministrator
// unless the actor is an active administrator or the director (or the
// machine's operator).
func (db *DB) ApproveProgrammeVersion(ctx context.Context, id int64) (*trainer.ProgrammeVersion, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	actor, err := actorUser(ctx, tx)
	if err != nil {
		return nil, err
	}
	if actor != nil && !(actor.Active && (actor.Role == trainer.RoleAdministrator || actor.Role == trainer.RoleDirector)) {
		return nil, trainer.ErrOnlyAdministrator
	}
	vs, err := listProgrammes(ctx, tx, `p.id = ?`, id)
	switch {
	case err != nil:
		return nil, err
	case len(vs) == 0:
		return nil, trainer.ErrProgrammeNotFound
	case vs[0].Approved():
		return nil, trainer.ErrProgrammeApproved
	}
	who := actorOf(ctx)
	if _, err := tx.ExecContext(ctx, `UPDATE programme_versions SET approved_at = ?, approved_by = ? WHERE id = ?`,
		formatTime(tx.Now()), nullID(who.ID), id); err != nil {
		return nil, fmt.Errorf("approve programme version: %w", err)
	}
	v := vs[0]
	if _, err := appendAudit(ctx, tx, who, trainer.AuditProgrammeApproved, trainer.ProgrammeSubject(v.Game), map[string]any{
		"version": v.ID, "game": v.Game, "number": v.Number, "digest": v.Digest,
	}); err != nil {
		return nil, err
	}
	if vs, err = listProgrammes(ctx, tx, `p.id = ?`, id); err != nil {
		return nil, err
	}
	return vs[0], tx.Commit()
}

// ListProgrammeVersions lists the versions of game's programme ("" for
// every game), by game and number.
func (db *DB) ListProgrammeVersions(ctx context.Context, game string) ([]*trainer.ProgrammeVersion, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if game == "" {
		return listProgrammes(ctx, tx, `1 = 1 ORDER BY p.game, p.number`)
	}
	return listProgrammes(ctx, tx, `p.game = ? ORDER BY p.number`, game)
}

// RecordTableTest records a table test with its checklist and typed
// signature: the certification event, its sheet and their audit entries
// (table_test with the sheet, and for a pass that is not a re-test the
// grant), decided by check inside the transaction on the facts read there:
// the dealer's certification, the signer and their mark, and the game's
// newest approved programme version of the kiosk's own (never one a move
// copied from a school), which is the dealer's (docs/records.md).
// A failed re-test brings its revocation, recorded in the same transaction
// (revoked, naming the failed test), and set in t.Revocation. It sets the
// event's ID and time.
//
// Returns KindInvalid (trainer.TableTest.Validate, and the notes a fail or
// a sitting taken again needs), ErrDealerNotFound, ErrNotInstructor, and
// check's refusal.
func (db *DB) RecordTableTest(ctx context.Context, t *trainer.TableTest, check trainer.TableTestCheck) error {
	t.Event.Notes = trainer.NormalizeNotes(t.Event.Notes)
	if err := t.Validate(); err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	e := &t.Event
	holder, err := findUser(ctx, tx, `id = ? AND role = 'trainee'`, e.UserID)
	if err != nil {
		if trainer.KindOf(err) == trainer.KindNotFound {
			return trainer.ErrDealerNotFound
		}
		return err
	}
	signer, err := findUser(ctx, tx, `id = ?`, e.ActorID)
	if err != nil {
		return fmt.Errorf("record table test: %w", err)
	}
	if !signer.Certifies(holder) {
		return trainer.ErrNotInstructor
	}
	marks, err := findSigners(ctx, tx, `s.user_id = ?`, signer.ID)
	if err != nil {
		return err
	}
	rec, err := certRecord(ctx, tx, e.UserID, e.Game)
	if err != nil {
		return fmt.Errorf("record table test: %w", err)
	}
	f := trainer.TableTestFacts{Record: rec, Holder: holder, Signer: signer, MaySign: len(marks) > 0, Now: tx.Now()}
	vs, err := listProgrammes(ctx, tx, `p.game = ? AND p.approved_at IS NOT NULL AND p.moved_from IS NULL ORDER BY p.number DESC LIMIT 1`, e.Game)
	if err != nil {
		return err
	}
	if len(vs) > 0 {
		f.Programme = vs[0]
	}
	if err := check(t, f); err != nil {
		return err
	}
	if err := trainer.ValidateNotes(e.Kind, e.Notes); err != nil {
		return err
	}
	if e.Kind == trainer.EventTablePass && !t.Retest {
		ms, err := certMismatches(ctx, tx, e.UserID, e.Game)
		if err != nil {
			return fmt.Errorf("record table test: %w", err)
		}
		if len(ms) > 0 {
			return &trainer.RecordsError{Mismatches: ms}
		}
	}
	e.At, e.Actor = tx.Now(), signer.Name
	if err := insertCertEvent(ctx, tx, e); err != nil {
		return fmt.Errorf("record table test: %w", err)
	}
	items, err := jsonText(t.Items)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `
		INSERT INTO table_test_sheets (event_id, programme_id, signature, items, retest) VALUES (?, ?, ?, ?, ?)`,
		e.ID, t.ProgrammeID, t.Signature, items, t.Retest); err != nil {
		return fmt.Errorf("record table test: %w", err)
	}
	who := Actor{signer.ID, signer.Name}
	if err := auditCertEvent(ctx, tx, who, e, holder, map[string]any{
		"signature": t.Signature, "programme": t.ProgrammeID, "checklist": t.Items, "retest": t.Retest,
	}); err != nil {
		return fmt.Errorf("record table test: %w", err)
	}
	if t.EndsAuthorisation {
		r := &trainer.CertEvent{UserID: e.UserID, Game: e.Game, Kind: trainer.EventRevoked, At: tx.Now(),
			ActorID: signer.ID, Actor: signer.Name, RefID: e.ID, Notes: e.Notes}
		if err := insertCertEvent(ctx, tx, r); err != nil {
			return fmt.Errorf("record table test: %w", err)
		}
		if err := auditCertEvent(ctx, tx, who, r, holder, map[string]any{"table_test": e.ID}); err != nil {
			return fmt.Errorf("record table test: %w", err)
		}
		t.Revocation = r
	}
	return tx.Commit()
}

// ListTableTests lists dealer userID's table tests in game ("" for every
// game), oldest first, each with its sheet where it has one (those recorded
// before issue 24 have none).
func (db *DB) ListTableTests(ctx context.Context, userID int64, game string) ([]trainer.TableTest, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	where, args := `e.user_id = ?`, []any{userID}
	if game != "" {
		where, args = where+` AND e.game = ?`, append(args, game)
	}
	return listTableTests(ctx, tx, where, args...)
}

func listTableTests(ctx context.Context, tx *Tx, where string, args ...any) ([]trainer.TableTest, error) {
	events, err := listCertEvents(ctx, tx, where+` AND e.kind IN ('table_pass', 'table_fail', 'table_retest') ORDER BY e.at, e.id`, args...)
	if err != nil {
		return nil, err
	}
	rows, err := tx.QueryContext(ctx, `
		SELECT s.event_id, s.programme_id, s.signature, s.items, s.retest
		FROM table_test_sheets s JOIN cert_events e ON e.id = s.event_id
		WHERE `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("list table tests: %w", err)
	}
	defer rows.Close()
	sheets := map[int64]trainer.TableTest{}
	for rows.Next() {
		var t trainer.TableTest
		var id int64
		var items string
		var retest int
		if err := rows.Scan(&id, &t.ProgrammeID, &t.Signature, &items, &retest); err != nil {
			return nil, fmt.Errorf("list table tests: %w", err)
		}
		if err := json.Unmarshal([]byte(items), &t.Items); err != nil {
			return nil, fmt.Errorf("table test %d: %w", id, err)
		}
		t.Retest = retest == 1
		sheets[id] = t
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]trainer.TableTest, len(events))
	for i, e := range events {
		out[i] = sheets[e.ID]
		out[i].Event = e
	}
	return out, nil
}
