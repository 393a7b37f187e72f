package eval_test

import (
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/games"
)

func money(s string) *games.Money {
	m, err := games.ParseMoney(s)
	if err != nil {
		panic(err)
	}
	return &m
}

// A payout drill as drills makes it: the Blind at 3:2 on an odd Ante.
var payout = &drills.Drill{
	Kind: drills.KindPayout, TargetSeconds: 12,
	Key:         drills.Key{Amount: money("10.5")},
	Explanation: "Blind pays 3:2: the player won with a flush; 3:2 on 7 = 10.5.",
	Mistakes: []drills.Mistake{
		{Key: drills.Key{Amount: money("11")}, ID: "rounding.up", Rule: "§1.6", Explanation: "Never rounded up."},
		{Key: drills.Key{Amount: money("7")}, ID: "slip.even_money", Rule: "uth.blind_table", Explanation: "A flush pays 3:2."},
	},
}

var choice = &drills.Drill{
	Kind: drills.KindHand, TargetSeconds: 10,
	Choices:     []string{"Yes: the dealer qualifies", "No: the dealer does not qualify"},
	Key:         drills.Key{Choice: 2},
	Explanation: "High card.",
	Mistakes:    []drills.Mistake{{Key: drills.Key{Choice: 1}, ID: "slip.qualifier_misread", Rule: "§2.2.9", Explanation: "He needs a pair."}},
}

var outcome = &drills.Drill{
	Kind: drills.KindOutcome, TargetSeconds: 15,
	Key: drills.Key{Outcomes: []drills.Outcome{
		{Wager: "ante", Result: "push"}, {Wager: "blind", Result: "win"}, {Wager: "play", Result: "win"}, {Fee: "force", Result: "fee"},
	}},
	Explanation: "The dealer did not qualify.",
	Mistakes: []drills.Mistake{{Key: drills.Key{Outcomes: []drills.Outcome{
		{Wager: "ante", Result: "win"}, {Wager: "blind", Result: "win"}, {Wager: "play", Result: "win"}, {Fee: "force", Result: "fee"},
	}}, ID: "uth.ante_paid_on_no_qualify", Rule: "§2.3", Explanation: "The Ante pushes."}},
}

var chips = &drills.Drill{
	Kind: drills.KindChips, TargetSeconds: 15,
	Ask: drills.Ask{Question: drills.QPay, Amount: money("30"),
		Chips: []games.Money{50, 100, 500, 2000, 2500}},
	// 30 = 25 + 5 = 20 + 10: two chips either way.
	Key:         drills.Key{Chips: []drills.ChipCount{{Value: 2500, Count: 1}, {Value: 500, Count: 1}}},
	Explanation: "30 is made with 2 chips at the fewest.",
}

