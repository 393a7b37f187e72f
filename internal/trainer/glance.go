package trainer

import (
	"context"
	"time"
)

// GlanceFilter narrows the answers the class at a glance sums (issue 23):
// the active trainees of one class, or of one site, or everyone's.
type GlanceFilter struct {
	ClassID int64     // only the class's members; 0 for every trainee
	SiteID  int64     // only the site's trainees; 0 for every site
	Game    string    // "" for every game
	Since   time.Time // GlanceAnswers: only answers given since
}

// GlanceAnswer is one answer as the class at a glance sums it.
type GlanceAnswer struct {
	UserID        int64
	Game, Skill   string
	Correct       bool
	Score         float64
	Speed         Speed
	Elapsed       time.Duration
	TargetSeconds int
	At            time.Time
}

// Activity is the last answer a trainee gave in a game, in any mode.
type Activity struct {
	UserID int64
	Game   string
	At     time.Time
}

// GlanceService reads what the class at a glance shows, in a handful of
// statements whatever the number of trainees.
type GlanceService interface {
	// GlanceAnswers returns the answers matching f given outside exams
	// (practice, timed, review and class), oldest first.
	GlanceAnswers(ctx context.Context, f GlanceFilter) ([]GlanceAnswer, error)
	// LastActive returns, for each trainee and game matching f, the time
	// of the last answer in any mode (Since is not used).
	LastActive(ctx context.Context, f GlanceFilter) ([]Activity, error)
}
