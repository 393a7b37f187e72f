package practice

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// A trainee's practice as the progress page and the trainee's file sum it
// (issue 7, issue 23).

const (
	// History bounds the answers a trainee's practice sums.
	History = 5000
	// TrendSessions is how many of the last sessions of a game the trend
	// chart shows.
	TrendSessions = 10
)

// GameProgress is one game's answers (newest first) and last sessions
// (newest first).
type GameProgress struct {
	Game     string
	Attempts []*trainer.Attempt
	Sessions []*trainer.PracticeSession
}

// Practice is a trainee's answers, newest first (at most History), and
// the games they answered in, in the kiosk's order, each with its last
// sessions (at most TrendSessions).
type Practice struct {
	Answers []*trainer.Attempt
	Games   []GameProgress
}

// Practice reads the practice of trainee userID: one read of the answers
// serves every game.
func (f *Flow) Practice(ctx context.Context, userID int64) (Practice, error) {
	var p Practice
	var err error
	if p.Answers, err = f.DB.ListAttempts(ctx, trainer.AttemptFilter{UserID: userID, Answered: true, Limit: History}); err != nil {
		return p, err
	}
	byGame := map[string][]*trainer.Attempt{}
	for _, a := range p.Answers {
		byGame[a.Game] = append(byGame[a.Game], a)
	}
	for _, g := range f.Plan.Games() {
		if len(byGame[g]) == 0 {
			continue
		}
		sessions, err := f.DB.ListPracticeSessions(ctx, trainer.SessionFilter{UserID: userID, Game: g, Limit: TrendSessions})
		if err != nil {
			return p, err
		}
		p.Games = append(p.Games, GameProgress{Game: g, Attempts: byGame[g], Sessions: sessions})
	}
	return p, nil
}
