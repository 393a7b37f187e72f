package practice

import (
	"slices"
	"time"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// This file is the seam to package eval, which scores answers (issue 6). Until
// eval lands on this branch, grade holds the smallest stand-in the flow needs:
// exact comparison with the key and drills.toml's speed rule. It is replaced,
// not extended, when eval arrives; nothing else in the kiosk compares answers.

// Result is a graded answer.
type Result struct {
	Correct bool
	Speed   trainer.Speed
	// Mistake is the anticipated mistake the answer matches (a flipped rule or
	// a slip, with the rule it breaks), or nil.
	Mistake *drills.Mistake
}

// Score grades answer to d, given after elapsed (answered − served, measured
// on the server).
func Score(d *drills.Drill, answer drills.Key, elapsed time.Duration) Result {
	r := Result{Correct: sameKey(d.Key, answer), Speed: speed(elapsed, d.TargetSeconds)}
	if !r.Correct {
		for i := range d.Mistakes {
			if sameKey(d.Mistakes[i].Key, answer) {
				r.Mistake = &d.Mistakes[i]
				break
			}
		}
	}
	return r
}

// speed is drills.toml's rule: FAST within half the target, OK within the
// target, SLOW beyond it.
func speed(elapsed time.Duration, targetSeconds int) trainer.Speed {
	target := time.Duration(targetSeconds) * time.Second
	switch {
	case 2*elapsed <= target:
		return trainer.SpeedFast
	case elapsed <= target:
		return trainer.SpeedOK
	}
	return trainer.SpeedSlow
}

// sameKey reports whether answer is exactly key: the same amount, choice,
// results in order, or chips (a denomination with no chips is no chip).
func sameKey(key, answer drills.Key) bool {
	switch {
	case key.Amount != nil:
		return answer.Amount != nil && *answer.Amount == *key.Amount
	case key.Choice != 0:
		return answer.Choice == key.Choice
	case key.Outcomes != nil:
		return slices.EqualFunc(key.Outcomes, answer.Outcomes, func(a, b drills.Outcome) bool {
			return a.Result == b.Result && a.Wager == b.Wager && a.Fee == b.Fee
		})
	}
	nonzero := func(cs []drills.ChipCount) []drills.ChipCount {
		out := slices.DeleteFunc(slices.Clone(cs), func(c drills.ChipCount) bool { return c.Count == 0 })
		slices.SortFunc(out, func(a, b drills.ChipCount) int { return int(b.Value - a.Value) })
		return out
	}
	return slices.Equal(nonzero(key.Chips), nonzero(answer.Chips))
}
