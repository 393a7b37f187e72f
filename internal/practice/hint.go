package practice

import (
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/i18n"
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

// HintFor returns the hint of d, made on book, in the drill's language
// (d.Lang; the words are the drills catalogue's hint.*, the hands described
// by drills.HandIn). A round that cannot be settled (it always
// can: keys come from the same engine) gives a hint without the hands
// rather than an error.
func HintFor(book *rulebook.Book, d *drills.Drill, chips []games.Money) Hint {
	loc := i18n.Default().Localizer(d.Lang)
	switch ShapeOf(d) {
	case ShapeChoice:
		return strike(loc, d)
	case ShapeChips:
		return chipHint(loc, d, chips)
	}
	if d.Round == nil {
		return Hint{Text: loc.T("hint.read_again", "Prompt", d.Prompt)}
	}
	st, err := settle.Round(book, d.Round, d.House)
	if err != nil {
		return Hint{Text: loc.T("hint.read_hands")}
	}
	var parts []string
	id := "hint.dealer_qualifies"
	if !st.Dealer.Qualifies {
		id = "hint.dealer_not_qualifies"
	}
	hand := func(best []cards.Card, english string) string {
		return drills.HandIn(d.Lang, book, d.Game, d.House, best, english)
	}
	parts = append(parts, loc.T(id, "Hand", hand(st.Dealer.Best, st.Dealer.Description)))
	if b := d.Ask.Box; b >= 1 && b <= len(st.Boxes) {
		parts = append(parts, loc.T("hint.box_holds", "Box", b, "Hand", hand(st.Boxes[b-1].Best, st.Boxes[b-1].Description)))
	}
	return Hint{Text: strings.Join(parts, " ")}
}

// strike picks the wrong choice to strike out, from the seed so that the same
// scenario always gives the same hint.
func strike(loc *i18n.Localizer, d *drills.Drill) Hint {
	var wrong []int
	for i := range d.Choices {
		if i+1 != d.Key.Choice {
			wrong = append(wrong, i+1)
		}
	}
	if len(wrong) == 0 || len(d.Choices) <= 2 {
		return Hint{Text: loc.T("hint.read_each")}
	}
	n := wrong[d.Seed%uint64(len(wrong))]
	return Hint{Text: loc.T("hint.not_answer", "N", n), Strike: n}
}

// chipHint names the largest chip that fits the amount to pay.
func chipHint(loc *i18n.Localizer, d *drills.Drill, chips []games.Money) Hint {
	var amount games.Money
	if d.Ask.Amount != nil {
		amount = *d.Ask.Amount
	}
	for _, c := range d.Ask.Stack {
		amount += c.Value * games.Money(c.Count)
	}
	for _, c := range sortedDesc(chips) {
		if c <= amount {
			return Hint{Text: loc.T("hint.largest_chip", "Amount", loc.Amount(int64(amount)), "Chip", loc.Amount(int64(c)))}
		}
	}
	return Hint{Text: loc.T("hint.largest_chip_any")}
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
