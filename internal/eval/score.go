package eval

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games"
)

// Answer is a trainee's answer, in the shape of drills.Key: an amount typed
// on the keypad (SETTLE.md's sign convention, as the key), a choice counted
// from 1, an outcome for each wager and fee, or a set of chips.
type Answer struct {
	Amount   *games.Money       `json:"amount,omitempty"`
	Choice   int                `json:"choice,omitempty"`
	Outcomes []drills.Outcome   `json:"outcomes,omitempty"`
	Chips    []drills.ChipCount `json:"chips,omitempty"`
}

// Result is a scored answer.
type Result struct {
	// Correct is true only for an answer that is wholly right.
	Correct bool `json:"correct"`
	// Score is 1 for a right answer and 0 for a wrong one, except: an
	// outcome drill scores the share of wagers (and fees) read right, and a
	// chips answer that makes the amount with more chips than needed scores ½.
	Score float64 `json:"score"`
	Grade Grade   `json:"grade"`
	// Mistake is the anticipated wrong answer the trainee gave, naming the
	// rule he broke; nil for a right answer or an unanticipated one.
	Mistake *drills.Mistake `json:"mistake,omitempty"`
	// Feedback is what the trainee is told: right or wrong, the rule broken,
	// and the drill's explanation.
	Feedback string `json:"feedback"`
}

// Score scores answer a to drill d, answered in elapsed. Money is compared
// exactly. An answer of the wrong shape for the drill (a choice to a payout
// drill) is wrong and says so.
func Score(d *drills.Drill, a Answer, elapsed time.Duration) Result {
	r := Result{Grade: SpeedGrade(elapsed, time.Duration(d.TargetSeconds)*time.Second)}
	k := d.Key
	switch {
	case k.Amount != nil:
		r.scoreAmount(d, a)
	case k.Choice > 0:
		r.scoreChoice(d, a)
	case k.Outcomes != nil:
		r.scoreOutcomes(d, a)
	case k.Chips != nil:
		r.scoreChips(d, a)
	default:
		r.Feedback = "This drill has no key; nothing can be scored."
	}
	return r
}

func (r *Result) scoreAmount(d *drills.Drill, a Answer) {
	key := *d.Key.Amount
	switch {
	case a.Amount == nil:
		r.Feedback = fmt.Sprintf("No amount was given. The answer is %s. %s", key, d.Explanation)
	case *a.Amount == key:
		r.Correct, r.Score = true, 1
		r.Feedback = fmt.Sprintf("Right: %s. %s", key, d.Explanation)
	default:
		r.Mistake = findMistake(d, func(m *drills.Mistake) bool { return m.Amount != nil && *m.Amount == *a.Amount })
		r.Feedback = wrong(fmt.Sprintf("%s, not %s", key, *a.Amount), r.Mistake, d)
	}
}

func (r *Result) scoreChoice(d *drills.Drill, a Answer) {
	key := d.Key.Choice
	text := func(i int) string {
		if i >= 1 && i <= len(d.Choices) {
			return fmt.Sprintf("%q", d.Choices[i-1])
		}
		return fmt.Sprintf("choice %d", i)
	}
	switch {
	case a.Choice < 1 || a.Choice > len(d.Choices):
		r.Feedback = fmt.Sprintf("No choice was made. The answer is %s. %s", text(key), d.Explanation)
	case a.Choice == key:
		r.Correct, r.Score = true, 1
		r.Feedback = fmt.Sprintf("Right: %s. %s", text(key), d.Explanation)
	default:
		r.Mistake = findMistake(d, func(m *drills.Mistake) bool { return m.Choice == a.Choice })
		r.Feedback = wrong(text(key)+", not "+text(a.Choice), r.Mistake, d)
	}
}

