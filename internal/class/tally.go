package class

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/practice"
)

// Response is one trainee's answer to a live question, as stored: the
// answer in the drill's key's shape, whether eval found it right, and the
// time it took (Question.Answer).
type Response struct {
	UserID  int64
	Answer  eval.Answer
	Correct bool
	Elapsed time.Duration
}

// Results is what the projector shows once a question's answers close.
// Accuracy and speed are kept apart: the share right, and the median time
// of every answer, right or wrong.
type Results struct {
	Answered int
	Right    int
	Median   time.Duration // 0 when nobody answered
	Spread   Spread
	// Mistakes are the wrong answers given most often, at most
	// TopMistakes, the most frequent first.
	Mistakes []CommonMistake
}

// Percent is the share of answers right, in whole percent rounded half
// up; 0 when nobody answered (a page says "no answers" then, not 0 %).
func (r Results) Percent() int {
	if r.Answered == 0 {
		return 0
	}
	return (200*r.Right + r.Answered) / (2 * r.Answered)
}

// Spread is how the answers fell. A question with an amount or a set of
// chips has a bar for each answer given (the most frequent, up to
// MaxBars, the key's always among them) and Other for the rest; a
// multiple-choice question a bar for each choice, in order; an outcome
// question a line for each wager and fee of the key, with a bar for each
// result the line offers.
type Spread struct {
	Bars  []Bar
	Lines []Line
	Other int
}

// Bar is one answer and how many gave it. Answer is in the key's shape,
// for the page to write as it writes any answer; Right marks the key's.
type Bar struct {
	Answer eval.Answer
	Count  int
	Right  bool
}

// Line is one wager or fee of an outcome question: Outcome names it (its
// Result the key's), and Bars count each result given (practice.Results'
// order).
type Line struct {
	Outcome drills.Outcome
	Bars    []ResultBar
}

// ResultBar counts one result given for a line.
type ResultBar struct {
	Result string
	Count  int
	Right  bool
}

// CommonMistake is a wrong answer several trainees gave, with the mistake
// eval matched it to: the rule broken, what a trainee is told (its
// Explanation, in the drill's language) and its rule-book sections. Rule
// is nil for a wrong answer the drill did not anticipate.
type CommonMistake struct {
	Answer eval.Answer
	Count  int
	Rule   *drills.Mistake
}

// The projector's room: bars an amount or chips question shows, and the
// mistakes discussed after each question.
const (
	MaxBars     = 6
	TopMistakes = 2
)

// Tally works out the results of drill d from the responses to it. Each
// response's Correct is taken as stored; the mistakes are matched by
// eval.Score, the same feedback a trainee gets in practice. The most
// frequent wrong answers come first; among as many, an anticipated one
// (which has feedback to discuss) before one that is not, then by the
// answer's spelling (answerKey), so that every process shows the same two.
func Tally(d *drills.Drill, rs []Response) Results {
	var f figures
	for _, x := range rs {
		f.add(x.Correct, x.Elapsed)
	}
	r := f.results()
	switch practice.ShapeOf(d) {
	case practice.ShapeChoice:
		r.Spread.Bars = choiceBars(d, rs)
	case practice.ShapeOutcomes:
		r.Spread.Lines = outcomeLines(d, rs)
	default:
		r.Spread.Bars, r.Spread.Other = answerBars(d, rs)
	}
	r.Mistakes = mistakes(d, rs)
	return r
}

// figures gathers answers as Results count them: how many, how many right,
// and their times for the median.
type figures struct {
	answered, right int
	times           []time.Duration
}

func (f *figures) add(correct bool, elapsed time.Duration) {
	f.answered++
	if correct {
		f.right++
	}
	f.times = append(f.times, elapsed)
}

// results are the figures as Results, without a spread or mistakes.
func (f *figures) results() Results {
	return Results{Answered: f.answered, Right: f.right, Median: median(f.times)}
}

// median is the middle time, or the mean of the two middle ones.
func median(ts []time.Duration) time.Duration {
	if len(ts) == 0 {
		return 0
	}
	slices.Sort(ts)
	n := len(ts)
	if n%2 == 1 {
		return ts[n/2]
	}
	return (ts[n/2-1] + ts[n/2]) / 2
}

func choiceBars(d *drills.Drill, rs []Response) []Bar {
	bars := make([]Bar, len(d.Choices))
	for i := range bars {
		bars[i] = Bar{Answer: eval.Answer{Choice: i + 1}, Right: i+1 == d.Key.Choice}
	}
	for _, x := range rs {
		if c := x.Answer.Choice; c >= 1 && c <= len(bars) {
			bars[c-1].Count++
		}
	}
	return bars
}

func outcomeLines(d *drills.Drill, rs []Response) []Line {
	lines := make([]Line, len(d.Key.Outcomes))
	for i, k := range d.Key.Outcomes {
		lines[i].Outcome = k
		for _, res := range practice.Results(k) {
			lines[i].Bars = append(lines[i].Bars, ResultBar{Result: res, Right: res == k.Result})
		}
	}
	for _, x := range rs {
		for _, o := range x.Answer.Outcomes {
			for i := range lines {
				if !sameLine(o, lines[i].Outcome) {
					continue
				}
				for j := range lines[i].Bars {
					if lines[i].Bars[j].Result == o.Result {
						lines[i].Bars[j].Count++
					}
				}
			}
		}
	}
	return lines
}

