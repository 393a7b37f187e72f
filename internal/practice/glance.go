package practice

import (
	"cmp"
	"slices"
	"time"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The class at a glance (issue 23): each trainee's practice in each game,
// summed from the answers of the last GlanceWindow (exams left out).

// GlanceWindow is how far back the figures of the class at a glance reach:
// the month's answers, of which the last GlanceWeek's are counted apart.
const (
	GlanceWindow = 30 * 24 * time.Hour
	GlanceWeek   = 7 * 24 * time.Hour
)

// GlanceKey is one trainee in one game.
type GlanceKey struct {
	UserID int64
	Game   string
}

// GlanceFigures are one trainee's practice in one game over GlanceWindow.
type GlanceFigures struct {
	Week, Month int // answers given in the last 7 and 30 days
	Right       int // of the month's answers, wholly right
	// Median is the median time of the month's answers, Target the
	// median of their questions' target times (each kind's timed target).
	Median, Target time.Duration
	// Weakest are the two skills of lowest recent accuracy (eval's
	// mastery) among those answered MinAttempts times and not wholly right.
	Weakest []eval.Mastery
	// Ready is eval's mastery rule for the exam on the month's answers.
	Ready bool
}

// Accuracy is the share of the month's answers wholly right, 0 … 1.
func (g *GlanceFigures) Accuracy() float64 { return ratio(g.Right, g.Month) }

// GlanceWeakest is how many weakest skills the class at a glance names.
const GlanceWeakest = 2

// Glance sums answers (given since now-GlanceWindow, outside exams) per
// trainee and game.
func Glance(as []trainer.GlanceAnswer, now time.Time) map[GlanceKey]*GlanceFigures {
	type acc struct {
		f        GlanceFigures
		elapsed  []time.Duration
		targets  []time.Duration
		attempts []eval.Attempt
	}
	by := map[GlanceKey]*acc{}
	week := now.Add(-GlanceWeek)
	for _, a := range as {
		k := GlanceKey{a.UserID, a.Game}
		g := by[k]
		if g == nil {
			g = &acc{}
			by[k] = g
		}
		g.f.Month++
		if !a.At.Before(week) {
			g.f.Week++
		}
		if a.Correct {
			g.f.Right++
		}
		g.elapsed = append(g.elapsed, a.Elapsed)
		g.targets = append(g.targets, time.Duration(a.TargetSeconds)*time.Second)
		g.attempts = append(g.attempts, eval.Attempt{Skill: a.Skill, Score: a.Score, Grade: grade(a.Speed), At: a.At})
	}
	out := make(map[GlanceKey]*GlanceFigures, len(by))
	for k, g := range by {
		g.f.Median, g.f.Target = median(g.elapsed), median(g.targets)
		ms := eval.Masteries(g.attempts)
		g.f.Ready = eval.Ready(ms)
		var weak []eval.Mastery
		for _, m := range ms {
			if m.Attempts >= eval.MinAttempts && m.Accuracy < 1 {
				weak = append(weak, m)
			}
		}
		slices.SortStableFunc(weak, func(a, b eval.Mastery) int { return cmp.Compare(a.Accuracy, b.Accuracy) })
		g.f.Weakest = weak[:min(len(weak), GlanceWeakest)]
		out[k] = &g.f
	}
	return out
}

// median is the middle of ds (the mean of the two middle ones), 0 for none.
func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
