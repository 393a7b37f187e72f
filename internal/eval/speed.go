package eval

import "time"

// Grade is the speed grade of an answer against its kind's target time.
type Grade string

// The speed grades: FAST within half the target, OK within the target, SLOW
// beyond it. Right or wrong does not change the grade; mastery weighs both.
const (
	Fast Grade = "FAST"
	OK   Grade = "OK"
	Slow Grade = "SLOW"
)

// SpeedGrade grades elapsed against target (drills.toml's target time of the
// kind, carried by the drill). A target of 0 or less grades every answer OK.
func SpeedGrade(elapsed, target time.Duration) Grade {
	switch {
	case target <= 0:
		return OK
	case elapsed <= target/2:
		return Fast
	case elapsed <= target:
		return OK
	}
	return Slow
}
