package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The sign-in limits (trainer/signin.go, docs/hardening.md): every attempt
// is counted in signin_attempts before its PIN or password is checked, and
// holds are rows of signin_holds (SQLite's migration 0032).
//
// Each attempt is decided in one write transaction: check the holds in
// force, count the attempt, start the holds it makes reach a limit. Write
// transactions take turns (BeginTx: SQLite's one writer, PostgreSQL's write
// lock), so the attempts of every kiosk process on the database are decided
// one after another and none slips past a limit.

const holdColumns = `id, account, device, coalesce(user_id, 0), staff, started_at, held_until, failures, strike`

// ReserveSigninAttempt counts attempt a against the limits before its PIN
// or password is checked. If a hold in force stops it (its device, its
// account everywhere, or its account on its device, in that order), the
// decision's Refused is that hold and nothing is counted. Otherwise the
// attempt is counted, as a failure until FinishSigninAttempt says
// otherwise, and the holds it makes reach a limit are started at once, so
// that the next concurrent attempt is refused.
func (db *DB) ReserveSigninAttempt(ctx context.Context, a trainer.SigninAttempt) (trainer.SigninDecision, error) {
	var d trainer.SigninDecision
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return d, err
	}
	defer tx.Rollback()
	st, err := settings(ctx, tx)
	if err != nil {
		return d, err
	}
	lim, now := trainer.LimitsOf(st), tx.Now()
	if err := forgetSignins(ctx, tx, lim); err != nil {
		return d, err
	}
	scopes := []struct {
		scope           trainer.HoldScope
		account, device string
	}{
		{trainer.HoldDevice, "", a.Device},
		{trainer.HoldAccount, a.Account, ""},
		{trainer.HoldPair, a.Account, a.Device},
	}
	prev := make([]*trainer.SigninHold, len(scopes))
	for i, sc := range scopes {
		if prev[i], err = findHold(ctx, tx, sc.account, sc.device); err != nil {
			return d, err
		}
		if prev[i] != nil && prev[i].Active(now) {
			d.Refused = prev[i]
			return d, tx.Commit() // keeps what forgetSignins forgot
		}
	}
	var userID sql.NullInt64
	if a.UserID != 0 {
		userID = sql.NullInt64{Int64: a.UserID, Valid: true}
	}
	if err := tx.QueryRowContext(ctx, `
		INSERT INTO signin_attempts (account, user_id, device, at) VALUES (?, ?, ?, ?)
		RETURNING id`, a.Account, userID, a.Device, formatTime(now)).Scan(&d.Attempt); err != nil {
		return d, fmt.Errorf("reserve sign-in attempt: %w", tx.translate(err, "User not found."))
	}
	d.Left = lim.PairFailures
	for i, sc := range scopes {
		// Counting starts afresh after a hold: what came before it was
		// what started it.
		since := now.Add(-lim.Window(sc.scope))
		if prev[i] != nil && prev[i].StartedAt.After(since) {
			since = prev[i].StartedAt
		}
		failures, devices, err := countAttempts(ctx, tx, sc.scope, sc.account, sc.device, since)
		if err != nil {
			return d, err
		}
		switch sc.scope {
		case trainer.HoldPair:
			d.Left = min(d.Left, max(lim.PairFailures-failures, 0))
		case trainer.HoldDevice:
			d.Left = min(d.Left, max(lim.DeviceFailures-failures, 0))
		}
		if !lim.Reached(sc.scope, failures, devices) {
			continue
		}
		h := &trainer.SigninHold{Scope: sc.scope, Account: sc.account, Device: sc.device, StartedAt: now,
			Failures: failures, Strike: 1}
		if sc.scope != trainer.HoldDevice {
			h.UserID, h.Staff = a.UserID, a.Staff
		}
		if p := prev[i]; p != nil && now.Sub(p.Until) < trainer.HoldMemory {
			h.Strike = p.Strike + 1
		}
		h.Until = now.Add(lim.HoldFor(h.Scope, h.Staff, h.Strike))
		if err := startHold(ctx, tx, h, d.Attempt); err != nil {
			return d, err
		}
		d.Started = append(d.Started, h)
	}
	return d, tx.Commit()
}

