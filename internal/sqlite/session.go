package sqlite

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// newToken returns a random session token: 256 bits, URL-safe text.
func newToken() string {
	b := make([]byte, 32)
	rand.Read(b) // never fails (crypto/rand since Go 1.24)
	return base64.RawURLEncoding.EncodeToString(b)
}

// tokenHash is what the sessions table stores instead of the token itself.
func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// CreateSession signs user userID in and returns the new session's token for
// the cookie, and clears the user's count of wrong PINs or passwords. If
// replaces is the token of the browser's previous session, that
// session ends: a sign-in always starts a fresh session, so a token planted
// before sign-in is worthless after it. Sessions past their lifetime are
// pruned here too. Returns KindNotFound if the user does not exist.
func (db *DB) CreateSession(ctx context.Context, userID int64, replaces string) (string, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()
	if replaces != "" {
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash(replaces)); err != nil {
			return "", fmt.Errorf("create session: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, formatTime(tx.now)); err != nil {
		return "", fmt.Errorf("create session: %w", err)
	}
	if _, err := findUser(ctx, tx, `id = ?`, userID); err != nil {
		return "", fmt.Errorf("create session: %w", err)
	}
	// A sign-in that succeeds starts the count of wrong entries afresh.
	if err := clearFailures(ctx, tx, userID); err != nil {
		return "", fmt.Errorf("create session: %w", err)
	}
	token := newToken()
	now := formatTime(tx.now)
	if _, err := tx.ExecContext(ctx, `
		INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
		VALUES (?, ?, ?, ?, ?)`,
		tokenHash(token), userID, now, now, formatTime(tx.now.Add(trainer.SessionLifetime))); err != nil {
		return "", fmt.Errorf("create session: %w", translate(err, "User not found."))
	}
	return token, tx.Commit()
}

// AuthenticateSession finds the session of token and its user. A live session
// is touched (its last-seen time moves to now) and returned with
// trainer.SessionLive. A session that is over (past its lifetime, a trainee
// idle beyond the timeout setting, a deactivated user) is deleted and returned
// with the reason. Returns KindUnauthorized when there is no such session.
func (db *DB) AuthenticateSession(ctx context.Context, token string) (*trainer.Session, trainer.EndReason, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, trainer.SessionLive, err
	}
	defer tx.Rollback()
	s, err := findSession(ctx, tx, tokenHash(token))
	if err != nil {
		return nil, trainer.SessionLive, err
	}
	st, err := settings(ctx, tx)
	if err != nil {
		return nil, trainer.SessionLive, err
	}
	end := s.Ended(tx.now, st)
	if end == trainer.SessionLive {
		_, err = tx.ExecContext(ctx, `UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?`,
			formatTime(tx.now), tokenHash(token))
		s.LastSeenAt = tx.now
	} else {
		_, err = tx.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash(token))
	}
	if err != nil {
		return nil, trainer.SessionLive, fmt.Errorf("authenticate session: %w", err)
	}
	return s, end, tx.Commit()
}

// DeleteSession ends the session of token (sign-out). Ending a session that
// does not exist is not an error.
func (db *DB) DeleteSession(ctx context.Context, token string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash(token)); err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return tx.Commit()
}

func findSession(ctx context.Context, tx *Tx, hash string) (*trainer.Session, error) {
	var userID int64
	var created, lastSeen, expires string
	err := tx.QueryRowContext(ctx, `
		SELECT user_id, created_at, last_seen_at, expires_at
		FROM sessions
		WHERE token_hash = ?`, hash).Scan(&userID, &created, &lastSeen, &expires)
	if err != nil {
		err = translate(err, "Your session has ended: sign in again.")
		if trainer.KindOf(err) == trainer.KindNotFound {
			return nil, trainer.Errorf(trainer.KindUnauthorized, "Your session has ended: sign in again.")
		}
		return nil, fmt.Errorf("find session: %w", err)
	}
	s := &trainer.Session{}
	if s.CreatedAt, err = parseTime(created); err != nil {
		return nil, fmt.Errorf("find session: %w", err)
	}
	if s.LastSeenAt, err = parseTime(lastSeen); err != nil {
		return nil, fmt.Errorf("find session: %w", err)
	}
	if s.ExpiresAt, err = parseTime(expires); err != nil {
		return nil, fmt.Errorf("find session: %w", err)
	}
	if s.User, err = findUser(ctx, tx, `id = ?`, userID); err != nil {
		return nil, fmt.Errorf("find session: %w", err)
	}
	return s, nil
}

func deleteUserSessions(ctx context.Context, tx *Tx, userID int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID); err != nil {
		return fmt.Errorf("delete sessions of user %d: %w", userID, err)
	}
	return nil
}
