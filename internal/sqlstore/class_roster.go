package sqlstore

import (
	"context"
	"fmt"
	"slices"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// ImportClassRoster commits a roster import (class.Plan.Import) into class
// classID in one transaction: every new trainee is created (a trainee of
// the class's site, with the hash given) and every joining trainee is
// added, or nothing is. Each trainee created is audited as the kiosk
// audits a user's creation (user.created, with the request's actor), and
// each trainee put on the roster as class.joined. A trainee already on the
// roster (someone added them since the plan) is left as they are.
//
// The store meets its own refusals again, since the plan was made before:
// a name taken or looking like another user's since (trainer.ErrNameTaken,
// *trainer.NameLookalike), a badge taken (trainer.ErrBadgeTaken), a trainee
// deactivated or moved to another site, a roster past its size. Each
// refusal of a trainee is a *trainer.ClassImportError naming them, and
// rolls the whole import back.
// Returns trainer.ErrClassNotFound for no such class.
func (db *DB) ImportClassRoster(ctx context.Context, classID int64, im *trainer.ClassImport) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	c, err := findClass(ctx, tx, classID)
	if err != nil {
		return fmt.Errorf("import roster: %w", err)
	}
	who := actorOf(ctx)
	for _, u := range im.New {
		u.Role, u.SiteID = trainer.RoleTrainee, c.SiteID
		if err := createUser(ctx, tx, u); err != nil {
			return fmt.Errorf("import roster: %w", &trainer.ClassImportError{Name: u.Name, Err: err})
		}
		if _, err := appendAudit(ctx, tx, who, trainer.AuditUserCreated, trainer.UserSubject(u.ID),
			map[string]any{"name": u.Name, "role": string(u.Role), "badge": u.Badge, "class": c.Name}); err != nil {
			return fmt.Errorf("import roster: %w", err)
		}
		if err := joinRoster(ctx, tx, c, u, who); err != nil {
			return fmt.Errorf("import roster: %w", &trainer.ClassImportError{Name: u.Name, Err: err})
		}
	}
	for _, id := range im.Join {
		if slices.Contains(c.Members, id) {
			continue
		}
		u, err := findUser(ctx, tx, `id = ?`, id)
		if err != nil {
			return fmt.Errorf("import roster: %w", err)
		}
		switch {
		case !u.Active || u.Role != trainer.RoleTrainee:
			return fmt.Errorf("import roster: %w", &trainer.ClassImportError{Name: u.Name, Err: trainer.ClassMemberRefused(u.Name)})
		case u.SiteID != c.SiteID:
			return fmt.Errorf("import roster: %w", &trainer.ClassImportError{Name: u.Name, Err: trainer.ClassOtherSite(u.Name)})
		}
		if err := joinRoster(ctx, tx, c, u, who); err != nil {
			return fmt.Errorf("import roster: %w", &trainer.ClassImportError{Name: u.Name, Err: err})
		}
		c.Members = append(c.Members, id)
	}
	if len(c.Members)+len(im.New) > trainer.MaxClassMembers {
		return fmt.Errorf("import roster: %w", trainer.ClassMembersMany())
	}
	return tx.Commit()
}

// joinRoster puts trainee u on c's roster, audited.
func joinRoster(ctx context.Context, tx *Tx, c *trainer.Class, u *trainer.User, who Actor) error {
	if err := addClassMember(ctx, tx, c.ID, u.ID, ""); err != nil {
		return err
	}
	_, err := appendAudit(ctx, tx, who, trainer.AuditClassJoined, trainer.UserSubject(u.ID)+"/"+trainer.ClassSubject(c.ID),
		map[string]any{"name": u.Name, "class": c.Name})
	return err
}
