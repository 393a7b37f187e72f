package class

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// ForStaff finds class id for a staff member whose pages show site scope
// (0 for every site, a director's): a class of another site is not found
// for them, as another site's trainee is not. Returns KindNotFound
// (trainer.ErrClassNotFound).
func (d *Drive) ForStaff(ctx context.Context, id, scope int64) (*Class, error) {
	rec, err := d.DB.FindClass(ctx, id)
	if err != nil {
		return nil, err
	}
	c := (*Class)(rec)
	if !c.InScope(scope) {
		return nil, trainer.ErrClassNotFound
	}
	return c, nil
}

// ForMember finds class id for trainee userID. Returns KindForbidden
// (trainer.ErrClassNotMember) for a class they are not in, KindNotFound
// for none.
func (d *Drive) ForMember(ctx context.Context, id, userID int64) (*Class, error) {
	rec, err := d.DB.FindClass(ctx, id)
	if err != nil {
		return nil, err
	}
	c := (*Class)(rec)
	if !c.Has(userID) {
		return nil, trainer.ErrClassNotMember
	}
	return c, nil
}

// InScope reports whether pages that show site scope (0 for every site)
// show c. A class or scope of no site (0, from before the sites) is the
// first site's.
func (c *Class) InScope(scope int64) bool {
	return scope == 0 || siteOrFirst(c.SiteID) == siteOrFirst(scope)
}

func siteOrFirst(id int64) int64 {
	if id == 0 {
		return trainer.FirstSiteID
	}
	return id
}

// Names are the names of every user, by ID, for the pages that list
// people by the IDs a class keeps.
func (d *Drive) Names(ctx context.Context) (map[int64]string, error) {
	users, err := d.DB.ListUsers(ctx, trainer.UserFilter{})
	if err != nil {
		return nil, err
	}
	out := make(map[int64]string, len(users))
	for _, u := range users {
		out[u.ID] = u.Name
	}
	return out, nil
}

// Page is what a class's page reads besides the class: every user of the
// kiosk, for the names of its roster, instructors and runs, and its runs.
func (d *Drive) Page(ctx context.Context, c *Class) ([]*trainer.User, []*trainer.ClassRun, error) {
	users, err := d.DB.ListUsers(ctx, trainer.UserFilter{})
	if err != nil {
		return nil, nil, err
	}
	runs, err := d.DB.ListClassRuns(ctx, c.ID)
	if err != nil {
		return nil, nil, err
	}
	return users, runs, nil
}
