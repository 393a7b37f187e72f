package practice

import (
	"time"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Score grades answer to d, given after elapsed (answered − served, measured
// on the server). Package eval decides everything: right or wrong, the score
// (a share of an outcome's lines, ½ for chips that are not the fewest), the
// speed grade and the anticipated mistake the answer matches.
func Score(d *drills.Drill, answer eval.Answer, elapsed time.Duration) eval.Result {
	return eval.Score(d, answer, elapsed)
}

// Speed is eval's speed grade as the store keeps it.
func Speed(g eval.Grade) trainer.Speed {
	switch g {
	case eval.Fast:
		return trainer.SpeedFast
	case eval.OK:
		return trainer.SpeedOK
	}
	return trainer.SpeedSlow
}

// grade is the store's speed grade as eval reads it.
func grade(s trainer.Speed) eval.Grade {
	switch s {
	case trainer.SpeedFast:
		return eval.Fast
	case trainer.SpeedOK:
		return eval.OK
	}
	return eval.Slow
}
