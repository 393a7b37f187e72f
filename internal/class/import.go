package class

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// PlanRoster reads roster file data (ParseRoster) and plans it for class
// c against every user of the kiosk (a name or a badge is the kiosk's,
// whatever the site). Returns ParseRoster's refusals.
func (d *Drive) PlanRoster(ctx context.Context, c *Class, data []byte) (*Plan, error) {
	rows, err := ParseRoster(data)
	if err != nil {
		return nil, err
	}
	users, err := d.DB.ListUsers(ctx, trainer.UserFilter{})
	if err != nil {
		return nil, err
	}
	return PlanImport(rows, IndexUsers(users), c.Members, nil)
}

// ImportRoster saves every row plan accepts for class c at once, in the
// store's one transaction, or nothing; the PINs the kiosk makes are
// hashed here and shown only on the page that answers it. Returns the
// store's refusal (*trainer.ClassImportError names the row's name).
func (d *Drive) ImportRoster(ctx context.Context, c *Class, plan *Plan) error {
	im, err := plan.Import(trainer.HashSecret)
	if err != nil {
		return err
	}
	return d.DB.ImportClassRoster(ctx, c.ID, im)
}
