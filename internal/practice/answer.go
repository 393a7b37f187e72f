package practice

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Form field names of an answer. An outcome drill has one field per row
// (outcome-1, outcome-2 …) and a chips drill one per denomination
// (chips-0.5, chips-1 …).
const (
	FieldAmount  = "amount"
	FieldChoice  = "choice"
	FieldOutcome = "outcome-"
	FieldChips   = "chips-"
)

// Shape is how a drill is answered, read from its kind and key.
type Shape int

const (
	ShapeAmount   Shape = iota + 1 // payout: an amount on the keypad or in chips
	ShapeChoice                    // hand, procedure, ruling: one of the choices
	ShapeOutcomes                  // outcome: a result for each wager and fee
	ShapeChips                     // chips: a count of each denomination
)

// ShapeOf returns how d is answered.
func ShapeOf(d *drills.Drill) Shape {
	switch {
	case d.Key.Amount != nil:
		return ShapeAmount
	case len(d.Choices) > 0:
		return ShapeChoice
	case d.Key.Outcomes != nil:
		return ShapeOutcomes
	}
	return ShapeChips
}

// Results lists the answers an outcome row offers: a wager wins, is paid half,
// loses or pushes; a fee is kept or returned.
func Results(o drills.Outcome) []string {
	if o.Fee != "" {
		return []string{drills.OutcomeFee, drills.OutcomePush}
	}
	return []string{drills.OutcomeWin, drills.OutcomeHalf, drills.OutcomeLose, drills.OutcomePush}
}

// MaxChips is the most chips of one denomination an answer may hold.
const MaxChips = 999

// DecodeAnswer reads a trainee's answer to d from a posted form, in the shape
// of d's key, with the chip denominations of the house (a chips drill's own
// set, d.Ask.Chips, when it carries one). Problems come back as messages by
// field name (a form re-renders them with 422), never as an error of the
// request: any input, however odd, gets an answer or a message. Each
// message is a trainer.Error (KindInvalid) naming its catalogue message
// (answer.*), which a page says in the trainee's language.
func DecodeAnswer(d *drills.Drill, chips []games.Money, form url.Values) (eval.Answer, map[string]*trainer.Error) {
	errs := map[string]*trainer.Error{}
	var k eval.Answer
	switch ShapeOf(d) {
	case ShapeAmount:
		m, msg := parseAmount(form.Get(FieldAmount))
		if msg != nil {
			errs[FieldAmount] = msg
		} else {
			k.Amount = drills.Amount(m)
		}
	case ShapeChoice:
		n, err := strconv.Atoi(strings.TrimSpace(form.Get(FieldChoice)))
		if err != nil || n < 1 || n > len(d.Choices) {
			errs[FieldChoice] = errTapAnswer
		} else {
			k.Choice = n
		}
	case ShapeOutcomes:
		k.Outcomes = make([]drills.Outcome, len(d.Key.Outcomes))
		for i, o := range d.Key.Outcomes {
			name := FieldOutcome + strconv.Itoa(i+1)
			v := strings.TrimSpace(form.Get(name))
			if !slices.Contains(Results(o), v) {
				errs[name] = errChooseOutcome
				continue
			}
			k.Outcomes[i] = drills.Outcome{Wager: o.Wager, On: o.On, Fee: o.Fee, Result: v}
		}
	case ShapeChips:
		if len(d.Ask.Chips) > 0 {
			chips = d.Ask.Chips
		}
		total := 0
		for _, c := range sortedDesc(chips) {
			name := FieldChips + c.String()
			v := strings.TrimSpace(form.Get(name))
			if v == "" {
				continue
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > MaxChips {
				errs[name] = errChipCount
				continue
			}
			if n > 0 {
				k.Chips = append(k.Chips, drills.ChipCount{Value: c, Count: n})
				total += n
			}
		}
		if total == 0 && len(errs) == 0 {
			errs[FieldChips] = errTapChips
		}
	}
	if len(errs) > 0 {
		return eval.Answer{}, errs
	}
	return k, nil
}

// parseAmount reads an amount typed on the keypad: decimal text with at most
// two decimals, a leading minus (or the keypad's "−") for money collected.
func parseAmount(s string) (games.Money, *trainer.Error) {
	t := strings.TrimSpace(strings.ReplaceAll(s, "−", "-"))
	t = strings.ReplaceAll(t, ",", ".")
	if t == "" {
		return 0, errEnterAmount
	}
	if len(t) > 20 {
		return 0, errAmountTooLong
	}
	m, err := games.ParseMoney(t)
	if err != nil {
		return 0, errAmountLike
	}
	if m > 100_000_000*games.Unit || m < -100_000_000*games.Unit {
		return 0, errAmountTooLarge
	}
	return m, nil
}

// The messages of an answer that cannot be read, by field.
var (
	errEnterAmount    = trainer.Errorf(trainer.KindInvalid, "Enter an amount: 0 for a push.").In("answer.enter_amount")
	errAmountTooLong  = trainer.Errorf(trainer.KindInvalid, "That amount is too long.").In("answer.too_long")
	errAmountLike     = trainer.Errorf(trainer.KindInvalid, "Enter an amount like 15 or 7.5.").In("answer.amount_like")
	errAmountTooLarge = trainer.Errorf(trainer.KindInvalid, "That amount is too large.").In("answer.too_large")
	errTapAnswer      = trainer.Errorf(trainer.KindInvalid, "Tap one of the answers.").In("answer.tap_answer")
	errChooseOutcome  = trainer.Errorf(trainer.KindInvalid, "Choose how this one ends.").In("answer.choose_outcome")
	errChipCount      = trainer.Errorf(trainer.KindInvalid, "Give a number of chips from 0 to %d.", MaxChips).In("answer.chip_count", "Max", MaxChips)
	errTapChips       = trainer.Errorf(trainer.KindInvalid, "Tap the chips you would pay.").In("answer.tap_chips")
)

// sortedDesc returns the denominations largest first, without duplicates.
func sortedDesc(chips []games.Money) []games.Money {
	out := slices.Clone(chips)
	slices.Sort(out)
	out = slices.Compact(out)
	slices.Reverse(out)
	return out
}
