package practice

import (
	"context"
	"errors"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Where is a practice session where it stands (Flow.Where): ended, with
// its answered scenarios; its last scenario answered; or a scenario
// waiting for its answer.
type Where struct {
	Ended    *trainer.PracticeSession // the session, ended: its summary
	Attempts []*trainer.Attempt       // an ended session's answered scenarios
	Answered *trainer.Attempt         // the last scenario, answered: its feedback
	Waiting  *Served                  // the scenario waiting for its answer
}

// Where finds session sess where it stands; last is its scenario served
// last, read with it (nil when none). A session whose scenarios are all
// answered is ended here; one with none yet is served its first, in lang.
func (f *Flow) Where(ctx context.Context, sess *trainer.PracticeSession, last *trainer.Attempt, lang string) (Where, error) {
	if !sess.Open() {
		return f.ended(ctx, sess)
	}
	if last != nil && last.Answered() {
		return Where{Answered: last}, nil
	}
	var sv *Served
	var err error
	if last != nil {
		// The last scenario waits for its answer: it is the one to show
		// (a session has one waiting at most), as Next would find.
		sv, err = f.Rebuild(ctx, last)
	} else {
		sv, err = f.Next(ctx, sess, nil, lang)
	}
	if errors.Is(err, ErrSessionDone) {
		if sess, err = f.DB.EndPracticeSession(ctx, sess.ID, sess.UserID); err != nil {
			return Where{}, err
		}
		return f.ended(ctx, sess)
	}
	if err != nil {
		return Where{}, err
	}
	return Where{Waiting: sv}, nil
}

// ended is ended session sess with its answered scenarios.
func (f *Flow) ended(ctx context.Context, sess *trainer.PracticeSession) (Where, error) {
	as, err := f.DB.ListAttempts(ctx, trainer.AttemptFilter{UserID: sess.UserID, SessionID: sess.ID, Answered: true, Limit: 200})
	if err != nil {
		return Where{}, err
	}
	return Where{Ended: sess, Attempts: as}, nil
}

// AnsweredDrill is the drill of answered attempt a rebuilt under its own
// rules, or nil when no copy of them was kept: its feedback then shows
// what is stored, with the reason.
func (f *Flow) AnsweredDrill(a *trainer.Attempt) (*drills.Drill, error) {
	d, err := f.Plan.Rebuild(a.Spec)
	switch {
	case errors.Is(err, ErrRulesChanged):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("rebuild attempt %d: %w", a.ID, err)
	}
	return d, nil
}