// FinishSigninAttempt records how the check of a reserved attempt came
// out. A right PIN or password (ok) takes back the wrong entries of its
// account on its device, itself included, and the holds its count started.
// A wrong one stays counted; the holds its count started stand and are
// returned (a lock of a user's account everywhere is written to the audit
// log). Finishing an attempt that is no longer stored (forgotten, or taken
// back by a success) changes nothing.
func (db *DB) FinishSigninAttempt(ctx context.Context, attempt int64, ok bool) ([]*trainer.SigninHold, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if ok {
		var account, device string
		err := tx.QueryRowContext(ctx, `SELECT account, device FROM signin_attempts WHERE id = ?`, attempt).Scan(&account, &device)
		switch {
		case err == nil:
			if _, err := tx.ExecContext(ctx, `DELETE FROM signin_attempts WHERE account = ? AND device = ?`, account, device); err != nil {
				return nil, fmt.Errorf("finish sign-in attempt: %w", err)
			}
		case !errors.Is(err, sql.ErrNoRows):
			return nil, fmt.Errorf("finish sign-in attempt: %w", err)
		}
		// A hold this attempt started ends now, and its strike is given
		// back; the one before it (if any) is remembered only by its
		// strike.
		if _, err := tx.ExecContext(ctx, `DELETE FROM signin_holds WHERE started_by = ? AND strike = 1`, attempt); err != nil {
			return nil, fmt.Errorf("finish sign-in attempt: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `
			UPDATE signin_holds SET held_until = ?, strike = strike - 1, started_by = NULL WHERE started_by = ?`,
			formatTime(tx.Now()), attempt); err != nil {
			return nil, fmt.Errorf("finish sign-in attempt: %w", err)
		}
		return nil, tx.Commit()
	}
	holds, err := listHolds(ctx, tx, `started_by = ?`, attempt)
	if err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE signin_holds SET started_by = NULL WHERE started_by = ?`, attempt); err != nil {
		return nil, fmt.Errorf("finish sign-in attempt: %w", err)
	}
	for _, h := range holds {
		if h.Scope != trainer.HoldAccount || h.UserID == 0 {
			continue
		}
		// The kiosk locks the account, not the visitor who typed the PINs.
		if _, err := appendAudit(ctx, tx, Kiosk, trainer.AuditUserLocked, trainer.UserSubject(h.UserID), map[string]any{
			"until": h.Until.UTC().Format(trainer.AuditTimeLayout), "failures": h.Failures, "strike": h.Strike,
		}); err != nil {
			return nil, fmt.Errorf("lock account: %w", err)
		}
	}
	return holds, tx.Commit()
}

// ListSigninHolds returns the holds in force now, those ending last first.
func (db *DB) ListSigninHolds(ctx context.Context) ([]*trainer.SigninHold, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return listHolds(ctx, tx, `held_until > ?`, formatTime(tx.Now()))
}

// LiftSigninHold lifts hold id (an administrator's decision) and forgets
// the wrong entries it counted, so that the next one does not start it
// again; its strikes are forgotten too. The lifting is written to the audit
// log with the administrator of ctx. Returns the hold, and KindNotFound if
// there is no such hold.
func (db *DB) LiftSigninHold(ctx context.Context, id int64) (*trainer.SigninHold, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	holds, err := listHolds(ctx, tx, `id = ?`, id)
	if err != nil {
		return nil, err
	}
	if len(holds) == 0 {
		return nil, trainer.Errorf(trainer.KindNotFound, "This hold has ended or was lifted.")
	}
	h := holds[0]
	if err := liftHolds(ctx, tx, []*trainer.SigninHold{h}); err != nil {
		return nil, err
	}
	if err := auditLifted(ctx, tx, actorOf(ctx), []*trainer.SigninHold{h}); err != nil {
		return nil, err
	}
	return h, tx.Commit()
}

// Unlock lifts every hold of user userID's account (locked everywhere, held
// on devices) and forgets its wrong entries and past holds. One audit entry
// records it, with the actor of ctx, when there was anything to lift or
// forget. Returns the holds that were in force, and KindNotFound if the
// user does not exist.
func (db *DB) Unlock(ctx context.Context, userID int64) ([]*trainer.SigninHold, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if _, err := findUser(ctx, tx, `id = ?`, userID); err != nil {
		return nil, fmt.Errorf("unlock: %w", err)
	}
	holds, err := listHolds(ctx, tx, `user_id = ?`, userID)
	if err != nil {
		return nil, err
	}
	if err := liftHolds(ctx, tx, holds); err != nil {
		return nil, err
	}
	if err := auditLifted(ctx, tx, actorOf(ctx), holds); err != nil {
		return nil, err
	}
	return inForce(holds, tx.Now()), tx.Commit()
}

// UnlockAll lifts every hold of every account and device and forgets every
// wrong entry: the way out when every administrator is locked out (`trainer
// unlock --all`). Each user unlocked and each device released is written to
// the audit log with the actor of ctx. Returns the holds that were in force.
func (db *DB) UnlockAll(ctx context.Context) ([]*trainer.SigninHold, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	holds, err := listHolds(ctx, tx, `1 = ?`, 1)
	if err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM signin_holds`); err != nil {
		return nil, fmt.Errorf("unlock all: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM signin_attempts`); err != nil {
		return nil, fmt.Errorf("unlock all: %w", err)
	}
	if err := auditLifted(ctx, tx, actorOf(ctx), holds); err != nil {
		return nil, err
	}
	return inForce(holds, tx.Now()), tx.Commit()
}

// forgetSignins deletes the attempts older than every counting window and
// the holds ended longer ago than a repeat is remembered.
func forgetSignins(ctx context.Context, tx *Tx, lim trainer.SigninLimits) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM signin_attempts WHERE at <= ?`,
		formatTime(tx.Now().Add(-lim.LongestWindow()))); err != nil {
		return fmt.Errorf("forget sign-in attempts: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM signin_holds WHERE held_until <= ?`,
		formatTime(tx.Now().Add(-trainer.HoldMemory))); err != nil {
		return fmt.Errorf("forget sign-in holds: %w", err)
	}
	return nil
}

