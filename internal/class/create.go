package class

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Create checks new class c (Validate against the kiosk's games, and each
// instructor as stored) and creates it. Returns KindInvalid on the field
// refused; the store checks the instructors again in its transaction.
func (d *Drive) Create(ctx context.Context, c *Class) error {
	if err := c.Validate(d.Plan.Games()); err != nil {
		return err
	}
	if err := d.checkInstructors(ctx, c); err != nil {
		return err
	}
	return d.DB.CreateClass(ctx, (*trainer.Class)(c))
}

// checkInstructors checks each instructor of c as stored (CheckInstructor).
func (d *Drive) checkInstructors(ctx context.Context, c *Class) error {
	for _, id := range c.Instructors {
		u, err := d.DB.FindUserByID(ctx, id)
		if err != nil {
			if trainer.KindOf(err) == trainer.KindNotFound {
				return refusal(trainer.KindInvalid, "class.err.instructor_none")
			}
			return err
		}
		if err := CheckInstructor(u); err != nil {
			return err
		}
	}
	return nil
}

// SaveTables saves the practice table each member of c sits at (c.Tables,
// for a standing by teams), checked as the class is (Validate).
func (d *Drive) SaveTables(ctx context.Context, c *Class) error {
	c.Normalize()
	if err := c.Validate(d.Plan.Games()); err != nil {
		return err
	}
	return d.DB.UpdateClass(ctx, (*trainer.Class)(c))
}
