package drills

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// Lunar Poker (RULES.md §5): the features levels steer toward, the mistakes
// dealers make and the hand questions of the game, the second combination
// among them. Boxes are not settled alone: a force changes the dealer's hand
// for every box that forced, and Multi Super bets sit on other boxes.

var lunarGame = &game{
	slug:   lunar.Slug,
	name:   lunar.Name,
	wagers: append(slices.Clone(lunar.Wagers), lunar.SideWagers...),
	titles: map[string]string{"ante": "Ante", "super": "Super", "bet": "BET",
		"multi_super": "Multi Super", "dealer_super": "Dealer Super", lunar.Insurance: "Insurance"},
	maxBoxes: func(h *rulebook.House) int { return h.Lunar.MaxBoxes },
	random: func(rng *rand.Rand, h *rulebook.House, lo, hi, chip games.Money, boxes int) games.Round {
		return lunar.Random(rng, h.Lunar, lo, hi, chip, boxes)
	},
	settle: func(h *rulebook.House, in *games.Round, rd games.Rounding) (*games.Settlement, error) {
		r, err := lunar.Parse(in, h.Lunar)
		if err != nil {
			return nil, err
		}
		st := lunar.Settle(r, h.Lunar, rd)
		st.House = h.Name
		return st, st.Check()
	},
	rules:       func(h *rulebook.House) poker.Rules { return poker.Standard },
	handCards:   lunarFinal,
	dealerCards: func(in *games.Round) []cards.Card { return parseCards(in.Dealer) },
	slots:       func(in *games.Round, box int) []*string { return stringSlots(in.Boxes[box].Cards) },
	unusual: func(d *dealt) bool {
		for _, br := range d.st.Boxes {
			if category(br.Hand) > poker.FullHouse {
				return true
			}
		}
		return false
	},
	features: []feature{
		{id: "lunar.bet_win", find: wagerWhere("bet", won)},
		{id: "lunar.super_win", find: wagerWhere("super", won)},
		// The BET pays a second combination (§5.5).
		{id: "lunar.second_combination", hand: QSecondCombination, find: wagerWhere("bet", func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return w.Pays > 0 && strings.Contains(w.Row, " + ")
		})},
		// The dealer's five do not qualify and a box takes the Ante payout.
		{id: "lunar.dealer_no_qualify", hand: QDealerQualifies, find: wagerWhere("ante", func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return !lunarFirstQualifies(d) && w.Pays > 0 && br.Fees == 0 && br.Versus != games.VersusNone
		})},
		// A-K high exactly: the least hand that qualifies.
		{id: "lunar.ace_king", hand: QDealerQualifies, find: wagerWhere("bet", func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return d.st.Dealer.First == nil && d.st.Dealer.Qualifies && category(d.st.Dealer.Hand) == poker.HighCard
		})},
		// A box forced the dealer: the fee, then the showdown against the new hand.
		{id: "lunar.force", find: boxTotal(func(d *dealt, br *games.BoxResult) bool {
			return slices.ContainsFunc(br.FeeItems, func(f games.Fee) bool { return f.Fee == "force" })
		})},
		// A draw: the fee, then the hand of six or the exchanged five.
		{id: "lunar.draw", find: boxTotal(func(d *dealt, br *games.BoxResult) bool {
			return br.Versus != games.VersusNone && slices.ContainsFunc(br.FeeItems, func(f games.Fee) bool { return f.Fee == "draw" })
		})},
		{id: "lunar.multi_super", find: wagerWhere("multi_super", won)},
		{id: "lunar.dealer_super", find: wagerWhere("dealer_super", won)},
		// Instant Cash: a straight or royal flush in the first five, paid on the Ante.
		{id: "lunar.instant_cash", rare: true, find: wagerWhere("ante", func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return w.Pays > 0 && strings.HasPrefix(w.Row, "instant")
		}), plant: func(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
			c := poker.StraightFlush
			if rng.IntN(4) == 0 {
				c = poker.RoyalFlush
			}
			plantCards(rng, in, box, dl.g, plantHand(rng, c))
			// The Instant Cash ends the box's round: no draw, BET, fold or force.
			b := &in.Boxes[box]
			b.Draw, b.Fold, b.Force = nil, false, false
			delete(b.Wagers, "bet")
			lunarDealerDraw(in)
		}},
	},
	handQs:   []string{QBestHand, QBeatsDealer, QDealerQualifies, QSecondCombination},
	mistakes: lunarMistakes,
	// The five as dealt, read for a box that drew.
	handSlips: func(d *dealt, box int, c *choiceSet) {
		if d.in.Boxes[box].Draw != nil {
			c.add(describeFive(poker.Standard, parseCards(d.in.Boxes[box].Cards)), "slip.before_draw", "§5.3.5",
				"The box plays the hand it holds after its draw: the best five of its six cards, or its five after the exchange (§5.3.5).")
		}
	},
	hand: func(d *dealt) []string {
		qs := []string{QDealerQualifies}
		for _, br := range d.st.Boxes {
			if w, ok := wagerOf(&br, "bet", nil); ok && w.Pays > 0 {
				return append(qs, QSecondCombination)
			}
		}
		return qs
	},
	handQuestion: lunarHandQuestion,
}

