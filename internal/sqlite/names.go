package sqlite

import (
	"context"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// normalizeUserNames is migration 0033: it rewrites every stored name in the
// form trainer.NormalizeName gives (NFC), as CreateUser now stores them, so
// that a name typed at the staff sign-in finds its user whatever form the
// browser sent. Two users whose names become the same cannot both keep it
// (the names are unique): the later one gets " (2)" (or the next free
// number) added, so that nobody is locked out and both tiles stay apart.
// Each rename is written to the audit log, by the kiosk.
func normalizeUserNames(ctx context.Context, tx *Tx) error {
	type user struct {
		id   int64
		name string
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, name FROM users ORDER BY id`)
	if err != nil {
		return fmt.Errorf("normalise names: %w", err)
	}
	var renames []user
	for rows.Next() {
		var u user
		if err := rows.Scan(&u.id, &u.name); err != nil {
			rows.Close()
			return fmt.Errorf("normalise names: %w", err)
		}
		if trainer.NormalizeName(u.name) != u.name {
			renames = append(renames, u)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("normalise names: %w", err)
	}
	for _, u := range renames {
		base := trainer.NormalizeName(u.name)
		name := base
		// A plain count, not findUser: a migration sees the users table as
		// it stood at 0033, before later migrations added columns (0040).
		for n := 2; ; n++ {
			var taken int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE name = ?`, name).Scan(&taken); err != nil {
				return fmt.Errorf("normalise names: %w", err)
			}
			if taken == 0 {
				break
			}
			name = fmt.Sprintf("%s (%d)", base, n)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET name = ?, updated_at = ? WHERE id = ?`, name, tx.Now(), u.id); err != nil {
			return fmt.Errorf("normalise the name of user %d: %w", u.id, err)
		}
		if _, err := appendAudit(ctx, tx, kiosk, trainer.AuditUserRenamed, trainer.UserSubject(u.id),
			map[string]any{"from": u.name, "to": name}); err != nil {
			return fmt.Errorf("normalise names: %w", err)
		}
	}
	return nil
}
