package eval

import (
	"cmp"
	"slices"
	"time"
)

// Attempt is one scored answer, as the store keeps it.
type Attempt struct {
	Skill string    `json:"skill"` // drills.Drill.Skill
	Score float64   `json:"score"` // Result.Score
	Grade Grade     `json:"grade"`
	At    time.Time `json:"at"`
}

// Stage is how far a trainee has come on a skill.
type Stage string

// The stages, in order.
const (
	StageNew       Stage = "new"       // fewer than MinAttempts attempts
	StageLearning  Stage = "learning"  // accuracy below PractisedAccuracy
	StagePractised Stage = "practised" // accurate, but not yet mastered
	StageMastered  Stage = "mastered"  // MasteredAttempts, MasteredAccuracy and MasteredSpeed all met
)

// The mastery model. Each attempt weighs Decay times the attempt after it, so
// the last ten attempts carry about nine tenths of the weight: a trainee who
// used to err and no longer does is soon judged on what he does now.
const (
	Decay             = 0.8
	MinAttempts       = 3    // below this a skill is new, whatever the answers
	PractisedAccuracy = 0.75 // weighted accuracy to leave "learning"
	MasteredAttempts  = 10   // volume needed for "mastered"
	MasteredAccuracy  = 0.9
	MasteredSpeed     = 0.8 // weighted share of answers within the target time
)

// Mastery is a trainee's standing on one skill.
type Mastery struct {
	Skill    string `json:"skill"`
	Attempts int    `json:"attempts"`
	// Accuracy is the weighted mean score, the latest attempt weighing most.
	Accuracy float64 `json:"accuracy"`
	// Speed is the weighted share of answers graded FAST or OK.
	Speed float64 `json:"speed"`
	// Streak counts the latest attempts in a row scored 1.
	Streak int       `json:"streak"`
	Last   time.Time `json:"last"`
	// LastWrong is true when the latest attempt was not wholly right.
	LastWrong bool  `json:"last_wrong"`
	Stage     Stage `json:"stage"`
}

// Masteries aggregates attempts (in any order) into one Mastery per skill,
// sorted by skill id.
func Masteries(attempts []Attempt) []Mastery {
	by := map[string][]Attempt{}
	for _, a := range attempts {
		by[a.Skill] = append(by[a.Skill], a)
	}
	out := make([]Mastery, 0, len(by))
	for skill, as := range by {
		out = append(out, MasteryOf(skill, as))
	}
	slices.SortFunc(out, func(a, b Mastery) int { return cmp.Compare(a.Skill, b.Skill) })
	return out
}

// MasteryOf aggregates the attempts of one skill, taken in time order (ties
// in the order given).
func MasteryOf(skill string, attempts []Attempt) Mastery {
	as := slices.Clone(attempts)
	slices.SortStableFunc(as, func(a, b Attempt) int { return a.At.Compare(b.At) })
	m := Mastery{Skill: skill, Attempts: len(as), Stage: StageNew}
	if len(as) == 0 {
		return m
	}
	var w, wsum, acc, speed float64
	w = 1
	for i := len(as) - 1; i >= 0; i-- {
		a := as[i]
		acc += w * min(max(a.Score, 0), 1)
		if a.Grade == Fast || a.Grade == OK {
			speed += w
		}
		wsum += w
		w *= Decay
	}
	m.Accuracy, m.Speed = acc/wsum, speed/wsum
	for i := len(as) - 1; i >= 0 && as[i].Score >= 1; i-- {
		m.Streak++
	}
	last := as[len(as)-1]
	m.Last, m.LastWrong = last.At, last.Score < 1
	switch {
	case m.Attempts < MinAttempts:
		m.Stage = StageNew
	case m.Accuracy < PractisedAccuracy:
		m.Stage = StageLearning
	case m.Attempts >= MasteredAttempts && m.Accuracy >= MasteredAccuracy && m.Speed >= MasteredSpeed:
		m.Stage = StageMastered
	default:
		m.Stage = StagePractised
	}
	return m
}
