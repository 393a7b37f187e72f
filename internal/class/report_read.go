package class

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Report reads live drill runID of class c and lays out its report over
// the roster and anybody else who answered (ReportMembers). Returns
// trainer.ErrClassRunNotFound for a drill of another class.
func (d *Drive) Report(ctx context.Context, c *Class, runID int64) (*trainer.ClassRunRecord, *Report, error) {
	rec, err := d.DB.ClassRunRecord(ctx, runID)
	if err != nil {
		return nil, nil, err
	}
	if rec.Run.ClassID != c.ID {
		return nil, nil, trainer.ErrClassRunNotFound
	}
	asked, err := AskedIn(rec)
	if err != nil {
		return nil, nil, err
	}
	users, err := d.DB.ListUsers(ctx, trainer.UserFilter{Role: trainer.RoleTrainee})
	if err != nil {
		return nil, nil, err
	}
	return rec, NewReport(ReportMembers(c, rec, users), asked), nil
}

// ListsPage is what the prepared lists' page reads: every list, and the
// names of their makers by ID (Names).
func (d *Drive) ListsPage(ctx context.Context) ([]*trainer.ClassList, map[int64]string, error) {
	lists, err := d.DB.ListClassLists(ctx, 0)
	if err != nil {
		return nil, nil, err
	}
	names, err := d.Names(ctx)
	if err != nil {
		return nil, nil, err
	}
	return lists, names, nil
}