func TestScore(t *testing.T) {
	tests := []struct {
		name    string
		d       *drills.Drill
		a       eval.Answer
		correct bool
		score   float64
		mistake string // the anticipated mistake's id, if any
		says    string // a phrase of the feedback
	}{
		{"payout right", payout, eval.Answer{Amount: money("10.50")}, true, 1, "", "Right: 10.5"},
		{"payout rounded up", payout, eval.Answer{Amount: money("11")}, false, 0, "rounding.up", "Never rounded up"},
		{"payout even money", payout, eval.Answer{Amount: money("7")}, false, 0, "slip.even_money", "A flush pays 3:2"},
		{"payout unanticipated", payout, eval.Answer{Amount: money("12")}, false, 0, "", "10.5, not 12"},
		{"payout one cent off", payout, eval.Answer{Amount: money("10.49")}, false, 0, "", "not 10.49"},
		{"payout no amount", payout, eval.Answer{Choice: 1}, false, 0, "", "No amount"},
		{"choice right", choice, eval.Answer{Choice: 2}, true, 1, "", "Right"},
		{"choice wrong", choice, eval.Answer{Choice: 1}, false, 0, "slip.qualifier_misread", "He needs a pair"},
		{"choice out of range", choice, eval.Answer{Choice: 3}, false, 0, "", "No choice"},
		{"outcome right, any order", outcome, eval.Answer{Outcomes: []drills.Outcome{
			{Fee: "force", Result: "fee"}, {Wager: "play", Result: "win"}, {Wager: "blind", Result: "win"}, {Wager: "ante", Result: "push"},
		}}, true, 1, "", "Right"},
		{"outcome anticipated", outcome, eval.Answer{Outcomes: []drills.Outcome{
			{Wager: "blind", Result: "win"}, {Wager: "ante", Result: "win"}, {Wager: "play", Result: "win"}, {Fee: "force", Result: "fee"},
		}}, false, 0.75, "uth.ante_paid_on_no_qualify", "the ante is push, not win"},
		{"outcome missing a line", outcome, eval.Answer{Outcomes: []drills.Outcome{
			{Wager: "ante", Result: "push"}, {Wager: "blind", Result: "win"}, {Wager: "play", Result: "win"},
		}}, false, 0.75, "", "the force fee is fee, not nothing"},
		{"outcome extra line", outcome, eval.Answer{Outcomes: []drills.Outcome{
			{Wager: "ante", Result: "push"}, {Wager: "blind", Result: "win"}, {Wager: "play", Result: "win"}, {Fee: "force", Result: "fee"},
			{Wager: "trips", Result: "lose"},
		}}, false, 0.8, "", "the trips was not placed"},
		{"chips key", chips, eval.Answer{Chips: []drills.ChipCount{{Value: 500, Count: 1}, {Value: 2500, Count: 1}}}, true, 1, "", "Right"},
		{"chips other fewest set", chips, eval.Answer{Chips: []drills.ChipCount{{Value: 2000, Count: 1}, {Value: 100, Count: 10}}}, false, 0.5, "", "not 11"},
		{"chips another two", chips, eval.Answer{Chips: []drills.ChipCount{{Value: 2000, Count: 1}, {Value: 500, Count: 2}}}, false, 0.5, "", "not 3"},
		{"chips wrong sum", chips, eval.Answer{Chips: []drills.ChipCount{{Value: 2500, Count: 1}}}, false, 0, "", "make 25, not 30"},
		{"chips not a chip", chips, eval.Answer{Chips: []drills.ChipCount{{Value: 1500, Count: 2}}}, false, 0, "", "15 is not a chip"},
	}
	for _, tt := range tests {
		r := eval.Score(tt.d, tt.a, 5*time.Second)
		if r.Correct != tt.correct || r.Score != tt.score {
			t.Errorf("%s: correct %v score %v; want %v %v (%s)", tt.name, r.Correct, r.Score, tt.correct, tt.score, r.Feedback)
		}
		id := ""
		if r.Mistake != nil {
			id = r.Mistake.ID
		}
		if id != tt.mistake {
			t.Errorf("%s: mistake %q; want %q", tt.name, id, tt.mistake)
		}
		if !strings.Contains(r.Feedback, tt.says) {
			t.Errorf("%s: feedback %q; want it to say %q", tt.name, r.Feedback, tt.says)
		}
	}
}

// TestScoreChipsFewestAlternative: a set other than the key's that is just
// as few chips is right.
func TestScoreChipsFewestAlternative(t *testing.T) {
	d := *chips
	d.Ask.Chips = []games.Money{500, 1000, 2000, 2500}
	r := eval.Score(&d, eval.Answer{Chips: []drills.ChipCount{{Value: 2000, Count: 1}, {Value: 1000, Count: 1}}}, time.Second)
	if !r.Correct || r.Score != 1 {
		t.Errorf("20 + 10 for 30 with the key 25 + 5: %+v; want right", r)
	}
}

func TestSpeedGrade(t *testing.T) {
	tests := []struct {
		elapsed, target time.Duration
		want            eval.Grade
	}{
		{5 * time.Second, 12 * time.Second, eval.Fast},
		{6 * time.Second, 12 * time.Second, eval.Fast},
		{6*time.Second + 1, 12 * time.Second, eval.OK},
		{12 * time.Second, 12 * time.Second, eval.OK},
		{13 * time.Second, 12 * time.Second, eval.Slow},
		{time.Hour, 0, eval.OK},
	}
	for _, tt := range tests {
		if got := eval.SpeedGrade(tt.elapsed, tt.target); got != tt.want {
			t.Errorf("SpeedGrade(%v, %v) = %s; want %s", tt.elapsed, tt.target, got, tt.want)
		}
	}
	if r := eval.Score(payout, eval.Answer{Amount: money("10.5")}, 20*time.Second); r.Grade != eval.Slow {
		t.Errorf("a right answer in 20 s of a 12 s target graded %s; want SLOW", r.Grade)
	}
}
