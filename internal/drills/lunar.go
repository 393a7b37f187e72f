package drills

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// Lunar Poker (RULES.md §5): the features levels steer toward, the mistakes
// dealers make and the hand questions of the game, the second combination
// among them. Boxes are not settled alone: a force changes the dealer's hand
// for every box that forced, and Multi Super bets sit on other boxes.
//
// Every rule cited here is a section id of the Lunar Poker rule book
// (content/rules/books/lunar.md); the texts say what the dealer does, in the
// casino's words, with no citation in them.

var lunarGame = &game{
	slug:   lunar.Slug,
	name:   lunar.Name,
	wagers: append(slices.Clone(lunar.Wagers), lunar.SideWagers...),
	titles: map[string]string{"ante": "Ante", "super": "Super", "bet": "BET",
		"multi_super": "Multi Super", "dealer_super": "Dealer Super", lunar.Insurance: "Insurance"},
	maxBoxes: func(h *rulebook.House) int { return h.Lunar.MaxBoxes },
	payTables: func(h *rulebook.House) []games.PayTable {
		return []games.PayTable{h.Lunar.Instant, h.Lunar.Super, h.Lunar.Bet, h.Lunar.AnteBonusPT}
	},
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
		// The BET pays a second combination.
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
			return w.Pays > 0 && w.Rule == lunar.RuleInstantCash
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
	handSlips: func(loc *i18n.Localizer, d *dealt, box int, c *choiceSet) {
		if d.in.Boxes[box].Draw != nil {
			c.add(describeFive(loc, poker.Standard, parseCards(d.in.Boxes[box].Cards)), "slip.before_draw", "lunar.best_hand",
				loc.T("drill.hand.before_draw"))
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
	{id: "lunar.second_combination", rule: "lunar.second_combination", applies: betWins,
		flip: func(d *dealt) (*rulebook.House, said) {
			if d.h.Lunar.SecondCombo {
				return withLunar(d.h, func(s *lunar.Settings) { s.SecondCombo = false }),
					say("A winning BET is paid for a second combination as well. After the first combination, look for the best-paying combination of the BET table that uses at least one card the first one does not use (kickers do not count as used), and pay both; never more than two.", "flip.lunar.second_combo_paid")
			}
			return withLunar(d.h, func(s *lunar.Settings) { s.SecondCombo = true }),
				say("This house pays a winning BET for the player's hand only: there is no second combination.", "flip.lunar.no_second_combo")
		}},
	{id: "lunar.two_straights", rule: "lunar.second_combination", applies: betWins,
		flip: func(d *dealt) (*rulebook.House, said) {
			if d.h.Lunar.TwoStraights {
				return withLunar(d.h, func(s *lunar.Settings) { s.TwoStraights = false }),
					say("When six cards hold a straight and a card that pairs one of its cards, that card makes a second straight in place of its twin: pay two straights, not a straight and a pair.", "flip.lunar.two_straights")
			}
			return withLunar(d.h, func(s *lunar.Settings) { s.TwoStraights = true }),
				say("At this house a straight and a card that pairs one of its cards pay a straight and a pair, not two straights: the second straight would use the same ranks.", "flip.lunar.straight_and_pair")
		}},
	{id: "lunar.ante_paid_on_win", rule: "lunar.settle_ante", applies: betWins,
		text: "When the player beats a qualifying dealer, his Ante pushes: only the BET is paid.",
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
	{id: "lunar.forcer_paid_ante", rule: "lunar.force_dealer",
		text: "A player who forces gives up the Ante payout. When the dealer still does not qualify after the new card, that player's Ante and BET push and his force fee is kept; only the players who did not force are paid the Ante.",
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
	{id: "lunar.ante_bonus", rule: "lunar.ante_payout",
		applies: func(d *dealt) bool {
			return !lunarFirstQualifies(d) && someBox(func(br *games.BoxResult) bool { return category(br.Hand) >= poker.Straight })(d)
		},
		flip: func(d *dealt) (*rulebook.House, said) {
			if !d.h.Lunar.AnteBonus {
				return withLunar(d.h, func(s *lunar.Settings) { s.AnteBonus = true }),
					say(fmt.Sprintf("When the dealer does not qualify, this house pays the Ante %s whatever the player holds: a straight or better earns no Ante bonus.", d.h.Lunar.AnteOnNoQualify),
						"flip.lunar.ante_no_bonus", "Odds", d.h.Lunar.AnteOnNoQualify.String())
			}
			return withLunar(d.h, func(s *lunar.Settings) { s.AnteBonus = false }),
				say("When the dealer does not qualify, this house pays the Ante of a straight or better by the Ante bonus table, not at the ordinary Ante payout.", "flip.lunar.ante_bonus_paid")
		}},
	{id: "lunar.dealer_super_after_force", rule: "lunar.settle_super",
		applies: func(d *dealt) bool { return d.st.Dealer.First != nil },
		flip: func(d *dealt) (*rulebook.House, said) {
			if d.h.Lunar.DealerSuperOnInitialHand {
				return withLunar(d.h, func(s *lunar.Settings) { s.DealerSuperOnInitialHand = false }),
					say("The Dealer Super is decided on the dealer's first five cards, when he turns them over; the card he replaces after a force changes nothing for it.", "flip.lunar.dealer_super_first_five")
			}
			return withLunar(d.h, func(s *lunar.Settings) { s.DealerSuperOnInitialHand = true }),
				say("At this house the Dealer Super is decided on the dealer's hand after the forced replacement, not on his first five cards.", "flip.lunar.dealer_super_after_force")
		}},
	{id: "lunar.multi_super_after_fold", rule: "lunar.settle_super",
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
		flip: func(d *dealt) (*rulebook.House, said) {
			if d.h.Lunar.MultiSuperSurvivesFold {
				return withLunar(d.h, func(s *lunar.Settings) { s.MultiSuperSurvivesFold = false }),
					say("A Multi Super is decided on its box's first five cards, whatever that box's player does afterwards: his fold does not lose it.", "flip.lunar.multi_super_survives_fold")
			}
			return withLunar(d.h, func(s *lunar.Settings) { s.MultiSuperSurvivesFold = true }),
				say("At this house a Multi Super goes with its box's cards: when that box folds, the Multi Super on it loses.", "flip.lunar.multi_super_lost_on_fold")
		}},
}, roundingMistakes...)

func lunarHandQuestion(b *build, d *dealt, q string, box *int, c *choiceSet) (string, string, int, bool) {
	switch q {
	case QDealerQualifies:
		five := parseCards(d.in.Dealer)
		p, e, n, ok := qualifyQuestion(b.loc, c, lunarFirstQualifies(d), five, "drill.qualify.need_lunar", "lunar.qualify", "drill.qualify.note_lunar")
		return b.t("drill.qualify.lunar_first") + " " + p, e, n, ok
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
		p, e := lunarCombos(b, d, *box, w, c)
		return p, e, b.lv.Choices, true
	}
	return "", "", 0, false
}

// combosOf reads the combinations a BET is paid on from the engine's row:
// "bet table standard, straight 4:1 + straight 4:1" → "Straight 4:1 +
// straight 4:1", with the row names as a dealer says them ("ace-king").
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
func lunarCombos(b *build, d *dealt, box int, w *games.WagerResult, c *choiceSet) (prompt, expl string) {
	c.key = combosIn(b.loc, combosOf(w.Row))
	for _, wr := range d.wrongs() {
		if wr.m.flip == nil {
			continue
		}
		if x, ok := wagerOf(&wr.st.Boxes[box], "bet", nil); ok && x.Pays > 0 {
			c.add(combosIn(b.loc, combosOf(x.Row)), wr.m.id, wr.m.rule, mistakeText(b.loc, d, wr))
		}
	}
	first, _, _ := strings.Cut(c.key, " + ")
	ex := lunarCombosOf(d, box)
	if strings.Contains(c.key, " + ") && ex.ok {
		missed := fmt.Sprintf("The %s (%s) is a second combination: %s not part of the first, so the BET pays both.",
			ex.second.Kind, lunarCardText(ex.second.Core), lunarCardsAre(ex.fresh()))
		if b.loc.Lang() != i18n.Source {
			missed = b.t("drill.lunar.missed", "Combo", comboIn(b.loc, ex.second.Kind, false), "Cards", lunarCardText(ex.second.Core),
				"Fresh", lunarCardText(ex.fresh()))
		}
		c.add(first, "slip.second_combination_missed", "lunar.second_combination", missed)
	}
	// The table's rows, lowest first: the plausible seconds before the rare ones.
	rows := slices.Clone(d.h.Lunar.Bet.Rows)
	slices.Reverse(rows)
	for _, r := range rows {
		// Named as the engine's row names it, so that no two choices say the
		// same thing in different words.
		name := games.RowWords(r.Key)
		c.add(fmt.Sprintf("%s + %s", first, lowerFirst(combosIn(b.loc, name+" "+r.Odds.String()))), "slip.second_combination", "lunar.second_combination", ex.whyNot(b.loc, r.Key))
	}
	prompt = b.t("drill.lunar.second_prompt", "Box", box+1)
	return prompt, lunarCombosWhy(b.loc, d, box)
}

// lunarCombo is what a dealer reads from a winning box's cards for its BET:
// the cards, every BET combination they hold, and the first and second
// combinations the house pays.
type lunarCombo struct {
	final         []cards.Card
	all           []poker.Combo
	first, second poker.Combo
	ok            bool // the cards hold a paying combination
	paysSecond    bool // the house pays a second combination
}

func lunarCombosOf(d *dealt, box int) lunarCombo {
	final := lunarFinal(&d.in, box)
	s := d.h.Lunar
	pay := func(key string) (int64, bool) {
		o, ok := s.Bet.Odds(key)
		if !ok {
			return 0, false
		}
		return o.Win * 1_000_000 / o.Per, true
	}
	x := lunarCombo{final: final, all: poker.LunarCombos(final), paysSecond: s.SecondCombo}
	x.first, x.second, x.ok = poker.SecondCombination(final, pay, s.TwoStraights)
	if !s.SecondCombo {
		x.second = poker.Combo{}
	}
	return x
}

// fresh are the second combination's cards that the first does not use.
func (x lunarCombo) fresh() []cards.Card {
	var out []cards.Card
	for _, c := range x.second.Core {
		if !slices.Contains(x.first.Core, c) {
			out = append(out, c)
		}
	}
	return out
}

// whyNot says why row is not the second combination of these cards, in
// loc's language: English as the code writes it, the others from the
// catalogue (drill.lunar.why_*), the combinations by their names there.
func (x lunarCombo) whyNot(loc *i18n.Localizer, row string) string {
	en := loc.Lang() == i18n.Source
	var inside *poker.Combo
	for i, c := range x.all {
		if c.Kind.Key() != row {
			continue
		}
		outside := slices.ContainsFunc(c.Core, func(k cards.Card) bool { return !slices.Contains(x.first.Core, k) })
		if !outside {
			inside = &x.all[i]
			continue
		}
		if x.second.Kind != poker.NoCombo {
			if !en {
				return loc.T("drill.lunar.why_pays_more", "Combo", comboIn(loc, c.Kind, false), "Cards", lunarCardText(c.Core),
					"Second", comboIn(loc, x.second.Kind, false))
			}
			return fmt.Sprintf("The %s (%s) counts as a combination, but the %s pays more: the second combination is the best-paying one.",
				c.Kind, lunarCardText(c.Core), x.second.Kind)
		}
	}
	name := games.RowWords(row)
	if !en {
		name = loc.T("reason.category." + row)
	}
	switch {
	case !x.paysSecond && !en:
		return loc.T("drill.lunar.why_house_none")
	case !x.paysSecond:
		return "This house pays no second combination: the BET pays the first alone."
	case inside != nil && !en:
		return loc.T("drill.lunar.why_inside", "Combo", name, "Cards", lunarCardText(inside.Core))
	case inside != nil:
		return fmt.Sprintf("The %s (%s) uses only cards of the first combination, so it cannot be the second: a second combination needs at least one card of its own.",
			name, lunarCardText(inside.Core))
	case !en:
		return loc.T("drill.lunar.why_none", "Combo", name)
	}
	return fmt.Sprintf("These cards hold no %s outside the first combination.", name)
}

// comboIn names a BET combination in loc's language, with English's
// article where a says so ("a straight", "one pair").
func comboIn(loc *i18n.Localizer, k poker.ComboKind, a bool) string {
	if a {
		return loc.T("reason.category_a." + k.Key())
	}
	return loc.T("reason.category." + k.Key())
}

// lunarCombosWhy explains box's BET combinations as a dealer finds them: the
// cards of the first combination, then the second and the card that lets it
// count, or why there is none.
func lunarCombosWhy(loc *i18n.Localizer, d *dealt, box int) string {
	x := lunarCombosOf(d, box)
	s := d.h.Lunar
	if loc.Lang() != i18n.Source {
		return lunarCombosWhyIn(loc, x, s, box)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Box %d plays %s.", box+1, lunarCardText(x.final))
	if !x.ok {
		return b.String()
	}
	o1, _ := s.Bet.Odds(x.first.Kind.Key())
	fmt.Fprintf(&b, " The first combination is %s (%s), paid %s.", withArticleCombo(x.first.Kind), lunarCardText(x.first.Core), o1)
	switch {
	case !s.SecondCombo:
		b.WriteString(" This house pays no second combination, so the BET pays the first alone.")
	case x.second.Kind == poker.NoCombo:
		fmt.Fprintf(&b, " No other combination in these cards uses a card outside the %s, so there is no second combination: the BET pays the first alone.", x.first.Kind)
	default:
		o2, _ := s.Bet.Odds(x.second.Kind.Key())
		fmt.Fprintf(&b, " The second is %s (%s), paid %s: it counts because %s not part of the first. The BET pays %s + %s.",
			withArticleCombo(x.second.Kind), lunarCardText(x.second.Core), o2, lunarCardsAre(x.fresh()), o1, o2)
	}
	return b.String()
}

// lunarCombosWhyIn is lunarCombosWhy in a language other than English,
// phrase by phrase from the catalogue (drill.lunar.combos_*).
func lunarCombosWhyIn(loc *i18n.Localizer, x lunarCombo, s *lunar.Settings, box int) string {
	out := loc.T("drill.lunar.combos_box", "Box", box+1, "Cards", lunarCardText(x.final))
	if !x.ok {
		return out
	}
	o1, _ := s.Bet.Odds(x.first.Kind.Key())
	out += loc.T("drill.lunar.combos_first", "Combo", comboIn(loc, x.first.Kind, true), "Cards", lunarCardText(x.first.Core), "Odds", o1.String())
	switch {
	case !s.SecondCombo:
		out += loc.T("drill.lunar.combos_house_none")
	case x.second.Kind == poker.NoCombo:
		out += loc.T("drill.lunar.combos_none", "First", comboIn(loc, x.first.Kind, false))
	default:
		o2, _ := s.Bet.Odds(x.second.Kind.Key())
		out += loc.T("drill.lunar.combos_second", "Combo", comboIn(loc, x.second.Kind, true), "Cards", lunarCardText(x.second.Core),
			"Odds", o2.String(), "Fresh", lunarCardText(x.fresh()), "First", o1.String())
	}
	return out
}

// withArticleCombo names a BET combination with "a" where a dealer would say
// one: "a straight", "a full house", but "one pair", "two pair", "ace-king".
func withArticleCombo(k poker.ComboKind) string {
	switch k {
	case poker.ComboAceKing, poker.ComboOnePair, poker.ComboTwoPair, poker.ComboThreeOfAKind, poker.ComboFourOfAKind:
		return k.String()
	}
	return "a " + k.String()
}

// lunarCardsAre says which cards are new to the second combination: "the
// A♦ is", "the 9♣ and 9♦ are".
func lunarCardsAre(cs []cards.Card) string {
	if len(cs) == 1 {
		return "the " + lunarCardText(cs) + " is"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = lunarCardText([]cards.Card{c})
	}
	return "the " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1] + " are"
}

// lunarSuits are the suits as printed on the cards.
var lunarSuits = map[cards.Suit]string{cards.Clubs: "♣", cards.Diamonds: "♦", cards.Hearts: "♥", cards.Spades: "♠"}

// lunarCardText writes cards as a dealer reads them: "10♥ J♠ A♦".
func lunarCardText(cs []cards.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		r := c.Rank().String()
		if c.Rank() == cards.Ten {
			r = "10"
		}
		parts[i] = r + lunarSuits[c.Suit()]
	}
	return strings.Join(parts, " ")
}

// combosIn is combosOf's "Straight 4:1 + one pair 1:1" in loc's language:
// each combination by its row's name in the hands catalogue (row.<key>), the
// odds as they are. A part it cannot read back stays as the engine says it.
func combosIn(loc *i18n.Localizer, combos string) string {
	if loc.Lang() == i18n.Source {
		return combos
	}
	parts := strings.Split(combos, " + ")
	for i, p := range parts {
		lower := lowerFirst(p)
		best := ""
		for _, r := range catalogueRows() {
			w := games.RowWords(r)
			if (lower == w || strings.HasPrefix(lower, w+" ")) && len(w) > len(games.RowWords(best)) {
				best = r
			}
		}
		if best == "" {
			continue
		}
		name := loc.T("row." + best)
		if i > 0 {
			parts[i] = name + strings.TrimPrefix(lower, games.RowWords(best))
		} else {
			parts[i] = upperFirst(name) + strings.TrimPrefix(lower, games.RowWords(best))
		}
	}
	return strings.Join(parts, " + ")
}

// catalogueRows are the row keys the hands catalogue names (row.<key>), in
// order. The catalogue is the process's, loaded once: the keys are read from
// it once too (a pay-table row is read back on every answer of a payout
// drill, and sorting the catalogue's ids each time took a sixth of a
// kiosk's CPU under load).
var catalogueRows = sync.OnceValue(func() []string { return catalogueKeys("row.") })

// catalogueTables are the pay-table kinds the hands catalogue names
// (table.<kind>), in order, read once as catalogueRows.
var catalogueTables = sync.OnceValue(func() []string { return catalogueKeys("table.") })

// catalogueKeys are the ids of the process's catalogue that begin with
// prefix, without it.
func catalogueKeys(prefix string) []string {
	var out []string
	for _, id := range i18n.Default().IDs() {
		if r, ok := strings.CutPrefix(id, prefix); ok {
			out = append(out, r)
		}
	}
	return out
}
