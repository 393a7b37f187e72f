package sqlstore

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// UpdateUser corrects the name and badge of user id (an administrator's
// correction of a typo, a married name, a new badge), with the checks a new
// user's name and badge pass (trainer.NormalizeName, ValidateName, unique,
// not a look-alike of another user's; the badge unique), and writes the
// change to the audit log with the actor of ctx: each field changed with its
// old and new value. A change to nothing changes nothing and is not
// recorded. It returns the user as stored.
//
// Returns KindNotFound, KindInvalid for a name or badge that cannot be one,
// trainer.ErrNameTaken or trainer.ErrBadgeTaken (KindConflict) when another
// user has it, and *trainer.NameLookalike (KindConflict) for a name that
// looks like another user's.
func (db *DB) UpdateUser(ctx context.Context, id int64, name, badge string) (*trainer.User, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	u, err := findUser(ctx, tx, `id = ?`, id)
	if err != nil {
		return nil, fmt.Errorf("update user: %w", err)
	}
	if err := checkManages(ctx, tx, id, trainer.AuditUserChanged); err != nil {
		return nil, fmt.Errorf("update user: %w", err)
	}
	name, badge = trainer.NormalizeName(name), trainer.NormalizeBadge(badge)
	if err := trainer.ValidateName(name); err != nil {
		return nil, err
	}
	if err := trainer.ValidateBadge(badge); err != nil {
		return nil, err
	}
	detail := map[string]any{}
	if name != u.Name {
		// The names are unique without regard to case (the column's
		// collation), so a change of case alone is the user's own name.
		if other, err := findUser(ctx, tx, `name = ?`, name); err == nil && other.ID != id {
			return nil, trainer.ErrNameTaken
		} else if err != nil && trainer.KindOf(err) != trainer.KindNotFound {
			return nil, err
		}
		if err := checkLookalike(ctx, tx, name, id); err != nil {
			return nil, err
		}
		if err := updateUser(ctx, tx, id, `name = ?`, name); err != nil {
			return nil, fmt.Errorf("update user: %w", tx.translate(err, "User not found."))
		}
		detail["name"] = map[string]any{"old": u.Name, "new": name}
	}
	if badge != u.Badge {
		if badge != "" {
			if other, err := findUser(ctx, tx, `badge = ?`, badge); err == nil && other.ID != id {
				return nil, trainer.ErrBadgeTaken
			} else if err != nil && trainer.KindOf(err) != trainer.KindNotFound {
				return nil, err
			}
		}
		var b sql.NullString
		if badge != "" {
			b = sql.NullString{String: badge, Valid: true}
		}
		if err := updateUser(ctx, tx, id, `badge = ?`, b); err != nil {
			return nil, fmt.Errorf("update user: %w", tx.translate(err, "User not found."))
		}
		detail["badge"] = map[string]any{"old": u.Badge, "new": badge}
	}
	if len(detail) == 0 {
		return u, nil
	}
	if _, err := appendAudit(ctx, tx, actorOf(ctx), trainer.AuditUserChanged, trainer.UserSubject(id), detail); err != nil {
		return nil, fmt.Errorf("update user: %w", err)
	}
	if u, err = findUser(ctx, tx, `id = ?`, id); err != nil {
		return nil, fmt.Errorf("update user: %w", err)
	}
	return u, tx.Commit()
}
