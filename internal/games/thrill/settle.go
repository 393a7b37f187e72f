package thrill

import (
	"fmt"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// Settle settles a valid round (RULES.md §4.4): box by box, the Poker Bet and
// then the bonus bets and the Special, each in SETTLE.md's order. Every hand is
// the best five of seven (or, when the kept five bind, the five the player
// kept); the dealer always keeps his best five. It never fails and never panics.
//
// The dealer's Qualifies field has no qualifier to report in this game (the
// dealer always plays); it tells whether a winning Poker Bet is paid in full,
// i.e. whether the dealer's hand is above "King/Jack high or lower".
func Settle(r *Round, s *Settings, rd games.Rounding) *games.Settlement {
	st := &games.Settlement{Game: Slug}
	if r == nil || s == nil || len(r.dealer) != HandSize {
		return st
	}
	rules := s.Rules()
	dh := rules.Evaluate(r.dealer)
	half := s.KingJackOrLower(dh)
	st.Dealer = games.Dealer{
		Best:        dh.Best[:],
		Hand:        dh.Category().String(),
		Description: describe(dh),
		Qualifies:   !half,
		Notes:       dealerNotes(r, dh, half, s),
	}
	for i := range r.boxes {
		st.Boxes = append(st.Boxes, settleBox(i, &r.boxes[i], dh, half, s, rd))
	}
	return st
}

// dealerNotes tells what the dealer's hand means for the table: the exposed
// card (which only informs) and whether a winning Poker Bet is paid in full.
func dealerNotes(r *Round, dh poker.Hand, half bool, s *Settings) []string {
	up, which := r.dealer[len(r.dealer)-1], "the last card dealt to him"
	if s.DealerExposedCard == FirstDealt {
		up, which = r.dealer[0], "the first card dealt to him"
	}
	notes := []string{fmt.Sprintf("The dealer's exposed card was the %s, %s; it only informs the players.", up.Name(), which)}
	winOdds, _ := s.Pay[Poker].Odds(rowWinVsKJ)
	fullOdds, _ := s.Pay[Poker].Odds(rowWin)
	switch {
	case half && winOdds != fullOdds:
		notes = append(notes, fmt.Sprintf("The dealer's hand is king/jack high or lower: a Poker Bet that beats it is paid %s, not %s.", oddsText(winOdds), oddsText(fullOdds)))
	case half:
		notes = append(notes, fmt.Sprintf("The dealer's hand is king/jack high or lower: a Poker Bet that beats it is paid %s, as the house's Poker Bet table pays.", oddsText(winOdds)))
	default:
		notes = append(notes, fmt.Sprintf("The dealer's hand is above king/jack high: a Poker Bet that beats it is paid %s.", oddsText(fullOdds)))
	}
	return notes
}

// settleBox settles one box against the dealer's hand dh.
func settleBox(i int, b *box, dh poker.Hand, half bool, s *Settings, rd games.Rounding) games.BoxResult {
	rules := s.Rules()
	// The hand is made from all seven cards when cards speak, else from the
	// five the player kept (cards_speak = false binds them for every wager).
	from := b.cards
	if !s.CardsSpeak {
		from = b.kept()
	}
	h := preferNatural(rules.Evaluate(from), from)
	desc := describe(h)
	switch {
	case !s.CardsSpeak:
		desc += " (at this house the five the player kept bind)"
		if best := rules.Evaluate(b.cards); best.Value > h.Value {
			desc += fmt.Sprintf("; his discards broke %s", lowerFirst(describe(best)))
		}
	case b.discards != nil:
		if k := rules.Evaluate(b.kept()); k.Value < h.Value {
			desc += fmt.Sprintf(" (cards speak: the five the player kept made only %s)", lowerFirst(describe(k)))
		}
	}
	cmp := poker.Compare(h, dh)
	br := games.BoxResult{
		Box:         i + 1,
		Best:        h.Best[:],
		Hand:        h.Category().String(),
		Description: desc,
		Versus:      versus(cmp),
	}
	for _, w := range Wagers {
		stake := b.stakes[w]
		if stake == 0 {
			continue
		}
		var wr games.WagerResult
		switch w {
		case Poker:
			wr = settlePoker(stake, h, dh, cmp, half, s, rd)
		case KingsOrBetter:
			wr = settleKings(stake, h, s, rd)
		case TripsOrBetter:
			wr = settleAtLeast(TripsOrBetter, rowTrips, poker.ThreeOfAKind, stake, h, s, rd)
		case FullHouseOrBetter:
			wr = settleAtLeast(FullHouseOrBetter, rowFullHouse, poker.FullHouse, stake, h, s, rd)
		case Special:
			wr = settleSpecial(stake, h, from, s, rd)
		}
		if w != Poker && wr.Result == games.Win && cmp <= 0 {
			// Seed 003: "*Pays regardless of the outcome of the Poker Bet".
			wr.Add("; it pays whatever the Poker Bet does", ReasonWhateverPoker)
		}
		br.Wagers = append(br.Wagers, wr)
	}
	br.Total()
	games.CapBox(&br, s.MaxPayoutPerBox)
	return br
}

func versus(cmp int) games.Versus {
	switch {
	case cmp > 0:
		return games.VersusWin
	case cmp < 0:
		return games.VersusLose
	}
	return games.VersusTie
}

// settlePoker settles the Poker Bet (§4.4): the player's hand h against the
// dealer's dh, half pay when the dealer's losing hand is king/jack high or lower.
func settlePoker(stake games.Money, h, dh poker.Hand, cmp int, half bool, s *Settings, rd games.Rounding) games.WagerResult {
	pt := s.Pay[Poker]
	note, rule := showdownNote(h, dh, cmp, s)
	if rule == "" {
		rule = SecPokerBet
	}
	player, dealer := lowerFirst(describe(h)), lowerFirst(describe(dh))
	ph, dhh := handArg(h), handArg(dh)
	switch {
	case cmp < 0:
		var y games.Words
		y.Say(fmt.Sprintf("Poker Bet loses: the dealer's %s beats the player's %s", dealer, player), ReasonPokerLoses, "Dealer", dhh, "Player", ph)
		y.Append(&note)
		r := lose(Poker, stake, "", rule)
		r.Says(&y)
		return r
	case cmp == 0:
		var y games.Words
		y.Say(fmt.Sprintf("Poker Bet pushes: the player's %s ties the dealer's %s", player, dealer), ReasonPokerPushes, "Player", ph, "Dealer", dhh)
		y.Append(&note)
		r := push(Poker, stake, "", rule)
		r.Says(&y)
		return r
	case half:
		var y games.Words
		y.Say(fmt.Sprintf("the player wins, but the dealer's losing hand, %s, is king/jack high or lower", dealer), ReasonHalfPay, "Dealer", dhh)
		y.Append(&note)
		if s.PokerHalfPayHand != KingJackHigh {
			y.Say(" (at this house every high-card hand without an ace counts, king-queen high included)", ReasonHalfPayHouse)
		}
		return winWords(Poker, stake, pt, rowWinVsKJ, rd, &y, SecKingJackHigh)
	}
	var y games.Words
	y.Say(fmt.Sprintf("the player's %s beats the dealer's %s", player, dealer), ReasonPlayerBeats, "Player", ph, "Dealer", dhh)
	y.Append(&note)
	if dh.Category() == poker.HighCard {
		rs := dh.Ranks()
		switch {
		case dh.HasJoker():
			y.Say(" (the dealer's joker plays as an ace: an ace-high hand is above king/jack high, so full pay)", ReasonFullPayJoker)
			rule = SecKingJackHigh
		case rs[0] == cards.Ace:
			y.Say(" (ace high is above king/jack high, so full pay)", ReasonFullPayAceHigh)
			rule = SecKingJackHigh
		case rs[0] == cards.King && rs[1] == cards.Queen:
			y.Say(" (king-queen high is above king/jack high, so full pay)", ReasonFullPayKingQueen)
			rule = SecKingJackHigh
		}
	}
	return winWords(Poker, stake, pt, rowWin, rd, &y, rule)
}

// showdownNote explains a showdown that a 7 Card Thrill ranking rule decided
// (the second-highest wheel, the joker's rank in a flush, a natural hand tying
// a joker hand) or that a kicker decided between hands described alike. It
// returns the note (its phrases with ids) and the book section of the rule,
// "" where the Poker Bet's own section says it all. cmp is Compare(h, dh).
func showdownNote(h, dh poker.Hand, cmp int, s *Settings) (note games.Words, rule string) {
	cat := h.Category()
	if cat != dh.Category() {
		return note, ""
	}
	switch {
	case cat == poker.Straight && (isWheel(h) || isWheel(dh)) && h.Value != dh.Value:
		note.Say("; A-2-3-4-5 is the second-highest straight", ReasonWheel)
		return note, SecWheel
	case cat == poker.StraightFlush && (isWheel(h) || isWheel(dh)) && h.Value != dh.Value:
		if s.WheelRuleAppliesToSF {
			note.Say("; A-2-3-4-5 of one suit is the second-highest straight flush, as the wheel is the second-highest straight", ReasonWheelSF)
		} else {
			note.Say("; at this house A-2-3-4-5 of one suit is the lowest straight flush", ReasonWheelSFLowest)
		}
		return note, SecWheelSF
	case cat == poker.Flush && (h.HasJoker() || dh.HasJoker()):
		j := h
		if !h.HasJoker() {
			j = dh
		}
		if s.JokerFlushRank == AceAlways {
			note.Say("; at this house the joker in a flush always counts as an ace", ReasonJokerFlushAce)
		} else {
			as := j.JokerAs.Rank()
			note.Say(fmt.Sprintf("; the joker in a flush is the highest card of the suit not held, here the %s", as.Name()),
				ReasonJokerFlushMissing, "Rank", games.Rank{Rank: as, Form: games.FormName})
		}
		d := decider(h, dh, cmp)
		note.Append(&d)
		return note, SecJokerFlush
	case h.Value == dh.Value && h.HasJoker() != dh.HasJoker():
		note.Say("; a natural hand and a joker hand of the same ranks tie", ReasonNaturalTies)
		return note, SecTies
	}
	return decider(h, dh, cmp), ""
}

// decider names the card that decides between two hands of the same
// description ("one pair, nines, ace kicker" against the same), so that a
// trainee is told which card wins: "; the second kicker decides: the
// player's jack against the dealer's ten". It says nothing where the
// descriptions already show the difference or the hands tie.
func decider(h, dh poker.Hand, cmp int) (y games.Words) {
	if cmp == 0 || h.Category() != dh.Category() {
		return y
	}
	// How many ranks a description names: a pair and its first kicker, a set
	// and its first kicker, a flush's top card; every rank of the others.
	shown := map[poker.Category]int{poker.OnePair: 3, poker.ThreeOfAKind: 4, poker.Flush: 1}[h.Category()]
	if shown == 0 {
		return y
	}
	rs, ds := h.Ranks(), dh.Ranks()
	for i := range rs {
		if rs[i] == ds[i] {
			continue
		}
		if i < shown {
			return y // the descriptions already differ on this card
		}
		pos := position(h.Category(), i)
		y.Say("; the "+pos+" decides: ", ReasonDecides+strings.NewReplacer(" ", "_", "-", "_").Replace(pos))
		if cmp > 0 {
			y.Say(fmt.Sprintf("the player's %s against the dealer's %s", rs[i].Name(), ds[i].Name()),
				ReasonPlayerAgainst, "Player", games.Rank{Rank: rs[i], Form: games.FormName}, "Dealer", games.Rank{Rank: ds[i], Form: games.FormName})
		} else {
			y.Say(fmt.Sprintf("the dealer's %s against the player's %s", ds[i].Name(), rs[i].Name()),
				ReasonDealerAgainst, "Dealer", games.Rank{Rank: ds[i], Form: games.FormName}, "Player", games.Rank{Rank: rs[i], Form: games.FormName})
		}
		return y
	}
	return y
}

// position names the i-th rank of a hand of category c as a dealer counts
// it: the kickers after a pair, set or quads; the cards of a flush or a
// high-card hand from the highest.
func position(c poker.Category, i int) string {
	first := map[poker.Category]int{poker.OnePair: 2, poker.TwoPair: 4, poker.ThreeOfAKind: 3, poker.FourOfAKind: 4}
	ordinals := []string{"first", "second", "third", "fourth", "fifth"}
	if f, ok := first[c]; ok && i >= f {
		if f == 4 {
			return "kicker"
		}
		return ordinals[i-f] + " kicker"
	}
	if i == 0 {
		return "highest card"
	}
	return ordinals[i] + "-highest card"
}

// isWheel reports whether h is a straight or straight flush A-2-3-4-5.
func isWheel(h poker.Hand) bool {
	c := h.Category()
	return (c == poker.Straight || c == poker.StraightFlush) && h.Ranks()[0] == cards.Five
}

// settleKings settles Pair of Kings or Better (§4.4): one pair of kings is
// half-paid; one pair of aces, two pair or better are paid 1:1. With
// pkob_half_only_one_pair = false, a hand "contains a pair of kings" when its
// top pair or set is kings and it is below a straight: kings-up two pair and
// three kings are half-paid too; aces-and-kings two pair is aces up (full pay)
// and a full house or better is full pay whatever it holds.
func settleKings(stake games.Money, h poker.Hand, s *Settings, rd games.Rounding) games.WagerResult {
	pt := s.Pay[KingsOrBetter]
	cat, top := h.Category(), h.Ranks()[0]
	d := lowerFirst(describe(h))
	const title = "Pair of Kings or Better"
	switch {
	case cat <= poker.OnePair && !(cat == poker.OnePair && top >= cards.King):
		r := lose(KingsOrBetter, stake, "", SecKingsOrBetter)
		r.Say(title+" loses: "+d+" is below a pair of kings", ReasonBelowKings, "Wager", games.WagerID(KingsOrBetter), "Hand", handArg(h))
		return r
	case cat == poker.OnePair && top == cards.Ace:
		why := said("one pair of aces", ReasonPairOfAces)
		if h.HasJoker() {
			why = said("one pair of aces (the joker plays as the second ace)", ReasonPairOfAcesJoker)
		}
		return winWords(KingsOrBetter, stake, pt, rowAcesOrBetter, rd, why, SecKingsOrBetter)
	case cat == poker.OnePair:
		return winWords(KingsOrBetter, stake, pt, rowPairOfKings, rd, said("one pair of kings", ReasonPairOfKings), SecKingsOrBetter)
	case cat <= poker.ThreeOfAKind && top == cards.King:
		if !s.PKOBHalfOnlyOnePair {
			return winWords(KingsOrBetter, stake, pt, rowPairOfKings, rd,
				said(d+" contains a pair of kings (at this house kings up and three kings pay as a pair of kings)", ReasonKingsContain, "Hand", handArg(h)), SecKingsOrBetter)
		}
		return winWords(KingsOrBetter, stake, pt, rowAcesOrBetter, rd,
			said(d+" is better than one pair of kings (only one pair of kings is paid as a pair of kings)", ReasonKingsBetter, "Hand", handArg(h)), SecKingsOrBetter)
	}
	return winWords(KingsOrBetter, stake, pt, rowAcesOrBetter, rd, said(d+" is two pair or better", ReasonTwoPairOrBetter, "Hand", handArg(h)), SecKingsOrBetter)
}

// settleAtLeast settles a bonus bet that pays one row for any hand of category
// least or better (3 of a Kind or Better, Full House or Better).
func settleAtLeast(w, row string, least poker.Category, stake games.Money, h poker.Hand, s *Settings, rd games.Rounding) games.WagerResult {
	sec := map[string]string{TripsOrBetter: SecTripsOrBetter, FullHouseOrBetter: SecFullHouse}[w]
	d := lowerFirst(describe(h))
	if h.Category() < least {
		r := lose(w, stake, "", sec)
		r.Say(fmt.Sprintf("%s loses: %s is below %s", wagerTitle[w], d, withArticle(least)), ReasonBelow+least.Key(), "Wager", games.WagerID(w), "Hand", handArg(h))
		return r
	}
	why := said(d, ReasonHand, "Hand", handArg(h))
	if h.Category() == poker.ThreeOfAKind && h.HasJoker() && h.Ranks()[0] != cards.Ace {
		// K-K-K with the joker: the bug is the ace kicker, not a fourth king.
		r := h.Ranks()[0]
		why.Say(fmt.Sprintf(" (the joker plays as an ace, never as a fourth %s)", r.Name()), ReasonNotFourth+r.Name())
		sec = SecJoker
	}
	return winWords(w, stake, s.Pay[w], row, rd, why, sec)
}

// settleSpecial settles the Special (§4.4): five aces, a royal flush or a
// straight flush per the table. A royal made with the joker pays the royal row
// unless special_natural_royal_only, when it pays the straight-flush row.
func settleSpecial(stake games.Money, h poker.Hand, from []cards.Card, s *Settings, rd games.Rounding) games.WagerResult {
	pt := s.Pay[Special]
	d := lowerFirst(describe(h))
	switch h.Category() {
	case poker.FiveAces:
		return winWords(Special, stake, pt, rowFiveAces, rd, said("five aces", ReasonFiveAces), SecSpecialBet)
	case poker.RoyalFlush:
		if naturalRoyal(from) {
			return winWords(Special, stake, pt, rowRoyal, rd, said("a natural royal flush", ReasonNaturalRoyal), SecSpecialBet)
		}
		if s.SpecialNaturalRoyalOnly {
			return winWords(Special, stake, pt, rowSF, rd,
				said("a royal flush made with the joker pays as a straight flush at this house", ReasonJokerRoyalAsSF), SecSpecialBet)
		}
		return winWords(Special, stake, pt, rowRoyal, rd,
			said("a royal flush made with the joker pays as a royal flush, like a natural one", ReasonJokerRoyal), SecSpecialBet)
	case poker.StraightFlush:
		return winWords(Special, stake, pt, rowSF, rd, said(d, ReasonHand, "Hand", handArg(h)), SecSpecialBet)
	}
	r := lose(Special, stake, "", SecSpecialBet)
	r.Say(fmt.Sprintf("%s loses: %s is below %s", wagerTitle[Special], d, withArticle(poker.StraightFlush)),
		ReasonBelow+poker.StraightFlush.Key(), "Wager", games.WagerID(Special), "Hand", handArg(h))
	return r
}

// withArticle names a category as a dealer says "below a full house".
func withArticle(c poker.Category) string {
	switch c {
	case poker.HighCard, poker.TwoPair, poker.ThreeOfAKind, poker.FourOfAKind, poker.FiveAces:
		return c.String()
	case poker.OnePair:
		return "a pair"
	}
	return "a " + c.String()
}

// naturalRoyal reports whether cs hold A-K-Q-J-10 of one suit without the joker.
func naturalRoyal(cs []cards.Card) bool {
	for u := cards.Clubs; u <= cards.Spades; u++ {
		n := 0
		for r := cards.Ten; r <= cards.Ace; r++ {
			for _, c := range cs {
				if c == cards.New(r, u) {
					n++
				}
			}
		}
		if n == 5 {
			return true
		}
	}
	return false
}

// preferNatural shows a natural royal flush rather than an equal one made with
// the joker, so that the five cards shown are the five that pay. (A local
// helper: package poker returns whichever equal five it met first.)
func preferNatural(h poker.Hand, from []cards.Card) poker.Hand {
	if h.Category() != poker.RoyalFlush || !h.HasJoker() {
		return h
	}
	for u := cards.Clubs; u <= cards.Spades; u++ {
		var five [5]cards.Card
		n := 0
		for r := cards.Ace; r >= cards.Ten; r-- {
			for _, c := range from {
				if c == cards.New(r, u) {
					five[n] = c
					n++
				}
			}
		}
		if n == 5 {
			h.Best = five
			return h
		}
	}
	return h
}

// winWords pays stake at the odds of row in pt, rounded to the smallest chip
// as the house rounds (house.toml rounding, §1.6). A payout that rounds to
// nothing is a push, and says so. why is the reason's ground, in words that
// may have ids (games.Words): the reason has a Why when every part of it has
// one.
func winWords(w string, stake games.Money, pt games.PayTable, row string, rd games.Rounding, why *games.Words, rule string) games.WagerResult {
	o, ok := pt.Odds(row)
	if !ok {
		r := lose(w, stake, "", rule)
		r.Say(fmt.Sprintf("%s loses: the house's %s table pays nothing for this hand", wagerTitle[w], wagerTitle[w]),
			ReasonTablePaysNothing, "Wager", games.WagerID(w))
		return r
	}
	exact := games.Money(int64(stake) * o.Win / o.Per)
	paid := rd.Pay(stake, o)
	var y games.Words
	y.Say(fmt.Sprintf("%s pays %s: ", wagerTitle[w], oddsText(o)), ReasonPays, "Wager", games.WagerID(w), "Odds", oddsText(o))
	y.Append(why)
	if paid == 0 {
		y.Append(rd.NothingNote(oddsText(o), stake))
		r := games.WagerResult{Wager: w, Stake: stake, Result: games.Push, Row: pt.RowName(row), Rule: rule}
		r.Says(&y)
		return r
	}
	if paid != exact || int64(stake)*o.Win%o.Per != 0 {
		y.Append(rd.OddsNote(oddsText(o), stake, o, paid))
	}
	r := games.WagerResult{Wager: w, Stake: stake, Result: games.Win, Pays: paid, Row: pt.RowName(row), Rule: rule}
	r.Says(&y)
	return r
}

func lose(w string, stake games.Money, reason, rule string) games.WagerResult {
	return games.WagerResult{Wager: w, Stake: stake, Result: games.Lose, Pays: -stake, Reason: reason, Rule: rule}
}

func push(w string, stake games.Money, reason, rule string) games.WagerResult {
	return games.WagerResult{Wager: w, Stake: stake, Result: games.Push, Reason: reason, Rule: rule}
}

// oddsText writes odds as on the layout, with thousands separators: "20,000:1".
func oddsText(o games.Odds) string { return group(o.Win) + ":" + group(o.Per) }

func group(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// describe is poker's description, with the wheel named as 7 Card Thrill ranks it.
func describe(h poker.Hand) string {
	d := h.Describe()
	if isWheel(h) {
		d = strings.Replace(d, "five high", "five high (A-2-3-4-5)", 1)
	}
	return d
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]|0x20) + s[1:]
}

// handArg is h as a reason's argument, a wheel named as 7 Card Thrill ranks it.
func handArg(h poker.Hand) games.Hand { return games.Hand{Hand: h, Wheel: true} }

// said is one phrase with an id, as the ground of a win (winWords).
func said(english, id string, args ...any) *games.Words {
	var y games.Words
	y.Say(english, id, args...)
	return &y
}
