package drills

import (
	"encoding/json"

	"github.com/dealerkiosk/trainer/internal/games"
)

// roundingMistakes are every game's rounding slips (RULES.md §1.6,
// fractional_payout_rounding; house.toml rounding): the exact amount paid,
// or rounded another way than the house rounds. The texts are the default
// house's (round down); roundingText words them for a house that rounds up
// or to the nearest chip. rounding.up is not a mistake where up is the rule,
// nor rounding.down where down is.
var roundingMistakes = []mistake{
	{id: "rounding.exact", rule: "§1.6", rounding: "exact", applies: fractional,
		text: "Payouts are paid to the smallest chip and any remainder is rounded down (fractional_payout_rounding): the house pays no fraction of its smallest chip."},
	{id: "rounding.up", rule: "§1.6", rounding: "up", applies: fractionalUnless(games.RoundUp),
		text: "A payout that does not come out in whole chips is rounded down to the smallest chip, never up (fractional_payout_rounding)."},
	{id: "rounding.down", rule: "§1.6", rounding: "down", applies: fractionalUnless(games.RoundDown),
		text: "This house does not round a payout down to the smallest chip (house.toml rounding)."},
}

// fractionalUnless is fractional, at a house that does not round the way mode
// does (there, rounding that way is the rule and not a mistake).
func fractionalUnless(mode games.RoundingMode) func(d *dealt) bool {
	return func(d *dealt) bool { return d.h.Rounding.Mode != mode && fractional(d) }
}

// roundingText is what a rounding mistake ("exact", "up", "down") is told at
// a house whose rounding is mode; "" keeps the mistake's own text (the
// default house's, which rounds down).
func roundingText(how string, mode games.RoundingMode) string {
	rule := map[games.RoundingMode]string{
		games.RoundUp:      "rounded up to the next smallest chip",
		games.RoundNearest: "rounded to the nearest smallest chip, exactly half a chip going up",
	}[mode]
	switch {
	case rule == "":
		return ""
	case how == "exact":
		return "Payouts are paid to the smallest chip and any remainder is " + rule + " (fractional_payout_rounding, house.toml rounding): the house pays no fraction of its smallest chip."
	case how == "up":
		return "This house pays a payout that does not come out in whole chips " + rule + ": less than half a chip is rounded down, not up (fractional_payout_rounding, house.toml rounding)."
	}
	return "This house pays a payout that does not come out in whole chips " + rule + ", not rounded down (fractional_payout_rounding, house.toml rounding)."
}

// jsonMoney writes an amount as a SETTLE.md stake.
func jsonMoney(m games.Money) json.Number { return json.Number(m.String()) }

// fractional reports a winning wager whose exact payout is not a whole
// number of the house's smallest chips (or whose odds cannot be read from its
// row, to be safe).
func fractional(d *dealt) bool {
	chip := d.h.Rounding.Chip
	for _, b := range d.st.Boxes {
		for _, w := range b.Wagers {
			if w.Result != games.Win {
				continue
			}
			o, ok := rowOdds(w.Row)
			if !ok {
				return true
			}
			num := int64(w.Stake) * o.Win
			if num%o.Per != 0 || games.Money(num/o.Per)%chip != 0 {
				return true
			}
		}
	}
	return false
}
