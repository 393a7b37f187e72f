package class_test

import (
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

func money(units int64) *games.Money { m := games.Money(units) * games.Unit; return &m }

func amount(units int64) eval.Answer { return eval.Answer{Amount: money(units)} }

// payoutDrill asks an amount: 15 is right, 30 pays the Blind below a
// straight and 25 includes the stake.
func payoutDrill() *drills.Drill {
	return &drills.Drill{Game: "uth", Kind: drills.KindPayout, TargetSeconds: 12, Key: drills.Key{Amount: money(15)},
		Explanation: "Blind pays 3 to 2 on a flush.",
		Mistakes: []drills.Mistake{
			{Key: drills.Key{Amount: money(30)}, ID: "uth.blind_paid_below_straight", Rule: "uth.blind", Explanation: "The Blind pays only on a straight or better."},
			{Key: drills.Key{Amount: money(25)}, ID: "slip.stake_included", Rule: "common.payout", Explanation: "Pay the win only: the stake stays."},
		}}
}

// responses gives each answer to one trainee, with seconds taken, graded
// by eval as the store grades them.
func responses(d *drills.Drill, answers []eval.Answer, secs ...float64) []class.Response {
	out := make([]class.Response, len(answers))
	for i, a := range answers {
		el := sec(secs[i%len(secs)])
		out[i] = class.Response{UserID: int64(i + 1), Answer: a, Correct: eval.Score(d, a, el).Correct, Elapsed: el}
	}
	return out
}

func repeat(a eval.Answer, n int) []eval.Answer {
	out := make([]eval.Answer, n)
	for i := range out {
		out[i] = a
	}
	return out
}

func join(parts ...[]eval.Answer) []eval.Answer {
	var out []eval.Answer
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func TestTallyAmounts(t *testing.T) {
	t.Parallel()
	d := payoutDrill()
	blind, stake := &d.Mistakes[0], &d.Mistakes[1]
	tests := []struct {
		name    string
		answers []eval.Answer
		secs    []float64
		want    class.Results
		percent int
	}{
		{"nobody answered", nil, []float64{1}, class.Results{Spread: class.Spread{Bars: []class.Bar{{Answer: amount(15), Right: true}}}}, 0},
		{"half right, two mistakes", join(repeat(amount(15), 5), repeat(amount(30), 3), repeat(amount(20), 2)), []float64{4, 6, 8, 10, 12},
			class.Results{Answered: 10, Right: 5, Median: sec(8),
				Spread:   class.Spread{Bars: []class.Bar{{Answer: amount(15), Count: 5, Right: true}, {Answer: amount(20), Count: 2}, {Answer: amount(30), Count: 3}}},
				Mistakes: []class.CommonMistake{{Answer: amount(30), Count: 3, Rule: blind}, {Answer: amount(20), Count: 2}}}, 50},
		{"as often: the anticipated mistake first", join(repeat(amount(20), 2), repeat(amount(25), 2), repeat(amount(15), 1)), []float64{3, 5},
			class.Results{Answered: 5, Right: 1, Median: sec(3),
				Spread:   class.Spread{Bars: []class.Bar{{Answer: amount(15), Count: 1, Right: true}, {Answer: amount(20), Count: 2}, {Answer: amount(25), Count: 2}}},
				Mistakes: []class.CommonMistake{{Answer: amount(25), Count: 2, Rule: stake}, {Answer: amount(20), Count: 2}}}, 20},
		{"nobody right: the key's bar stands empty", join(repeat(amount(30), 2), repeat(amount(-5), 1)), []float64{2, 4, 9},
			class.Results{Answered: 3, Median: sec(4),
				Spread:   class.Spread{Bars: []class.Bar{{Answer: amount(-5), Count: 1}, {Answer: amount(15), Right: true}, {Answer: amount(30), Count: 2}}},
				Mistakes: []class.CommonMistake{{Answer: amount(30), Count: 2, Rule: blind}, {Answer: amount(-5), Count: 1}}}, 0},
		{"all right", repeat(amount(15), 3), []float64{1, 2},
			class.Results{Answered: 3, Right: 3, Median: sec(1), Spread: class.Spread{Bars: []class.Bar{{Answer: amount(15), Count: 3, Right: true}}}}, 100},
		{"two of three right rounds up", join(repeat(amount(15), 2), repeat(amount(1), 1)), []float64{1},
			class.Results{Answered: 3, Right: 2, Median: sec(1),
				Spread:   class.Spread{Bars: []class.Bar{{Answer: amount(1), Count: 1}, {Answer: amount(15), Count: 2, Right: true}}},
				Mistakes: []class.CommonMistake{{Answer: amount(1), Count: 1}}}, 67},
		{"many amounts: the key and the five most given, the rest apart",
			join(repeat(amount(15), 1), repeat(amount(1), 6), repeat(amount(2), 5), repeat(amount(3), 4), repeat(amount(4), 3), repeat(amount(5), 2),
				repeat(amount(6), 2), repeat(amount(7), 1), []eval.Answer{{}}), []float64{1},
			class.Results{Answered: 25, Right: 1, Median: sec(1),
				Spread: class.Spread{Bars: []class.Bar{{Answer: amount(1), Count: 6}, {Answer: amount(2), Count: 5}, {Answer: amount(3), Count: 4},
					{Answer: amount(4), Count: 3}, {Answer: amount(5), Count: 2}, {Answer: amount(15), Count: 1, Right: true}}, Other: 4},
				Mistakes: []class.CommonMistake{{Answer: amount(1), Count: 6}, {Answer: amount(2), Count: 5}}}, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := class.Tally(d, responses(d, tt.answers, tt.secs...))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Tally (-want +got):\n%s", diff)
			}
			if got.Percent() != tt.percent {
				t.Errorf("Percent() = %d; want %d", got.Percent(), tt.percent)
			}
		})
	}
}

