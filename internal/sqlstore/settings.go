package sqlstore

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Keys of the settings table.
const (
	keyTraineeIdleMinutes = "trainee_idle_timeout_minutes"
	keyStaffIdleMinutes   = "staff_idle_timeout_minutes"
	keyMaxSigninFailures  = "max_signin_failures"
	keyLockoutMinutes     = "lockout_minutes"
	keySessionKey         = "session_key"
)

// Settings returns the kiosk's settings; a setting never saved reads as its
// default.
func (db *DB) Settings(ctx context.Context) (trainer.Settings, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return trainer.Settings{}, err
	}
	defer tx.Rollback()
	return settings(ctx, tx)
}

// UpdateSettings saves s. Returns KindInvalid if a value is out of range.
func (db *DB) UpdateSettings(ctx context.Context, s trainer.Settings) error {
	if err := s.Validate(); err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	old, err := settings(ctx, tx)
	if err != nil {
		return fmt.Errorf("update settings: %w", err)
	}
	// The audit entry holds the settings that changed, old and new.
	changes := map[string]any{}
	for _, c := range []struct {
		key      string
		old, new int
	}{
		{keyTraineeIdleMinutes, int(old.TraineeIdleTimeout / time.Minute), int(s.TraineeIdleTimeout / time.Minute)},
		{keyStaffIdleMinutes, int(old.StaffIdleTimeout / time.Minute), int(s.StaffIdleTimeout / time.Minute)},
		{keyMaxSigninFailures, old.MaxSigninFailures, s.MaxSigninFailures},
		{keyLockoutMinutes, int(old.LockoutDuration / time.Minute), int(s.LockoutDuration / time.Minute)},
	} {
		if err := putSetting(ctx, tx, c.key, strconv.Itoa(c.new)); err != nil {
			return fmt.Errorf("update settings: %w", err)
		}
		if c.old != c.new {
			changes[c.key] = map[string]int{"old": c.old, "new": c.new}
		}
	}
	// A save that changes nothing is not a change: no entry.
	if len(changes) > 0 {
		if _, err := appendAudit(ctx, tx, actorOf(ctx), trainer.AuditSettingsChanged, "settings", changes); err != nil {
			return fmt.Errorf("update settings: %w", err)
		}
	}
	return tx.Commit()
}

// SessionKey returns the key that signs session cookies when
// TRAINER_SESSION_KEY is not set: 64 random bytes, made and saved on first
// use, so sessions survive a restart without anyone handling a secret.
func (db *DB) SessionKey(ctx context.Context) ([]byte, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	v, err := getSetting(ctx, tx, keySessionKey)
	if trainer.KindOf(err) == trainer.KindNotFound {
		key := make([]byte, 64)
		rand.Read(key) // never fails (crypto/rand since Go 1.24)
		v = hex.EncodeToString(key)
		err = putSetting(ctx, tx, keySessionKey, v)
	}
	if err != nil {
		return nil, fmt.Errorf("session key: %w", err)
	}
	key, err := hex.DecodeString(v)
	if err != nil || (len(key) != 32 && len(key) != 64) {
		return nil, fmt.Errorf("session key: the stored key is not 32 or 64 bytes of hex")
	}
	return key, tx.Commit()
}

func settings(ctx context.Context, tx *Tx) (trainer.Settings, error) {
	var v settingValues
	if err := tx.QueryRowContext(ctx, `SELECT `+settingsColumns).Scan(v.dest()...); err != nil {
		return trainer.DefaultSettings(), fmt.Errorf("settings: %w", err)
	}
	return v.settings()
}

// settingsColumns are the settings trainer.Settings holds, as columns of one
// row (NULL for a setting never saved), so that a query of something else
// reads them with its own row: every request reads the idle timeout with its
// session (findSession).
const settingsColumns = `(SELECT value FROM settings WHERE key = '` + keyTraineeIdleMinutes + `'),
	(SELECT value FROM settings WHERE key = '` + keyMaxSigninFailures + `'),
	(SELECT value FROM settings WHERE key = '` + keyLockoutMinutes + `'),
	(SELECT value FROM settings WHERE key = '` + keyStaffIdleMinutes + `')`

// settingValues are the scanned settingsColumns.
type settingValues struct{ idle, failures, lockout, staffIdle sql.NullString }

func (v *settingValues) dest() []any { return []any{&v.idle, &v.failures, &v.lockout, &v.staffIdle} }

// settings parses the values; a setting never saved is its default.
func (v *settingValues) settings() (trainer.Settings, error) {
	s := trainer.DefaultSettings()
	for _, c := range []struct {
		key string
		v   sql.NullString
		set func(n int)
	}{
		{keyTraineeIdleMinutes, v.idle, func(n int) { s.TraineeIdleTimeout = time.Duration(n) * time.Minute }},
		{keyMaxSigninFailures, v.failures, func(n int) { s.MaxSigninFailures = n }},
		{keyLockoutMinutes, v.lockout, func(n int) { s.LockoutDuration = time.Duration(n) * time.Minute }},
		{keyStaffIdleMinutes, v.staffIdle, func(n int) { s.StaffIdleTimeout = time.Duration(n) * time.Minute }},
	} {
		if !c.v.Valid {
			continue
		}
		n, err := strconv.Atoi(c.v.String)
		if err != nil {
			return s, fmt.Errorf("settings: %s = %q: %w", c.key, c.v.String, err)
		}
		c.set(n)
	}
	return s, nil
}

func getSetting(ctx context.Context, tx *Tx, key string) (string, error) {
	var v string
	err := tx.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", trainer.Errorf(trainer.KindNotFound, "Setting %s not found.", key)
	}
	return v, err
}

func putSetting(ctx context.Context, tx *Tx, key, value string) error {
	_, err := tx.ExecContext(ctx, `
		INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
		key, value, formatTime(tx.Now()))
	return err
}
