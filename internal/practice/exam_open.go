package practice

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// InExam reports whether trainee userID has an exam open: while it is, the
// rule book is closed to them (an exam's questions are answered from what
// the trainee knows).
func (f *Flow) InExam(ctx context.Context, userID int64) (bool, error) {
	open, err := f.DB.OpenPracticeSession(ctx, userID)
	switch {
	case trainer.KindOf(err) == trainer.KindNotFound:
		return false, nil
	case err != nil:
		return false, err
	}
	return open.Mode == trainer.ModeExam, nil
}
