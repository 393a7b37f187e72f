package lunar

import (
	"fmt"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// Insurance (RULES.md §5.7, §6 row 29) is off by default and not in the
// seed's game. §5.7 gives only an outline ("with three of a kind or better,
// against the dealer not qualifying: stake between 1×A and ½ of the potential
// BET win, pays 1:1"); the lead settled the rest, and this file implements
// exactly that (docs/lunar.md):
//
//   - It is the wager `insurance` on the box, taken only where the house sets
//     insurance_enabled; elsewhere it is refused like an unknown wager.
//   - It is placed with the BET, on the box's final hand (after any draw),
//     before the dealer reveals: the hand must hold three of a kind or better
//     and the box must play (not folded, no Instant Cash).
//   - Its stake is at least 1× the Ante and at most half the potential BET
//     win: what the BET would be paid on that hand against a qualifying
//     dealer it beats, second combination included, at the house's BET table
//     and second-combination settings.
//   - It pays 1:1 when the dealer's first five do not qualify and loses when
//     they do. A force that follows changes nothing: it was decided when the
//     dealer revealed, like the Dealer Super on his initial hand.
//   - It counts in max_payout_per_box and in the net like any other wager.

// evenMoney is insurance's pay: 1:1.
var evenMoney = games.Odds{Win: 1, Per: 1}

// potentialBetWin is what a BET of bet on the final hand would win against a
// qualifying dealer it beats (§5.4, §5.5), reckoned exactly at the table's
// odds: whole + num/den minor units. The stake limit is fixed by the table
// before any payout is rounded, so it is the same at every rounding; with
// every shipped BET table paying whole odds it is a whole amount anyway.
// second tells whether a second combination is part of it.
func potentialBetWin(final []cards.Card, bet games.Money, s *Settings) (whole games.Money, num, den int64, second bool) {
	first, sec := secondCombination(final, s.Bet, s.TwoStraights)
	o1, _ := s.Bet.Odds(first)
	if !s.SecondCombo || sec == "" {
		x := int64(bet) * o1.Win
		return games.Money(x / o1.Per), x % o1.Per, o1.Per, false
	}
	o2, _ := s.Bet.Odds(sec)
	whole, num, den = exactTwo(bet, o1, o2)
	return whole, num, den, true
}

// InsuranceRange returns the stakes a box may insure its final hand for at
// house s: from the Ante to half the potential BET win, in hundredths
// (a stake has at most two decimals, so the upper limit is floored to one).
// potential is the BET win it is half of, floored to a hundredth; second says
// whether it includes a second combination.
func InsuranceRange(final []cards.Card, ante games.Money, s *Settings) (lo, hi, potential games.Money, second bool) {
	whole, _, _, second := potentialBetWin(final, ante*games.Money(s.BetMultiple), s)
	// A stake is whole hundredths, so stake ≤ (whole + fraction)/2 exactly
	// when stake ≤ whole/2 floored.
	return ante, whole / 2, whole, second
}

// checkInsurance validates the box's insurance once its final hand, fold and
// BET are known. field is the SETTLE.md path ("boxes[0].wagers.insurance").
func (b *Box) checkInsurance(field string, s *Settings) error {
	if b.Fold {
		return games.Fieldf(field, "a box that folded cannot insure: insurance is placed with the BET, by a box that plays")
	}
	h := poker.Standard.Evaluate(b.Final)
	if h.Category() < poker.ThreeOfAKind {
		return games.Fieldf(field, "insurance needs three of a kind or better in the box's final hand, not %s", withArticle(h.Category().String()))
	}
	lo, hi, potential, second := InsuranceRange(b.Final, b.Ante, s)
	what := "the potential BET win of " + potential.String()
	if second {
		what += ", second combination included"
	}
	if hi < lo {
		return games.Fieldf(field, "this hand cannot be insured: half %s is less than the Ante (%s)", what, lo)
	}
	if b.Insurance < lo || b.Insurance > hi {
		return games.Fieldf(field, "must be between %s (1× the Ante) and %s (half %s), got %s", lo, hi, what, b.Insurance)
	}
	return nil
}

// settleInsurance settles a box's insurance on the dealer's first five: 1:1
// when they do not qualify, lost when they do. A later force is named but
// changes nothing.
func settleInsurance(b *Box, t *table, rd games.Rounding) games.WagerResult {
	w := games.WagerResult{Wager: Insurance, Stake: b.Insurance}
	const rule = RuleInsurance
	if t.qualifies {
		set(&w, games.Lose, -b.Insurance, "", "", rule)
		w.Say("Insurance loses: the dealer qualified with ace-king or better", ReasonInsuranceLose)
		return w
	}
	reason, id := fmt.Sprintf("Insurance pays %s: the dealer did not qualify", evenMoney), ReasonInsurancePays
	if t.forced {
		reason += " on his first five; the force that followed does not change it"
		id = ReasonInsurancePaysForced
	}
	won(&w, rd, rd.Pay(b.Insurance, evenMoney), "", reason, games.Why{{ID: id, Args: []any{"Odds", evenMoney.String()}}}, rule)
	return w
}