func sameLine(a, b drills.Outcome) bool {
	return a.Wager == b.Wager && a.Fee == b.Fee && (a.On == nil) == (b.On == nil) && (a.On == nil || *a.On == *b.On)
}

// group is the responses that gave one answer.
type group struct {
	key    string
	answer eval.Answer
	count  int
}

// groups gathers rs by answer, the most frequent first, then by key.
func groups(rs []Response) []*group {
	by := map[string]*group{}
	var out []*group
	for _, x := range rs {
		a := canonical(x.Answer)
		k := answerKey(a)
		g := by[k]
		if g == nil {
			g = &group{key: k, answer: a}
			by[k] = g
			out = append(out, g)
		}
		g.count++
	}
	slices.SortFunc(out, func(a, b *group) int {
		if c := cmp.Compare(b.count, a.count); c != 0 {
			return c
		}
		return strings.Compare(a.key, b.key)
	})
	return out
}

// answerBars are the bars of an amount or chips question: the most
// frequent answers and the key's, at most MaxBars, then the rest counted
// in other. Amounts read in order along the bars; sets of chips stay most
// frequent first.
func answerBars(d *drills.Drill, rs []Response) ([]Bar, int) {
	var gs []*group
	other := 0
	for _, g := range groups(rs) {
		if g.key == "" { // no answer of this shape: nothing to draw
			other += g.count
			continue
		}
		gs = append(gs, g)
	}
	bars := make([]Bar, 0, MaxBars)
	key := slices.IndexFunc(gs, func(g *group) bool { return eval.Score(d, g.answer, 0).Correct })
	if key < 0 {
		bars = append(bars, Bar{Answer: canonical(eval.Answer{Amount: d.Key.Amount, Chips: d.Key.Chips}), Right: true})
	} else {
		bars = append(bars, Bar{Answer: gs[key].answer, Count: gs[key].count, Right: true})
	}
	for i, g := range gs {
		switch {
		case i == key:
		case len(bars) < MaxBars:
			bars = append(bars, Bar{Answer: g.answer, Count: g.count, Right: eval.Score(d, g.answer, 0).Correct})
		default:
			other += g.count
		}
	}
	if d.Key.Amount != nil {
		slices.SortFunc(bars, func(a, b Bar) int { return cmp.Compare(amountOf(a.Answer), amountOf(b.Answer)) })
	} else {
		slices.SortStableFunc(bars, func(a, b Bar) int { return cmp.Compare(b.Count, a.Count) })
	}
	return bars, other
}

func amountOf(a eval.Answer) games.Money {
	if a.Amount == nil {
		return 0
	}
	return *a.Amount
}

// mistakes are the wrong answers given most often, with eval's mistake.
func mistakes(d *drills.Drill, rs []Response) []CommonMistake {
	var wrong []Response
	for _, x := range rs {
		if !x.Correct {
			wrong = append(wrong, x)
		}
	}
	var out []CommonMistake
	for _, g := range groups(wrong) {
		if g.key == "" {
			continue
		}
		out = append(out, CommonMistake{Answer: g.answer, Count: g.count, Rule: eval.Score(d, g.answer, 0).Mistake})
	}
	slices.SortStableFunc(out, func(a, b CommonMistake) int {
		if c := cmp.Compare(b.Count, a.Count); c != 0 {
			return c
		}
		return cmp.Compare(boolRank(a.Rule == nil), boolRank(b.Rule == nil))
	})
	if len(out) > TopMistakes {
		out = out[:TopMistakes]
	}
	return out
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// canonical is a in one spelling per answer: chips merged by value,
// largest first, none of a count of 0; outcomes in a fixed order.
func canonical(a eval.Answer) eval.Answer {
	out := eval.Answer{Amount: a.Amount, Choice: a.Choice}
	if len(a.Chips) > 0 {
		by := map[games.Money]int{}
		for _, c := range a.Chips {
			by[c.Value] += c.Count
		}
		for v, n := range by {
			if n != 0 {
				out.Chips = append(out.Chips, drills.ChipCount{Value: v, Count: n})
			}
		}
		slices.SortFunc(out.Chips, func(x, y drills.ChipCount) int { return cmp.Compare(y.Value, x.Value) })
	}
	if len(a.Outcomes) > 0 {
		out.Outcomes = slices.Clone(a.Outcomes)
		slices.SortFunc(out.Outcomes, func(x, y drills.Outcome) int { return strings.Compare(lineKey(x), lineKey(y)) })
	}
	return out
}

// answerKey spells a canonical answer for grouping and ordering.
func answerKey(a eval.Answer) string {
	var b strings.Builder
	if a.Amount != nil {
		b.WriteString("a" + strconv.FormatInt(int64(*a.Amount), 10))
	}
	if a.Choice != 0 {
		b.WriteString("c" + strconv.Itoa(a.Choice))
	}
	for _, o := range a.Outcomes {
		b.WriteString("o" + lineKey(o))
	}
	for _, c := range a.Chips {
		b.WriteString("x" + strconv.FormatInt(int64(c.Value), 10) + "*" + strconv.Itoa(c.Count))
	}
	return b.String()
}

func lineKey(o drills.Outcome) string {
	on := ""
	if o.On != nil {
		on = o.On.String()
	}
	return o.Wager + "|" + on + "|" + o.Fee + "=" + o.Result
}
