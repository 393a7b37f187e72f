package games

import (
	"fmt"
	"strings"
)

// RoundingMode is which way a house rounds a payout that does not come out in
// whole smallest chips: house.toml `rounding` (RULES.md §1.6,
// fractional_payout_rounding; §6 row 30). No source settles it; it is house
// policy. The zero value is RoundDown, RULES.md's default, so that a Rounding
// written without a mode (the math figures', a drill's exact answer) rounds
// the way the default house does.
type RoundingMode int

// The rounding modes a house may choose.
const (
	// RoundDown pays down to the smallest chip; the remainder is not paid
	// (RULES.md §1.6 default).
	RoundDown RoundingMode = iota
	// RoundUp pays any remainder as one more smallest chip.
	RoundUp
	// RoundNearest pays the nearest whole number of smallest chips. A
	// remainder of exactly half a chip goes up, in the player's favour (the
	// lead's decision: a dealer paying by hand cannot flip a coin, and a
	// house that rounds to the nearest chip means not to short the player).
	RoundNearest
)

var roundingNames = [...]string{RoundDown: "down", RoundUp: "up", RoundNearest: "nearest"}

// String is the mode as house.toml writes it: "down", "up", "nearest".
func (m RoundingMode) String() string {
	if m < 0 || int(m) >= len(roundingNames) {
		return fmt.Sprintf("RoundingMode(%d)", int(m))
	}
	return roundingNames[m]
}