func TestTallyChoices(t *testing.T) {
	t.Parallel()
	d := &drills.Drill{Kind: drills.KindRuling, Choices: []string{"Void the round", "Play on", "Call the supervisor"}, Key: drills.Key{Choice: 2},
		Mistakes: []drills.Mistake{{Key: drills.Key{Choice: 1}, ID: "uth.void", Explanation: "Only a misdeal voids the round."},
			{Key: drills.Key{Choice: 3}, ID: "uth.call", Explanation: "This one the dealer rules alone."}}}
	c := func(n int) eval.Answer { return eval.Answer{Choice: n} }
	got := class.Tally(d, responses(d, join(repeat(c(1), 4), repeat(c(2), 7), repeat(c(3), 1)), 2, 4, 6))
	want := class.Results{Answered: 12, Right: 7, Median: sec(4),
		Spread:   class.Spread{Bars: []class.Bar{{Answer: c(1), Count: 4}, {Answer: c(2), Count: 7, Right: true}, {Answer: c(3), Count: 1}}},
		Mistakes: []class.CommonMistake{{Answer: c(1), Count: 4, Rule: &d.Mistakes[0]}, {Answer: c(3), Count: 1, Rule: &d.Mistakes[1]}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Tally (-want +got):\n%s", diff)
	}
	empty := class.Tally(d, nil)
	if len(empty.Spread.Bars) != 3 || !cmp.Equal(empty.Spread.Bars[1], class.Bar{Answer: c(2), Right: true}) || empty.Mistakes != nil {
		t.Errorf("Tally of no answers = %+v; want three empty bars, the second right", empty)
	}
}

func TestTallyOutcomes(t *testing.T) {
	t.Parallel()
	ante := drills.Outcome{Wager: "ante", Result: drills.OutcomePush}
	blind := drills.Outcome{Wager: "blind", Result: drills.OutcomeLose}
	d := &drills.Drill{Kind: drills.KindOutcome, Key: drills.Key{Outcomes: []drills.Outcome{ante, blind}},
		Mistakes: []drills.Mistake{{Key: drills.Key{Outcomes: []drills.Outcome{{Wager: "ante", Result: drills.OutcomeWin}, blind}}, ID: "uth.ante_paid_on_no_qualify",
			Explanation: "The Ante pushes when the dealer does not qualify."}}}
	with := func(a, b string) eval.Answer {
		return eval.Answer{Outcomes: []drills.Outcome{{Wager: "ante", Result: a}, {Wager: "blind", Result: b}}}
	}
	backwards := eval.Answer{Outcomes: []drills.Outcome{{Wager: "blind", Result: drills.OutcomeLose}, {Wager: "ante", Result: drills.OutcomeWin}}}
	got := class.Tally(d, responses(d, []eval.Answer{with("push", "lose"), with("push", "lose"), with("win", "lose"), backwards, with("lose", "push")}, 5))
	bars := func(counts ...int) []class.ResultBar {
		out := []class.ResultBar{{Result: "win"}, {Result: "half"}, {Result: "lose"}, {Result: "push"}}
		for i, n := range counts {
			out[i].Count = n
		}
		return out
	}
	anteBars, blindBars := bars(2, 0, 1, 2), bars(0, 0, 4, 1)
	anteBars[3].Right, blindBars[2].Right = true, true
	want := class.Results{Answered: 5, Right: 2, Median: sec(5),
		Spread:   class.Spread{Lines: []class.Line{{Outcome: ante, Bars: anteBars}, {Outcome: blind, Bars: blindBars}}},
		Mistakes: []class.CommonMistake{{Answer: with("win", "lose"), Count: 2, Rule: &d.Mistakes[0]}, {Answer: with("lose", "push"), Count: 1}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Tally (-want +got):\n%s", diff)
	}
}

func TestTallyChips(t *testing.T) {
	t.Parallel()
	chips := func(cs ...int) eval.Answer {
		var a eval.Answer
		for i := 0; i+1 < len(cs); i += 2 {
			a.Chips = append(a.Chips, drills.ChipCount{Value: games.Money(cs[i]) * games.Unit, Count: cs[i+1]})
		}
		return a
	}
	key := chips(25, 1, 5, 2)
	d := &drills.Drill{Kind: drills.KindChips, Ask: drills.Ask{Amount: money(35), Chips: []games.Money{1 * games.Unit, 5 * games.Unit, 25 * games.Unit}},
		Key:      drills.Key{Chips: key.Chips},
		Mistakes: []drills.Mistake{{Key: drills.Key{Chips: chips(5, 7).Chips}, ID: "slip.chips_not_fewest", Explanation: "Pay with the fewest chips."}}}
	got := class.Tally(d, responses(d, []eval.Answer{
		key, chips(5, 1, 25, 1, 5, 1), // the same set, written two ways
		chips(5, 7), chips(5, 7), chips(5, 7),
		chips(25, 1, 5, 1, 1, 5),
		chips(25, 1, 1, 0, 5, 2), // a count of 0 is no chip
	}, 9))
	want := class.Results{Answered: 7, Right: 3, Median: sec(9),
		Spread:   class.Spread{Bars: []class.Bar{{Answer: key, Count: 3, Right: true}, {Answer: chips(5, 7), Count: 3}, {Answer: chips(25, 1, 5, 1, 1, 5), Count: 1}}},
		Mistakes: []class.CommonMistake{{Answer: chips(5, 7), Count: 3, Rule: &d.Mistakes[0]}, {Answer: chips(25, 1, 5, 1, 1, 5), Count: 1}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Tally (-want +got):\n%s", diff)
	}
	nobody := class.Tally(d, responses(d, []eval.Answer{chips(5, 7)}, 1))
	keyBar := class.Bar{Answer: key, Right: true}
	if len(nobody.Spread.Bars) != 2 || !cmp.Equal(nobody.Spread.Bars[0], keyBar) && !cmp.Equal(nobody.Spread.Bars[1], keyBar) {
		t.Errorf("Tally with nobody right: bars %+v; want the key's among them, empty", nobody.Spread.Bars)
	}
}

var (
	genOnce sync.Once
	gen     *drills.Generator
	genErr  error
)

func generator(t *testing.T) *drills.Generator {
	t.Helper()
	genOnce.Do(func() {
		var book *rulebook.Book
		if book, genErr = rulebook.Load(rules.FS); genErr == nil {
			gen, genErr = drills.Load(book, rules.FS)
		}
	})
	if genErr != nil {
		t.Fatal(genErr)
	}
	return gen
}

// TestTallyGenerated tallies real drills of every kind: each anticipated
// mistake given comes back with the drill's own feedback (its explanation
// in the drill's language and its rule-book sections), the key's bar is
// marked, and the counts add up.
func TestTallyGenerated(t *testing.T) {
	t.Parallel()
	g := generator(t)
	for _, kind := range drills.Kinds {
		for _, lang := range []string{"", "it"} {
			d, err := g.Generate("", drills.Spec{Game: "uth", Kind: kind, Level: 2, Seed: 11, Lang: lang})
			if err != nil {
				t.Fatal(err)
			}
			answers := []eval.Answer{eval.Answer(d.Key), eval.Answer(d.Key), eval.Answer(d.Key)}
			for _, m := range d.Mistakes {
				answers = append(answers, eval.Answer(m.Key), eval.Answer(m.Key))
			}
			r := class.Tally(d, responses(d, answers, 3, 7))
			if r.Answered != len(answers) || r.Right != 3 {
				t.Errorf("%s %s: %d answered, %d right; want %d, 3", kind, lang, r.Answered, r.Right, len(answers))
			}
			want := min(len(d.Mistakes), class.TopMistakes)
			if len(r.Mistakes) != want {
				t.Fatalf("%s %s: %d common mistakes; want %d", kind, lang, len(r.Mistakes), want)
			}
			for _, cm := range r.Mistakes {
				if cm.Rule == nil || cm.Rule.Explanation == "" || cm.Count != 2 {
					t.Errorf("%s %s: common mistake %+v; want the drill's, given twice, with its feedback", kind, lang, cm)
				}
			}
			total, right := r.Spread.Other, 0
			for _, b := range r.Spread.Bars {
				total += b.Count
				if b.Right {
					right += b.Count
				}
			}
			for _, l := range r.Spread.Lines {
				for _, b := range l.Bars {
					if b.Right {
						right += b.Count
					}
				}
			}
			if len(r.Spread.Lines) == 0 && (total != len(answers) || right < 3) {
				t.Errorf("%s %s: bars count %d answers, %d on the key's; want %d and at least 3", kind, lang, total, right, len(answers))
			}
			if len(r.Spread.Lines) > 0 && right < 3*len(r.Spread.Lines) {
				t.Errorf("%s %s: %d results on the key's across %d lines; want at least 3 a line", kind, lang, right, len(r.Spread.Lines))
			}
		}
	}
}

func TestMedian(t *testing.T) {
	t.Parallel()
	d := payoutDrill()
	for _, tt := range []struct {
		secs []float64
		want time.Duration
	}{{[]float64{5}, sec(5)}, {[]float64{9, 1}, sec(5)}, {[]float64{3, 1, 2}, sec(2)}, {[]float64{4, 10, 6, 8}, sec(7)}, {[]float64{1.2, 1.3}, sec(1.25)}} {
		r := class.Tally(d, responses(d, repeat(amount(15), len(tt.secs)), tt.secs...))
		if r.Median != tt.want {
			t.Errorf("median of %v = %v; want %v", tt.secs, r.Median, tt.want)
		}
	}
}
