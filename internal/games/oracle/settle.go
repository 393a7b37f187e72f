package oracle

import (
	"fmt"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// Settle settles a valid round (RULES.md §3.2.7, §3.3). It never fails and
// never panics; a nil round or settings gives an empty settlement.
//
// Each box: the fees it took are collected whatever happens next (the 4th
// card, each exchange), unless fees_refundable returns them to a box whose
// Ante did not lose. A fold loses the Ante (and, where the 4th-card payment is
// the BET, the BET). Otherwise the dealer's two cards and the five on the
// board are compared with the player's two and the same five:
//   - the dealer has less than a pair: the Ante pays ante_on_dealer_no_qualify
//     (1:1, or push), the BET pushes, whatever the player holds;
//   - the player is higher: the Ante pays 1:1 (the ante table) and the BET by
//     the BET table;
//   - the player is lower: the Ante and the BET lose;
//   - the same five ranks: STAY, both push.
//
// A player can only win with a hand the BET table does not pay (high card)
// against a dealer who does not qualify, where the BET pushes anyway; a
// house table that left a row out would push the BET on it too.
func Settle(r *Round, s *Settings, rd games.Rounding) *games.Settlement {
	out := &games.Settlement{Game: Slug}
	if r == nil || s == nil {
		return out
	}
	dealer := poker.Standard.Evaluate(seven(r.Dealer, r.Board))
	qualifies := dealer.PairOrBetter()
	out.Dealer = games.Dealer{
		Best:        dealer.Best[:],
		Hand:        dealer.Category().String(),
		Description: dealer.Describe(),
		Qualifies:   qualifies,
	}
	if qualifies {
		out.Dealer.Notes = []string{"The dealer qualifies: he needs one pair or better, a pair of twos at least (§3.2.6)."}
	} else {
		out.Dealer.Notes = []string{"The dealer does not qualify: he needs one pair or better, a pair of twos at least (§3.2.6)."}
	}
	out.Boxes = make([]games.BoxResult, len(r.Boxes))
	for i := range r.Boxes {
		out.Boxes[i] = settleBox(i, &r.Boxes[i], r, dealer, s, rd)
	}
	return out
}

// seven returns two hole cards and the board as one hand of seven.
func seven(hole [2]cards.Card, board [5]cards.Card) []cards.Card {
	cs := make([]cards.Card, 0, 7)
	cs = append(cs, hole[:]...)
	return append(cs, board[:]...)
}

func settleBox(i int, b *Box, r *Round, dealer poker.Hand, s *Settings, rd games.Rounding) games.BoxResult {
	// Cards speak: a box that reaches the showdown plays its two hole cards
	// with all five board cards, the 4th card included whether or not it paid
	// to see it early (the payment buys the look, not the card).
	hand := poker.Standard.Evaluate(seven(b.Cards, r.Board))
	res := games.BoxResult{
		Box:         i + 1,
		Best:        hand.Best[:],
		Hand:        hand.Category().String(),
		Description: hand.Describe(),
		Versus:      games.VersusNone,
	}
	ante := games.WagerResult{Wager: "ante", Stake: b.Ante}
	bet := games.WagerResult{Wager: "bet", Stake: b.Bet}

	switch {
	case b.Fold:
		when, rule := "before opening the 4th card", "§3.2.3"
		if b.FourthCard {
			when, rule = "after opening the 4th card", "§3.2.4"
		}
		lose(&ante, "Ante loses: the player folded "+when, rule)
		lose(&bet, "BET loses: the player folded after the 4th card, whose payment is the BET (house rule: fourth_card_payment = bet)", "oracle.fourth_card_payment")
	case !dealer.PairOrBetter():
		res.Versus = versus(hand, dealer)
		if s.NoQualifyAnte.IsZero() {
			push(&ante, "Ante pushes: the dealer did not qualify (house rule: Ante pushed on no-qualify)", "oracle.ante_on_dealer_no_qualify")
		} else {
			win(&ante, rd, s.NoQualifyAnte, "house rule ante_on_dealer_no_qualify, "+s.NoQualifyAnte.String(),
				fmt.Sprintf("Ante pays %s: the dealer did not qualify (house rule: Ante paid on no-qualify)", s.NoQualifyAnte),
				"oracle.ante_on_dealer_no_qualify")
		}
		push(&bet, "BET pushes: the dealer did not qualify (less than a pair of twos), whatever the player holds", "§3.2.7")
	default:
		res.Versus = versus(hand, dealer)
		why := compareWords(hand, dealer)
		switch res.Versus {
		case games.VersusWin:
			o, _ := s.Ante.Odds("win")
			win(&ante, rd, o, s.Ante.RowName("win"), fmt.Sprintf("Ante pays %s: %s", o, why), "§3.2.7")
			key := hand.Category().Key()
			if o, ok := s.Bet.Odds(key); ok {
				win(&bet, rd, o, s.Bet.RowName(key), fmt.Sprintf("BET pays %s: %s", o, why), "§3.3")
			} else {
				push(&bet, fmt.Sprintf("BET pushes: the player won with %s, which BET table %s does not pay", hand.Category(), s.Bet.Name), "§3.3")
			}
		case games.VersusTie:
			push(&ante, "Ante pushes: STAY, "+why, "§3.2.7")
			push(&bet, "BET pushes: STAY, "+why, "§3.2.7")
		default:
			lose(&ante, "Ante loses: "+why, "§3.2.7")
			lose(&bet, "BET loses: "+why, "§3.2.7")
		}
	}

	res.Wagers = append(res.Wagers, ante)
	if b.Bet > 0 {
		res.Wagers = append(res.Wagers, bet)
	}
	res.FeeItems = fees(b, s, rd, ante.Result != games.Lose)
	res.Total()
	games.CapBox(&res, s.MaxPayoutPerBox)
	return res
}

// fees lists the fees a box took. A zero fee (a house that gives the card
// away) is left out; a refunded fee is listed at 0 with the reason.
func fees(b *Box, s *Settings, rd games.Rounding, anteSurvived bool) []games.Fee {
	var out []games.Fee
	add := func(name, what string, n int, o games.Odds) {
		one, rounded := fee(b.Ante, o, rd)
		amount := games.Money(n) * one
		if amount <= 0 {
			return
		}
		how := ratio(o, n)
		if rounded {
			how += fmt.Sprintf(", rounded down to the smallest chip of %s", rd.Chip)
		}
		what = fmt.Sprintf("%s of %s (%s)", what, amount, how)
		switch {
		case s.FeesRefundable && anteSurvived:
			out = append(out, games.Fee{Fee: name, Amount: 0,
				Reason: what + " returned: the Ante did not lose (house rule: fees_refundable)"})
			return
		case s.FeesRefundable:
			what += " kept: the Ante lost (house rule: fees_refundable)"
		case b.Fold:
			what += " is never returned, also when the player folds (§3.2.7)"
		default:
			what += " is never returned (§3.2.7)"
		}
		out = append(out, games.Fee{Fee: name, Amount: amount, Reason: what})
	}
	if b.FourthCard && s.FourthCardPayment == PaymentFee {
		add(FeeFourthCard, "4th-card fee", 1, s.FourthCardFee)
	}
	if n := b.Exchanges(s); n > 0 {
		what := fmt.Sprintf("Exchange of %d card", b.Exchanged)
		if b.Exchanged > 1 {
			what += "s"
		}
		if n > 1 {
			what += fmt.Sprintf(" (%d exchanges)", n)
		}
		add(FeeExchange, what+": fee", n, s.ExchangeFee)
	}
	return out
}

// fee is one fee of ratio o on the Ante, rounded down to the smallest chip
// whatever the house's rounding of payouts: the house takes no fee it could
// not give change for, and never more than the fee the rules set (a fee is
// not a payout; house.toml rounding rounds payouts, §1.6). rounded tells
// whether anything was cut.
func fee(ante games.Money, o games.Odds, rd games.Rounding) (amount games.Money, rounded bool) {
	amount = games.Rounding{Chip: rd.Chip}.Pay(ante, o)
	return amount, int64(amount)*o.Per != int64(ante)*o.Win
}

// ratio says how a fee is reckoned: "1×Ante", "2 × 1×Ante", "1:2 of the Ante".
func ratio(o games.Odds, n int) string {
	r := o.String() + " of the Ante"
	if o.Per == 1 {
		r = fmt.Sprintf("%d×Ante", o.Win)
	}
	if n > 1 {
		r = fmt.Sprintf("%d × %s", n, r)
	}
	return r
}

func versus(p, d poker.Hand) games.Versus {
	switch poker.Compare(p, d) {
	case 1:
		return games.VersusWin
	case -1:
		return games.VersusLose
	}
	return games.VersusTie
}

// compareWords says why a showdown went the way it did.
func compareWords(p, d poker.Hand) string {
	pc, dc := p.Category(), d.Category()
	switch c := poker.Compare(p, d); {
	case c == 0:
		return fmt.Sprintf("the player's %s and the dealer's have the same five ranks", pc)
	case pc != dc && c > 0:
		return fmt.Sprintf("the player's %s beats the dealer's %s", pc, dc)
	case pc != dc:
		return fmt.Sprintf("the dealer's %s beats the player's %s", dc, pc)
	case c > 0:
		return fmt.Sprintf("the player's %s beats the dealer's on rank (%s against %s)", pc, lowerFirst(p.Describe()), lowerFirst(d.Describe()))
	default:
		return fmt.Sprintf("the dealer's %s beats the player's on rank (%s against %s)", dc, lowerFirst(d.Describe()), lowerFirst(p.Describe()))
	}
}

func win(w *games.WagerResult, rd games.Rounding, o games.Odds, row, reason, rule string) {
	w.Result, w.Row, w.Rule = games.Win, row, rule
	w.Pays = rd.Pay(w.Stake, o)
	if int64(w.Pays)*o.Per != int64(w.Stake)*o.Win {
		reason += fmt.Sprintf("; paid %s, %s", w.Pays, rd.ToChip())
	}
	w.Reason = reason
}

func lose(w *games.WagerResult, reason, rule string) {
	w.Result, w.Pays, w.Reason, w.Rule = games.Lose, -w.Stake, reason, rule
}

func push(w *games.WagerResult, reason, rule string) {
	w.Result, w.Pays, w.Reason, w.Rule = games.Push, 0, reason, rule
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
