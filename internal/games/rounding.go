package games

import "fmt"

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