// countAttempts counts the attempts after since in scope (of account on
// device, of account, or of device), and the devices they came from.
func countAttempts(ctx context.Context, tx *Tx, scope trainer.HoldScope, account, device string, since time.Time) (failures, devices int, err error) {
	var row Row
	switch scope {
	case trainer.HoldPair:
		row = tx.QueryRowContext(ctx, `
			SELECT count(*), count(DISTINCT device) FROM signin_attempts
			WHERE account = ? AND device = ? AND at > ?`, account, device, formatTime(since))
	case trainer.HoldAccount:
		row = tx.QueryRowContext(ctx, `
			SELECT count(*), count(DISTINCT device) FROM signin_attempts
			WHERE account = ? AND at > ?`, account, formatTime(since))
	default:
		row = tx.QueryRowContext(ctx, `
			SELECT count(*), 1 FROM signin_attempts
			WHERE device = ? AND at > ?`, device, formatTime(since))
	}
	if err := row.Scan(&failures, &devices); err != nil {
		return 0, 0, fmt.Errorf("count sign-in attempts: %w", err)
	}
	return failures, devices, nil
}

// startHold writes hold h, started by attempt, over the last hold of the
// same account and device, and sets its ID.
func startHold(ctx context.Context, tx *Tx, h *trainer.SigninHold, attempt int64) error {
	var userID sql.NullInt64
	if h.UserID != 0 {
		userID = sql.NullInt64{Int64: h.UserID, Valid: true}
	}
	err := tx.QueryRowContext(ctx, `
		INSERT INTO signin_holds (account, device, user_id, staff, started_at, held_until, failures, strike, started_by)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (account, device) DO UPDATE SET user_id = excluded.user_id, staff = excluded.staff,
			started_at = excluded.started_at, held_until = excluded.held_until, failures = excluded.failures,
			strike = excluded.strike, started_by = excluded.started_by
		RETURNING id`,
		h.Account, h.Device, userID, h.Staff, formatTime(h.StartedAt), formatTime(h.Until), h.Failures, h.Strike, attempt,
	).Scan(&h.ID)
	if err != nil {
		return fmt.Errorf("start sign-in hold: %w", err)
	}
	return nil
}

