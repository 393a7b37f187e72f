package sqlstore

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"time"

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
// the cookie. If replaces is the token of the browser's previous session,
// that session ends: a sign-in always starts a fresh session, so a token
// planted before sign-in is worthless after it. (The sign-in's wrong entries
// were taken back when its PIN or password was found right:
// FinishSigninAttempt.) Sessions past their lifetime are
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
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, formatTime(tx.Now())); err != nil {
		return "", fmt.Errorf("create session: %w", err)
	}
	if _, err := findUser(ctx, tx, `id = ?`, userID); err != nil {
		return "", fmt.Errorf("create session: %w", err)
	}
	token := newToken()
	now := formatTime(tx.Now())
	if _, err := tx.ExecContext(ctx, `
		INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
		VALUES (?, ?, ?, ?, ?)`,
		tokenHash(token), userID, now, now, formatTime(tx.Now().Add(trainer.SessionLifetime))); err != nil {
		return "", fmt.Errorf("create session: %w", tx.translate(err, "User not found."))
	}
	return token, tx.Commit()
}

// AuthenticateSession finds the session of token and its user. A live session
// is touched (its last-seen time moves to now, when it is older than
// trainer.SessionTouchEvery) and returned with trainer.SessionLive. A session
// that is over (past its lifetime, idle beyond its role's timeout setting, a
// deactivated user) is deleted and returned with the reason.
// Returns KindUnauthorized when there is no such session.
//
// Every request calls it, so it reads in a read-only transaction and writes
// only when there is something to write; a sign-out between the two is no
// harm, as the write then changes no row.
func (db *DB) AuthenticateSession(ctx context.Context, token string) (*trainer.Session, trainer.EndReason, error) {
	first := firstCheck(ctx)
	s, st, now, err := db.readSession(ctx, token)
	if err != nil {
		return nil, trainer.SessionLive, err
	}
	s.IdleTimeout = st.IdleTimeout(s.User.Role)
	end := s.Ended(now, st)
	var write string
	switch {
	case end != trainer.SessionLive:
		write = `DELETE FROM sessions WHERE token_hash = ?`
	case now.Sub(s.LastSeenAt) >= trainer.SessionTouchEvery:
		write = `UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?`
	default:
		return s, end, nil
	}
	hash := tokenHash(token)
	if end == trainer.SessionLive && first {
		deferTouch(ctx, hash, now)
		// Sent with the request's next statement, or when it ends.
		s.LastSeenAt = now
		db.sessions.touched(hash, now)
		return s, end, nil
	}
	// One statement on the session's row, whatever else runs: it decides
	// nothing from what it reads (the decision above was taken on a
	// snapshot already), so it waits for no lock but its row's.
	tx, err := db.BeginTx(ctx, writeOne)
	if err != nil {
		return nil, trainer.SessionLive, err
	}
	defer tx.Rollback()
	if end == trainer.SessionLive {
		_, err = tx.ExecContext(ctx, write, formatTime(tx.Now()), hash)
		s.LastSeenAt = tx.Now()
	} else {
		db.sessions.drop(hash)
		_, err = tx.ExecContext(ctx, write, hash)
	}
	if err != nil {
		return nil, trainer.SessionLive, fmt.Errorf("authenticate session: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return nil, trainer.SessionLive, err
	}
	if end == trainer.SessionLive {
		db.sessions.touched(hash, s.LastSeenAt)
	}
	return s, end, nil
}

// readSession reads the session of token and the settings that decide
// whether it is over, as of one moment.
//
// A session this process read less than SessionReuseFor ago, with nothing
// written under the write lock since, is taken from its copy
// (session_cache.go) and decided at the request's time.
func (db *DB) readSession(ctx context.Context, token string) (*trainer.Session, trainer.Settings, time.Time, error) {
	hash := tokenHash(token)
	now := db.Now().UTC()
	if s, st, ok := db.sessions.get(hash, now); ok {
		return s, st, now, nil
	}
	gen := db.sessions.gen.Load()
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, trainer.Settings{}, time.Time{}, err
	}
	defer tx.Rollback()
	s, st, err := findSession(ctx, tx, hash)
	if err != nil {
		return nil, trainer.Settings{}, time.Time{}, err
	}
	db.sessions.put(hash, s, st, tx.Now(), gen)
	return s, st, tx.Now(), nil
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

// findSession reads the session of token hash with its user and the
// settings that decide whether it is over, in one query: every request does
// this.
func findSession(ctx context.Context, tx *Tx, hash string) (*trainer.Session, trainer.Settings, error) {
	var created, lastSeen, expires, userCreated, userUpdated storedTime
	var u trainer.User
	var role string
	var sv settingValues
	err := tx.QueryRowContext(ctx, `
		SELECT s.created_at, s.last_seen_at, s.expires_at,
			u.id, u.name, u.role, coalesce(u.badge, ''), u.secret_hash, u.active, u.language, u.created_at, u.updated_at, coalesce(u.site_id, 0),
			`+settingsColumns+`
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ?`, hash).Scan(append([]any{&created, &lastSeen, &expires,
		&u.ID, &u.Name, &role, &u.Badge, &u.SecretHash, &u.Active, &u.Language, &userCreated, &userUpdated, &u.SiteID}, sv.dest()...)...)
	if err != nil {
		err = tx.translate(err, "Your session has ended: sign in again.")
		if trainer.KindOf(err) == trainer.KindNotFound {
			return nil, trainer.Settings{}, trainer.Errorf(trainer.KindUnauthorized, "Your session has ended: sign in again.")
		}
		return nil, trainer.Settings{}, fmt.Errorf("find session: %w", err)
	}
	st, err := sv.settings()
	if err != nil {
		return nil, trainer.Settings{}, fmt.Errorf("find session: %w", err)
	}
	u.Role = trainer.Role(role)
	s := &trainer.Session{User: &u}
	for _, t := range []struct {
		dst *time.Time
		src storedTime
	}{
		{&s.CreatedAt, created}, {&s.LastSeenAt, lastSeen}, {&s.ExpiresAt, expires},
		{&u.CreatedAt, userCreated}, {&u.UpdatedAt, userUpdated},
	} {
		if *t.dst, err = t.src.time(); err != nil {
			return nil, trainer.Settings{}, fmt.Errorf("find session: %w", err)
		}
	}
	return s, st, nil
}

func deleteUserSessions(ctx context.Context, tx *Tx, userID int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID); err != nil {
		return fmt.Errorf("delete sessions of user %d: %w", userID, err)
	}
	return nil
}
