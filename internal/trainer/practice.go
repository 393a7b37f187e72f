package trainer

import (
	"slices"
	"time"
)

// Mode is how a practice session runs. The same word is stored in the database.
type Mode string

const (
	// ModePractice shows feedback after each scenario and allows a hint.
	ModePractice Mode = "practice"
	// ModeTimed grades each answer's speed against the drill's target time
	// (FAST, OK, SLOW); no hints.
	ModeTimed Mode = "timed"
	// ModeReview asks the trainee's last mistakes again (the same scenario),
	// then the skills a spaced-repetition schedule says are due.
	ModeReview Mode = "review"
	// ModeExam is issue 8's certification exam: no hints and no feedback
	// until the end. The practice flow stores it; certification decides it.
	ModeExam Mode = "exam"
	// ModeClass is a trainee's part in a class's live drill (issue 23):
	// one session per trainee per live drill, holding their answers, which
	// show in history and progress and never count towards an exam or a
	// certification. The instructor puts its questions, against a
	// countdown.
	ModeClass Mode = "class"
)

// Modes lists the modes a trainee chooses from, in the order the kiosk offers them.
var Modes = []Mode{ModePractice, ModeTimed, ModeReview}

// ParseMode returns the trainee-chosen Mode named s. Returns KindInvalid for
// any other word (an exam is not started from the practice form).
func ParseMode(s string) (Mode, error) {
	if slices.Contains(Modes, Mode(s)) {
		return Mode(s), nil
	}
	return "", Errorf(KindInvalid, "Choose practice, timed or review.")
}

// Label is the mode's name for people.
func (m Mode) Label() string {
	switch m {
	case ModePractice:
		return "Practice"
	case ModeTimed:
		return "Timed"
	case ModeReview:
		return "Review"
	case ModeExam:
		return "Exam"
	case ModeClass:
		return "Class"
	}
	return string(m)
}

// AllowsHint reports whether a trainee may ask for a hint in this mode. A
// hint is recorded on the attempt either way.
func (m Mode) AllowsHint() bool { return m == ModePractice || m == ModeReview }

// GradesSpeed reports whether the mode shows a speed grade with each answer.
// The speed is stored in every mode, for progress and mastery. A class's
// questions run against a countdown, so their speed shows too.
func (m Mode) GradesSpeed() bool { return m == ModeTimed || m == ModeExam || m == ModeClass }

// KindMixed is the session kind that draws each scenario's kind in turn.
const KindMixed = "mixed"

// SessionLength is how many scenarios a practice session serves.
const SessionLength = 10

// PracticeSession is one run of scenarios by one trainee: a game, a drill kind
// (or KindMixed), a mode and a level. At most one session of a trainee is open
// at a time; it resumes after a sign-in on any tablet.
type PracticeSession struct {
	ID     int64
	UserID int64
	Mode   Mode
	Game   string
	Kind   string
	Level  int
	House  string
	// SiteID is the site where the session was taken (the process's, at a
	// group); 0 when started means the first site.
	SiteID       int64
	RulesVersion string
	Planned      int // scenarios in the session
	StartedAt    time.Time
	EndedAt      time.Time // zero while open

	// Counted from its attempts when read, not stored.
	Answered int
	Correct  int
}

// Open reports whether the session still serves scenarios.
func (s *PracticeSession) Open() bool { return s.EndedAt.IsZero() }

// Done reports whether every planned scenario has been answered.
func (s *PracticeSession) Done() bool { return s.Answered >= s.Planned }
