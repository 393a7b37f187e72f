package drills

import (
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
)

// outcomeDrill asks how each wager of a box ends. The box is the feature's
// when the round was steered, else one with the most wagers placed.
func (b *build) outcomeDrill(d *dealt, foc focus) error {
	box := foc.box
	if box < 0 || box >= len(d.st.Boxes) {
		most := 0
		for _, br := range d.st.Boxes {
			most = max(most, len(br.Wagers)+len(br.FeeItems))
		}
		var pool []int
		for i, br := range d.st.Boxes {
			if len(br.Wagers)+len(br.FeeItems) == most {
				pool = append(pool, i)
			}
		}
		box = pool[b.rng.IntN(len(pool))]
	}
	br := &d.st.Boxes[box]
	key := outcomesOf(br)
	b.d.Round = &d.in
	b.d.Ask = Ask{Box: box + 1}
	b.d.Skill = d.g.slug + "." + KindOutcome
	// Only the results this game has are named (OutcomeResults offers the
	// same): no "half" where no pay table pays 1 to 2, no fee where the box
	// paid none.
	id := "drill.outcome.prompt"
	if HalfPays(d.h, d.g.slug) {
		id = "drill.outcome.prompt_half"
	}
	b.d.Prompt = b.t(id, "Box", box+1)
	if len(br.FeeItems) > 0 {
		b.d.Prompt += " " + b.t("drill.outcome.prompt_fees")
	}
	var english, why []string
	for i := range br.Wagers {
		english = append(english, br.Wagers[i].Reason)
		why = append(why, reason(b.loc, br.Wagers[i].Reason, br.Wagers[i].Why))
		b.cite(br.Wagers[i].Rule)
	}
	why = sayOnce(b.loc, english, why)
	for _, f := range br.FeeItems {
		english = append(english, f.Reason)
		why = append(why, reason(b.loc, f.Reason, f.Why))
	}
	if len(br.FeeItems) > 0 {
		b.cite(settlementID(d.g.slug))
	}
	why = append(why, showdownNote(b.loc, d, br, strings.Join(english, " ")))
	b.d.Explanation = joinSentences(why...)
	b.d.Key = Key{Outcomes: key}
	var ms []Mistake
	v, vbox := d.view(box)
	for _, wr := range v.wrongs() {
		x, ok := boxOf(wr.st, vbox)
		if !ok {
			continue
		}
		o := outcomesOf(x)
		if slices.EqualFunc(o, key, sameOutcome) || slices.ContainsFunc(ms, func(m Mistake) bool { return slices.EqualFunc(m.Outcomes, o, sameOutcome) }) {
			continue
		}
		ms = append(ms, Mistake{Key: Key{Outcomes: o}, ID: wr.m.id, Rule: wr.m.rule, Explanation: mistakeText(b.loc, v, wr)})
	}
	b.d.Mistakes = ms
	return nil
}

// outcomesOf reads the outcome of each wager and fee of a settled box.
func outcomesOf(br *games.BoxResult) []Outcome {
	var out []Outcome
	for _, w := range br.Wagers {
		out = append(out, Outcome{Wager: w.Wager, On: w.On, Result: resultOf(&w)})
	}
	for _, f := range br.FeeItems {
		r := OutcomeFee
		if f.Amount == 0 {
			r = OutcomePush
		}
		out = append(out, Outcome{Fee: f.Fee, Result: r})
	}
	return out
}

// resultOf is a wager's outcome: a win at 1:2 (7 Card Thrill's half pays) is "half".
func resultOf(w *games.WagerResult) string {
	switch w.Result {
	case games.Win:
		if o, ok := rowOdds(w.Row); ok && o.Win*2 == o.Per {
			return OutcomeHalf
		}
		return OutcomeWin
	case games.Lose:
		return OutcomeLose
	}
	return OutcomePush
}

func sameOutcome(a, b Outcome) bool {
	return a.Wager == b.Wager && a.Fee == b.Fee && a.Result == b.Result &&
		(a.On == nil) == (b.On == nil) && (a.On == nil || *a.On == *b.On)
}
