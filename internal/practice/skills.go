package practice

import (
	"slices"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// SkillGame returns the game of a skill ("uth" of "uth.payout.blind").
func SkillGame(skill string) string {
	g, _, _ := strings.Cut(skill, ".")
	return g
}

// SkillKind returns the drill kind of a skill ("payout" of "uth.payout.blind").
func SkillKind(skill string) string {
	_, rest, _ := strings.Cut(skill, ".")
	k, _, _ := strings.Cut(rest, ".")
	return k
}

// SkillStat is one skill of one trainee, summed over the attempts given.
type SkillStat struct {
	Skill    string
	Attempts int
	Correct  int
	Fast     int // answers graded FAST
	OnTime   int // answers graded FAST or OK
	Hints    int
	Elapsed  time.Duration // the total time of the answers
	Last     time.Time     // the latest answer
	// Streak is the run of right answers up to the latest (0 after a mistake).
	Streak int
	// Mastery is 0 … 1: package eval's measure of volume, accuracy and speed.
	Mastery float64
	// Due is when the review schedule wants the skill asked again.
	Due time.Time
}

// Accuracy is the share of right answers, 0 … 1.
func (s *SkillStat) Accuracy() float64 { return ratio(s.Correct, s.Attempts) }

// OnTimeShare is the share of answers within the target time, 0 … 1.
func (s *SkillStat) OnTimeShare() float64 { return ratio(s.OnTime, s.Attempts) }

// MeanElapsed is the mean time an answer took.
func (s *SkillStat) MeanElapsed() time.Duration {
	if s.Attempts == 0 {
		return 0
	}
	return s.Elapsed / time.Duration(s.Attempts)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Skills sums answered attempts (newest first, as the store lists them) per
// skill, with each skill's mastery and the time its review is due, sorted by
// skill.
func Skills(attempts []*trainer.Attempt) []SkillStat {
	by := map[string]*SkillStat{}
	var order []string
	for _, a := range attempts {
		if !a.Answered() {
			continue
		}
		s := by[a.Skill]
		if s == nil {
			s = &SkillStat{Skill: a.Skill, Last: a.AnsweredAt, Streak: -1}
			by[a.Skill] = s
			order = append(order, a.Skill)
		}
		s.Attempts++
		s.Elapsed += a.Elapsed
		if a.Correct {
			s.Correct++
		}
		if a.Speed == trainer.SpeedFast {
			s.Fast++
		}
		if a.Speed == trainer.SpeedFast || a.Speed == trainer.SpeedOK {
			s.OnTime++
		}
		if a.HintUsed {
			s.Hints++
		}
		if a.AnsweredAt.After(s.Last) {
			s.Last = a.AnsweredAt
		}
		// Newest first: the streak runs until the first mistake met.
		if s.Streak < 0 && !a.Correct {
			s.Streak = s.Attempts - 1
		}
	}
	out := make([]SkillStat, 0, len(order))
	for _, k := range order {
		s := by[k]
		if s.Streak < 0 {
			s.Streak = s.Attempts
		}
		s.Mastery = mastery(s)
		s.Due = s.Last.Add(interval(s))
		out = append(out, *s)
	}
	slices.SortFunc(out, func(a, b SkillStat) int { return strings.Compare(a.Skill, b.Skill) })
	return out
}

// DueFirst orders skills for review: the most overdue first at now, the
// weaker first among equals.
func DueFirst(skills []SkillStat, now time.Time) []SkillStat {
	out := slices.Clone(skills)
	slices.SortStableFunc(out, func(a, b SkillStat) int {
		ad, bd := !a.Due.After(now), !b.Due.After(now)
		switch {
		case ad != bd:
			if ad {
				return -1
			}
			return 1
		case !a.Due.Equal(b.Due):
			return a.Due.Compare(b.Due)
		case a.Mastery < b.Mastery:
			return -1
		case a.Mastery > b.Mastery:
			return 1
		}
		return 0
	})
	return out
}

// The stand-ins below are package eval's (issue 6) until it lands on this
// branch; they are replaced by calls to it, not extended.

// mastery grows with volume (full from 10 answers), accuracy and, for a
// quarter, the share of answers on time.
func mastery(s *SkillStat) float64 {
	volume := min(1, float64(s.Attempts)/10)
	return volume * s.Accuracy() * (0.75 + 0.25*s.OnTimeShare())
}

// interval is how long a skill rests before review: ten minutes after a
// mistake, tripling with each right answer in a row, longer for mastered skills.
func interval(s *SkillStat) time.Duration {
	d := 10 * time.Minute
	for range min(s.Streak, 8) {
		d *= 3
	}
	return time.Duration(float64(d) * (0.5 + s.Mastery))
}
