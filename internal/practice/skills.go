package practice

import (
	"slices"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/eval"
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

// SkillStat is one skill of one trainee: eval's mastery, and the plain counts
// the progress page shows beside it.
type SkillStat struct {
	eval.Mastery
	Correct int
	OnTime  int // answers graded FAST or OK
	Hints   int
	Elapsed time.Duration // the total time of the answers
}

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

// EvalAttempts gives eval the answered attempts.
func EvalAttempts(as []*trainer.Attempt) []eval.Attempt {
	out := make([]eval.Attempt, 0, len(as))
	for _, a := range as {
		if a.Answered() {
			out = append(out, eval.Attempt{Skill: a.Skill, Score: a.Score, Grade: grade(a.Speed), At: a.AnsweredAt})
		}
	}
	return out
}

// Skills sums the answered attempts per skill, with eval's mastery of each,
// sorted by skill.
func Skills(as []*trainer.Attempt) []SkillStat {
	ms := eval.Masteries(EvalAttempts(as))
	by := make(map[string]*SkillStat, len(ms))
	out := make([]SkillStat, len(ms))
	for i, m := range ms {
		out[i].Mastery = m
		by[m.Skill] = &out[i]
	}
	for _, a := range as {
		s := by[a.Skill]
		if s == nil || !a.Answered() {
			continue
		}
		s.Elapsed += a.Elapsed
		if a.Correct {
			s.Correct++
		}
		if a.Speed == trainer.SpeedFast || a.Speed == trainer.SpeedOK {
			s.OnTime++
		}
		if a.HintUsed {
			s.Hints++
		}
	}
	slices.SortFunc(out, func(a, b SkillStat) int { return strings.Compare(a.Skill, b.Skill) })
	return out
}

// Due lists the skills eval's review schedule finds due at now, the most
// overdue first.
func Due(as []*trainer.Attempt, now time.Time) []string {
	var out []string
	for _, m := range eval.Review(eval.Masteries(EvalAttempts(as)), now, -1) {
		out = append(out, m.Skill)
	}
	return out
}
