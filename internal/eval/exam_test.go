package eval_test

import (
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/google/go-cmp/cmp"
)

func TestJudgeExam(t *testing.T) {
	t.Parallel()
	st := &rulebook.Standard{
		Blueprint: []rulebook.BlueprintItem{{Kind: "payout", Level: 2, Count: 3}, {Kind: "ruling", Level: 2, Count: 4}},
		Thresholds: map[string]rulebook.Threshold{
			"payout": {Accuracy: 100, Seconds: 30},
			"ruling": {Accuracy: 75, Seconds: 60},
		},
	}
	var items []trainer.ExamItem
	for i, k := range []string{"payout", "ruling", "payout", "ruling", "payout", "ruling", "ruling"} {
		items = append(items, trainer.ExamItem{Position: i + 1, Kind: k, Level: 2, Seconds: st.Thresholds[k].Seconds})
	}
	// answer writes attempts from marks: R right, W wrong, L right but late, - unanswered.
	answer := func(marks string) []*trainer.Attempt {
		var out []*trainer.Attempt
		for i, m := range marks {
			a := &trainer.Attempt{Position: i + 1, Grade: trainer.Grade{Elapsed: 10 * time.Second}}
			switch m {
			case '-':
				if i%2 == 0 {
					out = append(out, a) // served, never answered
				}
				continue
			case 'R':
				a.Correct = true
			case 'L':
				a.Correct = true
				a.Elapsed = time.Duration(items[i].Seconds)*time.Second + time.Millisecond
			}
			a.AnsweredAt = t0
			out = append(out, a)
		}
		return out
	}
	tests := []struct {
		name  string
		marks string // in item order: payout, ruling, payout, ruling, payout, ruling, ruling
		want  eval.ExamResult
	}{
		{"all right", "RRRRRRR", eval.ExamResult{Passed: true, Items: 7, Right: 7, Kinds: []eval.KindResult{
			{Kind: "payout", Items: 3, Right: 3, Required: 100, Seconds: 30, Passed: true},
			{Kind: "ruling", Items: 4, Right: 4, Required: 75, Seconds: 60, Passed: true}}}},
		{"one ruling wrong: 75 % passes", "RWRRRRR", eval.ExamResult{Passed: true, Items: 7, Right: 6, Kinds: []eval.KindResult{
			{Kind: "payout", Items: 3, Right: 3, Required: 100, Seconds: 30, Passed: true},
			{Kind: "ruling", Items: 4, Right: 3, Required: 75, Seconds: 60, Passed: true}}}},
		{"two rulings wrong", "RWRWRRR", eval.ExamResult{Passed: false, Items: 7, Right: 5, Kinds: []eval.KindResult{
			{Kind: "payout", Items: 3, Right: 3, Required: 100, Seconds: 30, Passed: true},
			{Kind: "ruling", Items: 4, Right: 2, Required: 75, Seconds: 60, Passed: false}}}},
		{"a right payout over the time allowed fails the exam", "RRLRRRR", eval.ExamResult{Passed: false, Items: 7, Right: 6, Kinds: []eval.KindResult{
			{Kind: "payout", Items: 3, Right: 2, OverTime: 1, Required: 100, Seconds: 30, Passed: false},
			{Kind: "ruling", Items: 4, Right: 4, Required: 75, Seconds: 60, Passed: true}}}},
		{"left unfinished", "RRRR---", eval.ExamResult{Passed: false, Items: 7, Right: 4, Kinds: []eval.KindResult{
			{Kind: "payout", Items: 3, Right: 2, Unanswered: 1, Required: 100, Seconds: 30, Passed: false},
			{Kind: "ruling", Items: 4, Right: 2, Unanswered: 2, Required: 75, Seconds: 60, Passed: false}}}},
	}
	for _, tt := range tests {
		got := eval.JudgeExam(st, items, answer(tt.marks))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
	// Exactly at the limit is in time.
	it := trainer.ExamItem{Kind: "payout", Seconds: 30}
	a := &trainer.Attempt{AnsweredAt: t0, Grade: trainer.Grade{Correct: true, Elapsed: 30 * time.Second}}
	if got := eval.JudgeItem(it, a); got != eval.ItemRight {
		t.Errorf("an answer at exactly the time allowed = %v; want right", got)
	}
}
