package trainer

// ErrAnswered is returned (kind KindConflict) for a second answer to the same
// scenario, or a hint asked after the answer.
var ErrAnswered = Errorf(KindConflict, "This question has already been answered.").In("err.answered")

// ErrSessionEnded refuses an answer or a hint to the question a practice
// session was waiting on when it ended (the trainee ended it, or started
// another): the session's count is closed (KindConflict).
var ErrSessionEnded = Errorf(KindConflict,
	"This practice session has ended, so its last question can no longer be answered or given a hint. Start a new session to go on.").In("err.session_ended")

// AttemptFilter narrows ListAttempts. Zero values match everything but the user.
type AttemptFilter struct {
	UserID    int64  // required: a trainee reads only their own attempts
	SessionID int64  // one session, in the order served; else newest first
	Game      string // "" for every game
	Kind      string // "" for every kind
	Answered  bool   // only answered attempts
	Wrong     bool   // only wrong answers
	Before    int64  // only attempts with a smaller ID (the next page of history)
	Limit     int    // 0 for 50
}

// SkillMiss is how often the class answered one skill, and missed it.
type SkillMiss struct {
	Game     string
	Skill    string // "uth.payout.blind", "oracle.ruling.R7"
	Answered int
	Wrong    int
	// Mistake is the anticipated mistake the wrong answers matched most
	// often ("uth.blind_paid_below_straight"), or "".
	Mistake string
}

// MissFilter narrows MissedSkills. Zero values match everything.
type MissFilter struct {
	Game        string
	Kind        string // only this drill kind ("ruling")
	ExcludeKind string // every kind but this one
	ClassID     int64  // only the answers of the class's members
	Limit       int    // 0 for 10
}
