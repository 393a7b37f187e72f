package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/dealerkiosk/trainer/internal/sqlstore"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// A school moved into a group (docs/group.md, "Moving a school in"): once
// `trainer migrate` has copied a school's records into the group, the
// school's file is marked as moved, and a kiosk refuses to start on it,
// pointing to the group. So a school cannot keep working after its move,
// and no later change is left behind or half brought over. The file stays
// as the school's record: verify and backup still read it.

// MovedOut says where a school's file was moved, or is being moved.
type MovedOut struct {
	Moving bool   // the move began and has not finished
	Group  string // the group's database and server
	Site   string
	At     time.Time
}

// AuditSchoolMovedOut records, in the school's own trail, that its records
// were moved into a group's site.
const AuditSchoolMovedOut = "school.moved_out"

// MovedOut returns the file's move, or nil when it was never moved.
func (db *DB) MovedOut(ctx context.Context) (*MovedOut, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var m MovedOut
	var state, at string
	err = tx.QueryRowContext(ctx, `SELECT state, to_group, site, at FROM moved_out WHERE id = 1`).Scan(&state, &m.Group, &m.Site, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("moved out: %w", err)
	}
	m.Moving = state == "moving"
	if m.At, err = sqlstore.ParseTime(at); err != nil {
		return nil, fmt.Errorf("moved out: %w", err)
	}
	return &m, nil
}

// BeginMoveOut marks the file as being moved into site of group: a kiosk
// stopped or killed from now on does not start on it until the move is
// finished (FinishMoveOut) or abandoned (AbandonMoveOut). Returns
// KindConflict when the file is marked already.
func (db *DB) BeginMoveOut(ctx context.Context, group, site string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO moved_out (id, state, to_group, site, at) VALUES (1, 'moving', ?, ?, ?)`,
		group, site, tx.Now()); err != nil {
		return fmt.Errorf("begin the move: %w", err)
	}
	return tx.Commit()
}

// AbandonMoveOut takes back a move that did not happen (the group refused
// it): the file is a working kiosk's again.
func (db *DB) AbandonMoveOut(ctx context.Context) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM moved_out WHERE state = 'moving'`); err != nil {
		return fmt.Errorf("abandon the move: %w", err)
	}
	return tx.Commit()
}

// FinishMoveOut marks the file as moved into site of group, once the group
// holds its records, and records it in the school's audit trail with the
// counts copied (detail), in one transaction.
func (db *DB) FinishMoveOut(ctx context.Context, group, site string, detail map[string]any) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `
		INSERT INTO moved_out (id, state, to_group, site, at) VALUES (1, 'moved', ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET state = 'moved', to_group = excluded.to_group, site = excluded.site, at = excluded.at`,
		group, site, tx.Now()); err != nil {
		return fmt.Errorf("finish the move: %w", err)
	}
	d := map[string]any{"group": group, "site": site}
	for k, v := range detail {
		d[k] = v
	}
	if _, err := appendAudit(ctx, tx, sqlstore.ActorOf(ctx), AuditSchoolMovedOut, trainer.AuditSubject, d); err != nil {
		return fmt.Errorf("finish the move: %w", err)
	}
	return tx.Commit()
}

// MovedError refuses a kiosk, or a command that changes the file, on a
// school's file that was moved into a group (or is being moved).
type MovedError struct {
	Path string
	*MovedOut
}

func (e *MovedError) Error() string {
	if e.Moving {
		return fmt.Sprintf("a move of %s into site %s of the group's database %s began at %s and did not finish: "+
			"run the same trainer migrate command again to finish it", e.Path, e.Site, e.Group, e.At.Format(time.RFC3339))
	}
	return fmt.Sprintf("%s was moved into site %s of the group's database %s on %s: its trainees, records and audit trail are there now, "+
		"so serve that site with trainer serve -db postgres://… -site %q; this file is kept as the school's record (trainer audit verify and backup still read it)",
		e.Path, e.Site, e.Group, e.At.Format("2 Jan 2006"), e.Site)
}

// RefuseMoved returns a *MovedError when the file was moved, or is being
// moved, into a group.
func (db *DB) RefuseMoved(ctx context.Context) error {
	m, err := db.MovedOut(ctx)
	if err != nil || m == nil {
		return err
	}
	return &MovedError{Path: db.path, MovedOut: m}
}
