package drills

import (
	"encoding/json"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/games"
)

// roundingMistakes are every game's rounding slips (books/common.md,
// "Fractions of a chip"; house.toml rounding): the exact amount paid, or
// rounded another way than the house rounds. The texts are the default
// house's (round down, smallest chip 0.5); roundingText words them for the
// house of the round. rounding.up is not a mistake where up is the rule,
// nor rounding.down where down is.
var roundingMistakes = []mistake{
	{id: "rounding.exact", rule: roundingID, rounding: "exact", applies: fractional,
		text: roundingText("exact", games.Rounding{Chip: games.Unit / 2, Mode: games.RoundDown})},
	{id: "rounding.up", rule: roundingID, rounding: "up", applies: fractionalUnless(games.RoundUp),
		text: roundingText("up", games.Rounding{Chip: games.Unit / 2, Mode: games.RoundDown})},
	{id: "rounding.down", rule: roundingID, rounding: "down", applies: fractionalUnless(games.RoundDown),
		text: roundingText("down", games.Rounding{Chip: games.Unit / 2, Mode: games.RoundUp})},
}

// fractionalUnless is fractional, at a house that does not round the way mode
// does (there, rounding that way is the rule and not a mistake).
func fractionalUnless(mode games.RoundingMode) func(d *dealt) bool {
	return func(d *dealt) bool { return d.h.Rounding.Mode != mode && fractional(d) }
}

// roundingText is what a rounding mistake ("exact", "up", "down") is told at
// a house that rounds as rd says.
func roundingText(how string, rd games.Rounding) string {
	rule := map[games.RoundingMode]string{
		games.RoundDown:    "rounded down to it",
		games.RoundUp:      "rounded up to the next smallest chip",
		games.RoundNearest: "rounded to the nearest smallest chip, exactly half a chip going up",
	}[rd.Mode]
	switch {
	case how == "exact":
		return fmt.Sprintf("The house pays no fraction of its smallest chip of %s: a payout that does not come out in whole chips is %s.", rd.Chip, rule)
	case how == "up" && rd.Mode == games.RoundNearest:
		return fmt.Sprintf("A payout that does not come out in whole chips is rounded to the nearest smallest chip of %s: less than half a chip is rounded down, not up.", rd.Chip)
	case how == "up":
		return fmt.Sprintf("The house rounds a payout that does not come out in whole chips down to its smallest chip of %s, never up.", rd.Chip)
	case rd.Mode == games.RoundNearest:
		return fmt.Sprintf("A payout that does not come out in whole chips is rounded to the nearest smallest chip of %s: half a chip or more is rounded up, not down.", rd.Chip)
	}
	return fmt.Sprintf("A payout that does not come out in whole chips is rounded up to the next smallest chip of %s, not down.", rd.Chip)
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