// scoreOutcomes matches each of the key's wagers and fees with the answer's
// entry for the same wager (and target) or fee. The score is the share of
// lines right, an answer line the key does not have counting as one more
// line wrong.
func (r *Result) scoreOutcomes(d *drills.Drill, a Answer) {
	key := d.Key.Outcomes
	right := 0
	var off []string
	for _, k := range key {
		i := slices.IndexFunc(a.Outcomes, func(o drills.Outcome) bool { return sameLine(o, k) })
		if i >= 0 && a.Outcomes[i].Result == k.Result {
			right++
			continue
		}
		got := "nothing"
		if i >= 0 {
			got = a.Outcomes[i].Result
		}
		off = append(off, fmt.Sprintf("%s is %s, not %s", lineName(k), k.Result, got))
	}
	extra := 0
	for _, o := range a.Outcomes {
		if !slices.ContainsFunc(key, func(k drills.Outcome) bool { return sameLine(o, k) }) {
			extra++
			off = append(off, lineName(o)+" was not placed")
		}
	}
	r.Score = float64(right) / float64(max(len(key)+extra, 1))
	if right == len(key) && extra == 0 && len(a.Outcomes) == len(key) {
		r.Correct, r.Score = true, 1
		r.Feedback = "Right. " + d.Explanation
		return
	}
	r.Mistake = findMistake(d, func(m *drills.Mistake) bool {
		if len(m.Outcomes) != len(a.Outcomes) {
			return false
		}
		for _, x := range m.Outcomes {
			if !slices.ContainsFunc(a.Outcomes, func(y drills.Outcome) bool { return sameLine(x, y) && x.Result == y.Result }) {
				return false
			}
		}
		return true
	})
	what := strings.Join(off, "; ")
	if what == "" {
		what = "a wager is answered twice"
	}
	r.Feedback = wrong(what, r.Mistake, d)
}

func sameLine(a, b drills.Outcome) bool {
	return a.Wager == b.Wager && a.Fee == b.Fee && (a.On == nil) == (b.On == nil) && (a.On == nil || *a.On == *b.On)
}

func lineName(o drills.Outcome) string {
	switch {
	case o.Fee != "":
		return "the " + strings.ReplaceAll(o.Fee, "_", " ") + " fee"
	case o.On != nil:
		return fmt.Sprintf("the %s on %s", strings.ReplaceAll(o.Wager, "_", " "), o.On)
	}
	return "the " + strings.ReplaceAll(o.Wager, "_", " ")
}

// scoreChips accepts any set of the house's chips that makes the amount with
// as few chips as the key: several sets can be fewest.
func (r *Result) scoreChips(d *drills.Drill, a Answer) {
	want, least := drills.ChipTotal(d.Key.Chips)
	for _, c := range a.Chips {
		if c.Count < 0 || len(d.Ask.Chips) > 0 && !slices.Contains(d.Ask.Chips, c.Value) {
			r.Feedback = fmt.Sprintf("%s is not a chip of this house. %s", c.Value, d.Explanation)
			return
		}
	}
	got, n := drills.ChipTotal(a.Chips)
	switch {
	case got != want:
		r.Feedback = fmt.Sprintf("Those chips make %s, not %s. %s", got, want, d.Explanation)
	case n > least:
		r.Score = 0.5
		r.Mistake = findMistake(d, func(m *drills.Mistake) bool { return sameChips(m.Chips, a.Chips) })
		r.Feedback = wrong(fmt.Sprintf("%s in %d chips, not %d", want, least, n), r.Mistake, d)
	default:
		r.Correct, r.Score = true, 1
		r.Feedback = "Right. " + d.Explanation
	}
}

func sameChips(a, b []drills.ChipCount) bool {
	count := func(cs []drills.ChipCount) map[games.Money]int {
		m := map[games.Money]int{}
		for _, c := range cs {
			m[c.Value] += c.Count
		}
		return m
	}
	x, y := count(a), count(b)
	if len(x) != len(y) {
		return false
	}
	for k, v := range x {
		if y[k] != v {
			return false
		}
	}
	return true
}

func findMistake(d *drills.Drill, match func(m *drills.Mistake) bool) *drills.Mistake {
	for i := range d.Mistakes {
		if match(&d.Mistakes[i]) {
			m := d.Mistakes[i]
			return &m
		}
	}
	return nil
}

// wrong writes the feedback of a wrong answer: what the answer is, the rule
// the trainee broke when the answer was anticipated, then the explanation.
func wrong(what string, m *drills.Mistake, d *drills.Drill) string {
	s := "Not quite: " + what + "."
	if m != nil {
		s += " " + m.Explanation
	}
	return s + " " + d.Explanation
}
