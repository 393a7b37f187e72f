package trainer

import (
	"encoding/json"
	"time"
)

// Speed grades the time an answer took against the drill's target time
// (package eval decides the grade). The same word is stored in the database.
type Speed string

const (
	SpeedFast Speed = "fast"
	SpeedOK   Speed = "ok"
	SpeedSlow Speed = "slow"
)

// Label is the grade as the kiosk prints it.
func (s Speed) Label() string {
	switch s {
	case SpeedFast:
		return "FAST"
	case SpeedOK:
		return "OK"
	case SpeedSlow:
		return "SLOW"
	}
	return string(s)
}

// Source says why a scenario was served.
type Source string

const (
	SourceNew       Source = "new"       // a fresh scenario
	SourceRetry     Source = "retry"     // a past mistake asked again, same seed (review)
	SourceScheduled Source = "scheduled" // a skill the review schedule found due
)

// Spec is what determines a drill completely, with the rules content it was
// made from: the attempt stores it instead of the drill, and the server
// regenerates the drill from it to grade an answer or to show it again.
type Spec struct {
	Game         string
	Kind         string
	Level        int
	Seed         uint64
	House        string
	RulesVersion string
	// Lang is the language the drill's words were shown in: "" for
	// English (the source, and every attempt stored before languages), or
	// an offered language's tag ("it", "ru"). Stored as attempts.language,
	// so that a past question reads again as it was asked, whatever
	// language its trainee uses now.
	Lang string
}

// Attempt is one scenario served to a trainee and, once answered, the graded
// answer. It never holds the drill itself: Spec regenerates it.
type Attempt struct {
	ID        int64
	SessionID int64
	UserID    int64
	Position  int // 1, 2, 3 … within the session
	Spec
	Skill         string // "<game>.<kind>.<detail>"
	TargetSeconds int
	Source        Source
	RetryOf       int64 // the attempt asked again, for SourceRetry; else 0
	ServedAt      time.Time
	HintUsed      bool
	// Mode is the mode of the attempt's session (practice, timed, review,
	// class or exam), as ListAttempts reads it: progress and mastery
	// count exam answers apart. Other reads leave it "".
	Mode Mode

	// Set once, by the answer; zero while the scenario waits.
	AnsweredAt time.Time
	Grade
}

// Grade is a graded answer.
type Grade struct {
	Answer    json.RawMessage // in the shape of the drill's key
	Key       json.RawMessage // the key it was graded against
	Correct   bool
	Score     float64 // 0 … 1, package eval's: partly right answers score between
	Speed     Speed
	Elapsed   time.Duration
	MistakeID string // the anticipated mistake the answer matched, or ""
}

// Answered reports whether the attempt has its answer.
func (a *Attempt) Answered() bool { return !a.AnsweredAt.IsZero() }

// MaxSeed bounds the seeds the kiosk draws: below 2^53, a seed is exact in
// SQLite's INTEGER, in JSON and in JavaScript.
const MaxSeed = 1 << 53
