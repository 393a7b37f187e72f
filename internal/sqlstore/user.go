package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

const userColumns = `id, name, role, coalesce(badge, ''), secret_hash, active, language, created_at, updated_at, coalesce(site_id, 0)`

// CreateUser stores u, its name normalised (trainer.NormalizeName), and sets
// its ID and timestamps. Returns KindInvalid if a field is wrong, and
// trainer.ErrNameTaken or trainer.ErrBadgeTaken (kind KindConflict) if
// another user has the name or badge, or a *trainer.NameLookalike (kind
// KindConflict) if the name looks like another user's.
func (db *DB) CreateUser(ctx context.Context, u *trainer.User) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := createUser(ctx, tx, u); err != nil {
		return fmt.Errorf("create user: %w", err)
	}
	if err := auditUser(ctx, tx, actorOf(ctx), trainer.AuditUserCreated, u); err != nil {
		return fmt.Errorf("create user: %w", err)
	}
	return tx.Commit()
}

// auditUser records a change to user u in the audit log: who the user is,
// never their secret.
func auditUser(ctx context.Context, tx *Tx, who Actor, action string, u *trainer.User) error {
	_, err := appendAudit(ctx, tx, who, action, trainer.UserSubject(u.ID),
		map[string]any{"name": u.Name, "role": string(u.Role), "badge": u.Badge})
	return err
}

// CreateFirstAdministrator stores u as an administrator only while there are
// no users at all, so two browsers racing through the setup page cannot both
// create one. Returns KindConflict once the kiosk has a user.
func (db *DB) CreateFirstAdministrator(ctx context.Context, u *trainer.User) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	n, err := countUsers(ctx, tx)
	if err != nil {
		return err
	}
	if n > 0 {
		return trainer.Errorf(trainer.KindConflict, "This kiosk already has an administrator.")
	}
	u.Role = trainer.RoleAdministrator
	if err := createUser(ctx, tx, u); err != nil {
		return fmt.Errorf("create first administrator: %w", err)
	}
	// Nobody is signed in at setup: the first administrator creates themself.
	if err := auditUser(ctx, tx, Actor{u.ID, u.Name}, trainer.AuditUserCreated, u); err != nil {
		return fmt.Errorf("create first administrator: %w", err)
	}
	return tx.Commit()
}

// CountUsers returns how many users exist, active or not. Zero means the kiosk
// is new and shows the first-administrator setup page.
func (db *DB) CountUsers(ctx context.Context) (int, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	return countUsers(ctx, tx)
}

// FindUserByID returns the user with this ID. Returns KindNotFound.
func (db *DB) FindUserByID(ctx context.Context, id int64) (*trainer.User, error) {
	return db.findUser(ctx, `id = ?`, id)
}

// FindUserByName returns the user with this name, compared without regard to
// case. Returns KindNotFound.
func (db *DB) FindUserByName(ctx context.Context, name string) (*trainer.User, error) {
	return db.findUser(ctx, `name = ?`, trainer.NormalizeName(name))
}

// FindUserByBadge returns the user with this badge number. Returns KindNotFound.
func (db *DB) FindUserByBadge(ctx context.Context, badge string) (*trainer.User, error) {
	badge = trainer.NormalizeBadge(badge)
	if badge == "" {
		return nil, trainer.Errorf(trainer.KindNotFound, "User not found.")
	}
	return db.findUser(ctx, `badge = ?`, badge)
}

func (db *DB) findUser(ctx context.Context, where string, arg any) (*trainer.User, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return findUser(ctx, tx, where, arg)
}

// ListUsers returns the users that match f, ordered by name.
func (db *DB) ListUsers(ctx context.Context, f trainer.UserFilter) ([]*trainer.User, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	where, args := []string{"1 = 1"}, []any{}
	if f.Role != "" {
		where, args = append(where, "role = ?"), append(args, string(f.Role))
	}
	if f.ActiveOnly {
		where = append(where, "active = 1")
	}
	if f.SiteID != 0 {
		// The group director belongs to no site and is listed at every one.
		where, args = append(where, "(site_id = ? OR site_id IS NULL)"), append(args, f.SiteID)
	}
	rows, err := tx.QueryContext(ctx, `
		SELECT `+userColumns+`
		FROM users
		WHERE `+strings.Join(where, " AND ")+`
		ORDER BY name, id`, args...)
	if err != nil {
		return nil, fmt.Errorf("list users: %w", err)
	}
	defer rows.Close()
	var users []*trainer.User
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, fmt.Errorf("list users: %w", err)
		}
		users = append(users, u)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list users: %w", err)
	}
	return users, nil
}

