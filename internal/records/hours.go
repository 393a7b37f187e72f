package records

import (
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Capped is the time one answered question counts towards the training
// hours: its time, at most trainer.MeasuredCap times its target time, so
// that a tablet left on a question adds minutes, never hours. A question
// without a target (none should be) counts nothing.
func Capped(elapsed time.Duration, targetSeconds int) time.Duration {
	if targetSeconds <= 0 || elapsed <= 0 {
		return 0
	}
	return min(elapsed, time.Duration(trainer.MeasuredCap*targetSeconds)*time.Second)
}

// Counts reports whether time spent in mode counts towards the training
// hours: practice, timed, review and class questions train; the exam tests.
func Counts(m trainer.Mode) bool { return m != trainer.ModeExam }

// Progress is a dealer's training hours in one game against the house's
// minimum (the programme's minimum_hours).
type Progress struct {
	Game     string
	Measured time.Duration // practice and class questions, capped
	Entered  time.Duration // table hours an instructor entered, struck ones left out
	Minimum  time.Duration
}

// Total is what counts towards the minimum.
func (p Progress) Total() time.Duration { return p.Measured + p.Entered }

// Reached reports whether the minimum is reached.
func (p Progress) Reached() bool { return p.Total() >= p.Minimum }

// Percent is the progress towards the minimum, 0 to 100, rounded down.
func (p Progress) Percent() int {
	if p.Minimum <= 0 {
		return 100
	}
	return int(min(100, p.Total()*100/p.Minimum))
}

// HoursIn sums a dealer's measured time and entered table hours in game
// against minimumHours.
func HoursIn(game string, minimumHours int, measured []trainer.MeasuredTime, entered []trainer.TableHours) Progress {
	p := Progress{Game: game, Minimum: time.Duration(minimumHours) * time.Hour}
	for _, m := range measured {
		if m.Game == game && Counts(m.Mode) {
			p.Measured += m.Capped
		}
	}
	for _, h := range entered {
		if h.Game == game && h.Struck == nil {
			p.Entered += time.Duration(h.Minutes) * time.Minute
		}
	}
	return p
}

// MayStartExam refuses the exam while the programme requires the minimum
// before it (minimum_before_exam) and p has not reached it.
func MayStartExam(p Progress, minimumBeforeExam bool) error {
	if minimumBeforeExam && !p.Reached() {
		h := int(p.Total() / time.Hour)
		return (&trainer.Error{Kind: trainer.KindConflict,
			Message: "The house requires its minimum of training hours before the exam: " + itoa(h) + " of " + itoa(int(p.Minimum/time.Hour)) + " hours so far."}).
			In("records.err.minimum_hours", "Done", h, "Minimum", int(p.Minimum/time.Hour))
	}
	return nil
}