// lunarFinal is the hand box plays: its first five, with a bought sixth card
// or after its exchange.
func lunarFinal(in *games.Round, box int) []cards.Card {
	b := &in.Boxes[box]
	hand := parseCards(b.Cards)
	if b.Draw == nil {
		return hand
	}
	if b.Draw.Buy != "" {
		return append(hand, parseCards([]string{b.Draw.Buy})...)
	}
	out := parseCards(b.Draw.Out)
	hand = slices.DeleteFunc(hand, func(c cards.Card) bool { return slices.Contains(out, c) })
	return append(hand, parseCards(b.Draw.In)...)
}

// lunarDealerDraw drops the dealer's draw card when no box forces any more.
func lunarDealerDraw(in *games.Round) {
	for _, b := range in.Boxes {
		if b.Force {
			return
		}
	}
	in.DealerDraw = ""
}

// lunarFirstQualifies reports whether the dealer's five as dealt qualify.
func lunarFirstQualifies(d *dealt) bool { return d.st.Dealer.First == nil && d.st.Dealer.Qualifies }

// withLunar returns a copy of h whose Lunar settings f has changed.
func withLunar(h *rulebook.House, f func(s *lunar.Settings)) *rulebook.House {
	c := copyHouse(h)
	s := *h.Lunar
	f(&s)
	c.Lunar = &s
	return c
}

// betWins reports a box whose BET wins.
func betWins(d *dealt) bool {
	return someBox(func(br *games.BoxResult) bool {
		w, ok := wagerOf(br, "bet", nil)
		return ok && w.Pays > 0
	})(d)
}

