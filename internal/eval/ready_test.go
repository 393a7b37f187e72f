package eval

import "testing"

func TestReady(t *testing.T) {
	m := func(st Stage) Mastery { return Mastery{Stage: st} }
	for _, tt := range []struct {
		name string
		ms   []Mastery
		want bool
	}{
		{"nothing answered", nil, false},
		{"two skills mastered, too few judged", []Mastery{m(StageMastered), m(StageMastered)}, false},
		{"three mastered", []Mastery{m(StageMastered), m(StageMastered), m(StageMastered)}, true},
		{"half mastered", []Mastery{m(StageMastered), m(StageMastered), m(StagePractised), m(StagePractised)}, true},
		{"under half mastered", []Mastery{m(StageMastered), m(StagePractised), m(StagePractised)}, false},
		{"one still learning", []Mastery{m(StageMastered), m(StageMastered), m(StageMastered), m(StageLearning)}, false},
		{"new skills are not judged", []Mastery{m(StageMastered), m(StageMastered), m(StageMastered), m(StageNew), m(StageNew)}, true},
	} {
		if got := Ready(tt.ms); got != tt.want {
			t.Errorf("%s: Ready = %v; want %v", tt.name, got, tt.want)
		}
	}
}