// liftHolds deletes holds and the attempts each counted.
func liftHolds(ctx context.Context, tx *Tx, holds []*trainer.SigninHold) error {
	for _, h := range holds {
		if _, err := tx.ExecContext(ctx, `DELETE FROM signin_holds WHERE id = ?`, h.ID); err != nil {
			return fmt.Errorf("lift sign-in hold: %w", err)
		}
		var err error
		switch h.Scope {
		case trainer.HoldPair:
			_, err = tx.ExecContext(ctx, `DELETE FROM signin_attempts WHERE account = ? AND device = ?`, h.Account, h.Device)
		case trainer.HoldAccount:
			_, err = tx.ExecContext(ctx, `DELETE FROM signin_attempts WHERE account = ?`, h.Account)
		default:
			_, err = tx.ExecContext(ctx, `DELETE FROM signin_attempts WHERE device = ?`, h.Device)
		}
		if err != nil {
			return fmt.Errorf("lift sign-in hold: %w", err)
		}
	}
	return nil
}

// auditLifted writes the lifting of holds to the audit log, by who: one
// user.unlocked entry per user, naming where the account was held (in
// force); one device.released entry per device hold. Holds of names that
// match nobody block nobody and are not recorded.
func auditLifted(ctx context.Context, tx *Tx, who Actor, holds []*trainer.SigninHold) error {
	type lifted struct {
		everywhere bool
		devices    []string
	}
	users := map[int64]*lifted{}
	var order []int64
	for _, h := range holds {
		switch {
		case h.Scope == trainer.HoldDevice:
			detail := map[string]any{"until": h.Until.UTC().Format(trainer.AuditTimeLayout), "in_force": h.Active(tx.Now())}
			if _, err := appendAudit(ctx, tx, who, trainer.AuditDeviceReleased, trainer.DeviceSubject(h.Device), detail); err != nil {
				return fmt.Errorf("release device: %w", err)
			}
		case h.UserID != 0:
			l := users[h.UserID]
			if l == nil {
				l = &lifted{devices: []string{}}
				users[h.UserID] = l
				order = append(order, h.UserID)
			}
			if h.Active(tx.Now()) {
				if h.Scope == trainer.HoldAccount {
					l.everywhere = true
				} else {
					l.devices = append(l.devices, h.Device)
				}
			}
		}
	}
	for _, id := range order {
		l := users[id]
		if _, err := appendAudit(ctx, tx, who, trainer.AuditUserUnlocked, trainer.UserSubject(id),
			map[string]any{"everywhere": l.everywhere, "devices": l.devices}); err != nil {
			return fmt.Errorf("unlock: %w", err)
		}
	}
	return nil
}

func inForce(holds []*trainer.SigninHold, now time.Time) []*trainer.SigninHold {
	var out []*trainer.SigninHold
	for _, h := range holds {
		if h.Active(now) {
			out = append(out, h)
		}
	}
	return out
}

// findHold returns the last hold of account on device, or nil.
func findHold(ctx context.Context, tx *Tx, account, device string) (*trainer.SigninHold, error) {
	holds, err := listHolds(ctx, tx, `account = ? AND device = ?`, account, device)
	if err != nil || len(holds) == 0 {
		return nil, err
	}
	return holds[0], nil
}

// listHolds returns the holds that match where (a condition with ?
// placeholders for args), those ending last first.
func listHolds(ctx context.Context, tx *Tx, where string, args ...any) ([]*trainer.SigninHold, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+holdColumns+` FROM signin_holds WHERE `+where+` ORDER BY held_until DESC, id`, args...)
	if err != nil {
		return nil, fmt.Errorf("list sign-in holds: %w", err)
	}
	defer rows.Close()
	var out []*trainer.SigninHold
	for rows.Next() {
		var h trainer.SigninHold
		var started, until storedTime
		if err := rows.Scan(&h.ID, &h.Account, &h.Device, &h.UserID, &h.Staff, &started, &until, &h.Failures, &h.Strike); err != nil {
			return nil, fmt.Errorf("list sign-in holds: %w", err)
		}
		if h.StartedAt, err = started.time(); err != nil {
			return nil, err
		}
		if h.Until, err = until.time(); err != nil {
			return nil, err
		}
		switch {
		case h.Account == "":
			h.Scope = trainer.HoldDevice
		case h.Device == "":
			h.Scope = trainer.HoldAccount
		default:
			h.Scope = trainer.HoldPair
		}
		out = append(out, &h)
	}
	return out, rows.Err()
}