// ParseRoundingMode reads house.toml's `rounding`.
func ParseRoundingMode(s string) (RoundingMode, error) {
	for i, n := range roundingNames {
		if n == s {
			return RoundingMode(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want \"down\", \"up\" or \"nearest\" (RULES.md §1.6)", s)
}

// Rounding is the house's rule for amounts that do not come out in whole
// chips: every payout is paid in the smallest chip, the remainder rounded as
// Mode says. It applies only to what a winning wager is paid on top of its
// returned stake: a stake collected or pushed is already in whole chips.
type Rounding struct {
	Chip Money // the smallest chip, e.g. 0.5 → 50
	Mode RoundingMode
}

// Pay returns what a winning stake earns at odds o, rounded to the smallest
// chip by the house's mode. The exact win is reckoned as a fraction, so that
// a remainder below a hundredth still counts (rounding up 0.005 pays a chip).
func (r Rounding) Pay(stake Money, o Odds) Money {
	num := int64(stake) * o.Win
	return r.Fraction(Money(num/o.Per), num%o.Per, o.Per)
}

// Fraction rounds the exact amount whole + num/den minor units (whole ≥ 0,
// 0 ≤ num < den) to a whole number of smallest chips by the house's mode.
// The fraction is kept apart from whole so that no product can overflow: a
// second combination adds two odds, a progressive share divides the meter.
func (r Rounding) Fraction(whole Money, num, den int64) Money {
	c := max(r.Chip, 1)
	q, m := whole/c*c, whole%c
	switch r.Mode {
	case RoundUp:
		if m > 0 || num > 0 {
			return q + c
		}
	case RoundNearest:
		// Up when m + num/den ≥ c/2, that is 2m + 2num/den ≥ c. As
		// 0 ≤ 2num/den < 2, the fraction decides only when 2m is c − 1.
		if 2*m >= c || 2*m+1 == c && 2*num >= den {
			return q + c
		}
	}
	return q
}

// Down rounds m down to a whole number of smallest chips, whatever the mode.
// Fees use it: a fee is not a payout, and rounding it down is the only way
// never to charge more than the fee the rules set (RULES.md §1.6 rounds
// payouts; docs/house-settings.md row 30).
func (r Rounding) Down(m Money) Money {
	if r.Chip <= 1 {
		return m
	}
	return m / r.Chip * r.Chip
}

// Says tells a trainee how an exact amount became the amount paid: "rounded
// down to 8", "rounded up to 9", "rounded to the nearest chip, 8".
func (r Rounding) Says(paid Money) string {
	switch r.Mode {
	case RoundUp:
		return "rounded up to " + paid.String()
	case RoundNearest:
		return "rounded to the nearest chip, " + paid.String()
	}
	return "rounded down to " + paid.String()
}

// ToChip says how a payout was rounded without the amount: "rounded down to
// the smallest chip of 0.5".
func (r Rounding) ToChip() string {
	switch r.Mode {
	case RoundUp:
		return "rounded up to the smallest chip of " + r.Chip.String()
	case RoundNearest:
		return "rounded to the nearest multiple of the smallest chip of " + r.Chip.String() + " (half a chip up)"
	}
	return "rounded down to the smallest chip of " + r.Chip.String()
}

// TooSmall says why a win pays nothing: "less than the smallest chip (0.5)",
// or under RoundNearest "less than half the smallest chip (0.5)". RoundUp
// pays every win at least one chip.
func (r Rounding) TooSmall() string {
	if r.Mode == RoundNearest {
		return "less than half the smallest chip (" + r.Chip.String() + ")"
	}
	return "less than the smallest chip (" + r.Chip.String() + ")"
}

// The rounding notes a game adds to a winning wager's reason, as phrases
// with message ids (content/i18n/drills [reason.rounding]): each note's
// English words are what the game wrote before the notes had ids, built
// from Says, ToChip and TooSmall, so that the reasons did not change.
// Every game may add them (RoundingReasons).
const (
	// " (158.25 rounded down to 158, the smallest chip being 0.5)"
	ReasonRoundedDown    = "reason.rounding.down"
	ReasonRoundedUp      = "reason.rounding.up"
	ReasonRoundedNearest = "reason.rounding.nearest"
	// "; 1:2 on 179.5 = 89.75", then " is rounded down to 89.5, the
	// smallest chip being 0.5"
	ReasonRoundingOn        = "reason.rounding.on"
	ReasonRoundingOnMore    = "reason.rounding.on_more"
	ReasonRoundingIsDown    = "reason.rounding.is_down"
	ReasonRoundingIsUp      = "reason.rounding.is_up"
	ReasonRoundingIsNearest = "reason.rounding.is_nearest"
	// "; 1:2 on 0.5 is less than the smallest chip (0.5), so nothing is
	// paid and the stake is returned"
	ReasonRoundingNothing     = "reason.rounding.nothing"
	ReasonRoundingNothingHalf = "reason.rounding.nothing_half"
	// "; paid 7", then ", rounded down to the smallest chip of 0.5"
	ReasonRoundingPaid        = "reason.rounding.paid"
	ReasonRoundingChipDown    = "reason.rounding.chip_down"
	ReasonRoundingChipUp      = "reason.rounding.chip_up"
	ReasonRoundingChipNearest = "reason.rounding.chip_nearest"
	// ", which rounds down to 0"
	ReasonRoundingWhichDown    = "reason.rounding.which_down"
	ReasonRoundingWhichUp      = "reason.rounding.which_up"
	ReasonRoundingWhichNearest = "reason.rounding.which_nearest"
	// " (rounded down to the smallest chip: nothing to pay)", " (the win
	// is less than the smallest chip (0.5): nothing to pay)"
	ReasonRoundingNoPay     = "reason.rounding.no_pay"
	ReasonRoundingNoPayLess = "reason.rounding.no_pay_less"
	ReasonRoundingNoPayHalf = "reason.rounding.no_pay_half"
)

// RoundingReasons lists every rounding note's id, for the test that every
// catalogue has each; any game's settlement may give them.
var RoundingReasons = []string{ReasonRoundedDown, ReasonRoundedUp, ReasonRoundedNearest,
	ReasonRoundingOn, ReasonRoundingOnMore, ReasonRoundingIsDown, ReasonRoundingIsUp, ReasonRoundingIsNearest,
	ReasonRoundingNothing, ReasonRoundingNothingHalf,
	ReasonRoundingPaid, ReasonRoundingChipDown, ReasonRoundingChipUp, ReasonRoundingChipNearest,
	ReasonRoundingWhichDown, ReasonRoundingWhichUp, ReasonRoundingWhichNearest,
	ReasonRoundingNoPay, ReasonRoundingNoPayLess, ReasonRoundingNoPayHalf}

// byMode picks the id of r's mode among down, up and nearest.
func (r Rounding) byMode(down, up, nearest string) string {
	switch r.Mode {
	case RoundUp:
		return up
	case RoundNearest:
		return nearest
	}
	return down
}

// Note says in parentheses how stake won at o became paid: " (158.25
// rounded down to 158, the smallest chip being 0.5)"; an exact amount the
// minor unit cannot write ends in "…" (" (0.33… rounded down to 0, …)").
// It is empty when paid is the exact amount.
func (r Rounding) Note(stake Money, o Odds, paid Money) *Words {
	y := &Words{}
	num := int64(stake) * o.Win
	exact, more := Money(num/o.Per), ""
	if num%o.Per == 0 && exact == paid {
		return y
	}
	if num%o.Per != 0 {
		more = "…"
	}
	y.Say(fmt.Sprintf(" (%s%s %s, the smallest chip being %s)", exact, more, r.Says(paid), r.Chip),
		r.byMode(ReasonRoundedDown, ReasonRoundedUp, ReasonRoundedNearest),
		"Exact", exact, "More", more, "Paid", paid, "Chip", r.Chip)
	return y
}

// OddsNote says after a semicolon how stake won at o became paid, the odds
// written as the game prints them (odds): "; 1:2 on 179.5 = 89.75 is
// rounded down to 89.5, the smallest chip being 0.5", or "= a little more
// than 0" below a hundredth.
func (r Rounding) OddsNote(odds string, stake Money, o Odds, paid Money) *Words {
	y := &Words{}
	num := int64(stake) * o.Win
	whole := Money(num / o.Per)
	if num%o.Per == 0 {
		y.Say(fmt.Sprintf("; %s on %s = %s", odds, stake, whole), ReasonRoundingOn, "Odds", odds, "Stake", stake, "Exact", whole)
	} else {
		// Below a hundredth: "more than" rather than invented digits.
		y.Say(fmt.Sprintf("; %s on %s = a little more than %s", odds, stake, whole), ReasonRoundingOnMore, "Odds", odds, "Stake", stake, "Exact", whole)
	}
	y.Say(fmt.Sprintf(" is %s, the smallest chip being %s", r.Says(paid), r.Chip),
		r.byMode(ReasonRoundingIsDown, ReasonRoundingIsUp, ReasonRoundingIsNearest), "Paid", paid, "Chip", r.Chip)
	return y
}

// NothingNote says why a win at odds (as the game prints them) on stake
// pays nothing: "; 1:2 on 0.5 is less than the smallest chip (0.5), so
// nothing is paid and the stake is returned".
func (r Rounding) NothingNote(odds string, stake Money) *Words {
	y := &Words{}
	id := ReasonRoundingNothing
	if r.Mode == RoundNearest {
		id = ReasonRoundingNothingHalf
	}
	y.Say(fmt.Sprintf("; %s on %s is %s, so nothing is paid and the stake is returned", odds, stake, r.TooSmall()), id,
		"Odds", odds, "Stake", stake, "Chip", r.Chip)
	return y
}

// PaidNote says what a rounded win pays and how it was rounded: "; paid 7,
// rounded down to the smallest chip of 0.5".
func (r Rounding) PaidNote(paid Money) *Words {
	y := &Words{}
	y.Say("; paid "+paid.String(), ReasonRoundingPaid, "Paid", paid)
	y.Append(r.ChipNote())
	return y
}

// ChipNote says how a payout was rounded without the amount: ", rounded
// down to the smallest chip of 0.5" (ToChip).
func (r Rounding) ChipNote() *Words {
	y := &Words{}
	y.Say(", "+r.ToChip(), r.byMode(ReasonRoundingChipDown, ReasonRoundingChipUp, ReasonRoundingChipNearest), "Chip", r.Chip)
	return y
}

// WhichNote says what a win rounds to, after the win: ", which rounds down
// to 0".
func (r Rounding) WhichNote(paid Money) *Words {
	y := &Words{}
	y.Say(", which "+strings.Replace(r.Says(paid), "rounded", "rounds", 1),
		r.byMode(ReasonRoundingWhichDown, ReasonRoundingWhichUp, ReasonRoundingWhichNearest), "Paid", paid)
	return y
}

// NoPayNote says why a win pays nothing: " (rounded down to the smallest
// chip: nothing to pay)", or under another mode " (the win is less than
// the smallest chip (0.5): nothing to pay)".
func (r Rounding) NoPayNote() *Words {
	y := &Words{}
	switch r.Mode {
	case RoundDown:
		y.Say(" (rounded down to the smallest chip: nothing to pay)", ReasonRoundingNoPay)
	case RoundNearest:
		y.Say(" (the win is "+r.TooSmall()+": nothing to pay)", ReasonRoundingNoPayHalf, "Chip", r.Chip)
	default:
		y.Say(" (the win is "+r.TooSmall()+": nothing to pay)", ReasonRoundingNoPayLess, "Chip", r.Chip)
	}
	return y
}