var lunarMistakes = append([]mistake{
	{id: "lunar.second_combination", rule: "lunar.second_combo", applies: betWins,
		flip: func(d *dealt) (*rulebook.House, string) {
			if d.h.Lunar.SecondCombo {
				return withLunar(d.h, func(s *lunar.Settings) { s.SecondCombo = false }),
					"A winning BET is paid for a second combination too: the highest-paying combination with at least one core card outside the first (house rule second_combo, §5.5)."
			}
			return withLunar(d.h, func(s *lunar.Settings) { s.SecondCombo = true }),
				"This house pays no second combination (house rule second_combo = false)."
		}},
	{id: "lunar.two_straights", rule: "lunar.straight_plus_pair_as_two_straights", applies: betWins,
		flip: func(d *dealt) (*rulebook.House, string) {
			if d.h.Lunar.TwoStraights {
				return withLunar(d.h, func(s *lunar.Settings) { s.TwoStraights = false }),
					"Six cards holding a straight and a card that pairs it pay two straights, not a straight and a pair (house rule straight_plus_pair_as_two_straights, §5.5)."
			}
			return withLunar(d.h, func(s *lunar.Settings) { s.TwoStraights = true }),
				"At this house a straight with a card that pairs it pays a straight and a pair, not two straights (house rule straight_plus_pair_as_two_straights = false)."
		}},
	{id: "lunar.ante_paid_on_win", rule: "§5.3.7", applies: betWins,
		text: "When the player beats a qualifying dealer, the Ante pushes and only the BET is paid (seed 004, §5.3.7).",
		result: func(d *dealt, st *games.Settlement) bool {
			changed := false
			for i := range st.Boxes {
				b := &st.Boxes[i]
				w, ok := wagerOf(b, "ante", nil)
				bet, ok2 := wagerOf(b, "bet", nil)
				if ok && ok2 && bet.Pays > 0 && w.Result == games.Push {
					w.Result, w.Pays = games.Win, d.h.Rounding.Pay(w.Stake, games.Odds{Win: 1, Per: 1})
					changed = true
				}
			}
			return changed
		}},
	{id: "lunar.forcer_paid_ante", rule: "§5.3.8",
		text: "A player who forces gives up the Ante payout: if the dealer still does not qualify, his Ante and BET push and the force fee is kept (seed 004, §5.3.8).",
		result: func(d *dealt, st *games.Settlement) bool {
			changed := false
			for i := range st.Boxes {
				b := &st.Boxes[i]
				if !slices.ContainsFunc(b.FeeItems, func(f games.Fee) bool { return f.Fee == "force" }) || st.Dealer.Qualifies {
					continue
				}
				if w, ok := wagerOf(b, "ante", nil); ok && w.Result == games.Push {
					w.Result, w.Pays = games.Win, d.h.Rounding.Pay(w.Stake, d.h.Lunar.AnteOnNoQualify)
					changed = true
				}
			}
			return changed
		}},
	{id: "lunar.ante_bonus", rule: "lunar.ante_bonus_straight_plus_on_noqual",
		applies: func(d *dealt) bool {
			return !lunarFirstQualifies(d) && someBox(func(br *games.BoxResult) bool { return category(br.Hand) >= poker.Straight })(d)
		},
		flip: func(d *dealt) (*rulebook.House, string) {
			if !d.h.Lunar.AnteBonus {
				return withLunar(d.h, func(s *lunar.Settings) { s.AnteBonus = true }),
					fmt.Sprintf("This house pays the Ante %s on no-qualify whatever the player holds; Pennsylvania's 4:1 for a straight or better is not its rule (house rule ante_bonus_straight_plus_on_noqual = false).", d.h.Lunar.AnteOnNoQualify)
			}
			return withLunar(d.h, func(s *lunar.Settings) { s.AnteBonus = false }),
				"At this house the Ante is paid by the bonus table for a straight or better when the dealer does not qualify (house rule ante_bonus_straight_plus_on_noqual)."
		}},
	{id: "lunar.dealer_super_after_force", rule: "lunar.dealer_super_on_initial_hand",
		applies: func(d *dealt) bool { return d.st.Dealer.First != nil },
		flip: func(d *dealt) (*rulebook.House, string) {
			if d.h.Lunar.DealerSuperOnInitialHand {
				return withLunar(d.h, func(s *lunar.Settings) { s.DealerSuperOnInitialHand = false }),
					"The Dealer Super is decided on the dealer's five as first dealt, never on the hand after a forced replacement (house rule dealer_super_on_initial_hand, §5.3.6)."
			}
			return withLunar(d.h, func(s *lunar.Settings) { s.DealerSuperOnInitialHand = true }),
				"At this house the Dealer Super is decided on the dealer's hand after the forced replacement (house rule dealer_super_on_initial_hand = false)."
		}},
	{id: "lunar.multi_super_after_fold", rule: "lunar.multisuper_survives_owner_fold",
		applies: func(d *dealt) bool {
			return someBox(func(br *games.BoxResult) bool {
				for _, w := range br.Wagers {
					if w.Wager == "multi_super" && w.On != nil && w.On.Box >= 1 && w.On.Box <= len(d.in.Boxes) && d.in.Boxes[w.On.Box-1].Fold {
						return true
					}
				}
				return false
			})(d)
		},
		flip: func(d *dealt) (*rulebook.House, string) {
			if d.h.Lunar.MultiSuperSurvivesFold {
				return withLunar(d.h, func(s *lunar.Settings) { s.MultiSuperSurvivesFold = false }),
					"A Multi Super is decided on its box's first five, whatever the box's player does afterwards (house rule multisuper_survives_owner_fold, §5.3.9)."
			}
			return withLunar(d.h, func(s *lunar.Settings) { s.MultiSuperSurvivesFold = true }),
				"At this house a Multi Super goes with its box's cards when the box folds (house rule multisuper_survives_owner_fold = false)."
		}},
}, roundingMistakes...)