// SetUserSecret replaces the PIN or password hash of user id and ends every
// session of that user, so a reset also locks out whoever knew the old one.
// Returns KindNotFound.
func (db *DB) SetUserSecret(ctx context.Context, id int64, hash string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if hash == "" {
		return trainer.Errorf(trainer.KindInvalid, "A user needs a PIN or a password.")
	}
	if err := checkManages(ctx, tx, id, trainer.AuditUserSecretReset); err != nil {
		return fmt.Errorf("set user secret: %w", err)
	}
	if err := updateUser(ctx, tx, id, `secret_hash = ?`, hash); err != nil {
		return fmt.Errorf("set user secret: %w", err)
	}
	if err := deleteUserSessions(ctx, tx, id); err != nil {
		return fmt.Errorf("set user secret: %w", err)
	}
	u, err := findUser(ctx, tx, `id = ?`, id)
	if err != nil {
		return fmt.Errorf("set user secret: %w", err)
	}
	if err := auditUser(ctx, tx, actorOf(ctx), trainer.AuditUserSecretReset, u); err != nil {
		return fmt.Errorf("set user secret: %w", err)
	}
	return tx.Commit()
}

// SetUserActive deactivates or reactivates user id. Deactivating ends the
// user's sessions. Returns KindNotFound, and KindConflict when it would leave
// the kiosk without an active administrator.
func (db *DB) SetUserActive(ctx context.Context, id int64, active bool) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	u, err := findUser(ctx, tx, `id = ?`, id)
	if err != nil {
		return fmt.Errorf("set user active: %w", err)
	}
	action := trainer.AuditUserDeactivated
	if active {
		action = trainer.AuditUserReactivated
	}
	if err := checkManages(ctx, tx, id, action); err != nil {
		return fmt.Errorf("set user active: %w", err)
	}
	if !active && u.Active && u.Role == trainer.RoleAdministrator {
		var admins int
		if err := tx.QueryRowContext(ctx, `
			SELECT count(*) FROM users WHERE role = 'administrator' AND active = 1`).Scan(&admins); err != nil {
			return fmt.Errorf("set user active: %w", err)
		}
		if admins <= 1 {
			return trainer.Errorf(trainer.KindConflict, "The kiosk needs at least one active administrator.")
		}
	}
	if err := updateUser(ctx, tx, id, `active = ?`, active); err != nil {
		return fmt.Errorf("set user active: %w", err)
	}
	if !active {
		if err := deleteUserSessions(ctx, tx, id); err != nil {
			return fmt.Errorf("set user active: %w", err)
		}
	}
	if err := auditUser(ctx, tx, actorOf(ctx), action, u); err != nil {
		return fmt.Errorf("set user active: %w", err)
	}
	return tx.Commit()
}

// SetUserLanguage sets the language of user id: a tag of
// trainer.Languages, or "" for the house's default. It changes only what
// the kiosk shows from now on: stored answers and past questions keep the
// words they were shown in. Returns KindInvalid for a language not offered
// and KindNotFound.
func (db *DB) SetUserLanguage(ctx context.Context, id int64, tag string) error {
	if err := trainer.CheckLanguage(tag); err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := checkManages(ctx, tx, id, "user.language"); err != nil {
		return fmt.Errorf("set user language: %w", err)
	}
	if err := updateUser(ctx, tx, id, `language = ?`, tag); err != nil {
		return fmt.Errorf("set user language: %w", err)
	}
	return tx.Commit()
}

