package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

const lockoutColumns = `user_id, locked_at, locked_until, failures, strike, address`

// SigninLockout returns the lock on user userID's account if it holds now.
// Returns KindNotFound when the account is not locked.
func (db *DB) SigninLockout(ctx context.Context, userID int64) (*trainer.Lockout, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	l, err := findLockout(ctx, tx, userID)
	if err != nil {
		return nil, err
	}
	if !l.Active(tx.now) {
		return nil, trainer.Errorf(trainer.KindNotFound, "This account is not locked.")
	}
	return l, nil
}

// RecordSigninFailure records a wrong PIN or password for user userID, sent
// from address. When it makes Settings.MaxSigninFailures failures within the
// last Settings.LockoutDuration, the account is locked from now and the new
// lock is returned; otherwise the lock is nil. A lockout within a day of the
// end of the previous one is a repeat and lasts twice as long
// (trainer.LockoutFor). Returns KindNotFound if the user does not exist.
func (db *DB) RecordSigninFailure(ctx context.Context, userID int64, address string) (*trainer.Lockout, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if _, err := findUser(ctx, tx, `id = ?`, userID); err != nil {
		return nil, fmt.Errorf("record sign-in failure: %w", err)
	}
	st, err := settings(ctx, tx)
	if err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO signin_failures (user_id, address, failed_at) VALUES (?, ?, ?)`,
		userID, address, formatTime(tx.now)); err != nil {
		return nil, fmt.Errorf("record sign-in failure: %w", err)
	}
	// Failures older than the window no longer count: forget them.
	since := formatTime(tx.now.Add(-st.LockoutDuration))
	if _, err := tx.ExecContext(ctx, `DELETE FROM signin_failures WHERE user_id = ? AND failed_at <= ?`,
		userID, since); err != nil {
		return nil, fmt.Errorf("record sign-in failure: %w", err)
	}
	var failures int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM signin_failures WHERE user_id = ?`,
		userID).Scan(&failures); err != nil {
		return nil, fmt.Errorf("record sign-in failure: %w", err)
	}
	if failures < st.MaxSigninFailures {
		return nil, tx.Commit()
	}
	l := &trainer.Lockout{UserID: userID, LockedAt: tx.now, Failures: failures, Strike: 1, Address: address}
	prev, err := findLockout(ctx, tx, userID)
	switch {
	case err == nil && tx.now.Sub(prev.Until) < trainer.LockoutMemory:
		l.Strike = prev.Strike + 1
	case err != nil && trainer.KindOf(err) != trainer.KindNotFound:
		return nil, err
	}
	l.Until = tx.now.Add(trainer.LockoutFor(st, l.Strike))
	if _, err := tx.ExecContext(ctx, `
		INSERT INTO lockouts (`+lockoutColumns+`) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET locked_at = excluded.locked_at, locked_until = excluded.locked_until,
			failures = excluded.failures, strike = excluded.strike, address = excluded.address`,
		l.UserID, formatTime(l.LockedAt), formatTime(l.Until), l.Failures, l.Strike, l.Address); err != nil {
		return nil, fmt.Errorf("lock account: %w", err)
	}
	if err := clearFailures(ctx, tx, userID); err != nil {
		return nil, err
	}
	// The kiosk locks the account, not the visitor who typed the PINs.
	if _, err := appendAudit(ctx, tx, actor{0, kioskActor}, trainer.AuditUserLocked, trainer.UserSubject(userID), map[string]any{
		"until": l.Until.UTC().Format(trainer.AuditTimeLayout), "failures": l.Failures, "strike": l.Strike, "address": l.Address,
	}); err != nil {
		return nil, fmt.Errorf("lock account: %w", err)
	}
	return l, tx.Commit()
}

// Unlock lifts the lock on user userID's account (an administrator's
// decision) and forgets its failures and past lockouts. Unlocking an account
// that is not locked changes nothing. Returns KindNotFound if the user does
// not exist.
func (db *DB) Unlock(ctx context.Context, userID int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := findUser(ctx, tx, `id = ?`, userID); err != nil {
		return fmt.Errorf("unlock: %w", err)
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM lockouts WHERE user_id = ?`, userID)
	if err != nil {
		return fmt.Errorf("unlock: %w", err)
	}
	if err := clearFailures(ctx, tx, userID); err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err == nil && n > 0 {
		if _, err := appendAudit(ctx, tx, actorOf(ctx), trainer.AuditUserUnlocked, trainer.UserSubject(userID), nil); err != nil {
			return fmt.Errorf("unlock: %w", err)
		}
	}
	return tx.Commit()
}

// ListLockouts returns the locks that hold now, by user ID.
func (db *DB) ListLockouts(ctx context.Context) (map[int64]*trainer.Lockout, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT `+lockoutColumns+` FROM lockouts WHERE locked_until > ?`, formatTime(tx.now))
	if err != nil {
		return nil, fmt.Errorf("list lockouts: %w", err)
	}
	defer rows.Close()
	out := map[int64]*trainer.Lockout{}
	for rows.Next() {
		l, err := scanLockout(rows)
		if err != nil {
			return nil, fmt.Errorf("list lockouts: %w", err)
		}
		out[l.UserID] = l
	}
	return out, rows.Err()
}

// clearFailures forgets the wrong entries of user userID: after a sign-in,
// a lockout or an unlock, counting starts again from zero.
func clearFailures(ctx context.Context, tx *Tx, userID int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM signin_failures WHERE user_id = ?`, userID); err != nil {
		return fmt.Errorf("clear sign-in failures: %w", err)
	}
	return nil
}

func findLockout(ctx context.Context, tx *Tx, userID int64) (*trainer.Lockout, error) {
	row := tx.QueryRowContext(ctx, `SELECT `+lockoutColumns+` FROM lockouts WHERE user_id = ?`, userID)
	l, err := scanLockout(row)
	if err != nil {
		return nil, translate(err, "This account is not locked.")
	}
	return l, nil
}

func scanLockout(sc scanner) (*trainer.Lockout, error) {
	var l trainer.Lockout
	var at, until string
	if err := sc.Scan(&l.UserID, &at, &until, &l.Failures, &l.Strike, &l.Address); err != nil {
		return nil, err
	}
	var err error
	if l.LockedAt, err = parseTime(at); err != nil {
		return nil, err
	}
	if l.Until, err = parseTime(until); err != nil {
		return nil, err
	}
	return &l, nil
}
