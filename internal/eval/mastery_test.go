package eval_test

import (
	"math"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/eval"
)

var t0 = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

// attempts builds one skill's attempts a minute apart from scores and grades
// written as "1F 1O 0S": score 1 or 0, grade Fast, OK or Slow.
func attempts(skill string, marks ...string) []eval.Attempt {
	var out []eval.Attempt
	for i, m := range marks {
		a := eval.Attempt{Skill: skill, At: t0.Add(time.Duration(i) * time.Minute)}
		if m[0] == '1' {
			a.Score = 1
		}
		switch m[1] {
		case 'F':
			a.Grade = eval.Fast
		case 'O':
			a.Grade = eval.OK
		default:
			a.Grade = eval.Slow
		}
		out = append(out, a)
	}
	return out
}

func repeat(m string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = m
	}
	return out
}

func TestMastery(t *testing.T) {
	tests := []struct {
		name   string
		marks  []string
		stage  eval.Stage
		acc    float64
		streak int
	}{
		{"none", nil, eval.StageNew, 0, 0},
		{"two right", []string{"1F", "1F"}, eval.StageNew, 1, 2},
		{"three wrong", []string{"0F", "0F", "0F"}, eval.StageLearning, 0, 0},
		// Weights 0.64, 0.8, 1 (the latest heaviest): (0.8 + 1) / 2.44.
		{"wrong then right", []string{"0O", "1O", "1O"}, eval.StageLearning, 1.8 / 2.44, 2},
		// 0.512 + 0.64 + 0.8 + 1 = 2.952.
		{"wrong then right thrice", []string{"0O", "1O", "1O", "1O"}, eval.StagePractised, 2.44 / 2.952, 3},
		{"ten right, fast", repeat("1F", 10), eval.StageMastered, 1, 10},
		{"nine right: too few", repeat("1F", 9), eval.StagePractised, 1, 9},
		{"ten right, slow", repeat("1S", 10), eval.StagePractised, 1, 10},
		{"twelve right then one wrong", append(repeat("1O", 12), "0O"), eval.StagePractised, 0, 0},
	}
	for _, tt := range tests {
		m := eval.MasteryOf("uth.payout.blind", attempts("uth.payout.blind", tt.marks...))
		if m.Stage != tt.stage || m.Streak != tt.streak || m.Attempts != len(tt.marks) {
			t.Errorf("%s: stage %s streak %d attempts %d; want %s %d %d", tt.name, m.Stage, m.Streak, m.Attempts, tt.stage, tt.streak, len(tt.marks))
		}
		if tt.name != "twelve right then one wrong" && math.Abs(m.Accuracy-tt.acc) > 1e-9 {
			t.Errorf("%s: accuracy %v; want %v", tt.name, m.Accuracy, tt.acc)
		}
	}
	// The latest attempt weighs most: right, right, wrong is worse than wrong, right, right.
	a := eval.MasteryOf("s", attempts("s", "1O", "1O", "0O"))
	b := eval.MasteryOf("s", attempts("s", "0O", "1O", "1O"))
	if a.Accuracy >= b.Accuracy || !a.LastWrong || b.LastWrong {
		t.Errorf("accuracy %v (last wrong) vs %v (first wrong); want the later error to weigh more", a.Accuracy, b.Accuracy)
	}
}

func TestMasteriesGroupsAndSorts(t *testing.T) {
	as := append(attempts("thrill.hand.joker", "1F", "0F"), attempts("oracle.ruling.R7", "1O")...)
	// Out of time order: MasteryOf sorts by time.
	as[0], as[1] = as[1], as[0]
	ms := eval.Masteries(as)
	if len(ms) != 2 || ms[0].Skill != "oracle.ruling.R7" || ms[1].Skill != "thrill.hand.joker" {
		t.Fatalf("Masteries = %+v; want two skills sorted", ms)
	}
	if !ms[1].LastWrong || ms[1].Last != t0.Add(time.Minute) {
		t.Errorf("joker: last %v wrong %v; want the wrong answer at t0+1m last", ms[1].Last, ms[1].LastWrong)
	}
}

func TestInterval(t *testing.T) {
	tests := []struct {
		name  string
		marks []string
		want  time.Duration
	}{
		{"new", []string{"1F"}, 0},
		{"last wrong", append(repeat("1F", 12), "0F"), eval.AfterWrong},
		{"learning", []string{"0F", "0F", "1F"}, eval.AfterLearning},
		{"practised", []string{"1F", "1F", "1F"}, eval.AfterPractised},
		{"mastered", repeat("1F", 10), eval.AfterMastered},
		{"mastered, 20 in a row", repeat("1F", 20), 2 * eval.AfterMastered},
		{"mastered, 30 in a row", repeat("1F", 30), 4 * eval.AfterMastered},
		{"mastered, 200 in a row", repeat("1F", 200), eval.MaxInterval},
	}
	for _, tt := range tests {
		m := eval.MasteryOf("s", attempts("s", tt.marks...))
		if got := eval.Interval(m); got != tt.want {
			t.Errorf("%s (%s): Interval = %v; want %v", tt.name, m.Stage, got, tt.want)
		}
	}
}

func TestReview(t *testing.T) {
	ms := eval.Masteries(append(append(append(
		attempts("weak", "0F", "0F", "0F"),            // learning, last wrong: due 10 min after t0+2m
		attempts("mastered", repeat("1F", 10)...)...), // due a week after t0+9m
		attempts("practised", "1F", "1F", "1F")...), // due a day after t0+2m
		attempts("fresh", "1F")...)) // new: due at once (t0)
	now := t0.Add(2 * time.Hour)
	got := eval.Review(ms, now, 10)
	want := []string{"fresh", "weak"}
	if len(got) != len(want) {
		t.Fatalf("Review at t0+2h = %v; want %v", skills(got), want)
	}
	for i := range want {
		if got[i].Skill != want[i] {
			t.Errorf("Review at t0+2h = %v; want %v", skills(got), want)
		}
	}
	if got := eval.Review(ms, t0.Add(8*24*time.Hour), 10); len(got) != 4 {
		t.Errorf("Review a week later = %v; want all four due", skills(got))
	}
	if got := eval.Review(ms, t0.Add(8*24*time.Hour), 1); len(got) != 1 || got[0].Skill != "fresh" {
		t.Errorf("Review(n=1) = %v; want the longest overdue, fresh", skills(got))
	}
}

func skills(ms []eval.Mastery) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Skill)
	}
	return out
}
