package sqlstore

import (
	"context"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// RecordSiteTableTest stores a table test taken at another site, audited.
// The signer must certify at that site (trainer.User.Certifies of a dealer
// of the site). Returns KindForbidden, or KindNotFound for no such user or site.
func (db *DB) RecordSiteTableTest(ctx context.Context, t *trainer.SiteTableTest) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	dealer, err := findUser(ctx, tx, `id = ?`, t.UserID)
	if err != nil {
		return fmt.Errorf("record site table test: %w", err)
	}
	site, err := findSite(ctx, tx, `id = ?`, t.SiteID)
	if err != nil {
		return fmt.Errorf("record site table test: %w", err)
	}
	signer, err := findUser(ctx, tx, `id = ?`, t.ActorID)
	if err != nil {
		return fmt.Errorf("record site table test: %w", err)
	}
	if !signer.Certifies(&trainer.User{SiteID: site.ID}) {
		return trainer.Errorf(trainer.KindForbidden, "Only an active manager of %s, or the group director, signs a table test there.", site.Name)
	}
	t.At, t.Actor = tx.Now().Truncate(1e6), signer.Name
	t.ID, err = tx.Insert(ctx, `
		INSERT INTO site_table_tests (user_id, game, site_id, passed_at, actor_id) VALUES (?, ?, ?, ?, ?)`,
		t.UserID, t.Game, t.SiteID, formatTime(t.At), t.ActorID)
	if err != nil {
		return fmt.Errorf("record site table test: %w", err)
	}
	if _, err := appendAudit(ctx, tx, Actor{signer.ID, signer.Name}, trainer.AuditSiteTableTest, trainer.CertSubject(dealer.ID, t.Game),
		map[string]any{"site": site.Name, "house": site.House}); err != nil {
		return fmt.Errorf("record site table test: %w", err)
	}
	return tx.Commit()
}

// ListSiteTableTests returns the dealer's table tests at other sites in game, oldest first.
func (db *DB) ListSiteTableTests(ctx context.Context, userID int64, game string) ([]*trainer.SiteTableTest, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `
		SELECT t.id, t.user_id, t.game, t.site_id, t.passed_at, t.actor_id, u.name
		FROM site_table_tests t JOIN users u ON u.id = t.actor_id
		WHERE t.user_id = ? AND t.game = ?
		ORDER BY t.passed_at, t.id`, userID, game)
	if err != nil {
		return nil, fmt.Errorf("list site table tests: %w", err)
	}
	defer rows.Close()
	var out []*trainer.SiteTableTest
	for rows.Next() {
		var t trainer.SiteTableTest
		var at storedTime
		if err := rows.Scan(&t.ID, &t.UserID, &t.Game, &t.SiteID, &at, &t.ActorID, &t.Actor); err != nil {
			return nil, fmt.Errorf("list site table tests: %w", err)
		}
		if t.At, err = at.time(); err != nil {
			return nil, err
		}
		out = append(out, &t)
	}
	return out, rows.Err()
}
