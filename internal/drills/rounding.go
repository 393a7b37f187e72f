package drills

import (
	"encoding/json"

	"github.com/dealerkiosk/trainer/internal/games"
)

// roundingMistakes are every game's rounding slips (RULES.md §1.6,
// fractional_payout_rounding): the exact amount paid, or rounded up.
var roundingMistakes = []mistake{
	{id: "rounding.exact", rule: "§1.6", rounding: "exact", applies: fractional,
		text: "Payouts are paid to the smallest chip and any remainder is rounded down (fractional_payout_rounding): the house pays no fraction of its smallest chip."},
	{id: "rounding.up", rule: "§1.6", rounding: "up", applies: fractional,
		text: "A payout that does not come out in whole chips is rounded down to the smallest chip, never up (fractional_payout_rounding)."},
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
