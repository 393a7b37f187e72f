package trainer

import (
	"encoding/json"
	"time"
)

// Exam is a certification exam: a practice session in ModeExam (its ID is
// the session's) with the items fixed when it started and the standard it is
// judged by. Its answers are the session's attempts.
type Exam struct {
	ID     int64 // the practice session's ID
	UserID int64
	Game   string
	House  string
	// SiteID is the site where the exam was taken, stamped on its session
	// (0 when started means the first site).
	SiteID       int64
	RulesVersion string
	// Standard is the game's certification standard as it was when the
	// exam started (rulebook.Standard as JSON): the exam is judged by it,
	// whatever the house changes later.
	Standard  json.RawMessage
	Items     []ExamItem
	StartedAt time.Time
	// Set once, when the last item is answered.
	FinishedAt time.Time
	Passed     bool
	Result     json.RawMessage // eval's ExamResult as JSON
}

// Finished reports whether the exam has its result.
func (e *Exam) Finished() bool { return !e.FinishedAt.IsZero() }

// ExamItem is one planned question of an exam: what makes its drill (with
// the exam's game, house and rules version) and the time allowed.
type ExamItem struct {
	Position int // 1, 2, 3 …, the order the items are asked
	Kind     string
	Level    int
	Seed     uint64
	Skill    string // the drill's skill, fixed when the exam started
	Seconds  int    // the time allowed (the standard's threshold for the kind)
}
