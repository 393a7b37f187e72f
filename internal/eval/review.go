package eval

import (
	"cmp"
	"slices"
	"time"
)

// The review intervals: how long after its latest attempt a skill is due
// again. Weak skills come back soon, mastered ones late:
//   - the latest answer was wrong: 10 minutes, whatever the stage;
//   - new: at once (0);
//   - learning: 1 hour;
//   - practised: 1 day;
//   - mastered: 7 days, doubled for every further 10 right answers in a row
//     beyond the first 10, up to 56 days.
const (
	AfterWrong     = 10 * time.Minute
	AfterLearning  = time.Hour
	AfterPractised = 24 * time.Hour
	AfterMastered  = 7 * 24 * time.Hour
	MaxInterval    = 56 * 24 * time.Hour
)

// Interval is how long after m's latest attempt the skill is due again.
func Interval(m Mastery) time.Duration {
	switch {
	case m.Attempts == 0 || m.Stage == StageNew:
		return 0
	case m.LastWrong:
		return AfterWrong
	case m.Stage == StageLearning:
		return AfterLearning
	case m.Stage == StagePractised:
		return AfterPractised
	}
	iv := AfterMastered
	for n := m.Streak - 10; n >= 10 && iv < MaxInterval; n -= 10 {
		iv *= 2
	}
	return min(iv, MaxInterval)
}

// Due is when m is next due for review.
func Due(m Mastery) time.Time { return m.Last.Add(Interval(m)) }

// Review picks at most n of the skills due at now for a review session:
// the longest overdue first, then the least accurate, then by skill id, so
// that the choice is the same for the same inputs. Skills not yet due are
// left out; the caller may fill the session with new material.
func Review(ms []Mastery, now time.Time, n int) []Mastery {
	var due []Mastery
	for _, m := range ms {
		if !Due(m).After(now) {
			due = append(due, m)
		}
	}
	slices.SortFunc(due, func(a, b Mastery) int {
		if c := Due(a).Compare(Due(b)); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Accuracy, b.Accuracy); c != 0 {
			return c
		}
		return cmp.Compare(a.Skill, b.Skill)
	})
	if n >= 0 && len(due) > n {
		due = due[:n]
	}
	return due
}