func lunarHandQuestion(b *build, d *dealt, q string, box *int, c *choiceSet) (string, string, int, bool) {
	switch q {
	case QDealerQualifies:
		five := parseCards(d.in.Dealer)
		p, e, n, ok := qualifyQuestion(d, c, lunarFirstQualifies(d), five, "ace-king", "§5.3.7", "; any pair or better, or no pair with both an ace and a king")
		return "The dealer turns his five cards as dealt. " + p, e, n, ok
	case QSecondCombination:
		if w, ok := wagerOf(&d.st.Boxes[*box], "bet", nil); !ok || w.Pays <= 0 {
			for i := range d.st.Boxes {
				if w, ok := wagerOf(&d.st.Boxes[i], "bet", nil); ok && w.Pays > 0 {
					*box = i
					break
				}
			}
		}
		w, ok := wagerOf(&d.st.Boxes[*box], "bet", nil)
		if !ok || w.Pays <= 0 {
			return "", "", 0, false
		}
		p, e := lunarCombos(d, *box, w, c)
		return p, e, b.lv.Choices, true
	}
	return "", "", 0, false
}

// combosOf reads the combinations a BET is paid on from the engine's row:
// "bet table PA, straight 4:1 + straight 4:1" → "Straight 4:1 + straight 4:1".
func combosOf(row string) string {
	_, after, ok := strings.Cut(row, ", ")
	if !ok {
		return row
	}
	return upperFirst(after)
}

// lunarCombos asks which combinations box's winning BET is paid on. The key
// is the engine's; wrong answers come from the flipped second-combination
// rules, the first combination alone, and the other rows of the table.
func lunarCombos(d *dealt, box int, w *games.WagerResult, c *choiceSet) (prompt, expl string) {
	c.key = combosOf(w.Row)
	for _, wr := range d.wrongs() {
		if wr.m.flip == nil {
			continue
		}
		if x, ok := wagerOf(&wr.st.Boxes[box], "bet", nil); ok && x.Pays > 0 {
			c.add(combosOf(x.Row), wr.m.id, wr.m.rule, wr.text)
		}
	}
	first, _, _ := strings.Cut(c.key, " + ")
	const rule = "The second combination is the highest-paying BET combination whose core holds at least one card outside the first combination's core; at most two are paid (§5.5)."
	if strings.Contains(c.key, " + ") {
		c.add(first, "slip.second_combination_missed", "§5.5", rule)
	}
	// The table's rows, lowest first: the plausible seconds before the rare ones.
	rows := slices.Clone(d.h.Lunar.Bet.Rows)
	slices.Reverse(rows)
	for _, r := range rows {
		// Named as the engine's row names it ("ace king"), so that no two
		// choices say the same thing in different words.
		name := strings.ReplaceAll(r.Key, "_", " ")
		c.add(fmt.Sprintf("%s + %s %s", first, name, r.Odds), "slip.second_combination", "§5.5", rule)
	}
	prompt = fmt.Sprintf("Box %d beats the dealer. Which combinations does its BET pay?", box+1)
	expl = fmt.Sprintf("Box %d plays %s: %s. %s.", box+1, cards.Format(lunarFinal(&d.in, box)), c.key, upperFirst(w.Reason))
	return prompt, expl
}
