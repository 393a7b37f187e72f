package practice

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// SessionModes reads the mode of each session of trainee userID that as
// (their attempts) were served in, by session id: practice, timed,
// review, class or exam, as the attempts' export names them.
func (f *Flow) SessionModes(ctx context.Context, userID int64, as []*trainer.Attempt) (map[int64]trainer.Mode, error) {
	modes := map[int64]trainer.Mode{}
	for _, a := range as {
		if _, ok := modes[a.SessionID]; ok {
			continue
		}
		sess, err := f.DB.FindPracticeSession(ctx, a.SessionID, userID)
		if err != nil {
			return nil, err
		}
		modes[a.SessionID] = sess.Mode
	}
	return modes, nil
}
