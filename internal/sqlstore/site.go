package sqlstore

import (
	"context"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

const msgSiteNotFound = "Site not found."

// CreateSite stores s, its name normalised, audited: a property of the
// group. A kiosk on SQLite is one site, but keeps the same service, so that a
// school and a group are tested alike. Returns KindInvalid or
// trainer.ErrSiteNameTaken.
func (db *DB) CreateSite(ctx context.Context, s *trainer.Site) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := createSite(ctx, tx, s); err != nil {
		return fmt.Errorf("create site: %w", err)
	}
	return tx.Commit()
}

func createSite(ctx context.Context, tx *Tx, s *trainer.Site) error {
	s.Name = trainer.NormalizeName(s.Name)
	if err := s.Validate(); err != nil {
		return err
	}
	if _, err := findSite(ctx, tx, `name = ?`, s.Name); err == nil {
		return trainer.ErrSiteNameTaken
	} else if trainer.KindOf(err) != trainer.KindNotFound {
		return err
	}
	s.CreatedAt = tx.Now().Truncate(1e6)
	var err error
	s.ID, err = tx.Insert(ctx, `INSERT INTO sites (name, house, created_at) VALUES (?, ?, ?)`,
		s.Name, s.House, formatTime(s.CreatedAt))
	if err != nil {
		return tx.translate(err, msgSiteNotFound)
	}
	_, err = appendAudit(ctx, tx, actorOf(ctx), trainer.AuditSiteCreated, trainer.SiteSubject(s.ID),
		map[string]any{"name": s.Name, "house": s.House})
	return err
}

// ListSites returns every site, by name.
func (db *DB) ListSites(ctx context.Context) ([]*trainer.Site, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT id, name, house, created_at FROM sites ORDER BY name, id`)
	if err != nil {
		return nil, fmt.Errorf("list sites: %w", err)
	}
	defer rows.Close()
	var sites []*trainer.Site
	for rows.Next() {
		s, err := scanSite(rows)
		if err != nil {
			return nil, fmt.Errorf("list sites: %w", err)
		}
		sites = append(sites, s)
	}
	return sites, rows.Err()
}

// FindSiteByName returns the site named so, without regard to case. Returns KindNotFound.
func (db *DB) FindSiteByName(ctx context.Context, name string) (*trainer.Site, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return findSite(ctx, tx, `name = ?`, trainer.NormalizeName(name))
}

// FindSiteByID returns site id. Returns KindNotFound.
func (db *DB) FindSiteByID(ctx context.Context, id int64) (*trainer.Site, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return findSite(ctx, tx, `id = ?`, id)
}

// SetSiteHouse makes site id play house, audited when it changes. Returns KindNotFound.
func (db *DB) SetSiteHouse(ctx context.Context, id int64, house string) (*trainer.Site, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	s, err := findSite(ctx, tx, `id = ?`, id)
	if err != nil {
		return nil, err
	}
	if s.House == house {
		return s, nil
	}
	s.House = house
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE sites SET house = ? WHERE id = ?`, house, id); err != nil {
		return nil, fmt.Errorf("set site house: %w", err)
	}
	if _, err := appendAudit(ctx, tx, actorOf(ctx), trainer.AuditSiteHouseChanged, trainer.SiteSubject(id),
		map[string]any{"name": s.Name, "house": house}); err != nil {
		return nil, fmt.Errorf("set site house: %w", err)
	}
	return s, tx.Commit()
}

// CreateSiteWithAdministrator stores site s and its first administrator
// admin, who belongs to it, in one transaction, each audited: a new
// property of the group and the person who adds its people (trainer site
// add -admin). Nothing is stored when either is refused. Returns what
// CreateSite and CreateUser return.
func (db *DB) CreateSiteWithAdministrator(ctx context.Context, s *trainer.Site, admin *trainer.User) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := createSite(ctx, tx, s); err != nil {
		return fmt.Errorf("create site: %w", err)
	}
	admin.Role, admin.SiteID = trainer.RoleAdministrator, s.ID
	if err := createUser(ctx, tx, admin); err != nil {
		return fmt.Errorf("create site: its administrator: %w", err)
	}
	if err := auditUser(ctx, tx, actorOf(ctx), trainer.AuditUserCreated, admin); err != nil {
		return fmt.Errorf("create site: %w", err)
	}
	return tx.Commit()
}

// RenameSite gives site id the name name (normalised), audited. Returns
// KindNotFound, KindInvalid or trainer.ErrSiteNameTaken.
func (db *DB) RenameSite(ctx context.Context, id int64, name string) (*trainer.Site, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	s, err := findSite(ctx, tx, `id = ?`, id)
	if err != nil {
		return nil, err
	}
	old := s.Name
	s.Name = trainer.NormalizeName(name)
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if s.Name == old {
		return s, nil
	}
	if other, err := findSite(ctx, tx, `name = ?`, s.Name); err == nil && other.ID != id {
		return nil, trainer.ErrSiteNameTaken
	} else if err != nil && trainer.KindOf(err) != trainer.KindNotFound {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE sites SET name = ? WHERE id = ?`, s.Name, id); err != nil {
		return nil, fmt.Errorf("rename site: %w", tx.translate(err, msgSiteNotFound))
	}
	if _, err := appendAudit(ctx, tx, actorOf(ctx), trainer.AuditSiteRenamed, trainer.SiteSubject(id),
		map[string]any{"name": map[string]any{"old": old, "new": s.Name}}); err != nil {
		return nil, fmt.Errorf("rename site: %w", err)
	}
	return s, tx.Commit()
}

func findSite(ctx context.Context, tx *Tx, where string, arg any) (*trainer.Site, error) {
	s, err := scanSite(tx.QueryRowContext(ctx, `SELECT id, name, house, created_at FROM sites WHERE `+where, arg))
	return s, tx.translate(err, msgSiteNotFound)
}

func scanSite(sc scanner) (*trainer.Site, error) {
	var s trainer.Site
	var created storedTime
	if err := sc.Scan(&s.ID, &s.Name, &s.House, &created); err != nil {
		return nil, err
	}
	var err error
	if s.CreatedAt, err = created.time(); err != nil {
		return nil, err
	}
	return &s, nil
}
