package practice

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/settle"
)

// Hint is the help a trainee may ask for in practice and review. It never
// gives the answer away: for a round, the hands read for you (the dealer has
// to read them anyway before paying); for a multiple-choice question, one
// wrong answer struck out; for chips, the chip to start with.
type Hint struct {
	Text string
	// Strike is a wrong choice (from 1) the page strikes out, or 0.
	Strike int
}

// HintFor returns the hint of d, made on book. A round that cannot be settled
// (it always can: keys come from the same engine) gives a hint without the
// hands rather than an error.
func HintFor(book *rulebook.Book, d *drills.Drill, chips []games.Money) Hint {
	switch ShapeOf(d) {
	case ShapeChoice:
		return strike(d)
	case ShapeChips:
		return chipHint(d, chips)
	}
	if d.Round == nil {
		return Hint{Text: "Read the question again: " + d.Prompt}
	}
	st, err := settle.Round(book, d.Round, d.House)
	if err != nil {
		return Hint{Text: "Read each hand first, then the pay table of each wager."}
	}
	var parts []string
	q := "qualifies"
	if !st.Dealer.Qualifies {
		q = "does not qualify"
	}
	parts = append(parts, fmt.Sprintf("The dealer holds %s and %s.", st.Dealer.Description, q))
	if b := d.Ask.Box; b >= 1 && b <= len(st.Boxes) {
		parts = append(parts, fmt.Sprintf("Box %d holds %s.", b, st.Boxes[b-1].Description))
	}
	return Hint{Text: strings.Join(parts, " ")}
}

// strike picks the wrong choice to strike out, from the seed so that the same
// scenario always gives the same hint.
func strike(d *drills.Drill) Hint {
	var wrong []int
	for i := range d.Choices {
		if i+1 != d.Key.Choice {
			wrong = append(wrong, i+1)
		}
	}
	if len(wrong) == 0 || len(d.Choices) <= 2 {
		return Hint{Text: "Read each answer to the end: only one is right."}
	}
	n := wrong[d.Seed%uint64(len(wrong))]
	return Hint{Text: fmt.Sprintf("It is not answer %d.", n), Strike: n}
}

// chipHint names the largest chip that fits the amount to pay.
func chipHint(d *drills.Drill, chips []games.Money) Hint {
	var amount games.Money
	if d.Ask.Amount != nil {
		amount = *d.Ask.Amount
	}
	for _, c := range d.Ask.Stack {
		amount += c.Value * games.Money(c.Count)
	}
	for _, c := range sortedDesc(chips) {
		if c <= amount {
			return Hint{Text: fmt.Sprintf("Start with the largest chip that fits into %s: the %s.", amount, c)}
		}
	}
	return Hint{Text: "Start with the largest chip that fits, then the next."}
}

// Chips returns the house's denominations, smallest first.
func Chips(h *rulebook.House) []games.Money {
	out := make([]games.Money, len(h.Chips))
	for i, c := range h.Chips {
		out[i] = c.Value
	}
	slices.Sort(out)
	return out
}
