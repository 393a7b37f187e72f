package lunar

import (
	"fmt"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// rowNames are the pay-table rows as a dealer says them.
var rowNames = map[string]string{
	"royal_flush": "royal flush", "straight_flush": "straight flush", "four_of_a_kind": "four of a kind",
	"full_house": "full house", "flush": "flush", "straight": "straight", "three_of_a_kind": "three of a kind",
	"two_pair": "two pair", "one_pair": "one pair", "ace_king": "ace-king",
	"same_colour_straight": "same-coloured straight", "five_picture_cards": "five picture cards",
	"ace_king_queen": "ace-king-queen", "five_same_colour": "five same-coloured cards",
}

// namedCombo reports whether a BET, Super or Instant Cash row is a
// combination the reasons' catalogue names (reason.category.<key>): a poker
// category, ace-king or one of the Super's own combinations.
func namedCombo(key string) bool {
	if _, ok := poker.CategoryByKey(key); ok {
		return true
	}
	switch key {
	case "ace_king", poker.SuperAceKingQueen, poker.SuperFiveSameColour, poker.SuperSameColourStraight, poker.SuperFivePictureCards:
		return true
	}
	return false
}

func rowName(key string) string {
	if n, ok := rowNames[key]; ok {
		return n
	}
	return strings.ReplaceAll(key, "_", " ")
}

// table is the state of the dealer's side once every box has decided.
type table struct {
	first     poker.Hand // the dealer's five as dealt
	qualifies bool       // the first five are ace-king or better
	forced    bool       // the dealer did not qualify and at least one box forced
	replaced  poker.Hand // after the force (when forced)
	replQual  bool       // the replaced hand qualifies
	final     []cards.Card
}

// superHit is the best Super combination of one hand's first five cards.
type superHit struct {
	key  string
	odds games.Odds
	ok   bool
}

// Settle settles a round validated by Parse, in the order of RULES.md §5.3:
// Instant Cash, the Super bets on each box's first five, the draws and folds,
// the Dealer Super, then the showdown against the dealer's first five or,
// for the boxes that forced, against the hand after his card is replaced.
// It never fails and never panics on a round Parse accepted.
func Settle(r *Round, s *Settings, rd games.Rounding) *games.Settlement {
	t := table{first: poker.Standard.Evaluate(r.Dealer), final: r.Dealer}
	t.qualifies = t.first.AceKingOrBetter()
	var forcers []string
	for i, b := range r.Boxes {
		if b.Force && !t.qualifies {
			forcers = append(forcers, fmt.Sprintf("box %d", i+1))
		}
	}
	var out cards.Card
	if len(forcers) > 0 && r.HasDraw {
		t.forced = true
		t.final, out = replaceCard(r.Dealer, s.ForceCard, r.DealerDraw)
		t.replaced = poker.Standard.Evaluate(t.final)
		t.replQual = t.replaced.AceKingOrBetter()
	}

	supers := make([]superHit, len(r.Boxes))
	for i, b := range r.Boxes {
		k, o, ok := bestSuper(s.Super, b.First)
		supers[i] = superHit{k, o, ok}
	}
	dealerFive := r.Dealer
	if t.forced && !s.DealerSuperOnInitialHand {
		dealerFive = t.final
	}
	var dealerSuper superHit
	dealerSuper.key, dealerSuper.odds, dealerSuper.ok = bestSuper(s.Super, dealerFive)

	st := &games.Settlement{Game: Slug, Dealer: t.describe(r, s, forcers, out, dealerSuper)}
	for i := range r.Boxes {
		st.Boxes = append(st.Boxes, settleBox(i, r, s, rd, &t, supers, dealerSuper))
	}
	return st
}

// replaceCard returns the dealer's hand with one card replaced by next, and
// the card taken out: the highest (ace high; a hand that does not qualify has
// five different ranks, so it is one card), the lowest, or the first dealt,
// per lunar_force_card.
func replaceCard(hand []cards.Card, which string, next cards.Card) ([]cards.Card, cards.Card) {
	at := 0
	for i, c := range hand {
		switch which {
		case "highest":
			if c.Rank() > hand[at].Rank() {
				at = i
			}
		case "lowest":
			if c.Rank() < hand[at].Rank() {
				at = i
			}
		}
	}
	out := append([]cards.Card(nil), hand...)
	out[at] = next
	return out, hand[at]
}

func (t *table) describe(r *Round, s *Settings, forcers []string, out cards.Card, ds superHit) games.Dealer {
	d := games.Dealer{Best: best(t.first), Hand: t.first.Category().String(), Description: t.first.Describe(), Qualifies: t.qualifies}
	if t.qualifies {
		d.Notes = append(d.Notes, "The dealer qualifies with ace-king or better: the boxes that play are compared with his hand.")
	} else {
		d.Notes = append(d.Notes, "The dealer's first five do not qualify: less than ace-king.")
	}
	if t.forced {
		d.First = append([]cards.Card(nil), r.Dealer...)
		d.Best, d.Hand, d.Description, d.Qualifies = best(t.replaced), t.replaced.Category().String(), t.replaced.Describe(), t.replQual
		n := fmt.Sprintf("%s forced: the dealer's %s card, the %s, is replaced by the next card, the %s; ",
			strings.Join(forcers, ", "), s.ForceCard, out.Name(), r.DealerDraw.Name())
		if t.replQual {
			n += "he now qualifies."
		} else {
			n += "he still does not qualify."
		}
		d.Notes = append(d.Notes, upperFirst(n))
	}
	if s.DealerSuperEnabled {
		on := "first five"
		if t.forced && !s.DealerSuperOnInitialHand {
			on = "hand after the replacement"
		}
		if ds.ok {
			d.Notes = append(d.Notes, fmt.Sprintf("Dealer Super: the dealer's %s hold %s.", on, withArticle(rowName(ds.key))))
		} else {
			d.Notes = append(d.Notes, fmt.Sprintf("Dealer Super: the dealer's %s hold no Super combination.", on))
		}
	}
	return d
}

func settleBox(i int, r *Round, s *Settings, rd games.Rounding, t *table, supers []superHit, ds superHit) games.BoxResult {
	b := &r.Boxes[i]
	h := poker.Standard.Evaluate(b.Final)
	res := games.BoxResult{Box: i + 1, Best: best(h), Hand: h.Category().String(), Description: h.Describe(), Versus: games.VersusNone}
	ante := games.WagerResult{Wager: "ante", Stake: b.Ante}
	bet := games.WagerResult{Wager: "bet", Stake: b.Bet}
	anteMult := func(m AnteMultiple) games.Money { return feeOf(b.Ante, m, rd) }

	if b.Draw != NoDraw {
		f := games.Fee{Fee: "draw", Amount: anteMult(s.DrawFee),
			Reason: fmt.Sprintf("Draw fee of %s× the Ante: the player bought a sixth card; the fee is not returned", s.DrawFee),
			Why:    games.Why{{ID: ReasonDrawFeeSixth, Args: []any{"Times", games.Money(s.DrawFee)}}}}
		if b.Draw == DrawExchange {
			f.Reason = fmt.Sprintf("Draw fee of %s× the Ante: the player exchanged %d cards; the fee is not returned", s.DrawFee, len(b.Out))
			f.Why = games.Why{{ID: ReasonDrawFeeExchange, Args: []any{"Times", games.Money(s.DrawFee), "Count", len(b.Out)}}}
		}
		res.FeeItems = append(res.FeeItems, f)
	}

	switch {
	case b.Instant != "":
		o, _ := s.Instant.Odds(b.Instant)
		reason := fmt.Sprintf("Ante pays %s: Instant Cash for a %s in the first five cards; the box's round ends here", o, rowName(b.Instant))
		// The catalogue names the combination with its article: only where
		// that article is "a" do its words and the engine's agree.
		var why games.Why
		if namedCombo(b.Instant) && withArticle(rowName(b.Instant)) == "a "+rowName(b.Instant) {
			why = games.Why{{ID: ReasonInstantCash, Args: []any{"Odds", o.String(), "Combo", games.Category{Key: b.Instant, A: true}}}}
		}
		won(&ante, rd, rd.Pay(b.Ante, o), s.Instant.RowName(b.Instant), reason, why, RuleInstantCash)
	case b.Fold:
		set(&ante, games.Lose, -b.Ante, "", "", RuleFold)
		ante.Say("Ante loses: the player folded", ReasonAnteFold)
	case t.qualifies:
		res.Versus = versus(h, t.first)
		showdown(&ante, &bet, b, h, res.Versus, s, rd, "the dealer qualified", "")
	case b.Force && t.forced:
		res.FeeItems = append(res.FeeItems, games.Fee{Fee: "force", Amount: anteMult(s.ForceFee),
			Reason: fmt.Sprintf("Force fee of %s× the Ante: the player forced the dealer to try to qualify; the fee is not returned", s.ForceFee),
			Why:    games.Why{{ID: ReasonForceFee, Args: []any{"Times", games.Money(s.ForceFee)}}}})
		res.Versus = versus(h, t.replaced)
		if t.replQual {
			showdown(&ante, &bet, b, h, res.Versus, s, rd, "the dealer qualified after the forced replacement", RuleForce)
		} else {
			set(&ante, games.Push, 0, "", "", RuleForce)
			ante.Say("Ante pushes: the player forced and the dealer still did not qualify; forcing gave up the Ante payout", ReasonForceNoQualifyAnte)
			set(&bet, games.Push, 0, "", "", RuleForce)
			bet.Say("Bet pushes: the player forced and the dealer still did not qualify", ReasonForceNoQualifyBet)
		}
	default:
		res.Versus = versus(h, t.first)
		o, row, why := s.AnteOnNoQualify, "", ""
		id, args := ReasonAntePayout, []any{}
		if bo, ok := s.AnteBonusPT.Odds(h.Category().Key()); s.AnteBonus && ok {
			o, row = bo, s.AnteBonusPT.RowName(h.Category().Key())
			why = " with " + withArticle(h.Category().String()) + ", paid by the Ante bonus table"
			id, args = ReasonAnteBonus, []any{"Hand", games.Category{Key: h.Category().Key(), A: true}}
		}
		reason := fmt.Sprintf("Ante pays %s: the dealer did not qualify and the player took the Ante payout%s", o, why)
		won(&ante, rd, rd.Pay(b.Ante, o), row, reason, games.Why{{ID: id, Args: append([]any{"Odds", o.String()}, args...)}}, RuleAntePayout)
		set(&bet, games.Push, 0, "", "", RuleAntePayout)
		bet.Say("Bet pushes: the dealer did not qualify and the player took the Ante payout", ReasonBetNoQualify)
	}
	res.Wagers = append(res.Wagers, ante)

	if b.Super > 0 {
		res.Wagers = append(res.Wagers, superResult("super", nil, b.Super, supers[i], boxFive, "", s, rd))
	}
	if b.Bet > 0 {
		res.Wagers = append(res.Wagers, bet)
	}
	if b.Insurance > 0 {
		res.Wagers = append(res.Wagers, settleInsurance(b, t, rd))
	}
	for _, dealer := range []bool{false, true} {
		for _, sb := range b.Side {
			if sb.On.Dealer != dealer {
				continue
			}
			on := sb.On
			if dealer {
				where := dealerFive
				if t.forced && !s.DealerSuperOnInitialHand {
					where = dealerReplaced
				}
				res.Wagers = append(res.Wagers, superResult("dealer_super", &on, sb.Stake, ds, where, "", s, rd))
				continue
			}
			y := &r.Boxes[on.Box-1]
			where := fmt.Sprintf("box %d's first five cards", on.Box)
			if y.Fold && !s.MultiSuperSurvivesFold {
				w := games.WagerResult{Wager: "multi_super", On: &on, Stake: sb.Stake}
				set(&w, games.Lose, -sb.Stake, "", "", RuleSuper)
				w.Say(fmt.Sprintf("Multi Super on box %d loses: box %d folded and the bet goes with its cards", on.Box, on.Box), ReasonMultiSuperLostFold, "Box", on.Box)
				res.Wagers = append(res.Wagers, w)
				continue
			}
			note := ""
			if y.Fold {
				note = fmt.Sprintf(multiSuperFolded, on.Box)
			}
			res.Wagers = append(res.Wagers, superResult("multi_super", &on, sb.Stake, supers[on.Box-1], where, note, s, rd))
		}
	}
	res.Total()
	games.CapBox(&res, s.MaxPayoutPerBox)
	return res
}

// showdown settles the Ante and BET of a box that plays against a qualifying
// dealer (§5.3.7, or §5.3.8 after a force): a win pushes the Ante and pays the
// BET by the table plus the second combination (§5.5); a loss loses both; a
// tie pushes both. rule is the section that cites the Ante and a lost or tied
// BET ("" for the settlement sections themselves, after a force RuleForce).
func showdown(ante, bet *games.WagerResult, b *Box, h poker.Hand, v games.Versus, s *Settings, rd games.Rounding, why, rule string) {
	anteRule, betRule := rule, rule
	if rule == "" {
		anteRule, betRule = RuleAnte, RuleBet
	}
	// say sets w's reason with its message: the one after a force (rule
	// RuleForce, why "…after the forced replacement") ends in "_forced".
	say := func(w *games.WagerResult, english, id string) {
		if rule == RuleForce {
			id += "_forced"
		}
		w.Say(english, id)
	}
	switch v {
	case games.VersusWin:
		set(ante, games.Push, 0, "", "", anteRule)
		say(ante, "Ante pushes: "+why+" and the player won", ReasonAntePushWon)
		first, second := secondCombination(b.Final, s.Bet, s.TwoStraights)
		if !s.SecondCombo {
			second = ""
		}
		o1, _ := s.Bet.Odds(first)
		if second == "" {
			tail, id := "no second combination", ReasonBetPays
			if !s.SecondCombo {
				tail, id = "this house pays no second combination", ReasonBetPaysHouse
			}
			reason := fmt.Sprintf("Bet pays %s for %s; %s", o1, withArticle(rowName(first)), tail)
			var why games.Why
			if namedCombo(first) {
				why = games.Why{{ID: id, Args: []any{"Odds", o1.String(), "Combo", games.Category{Key: first, A: true}}}}
			}
			won(bet, rd, rd.Pay(b.Bet, o1), s.Bet.RowName(first), reason, why, RuleBet)
			return
		}
		o2, _ := s.Bet.Odds(second)
		reason := fmt.Sprintf("Bet pays %s for %s plus %s for %s as the second combination", o1, withArticle(rowName(first)), o2, withArticle(rowName(second)))
		var why games.Why
		if namedCombo(first) && namedCombo(second) {
			why = games.Why{{ID: ReasonBetPaysTwo, Args: []any{"Odds", o1.String(), "Combo", games.Category{Key: first, A: true},
				"Odds2", o2.String(), "Second", games.Category{Key: second, A: true}}}}
		}
		won(bet, rd, payTwo(b.Bet, o1, o2, rd), s.Bet.RowName(first)+" + "+games.RowWords(second)+" "+o2.String(), reason, why, RuleSecondCombination)
	case games.VersusLose:
		set(ante, games.Lose, -b.Ante, "", "", anteRule)
		say(ante, "Ante loses: "+why+" and beat the player", ReasonAnteLose)
		set(bet, games.Lose, -b.Bet, "", "", betRule)
		say(bet, "Bet loses: "+why+" and beat the player", ReasonBetLose)
	default:
		set(ante, games.Push, 0, "", "", anteRule)
		say(ante, "Ante pushes: "+why+" and tied with the player", ReasonAnteTie)
		set(bet, games.Push, 0, "", "", betRule)
		say(bet, "Bet pushes: "+why+" and tied with the player", ReasonBetTie)
	}
}

// superResult settles one Super, Multi Super or Dealer Super bet on a hand
// whose best Super combination is hit (§5.3 steps 4 and 6).
func superResult(wager string, on *games.Target, stake games.Money, hit superHit, where, note string, s *Settings, rd games.Rounding) games.WagerResult {
	w := games.WagerResult{Wager: wager, On: on, Stake: stake}
	label := map[string]string{"super": "Super", "multi_super": "Multi Super on box", "dealer_super": "Dealer Super"}[wager]
	if on != nil && !on.Dealer {
		label += fmt.Sprintf(" %d", on.Box)
	}
	rule := RuleSuper
	if !hit.ok {
		set(&w, games.Lose, -stake, "", fmt.Sprintf("%s loses: no Super combination in %s%s", label, where, note), rule)
		w.Why = superWhy(wager, on, where, note, hit)
		return w
	}
	reason := fmt.Sprintf("%s pays %s: %s in %s%s", label, hit.odds, withArticle(rowName(hit.key)), where, note)
	won(&w, rd, rd.Pay(stake, hit.odds), s.Super.RowName(hit.key), reason, superWhy(wager, on, where, note, hit), rule)
	return w
}

func set(w *games.WagerResult, r games.Result, pays games.Money, row, reason, rule string) {
	w.Result, w.Pays, w.Row, w.Reason, w.Rule = r, pays, row, reason, rule
}

// won settles w as a win paying pays, already rounded by rd, for reason:
// its English words, and why, its phrases (nil where the catalogue cannot
// say it). A win smaller than the smallest chip that rounds to nothing says
// so in a note (games.Rounding.NoPayNote), which joins why's phrases, so
// that the whole reason is said in the reader's language.
func won(w *games.WagerResult, rd games.Rounding, pays games.Money, row, reason string, why games.Why, rule string) {
	set(w, games.Win, pays, row, reason, rule)
	w.Why = why
	if pays == 0 {
		w.AddWords(rd.NoPayNote())
	}
}

// payTwo is what stake earns at a + b, reckoned exactly and then rounded to
// the smallest chip once, as the house rounds: the two pays of a second
// combination are added before rounding (§5.5 "Pay = the sum").
func payTwo(stake games.Money, a, b games.Odds, rd games.Rounding) games.Money {
	whole, num, den := exactTwo(stake, a, b)
	return rd.Fraction(whole, num, den)
}

// exactTwo is stake × (a + b) exactly, as whole + num/den minor units, the
// fraction kept apart so that no product overflows.
func exactTwo(stake games.Money, a, b games.Odds) (whole games.Money, num, den int64) {
	x := int64(stake)
	q1, r1 := x*a.Win/a.Per, x*a.Win%a.Per
	q2, r2 := x*b.Win/b.Per, x*b.Win%b.Per
	den = a.Per * b.Per
	f := r1*b.Per + r2*a.Per // < 2 × den
	return games.Money(q1 + q2 + f/den), f % den, den
}

// feeOf is a fee of m× the Ante: exact for a whole multiple (the player pays
// one more Ante), rounded down to the smallest chip for a fraction of it.
func feeOf(ante games.Money, m AnteMultiple, rd games.Rounding) games.Money {
	if m%AnteMultiple(games.Unit) == 0 {
		return ante * games.Money(m/AnteMultiple(games.Unit))
	}
	return m.Of(ante, rd)
}

func versus(player, dealer poker.Hand) games.Versus {
	switch poker.Compare(player, dealer) {
	case 1:
		return games.VersusWin
	case -1:
		return games.VersusLose
	}
	return games.VersusTie
}

func best(h poker.Hand) []cards.Card { return append([]cards.Card(nil), h.Best[:]...) }

// withArticle puts "a" or "an" before a hand where a dealer would say one:
// "a straight", "an ace-high flush", but "four of a kind", "two pair".
func withArticle(s string) string {
	for _, p := range []string{"one ", "two ", "three ", "four ", "five ", "ace-king", "high "} {
		if strings.HasPrefix(s, p) {
			return s
		}
	}
	if s != "" && strings.ContainsRune("aeiou", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// The hands a Super bet is decided on, as superResult's callers name them,
// and the Multi Super's note when its box folded after its first five.
const (
	boxFive          = "the box's first five cards"
	dealerFive       = "the dealer's first five cards"
	dealerReplaced   = "the dealer's hand after the replacement"
	multiSuperFolded = " (box %d folded later; the bet stands on its first five)"
)

// superWhy is the Why of a Super, Multi Super or Dealer Super bet's reason:
// lost for want of a combination, or paid for hit. It is nil where where
// and note are not the words it knows, or where the catalogue does not name
// the combination, so that the reason then stays English whole.
func superWhy(wager string, on *games.Target, where, note string, hit superHit) games.Why {
	var none, pays string
	var args []any
	switch {
	case wager == "super" && where == boxFive:
		none, pays = ReasonSuperNone, ReasonSuperPays
	case wager == "dealer_super" && where == dealerFive:
		none, pays = ReasonDealerSuperNone, ReasonDealerSuperPays
	case wager == "dealer_super" && where == dealerReplaced:
		none, pays = ReasonDealerSuperNoneReplaced, ReasonDealerSuperPaysReplaced
	case wager == "multi_super" && on != nil && where == fmt.Sprintf("box %d's first five cards", on.Box):
		none, pays = ReasonMultiSuperNone, ReasonMultiSuperPays
		args = []any{"Box", on.Box}
	default:
		return nil
	}
	why := games.Why{{ID: none, Args: args}}
	if hit.ok {
		if !namedCombo(hit.key) {
			return nil
		}
		why = games.Why{{ID: pays, Args: append(args, "Odds", hit.odds.String(), "Combo", games.Category{Key: hit.key, A: true})}}
	}
	switch {
	case note == "":
	case on != nil && note == fmt.Sprintf(multiSuperFolded, on.Box):
		why = append(why, games.Phrase{ID: ReasonMultiSuperFold, Args: []any{"Box", on.Box}})
	default:
		return nil
	}
	return why
}
