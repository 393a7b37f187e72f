package oracle

import (
	"fmt"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// The sections of the house rule book (content/rules/books/oracle.md) that a
// wager result cites in its Rule: each is the section that states the rule
// the result follows.
const (
	RuleFold      = "oracle.fold"       // a fold loses what is on the box
	RuleNoQualify = "oracle.no_qualify" // the dealer has less than a pair
	RuleAnte      = "oracle.settle_ante"
	RuleBet       = "oracle.settle_bet"
	RuleStay      = "oracle.stay" // the same five ranks
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
		out.Dealer.Notes = []string{"The dealer qualifies: he needs one pair or better, a pair of twos at least."}
	} else {
		out.Dealer.Notes = []string{"The dealer does not qualify: he needs one pair or better, a pair of twos at least."}
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
		lose(&ante, "", RuleFold)
		if b.FourthCard {
			ante.Say("Ante loses: the player folded after opening the 4th card", ReasonAnteFoldAfter)
		} else {
			ante.Say("Ante loses: the player folded before opening the 4th card", ReasonAnteFoldBefore)
		}
		lose(&bet, "", RuleFold)
		bet.Say("BET loses: the player folded after the 4th card, and at this house the payment for the 4th card is the BET", ReasonBetFold)
	case !dealer.PairOrBetter():
		res.Versus = versus(hand, dealer)
		if s.NoQualifyAnte.IsZero() {
			push(&ante, "", RuleNoQualify)
			ante.Say("Ante pushes: the dealer did not qualify, and at this house the Ante then pushes", ReasonAnteNoQualify)
		} else {
			y := &games.Words{}
			y.Say(fmt.Sprintf("Ante pays %s: the dealer did not qualify", s.NoQualifyAnte), ReasonAntePaidNoQualify, "Odds", s.NoQualifyAnte.String())
			winWords(&ante, rd, s.NoQualifyAnte, NoQualifyRow+s.NoQualifyAnte.String(), y, RuleNoQualify)
		}
		push(&bet, "", RuleNoQualify)
		bet.Say("BET pushes: the dealer did not qualify (less than a pair of twos), whatever the player holds", ReasonBetNoQualify)
	default:
		res.Versus = versus(hand, dealer)
		why := compareWords(hand, dealer)
		// framed is a wager's frame (its English, message id and args)
		// and why after it.
		framed := func(frame, id string, args ...any) *games.Words {
			y := &games.Words{}
			y.Say(frame, id, args...)
			y.Said(why)
			return y
		}
		switch res.Versus {
		case games.VersusWin:
			o, _ := s.Ante.Odds("win")
			winWords(&ante, rd, o, s.Ante.RowName("win"), framed(fmt.Sprintf("Ante pays %s: ", o), ReasonAntePays, "Odds", o.String()), RuleAnte)
			cat := hand.Category()
			if o, ok := s.Bet.Odds(cat.Key()); ok {
				winWords(&bet, rd, o, s.Bet.RowName(cat.Key()), framed(fmt.Sprintf("BET pays %s: ", o), ReasonBetPays, "Odds", o.String()), RuleBet)
			} else {
				push(&bet, "", RuleBet)
				// The table's name is the rules files' and is never said
				// (issue 26): "this house's BET table".
				bet.Say(fmt.Sprintf("BET pushes: the player won with %s, which this house's BET table does not pay", cat),
					ReasonBetNotPaid, "Hand", games.Category{Key: cat.Key()})
			}
		case games.VersusTie:
			push(&ante, "", RuleStay)
			ante.Says(framed("Ante pushes: a STAY, ", ReasonAnteStay))
			push(&bet, "", RuleStay)
			bet.Says(framed("BET pushes: a STAY, ", ReasonBetStay))
		default:
			lose(&ante, "", RuleAnte)
			ante.Says(framed("Ante loses: ", ReasonAnteLoses))
			lose(&bet, "", RuleBet)
			bet.Says(framed("BET loses: ", ReasonBetLoses))
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

// PaidFees lists the fees the player of box b put down for his actions,
// before any is returned (a house whose fees are refundable returns them at
// the settlement): the 4th card's, then the exchanges', each with the
// amount and reason the settlement gives it when it is kept.
func PaidFees(b *Box, s *Settings, rd games.Rounding) []games.Fee {
	return fees(b, s, rd, false)
}

// fees lists the fees a box took. A zero fee (a house that gives the card
// away) is left out; a refunded fee is listed at 0 with the reason.
func fees(b *Box, s *Settings, rd games.Rounding, anteSurvived bool) []games.Fee {
	var out []games.Fee
	// what is the fee's name, in English and as phrases (games.Why): the
	// reason is built of both at once, so that they say the same.
	add := func(name, what string, whatWhy games.Why, n int, o games.Odds) {
		one, rounded := fee(b.Ante, o, rd)
		amount := games.Money(n) * one
		if amount <= 0 {
			return
		}
		why := append(whatWhy, games.Phrase{ID: ReasonFeeOf, Args: []any{"Amount", amount}})
		how, howWhy := ratio(o, n)
		why = append(why, howWhy...)
		if rounded {
			how += fmt.Sprintf(", rounded down to the smallest chip of %s", rd.Chip)
			why = append(why, games.Phrase{ID: ReasonFeeRounded, Args: []any{"Chip", rd.Chip}})
		}
		what = fmt.Sprintf("%s of %s (%s)", what, amount, how)
		switch {
		case s.FeesRefundable && anteSurvived:
			out = append(out, games.Fee{Fee: name, Amount: 0,
				Reason: what + " returned: at this house a fee is returned when the Ante does not lose",
				Why:    append(why, games.Phrase{ID: ReasonFeeReturned})})
			return
		case s.FeesRefundable:
			what += " kept: the Ante lost"
			why = append(why, games.Phrase{ID: ReasonFeeKept})
		case b.Fold:
			what += " is not returned, also when the player folds"
			why = append(why, games.Phrase{ID: ReasonFeeKeptFold})
		default:
			what += " is not returned, whatever the result"
			why = append(why, games.Phrase{ID: ReasonFeeKeptAlways})
		}
		out = append(out, games.Fee{Fee: name, Amount: amount, Reason: what, Why: why})
	}
	if b.FourthCard && s.FourthCardPayment == PaymentFee {
		add(FeeFourthCard, "4th-card fee", games.Why{{ID: ReasonFeeFourth}}, 1, s.FourthCardFee)
	}
	if n := b.Exchanges(s); n > 0 {
		what := fmt.Sprintf("Exchange of %d card", b.Exchanged)
		if b.Exchanged > 1 {
			what += "s"
		}
		whatWhy := games.Why{{ID: ReasonFeeExchange, Args: []any{"Count", b.Exchanged}}}
		if n > 1 {
			what += fmt.Sprintf(" (%d exchanges)", n)
			whatWhy = append(whatWhy, games.Phrase{ID: ReasonFeeExchanges, Args: []any{"Count", n}})
		}
		add(FeeExchange, what+": fee", append(whatWhy, games.Phrase{ID: ReasonFeeExchangeFee}), n, s.ExchangeFee)
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
func ratio(o games.Odds, n int) (string, games.Why) {
	r := o.String() + " of the Ante"
	why := games.Why{{ID: ReasonRatioOdds, Args: []any{"Odds", o.String()}}}
	if o.Per == 1 {
		r = fmt.Sprintf("%d×Ante", o.Win)
		why = games.Why{{ID: ReasonRatioTimes, Args: []any{"Times", o.Win}}}
	}
	if n > 1 {
		r = fmt.Sprintf("%d × %s", n, r)
		why = append(games.Why{{ID: ReasonRatioN, Args: []any{"N", n}}}, why...)
	}
	return r, why
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

// compareWords says why a showdown went the way it did, naming the card
// that decides when both hands are of the same kind: "both hold a pair of
// aces with a queen; the second kicker decides, the dealer's jack against
// the player's ten". The hands' names and ranks are the phrases the hold'em
// games share (internal/games/showdown.go).
func compareWords(p, d poker.Hand) games.Said {
	pc, dc := p.Category(), d.Category()
	c := poker.Compare(p, d)
	switch {
	case c == 0:
		five := p.Ranks()
		rs := games.Ranks{Ranks: five[:], Form: games.FormName}
		return games.Saying("the player and the dealer hold the same five ranks: "+rs.English(), ReasonSameRanks, "Ranks", rs)
	case pc != dc:
		return games.Beats(c > 0, games.CategoryName(pc), games.CategoryName(dc))
	}
	w, l := p, d
	if c < 0 {
		w, l = d, p
	}
	wr, lr := w.Ranks(), l.Ranks()
	i := 0
	for i < len(wr) && wr[i] == lr[i] {
		i++
	}
	if i == 0 || i == len(wr) {
		// The hands differ in their first rank (the pair, the set, the
		// top of a straight...): that rank decides. (Two royal flushes
		// tie, so none is named here.)
		return games.Beats(c > 0, games.HandName(p), games.HandName(d))
	}
	both := shared(pc, wr, i)
	pos := games.Position(position(pc, i))
	win, lose := cardWord(pc, i, wr[i]), cardWord(pc, i, lr[i])
	if c > 0 {
		return games.Saying(fmt.Sprintf("both hold %s; %s decides, the player's %s against the dealer's %s", both.Text, pos.Text, win.English(), lose.English()),
			ReasonBothHoldPlayer, "Hand", both.Arg, "Pos", pos.Arg, "Player", win, "Dealer", lose)
	}
	return games.Saying(fmt.Sprintf("both hold %s; %s decides, the dealer's %s against the player's %s", both.Text, pos.Text, win.English(), lose.English()),
		ReasonBothHoldDealer, "Hand", both.Arg, "Pos", pos.Arg, "Player", lose, "Dealer", win)
}

// shared says what two hands of category cat hold in common before index i
// of their ranks, the first that differs.
func shared(cat poker.Category, r [5]cards.Rank, i int) games.Said {
	kickers := func(s games.Said, ks []cards.Rank) games.Said {
		if len(ks) == 0 {
			return s
		}
		return games.With(s, games.Ranks{Ranks: ks, Form: games.FormA, And: true})
	}
	switch cat {
	case poker.OnePair:
		return kickers(games.A(games.NameOf(poker.OnePair, r)), r[2:i])
	case poker.TwoPair:
		if i == 2 {
			pair := games.Rank{Rank: r[0], Form: games.FormPlural}
			return games.Saying(pair.English()+" as their higher pair", ReasonHigherPair, "Pair", pair)
		}
		hi, lo := games.Rank{Rank: r[0], Form: games.FormPlural}, games.Rank{Rank: r[2], Form: games.FormPlural}
		return games.Saying("two pair, "+hi.English()+" and "+lo.English(), ReasonTwoPair, "High", hi, "Low", lo)
	case poker.ThreeOfAKind:
		return kickers(games.NameOf(poker.ThreeOfAKind, r), r[3:i])
	case poker.FourOfAKind:
		return games.NameOf(poker.FourOfAKind, r)
	case poker.FullHouse:
		return games.NameOf(poker.ThreeOfAKind, r)
	}
	top := games.Ranks{Ranks: r[:i], Form: games.FormA, And: true}
	if cat == poker.Flush {
		return games.Saying("a flush headed by "+top.English(), ReasonFlushHeaded, "Cards", top)
	}
	return games.Saying("cards headed by "+top.English(), ReasonCardsHeaded, "Cards", top)
}

// position names the place in a hand of category cat at index i of its
// ranks, by its key (games.Positions).
func position(cat poker.Category, i int) string {
	switch cat {
	case poker.OnePair:
		return [...]string{2: "first_kicker", 3: "second_kicker", 4: "third_kicker"}[i]
	case poker.TwoPair:
		if i == 2 {
			return "lower_pair"
		}
		return "kicker"
	case poker.ThreeOfAKind:
		return [...]string{3: "first_kicker", 4: "second_kicker"}[i]
	case poker.FullHouse:
		return "pair"
	case poker.FourOfAKind:
		return "kicker"
	}
	return [...]string{1: "second_highest_card", 2: "third_highest_card", 3: "fourth_highest_card", 4: "lowest_card"}[i]
}

// cardWord is the deciding rank at index i: a pair in plural ("nines"), a
// single card by its name ("jack").
func cardWord(cat poker.Category, i int, r cards.Rank) games.Rank {
	if (cat == poker.TwoPair && i == 2) || (cat == poker.FullHouse && i == 3) {
		return games.Rank{Rank: r, Form: games.FormPlural}
	}
	return games.Rank{Rank: r, Form: games.FormName}
}

// win settles w as a win at o, its reason English words only (no ids yet).
func win(w *games.WagerResult, rd games.Rounding, o games.Odds, row, reason, rule string) {
	y := &games.Words{}
	y.English(reason)
	winWords(w, rd, o, row, y, rule)
}

// winWords settles w as a win at o, its reason y (words that may have ids,
// games.Words). A payout rounded to the smallest chip adds its note after
// them: "; paid 7, rounded down to the smallest chip of 0.5".
func winWords(w *games.WagerResult, rd games.Rounding, o games.Odds, row string, y *games.Words, rule string) {
	w.Result, w.Row, w.Rule = games.Win, row, rule
	w.Pays = rd.Pay(w.Stake, o)
	w.Says(y)
	if int64(w.Pays)*o.Per != int64(w.Stake)*o.Win {
		w.AddWords(rd.PaidNote(w.Pays))
	}
}

func lose(w *games.WagerResult, reason, rule string) {
	w.Result, w.Pays, w.Reason, w.Rule = games.Lose, -w.Stake, reason, rule
}

func push(w *games.WagerResult, reason, rule string) {
	w.Result, w.Pays, w.Reason, w.Rule = games.Push, 0, reason, rule
}