func createUser(ctx context.Context, tx *Tx, u *trainer.User) error {
	u.Name, u.Badge = trainer.NormalizeName(u.Name), trainer.NormalizeBadge(u.Badge)
	if err := u.Validate(); err != nil {
		return err
	}
	// Look for the clash first, inside the write lock, so the error can
	// say which field clashed; the UNIQUE constraints stay as the backstop.
	if _, err := findUser(ctx, tx, `name = ?`, u.Name); err == nil {
		return trainer.ErrNameTaken
	} else if trainer.KindOf(err) != trainer.KindNotFound {
		return err
	}
	if err := checkLookalike(ctx, tx, u.Name, 0); err != nil {
		return err
	}
	if u.Badge != "" {
		if _, err := findUser(ctx, tx, `badge = ?`, u.Badge); err == nil {
			return trainer.ErrBadgeTaken
		} else if trainer.KindOf(err) != trainer.KindNotFound {
			return err
		}
	}
	if u.Role == trainer.RoleDirector && tx.db.kiosk {
		return trainer.Errorf(trainer.KindInvalid, "A group director belongs to a casino group's database; a kiosk on its own has managers.")
	}
	// A group director belongs to no site (site_id NULL); everyone else
	// to one.
	var site sql.NullInt64
	switch {
	case u.Role == trainer.RoleDirector:
		u.SiteID = 0
	case u.SiteID == 0:
		u.SiteID = trainer.FirstSiteID
		fallthrough
	default:
		if _, err := findSite(ctx, tx, `id = ?`, u.SiteID); err != nil {
			return err
		}
		site = sql.NullInt64{Int64: u.SiteID, Valid: true}
	}
	u.Active = true
	u.CreatedAt, u.UpdatedAt = tx.Now(), tx.Now()
	var badge sql.NullString
	if u.Badge != "" {
		badge = sql.NullString{String: u.Badge, Valid: true}
	}
	var err error
	u.ID, err = tx.Insert(ctx, `
		INSERT INTO users (name, role, badge, secret_hash, active, created_at, updated_at, site_id)
		VALUES (?, ?, ?, ?, 1, ?, ?, ?)`,
		u.Name, string(u.Role), badge, u.SecretHash, formatTime(tx.Now()), formatTime(tx.Now()), site)
	return tx.translate(err, "User not found.")
}

// checkLookalike refuses name when it looks like the name of a user
// already stored (trainer.LooksAlike), whatever their role or state, other
// than user except (0 for none: a user renamed may keep looking like
// themself): two tiles that read alike on a tablet, or two certificates,
// would be taken for each other. Returns *trainer.NameLookalike naming the
// other user.
func checkLookalike(ctx context.Context, tx *Tx, name string, except int64) error {
	rows, err := tx.QueryContext(ctx, `SELECT name FROM users WHERE id <> ? ORDER BY id`, except)
	if err != nil {
		return fmt.Errorf("check names: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var other string
		if err := rows.Scan(&other); err != nil {
			return fmt.Errorf("check names: %w", err)
		}
		if trainer.LooksAlike(name, other) {
			return &trainer.NameLookalike{Other: other}
		}
	}
	return rows.Err()
}

func countUsers(ctx context.Context, tx *Tx) (int, error) {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM users`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count users: %w", err)
	}
	return n, nil
}

func findUser(ctx context.Context, tx *Tx, where string, arg any) (*trainer.User, error) {
	row := tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE `+where, arg)
	u, err := scanUser(row)
	if err != nil {
		return nil, tx.translate(err, "User not found.")
	}
	return u, nil
}

// updateUser sets one column (set is "col = ?") of user id and its updated_at.
func updateUser(ctx context.Context, tx *Tx, id int64, set string, arg any) error {
	res, err := tx.ExecContext(ctx, `UPDATE users SET `+set+`, updated_at = ? WHERE id = ?`,
		arg, formatTime(tx.Now()), id)
	if err != nil {
		return tx.translate(err, "User not found.")
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return trainer.Errorf(trainer.KindNotFound, "User not found.")
	}
	return nil
}

func scanUser(s scanner) (*trainer.User, error) {
	var u trainer.User
	var role string
	var created, updated storedTime
	if err := s.Scan(&u.ID, &u.Name, &role, &u.Badge, &u.SecretHash, &u.Active, &u.Language, &created, &updated, &u.SiteID); err != nil {
		return nil, err
	}
	u.Role = trainer.Role(role)
	var err error
	if u.CreatedAt, err = created.time(); err != nil {
		return nil, err
	}
	if u.UpdatedAt, err = updated.time(); err != nil {
		return nil, err
	}
	return &u, nil
}

// checkManages refuses a change to user id when the actor of ctx may not
// make it (trainer.User.Manages: a site's administrator and the group
// director), and records the refusal in the audit log with the action
// tried: the entry is committed with tx, and the change is not made.
// Returns KindNotFound, and trainer.ErrWiderScope for a refusal. The kiosk
// itself (no actor), the machine's operator and a user changing their own
// account pass.
func checkManages(ctx context.Context, tx *Tx, id int64, action string) error {
	u, err := findUser(ctx, tx, `id = ?`, id)
	if err != nil {
		return err
	}
	a := trainer.ActorOf(ctx)
	if a == nil || a.ID == 0 || a.ID == u.ID || a.Manages(u) {
		return nil
	}
	if _, err := appendAudit(ctx, tx, Actor{a.ID, a.Name}, trainer.AuditUserChangeRefused, trainer.UserSubject(u.ID),
		map[string]any{"action": action, "role": string(u.Role)}); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return trainer.ErrWiderScope
}
