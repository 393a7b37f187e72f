package drills

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// 7 Card Thrill (RULES.md §4): the features levels steer toward, the
// mistakes dealers make, and the hand questions of the game. Every rule cited
// is a section of the game's rule book (thrill.Sec…).

var thrillBonus = []string{thrill.KingsOrBetter, thrill.TripsOrBetter, thrill.FullHouseOrBetter, thrill.Special}

var thrillGame = &game{
	slug:   thrill.Slug,
	ties:   "thrill.ties",
	name:   thrill.Name,
	wagers: thrill.Wagers,
	titles: map[string]string{
		thrill.Poker:             "Poker Bet",
		thrill.KingsOrBetter:     "Pair of Kings or Better",
		thrill.TripsOrBetter:     "3 of a Kind or Better",
		thrill.FullHouseOrBetter: "Full House or Better",
		thrill.Special:           "Special",
	},
	maxBoxes: func(h *rulebook.House) int { return h.Thrill.MaxPlayerBoxes },
	payTables: func(h *rulebook.House) []games.PayTable {
		var out []games.PayTable
		for _, w := range thrill.Wagers {
			if pt, ok := h.Thrill.Pay[w]; ok {
				out = append(out, pt)
			}
		}
		return out
	},
	random: func(rng *rand.Rand, h *rulebook.House, lo, hi, chip games.Money, boxes int) games.Round {
		return thrill.Random(rng, h.Thrill, lo, hi, chip, boxes)
	},
	settle: func(h *rulebook.House, in *games.Round, rd games.Rounding) (*games.Settlement, error) {
		r, err := thrill.Parse(in, h.Thrill)
		if err != nil {
			return nil, err
		}
		st := thrill.Settle(r, h.Thrill, rd)
		st.House = h.Name
		return st, st.Check()
	},
	rules:       func(h *rulebook.House) poker.Rules { return h.Thrill.Rules() },
	handCards:   func(in *games.Round, box int) []cards.Card { return parseCards(in.Boxes[box].Cards) },
	dealerCards: func(in *games.Round) []cards.Card { return parseCards(in.Dealer) },
	slots:       func(in *games.Round, box int) []*string { return stringSlots(in.Boxes[box].Cards) },
	// Each box is settled against the dealer alone (RULES.md §4.4).
	isolate: func(h *rulebook.House, in *games.Round, box int) (games.Round, int, bool) {
		out := *in
		out.Boxes = []games.Box{in.Boxes[box]}
		return out, 0, true
	},
	unusual: func(d *dealt) bool {
		for _, br := range d.st.Boxes {
			if slices.Contains(br.Best, cards.Joker) || category(br.Hand) > poker.FullHouse {
				return true
			}
		}
		return category(d.st.Dealer.Hand) > poker.FullHouse
	},
	features: []feature{
		{id: "thrill.poker_win", find: thrillWager(thrill.Poker, func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return w.Result == games.Win && resultOf(w) == OutcomeWin
		})},
		{id: "thrill.bonus_win", find: func(d *dealt) (focus, bool) {
			for _, w := range []string{thrill.KingsOrBetter, thrill.TripsOrBetter} {
				if f, ok := thrillWager(w, won)(d); ok {
					return f, true
				}
			}
			return noFocus, false
		}},
		// The dealer's losing hand is king/jack high or lower: the Poker Bet is half-paid.
		{id: "thrill.king_jack_high", hand: QDealerHalfPay, find: thrillWager(thrill.Poker, func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return !d.st.Dealer.Qualifies && w.Result == games.Win
		})},
		// K-Q high: above king/jack high, paid in full — the trap the other way.
		{id: "thrill.king_queen_high", hand: QDealerHalfPay, find: thrillWager(thrill.Poker, func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			h := d.g.rules(d.h).Evaluate(d.st.Dealer.Best)
			rs := h.Ranks()
			return w.Result == games.Win && h.Category() == poker.HighCard && rs[0] == cards.King && rs[1] == cards.Queen
		})},
		{id: "thrill.pair_of_kings", find: thrillKings(func(h poker.Hand) bool {
			return h.Category() == poker.OnePair && h.Ranks()[0] == cards.King
		}), plant: func(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
			s := distinctSuits(rng, 2)
			plantCards(rng, in, box, dl.g, []cards.Card{cards.New(cards.King, s[0]), cards.New(cards.King, s[1])})
			thrillWager1(in, box, thrill.KingsOrBetter, dl.h)
		}},
		// Kings up or three kings: paid in full unless pkob_half_only_one_pair is off.
		{id: "thrill.kings_up", find: thrillKings(func(h poker.Hand) bool {
			c := h.Category()
			return (c == poker.TwoPair || c == poker.ThreeOfAKind) && h.Ranks()[0] == cards.King
		}), plant: func(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
			s := distinctSuits(rng, 3)
			want := []cards.Card{cards.New(cards.King, s[0]), cards.New(cards.King, s[1])}
			if rng.IntN(3) == 0 {
				want = append(want, cards.New(cards.King, s[2]))
			} else {
				r := distinctRanks(rng, 1, cards.King, cards.Ace)[0]
				want = append(want, cards.New(r, s[0]), cards.New(r, s[2]))
			}
			plantCards(rng, in, box, dl.g, want)
			thrillWager1(in, box, thrill.KingsOrBetter, dl.h)
		}},
		// A bonus bet wins while the Poker Bet loses: it pays all the same.
		{id: "thrill.bonus_poker_loses", find: func(d *dealt) (focus, bool) {
			for i := range d.st.Boxes {
				br := &d.st.Boxes[i]
				if p, ok := wagerOf(br, thrill.Poker, nil); !ok || p.Result != games.Lose {
					continue
				}
				for _, w := range thrillBonus {
					if x, ok := wagerOf(br, w, nil); ok && x.Pays > 0 {
						return focus{box: i, wager: w}, true
					}
				}
			}
			return noFocus, false
		}},
		// The joker plays as an ace (a pair of aces with the joker, or ace high).
		{id: "thrill.joker_ace", hand: QJoker, find: func(d *dealt) (focus, bool) {
			for i := range d.st.Boxes {
				h := d.g.rules(d.h).Evaluate(d.st.Boxes[i].Best)
				if h.HasJoker() && h.JokerAs.Rank() == cards.Ace && h.Category() <= poker.ThreeOfAKind {
					return focus{box: i, wager: thrillFocusWager(&d.st.Boxes[i], thrill.KingsOrBetter, thrill.Poker)}, true
				}
			}
			return noFocus, false
		}, plant: func(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
			plantCards(rng, in, box, dl.g, []cards.Card{cards.Joker, cards.New(cards.Ace, pickSuit(rng))})
		}},
		{id: "thrill.tie", hand: QBeatsDealer, plant: plantTie, find: thrillWager(thrill.Poker, func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return br.Versus == games.VersusTie
		})},
		// A half pay on a stake that does not halve into whole chips: rounded down.
		{id: "thrill.odd_half_pay", find: func(d *dealt) (focus, bool) {
			exact := d.rounded("exact")
			for i := range d.st.Boxes {
				for _, w := range d.st.Boxes[i].Wagers {
					if resultOf(&w) != OutcomeHalf {
						continue
					}
					if x, ok := wagerOf(&exact.Boxes[i], w.Wager, nil); ok && x.Pays != w.Pays {
						return focus{box: i, wager: w.Wager}, true
					}
				}
			}
			return noFocus, false
		}, plant: func(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
			s := distinctSuits(rng, 2)
			plantCards(rng, in, box, dl.g, []cards.Card{cards.New(cards.King, s[0]), cards.New(cards.King, s[1])})
			thrillWager1(in, box, thrill.KingsOrBetter, dl.h) // one primary wager where the house allows only one
			oddStake(in, box, thrill.KingsOrBetter, dl.h)
		}},
		{id: "thrill.joker_flush", rare: true, hand: QJoker, find: func(d *dealt) (focus, bool) {
			for i := range d.st.Boxes {
				br := &d.st.Boxes[i]
				if category(br.Hand) == poker.Flush && slices.Contains(br.Best, cards.Joker) {
					return focus{box: i, wager: thrillFocusWager(br, thrill.Poker)}, true
				}
			}
			return noFocus, false
		}, plant: func(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
			s := pickSuit(rng)
			want := []cards.Card{cards.Joker}
			for _, r := range distinctRanks(rng, 4) {
				want = append(want, cards.New(r, s))
			}
			plantCards(rng, in, box, dl.g, want)
		}},
		// A-2-3-4-5, the second-highest straight.
		{id: "thrill.wheel", rare: true, hand: QBestHand, find: func(d *dealt) (focus, bool) {
			for i := range d.st.Boxes {
				br := &d.st.Boxes[i]
				h := d.g.rules(d.h).Evaluate(br.Best)
				if c := h.Category(); (c == poker.Straight || c == poker.StraightFlush) && h.Ranks()[0] == cards.Five {
					return focus{box: i, wager: thrillFocusWager(br, thrill.Poker)}, true
				}
			}
			return noFocus, false
		}, plant: func(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
			ranks := []cards.Rank{cards.Ace, cards.Two, cards.Three, cards.Four, cards.Five}
			var want []cards.Card
			joker := rng.IntN(4) == 0
			for i, r := range ranks {
				if joker && i == 0 {
					want = append(want, cards.Joker)
					continue
				}
				want = append(want, cards.New(r, cards.Suit((i+rng.IntN(3))%cards.NumSuits)))
			}
			plantCards(rng, in, box, dl.g, want)
		}},
		{id: "thrill.full_house_or_better", rare: true, find: thrillWager(thrill.FullHouseOrBetter, won),
			plant: func(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
				rs := distinctRanks(rng, 2)
				s := distinctSuits(rng, 3)
				plantCards(rng, in, box, dl.g, []cards.Card{
					cards.New(rs[0], s[0]), cards.New(rs[0], s[1]), cards.New(rs[0], s[2]),
					cards.New(rs[1], s[0]), cards.New(rs[1], s[1]),
				})
				thrillWager1(in, box, thrill.FullHouseOrBetter, dl.h)
			}},
		// The Special: a straight flush, a royal (natural or with the joker) or five aces.
		{id: "thrill.special", rare: true, find: thrillWager(thrill.Special, won),
			plant: func(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
				s := pickSuit(rng)
				var want []cards.Card
				switch k := rng.IntN(6); {
				case k == 0: // five aces
					want = []cards.Card{cards.Joker}
					for u := range cards.NumSuits {
						want = append(want, cards.New(cards.Ace, cards.Suit(u)))
					}
				case k <= 2: // a royal flush, with the joker one time in two
					for r := cards.Ten; r <= cards.Ace; r++ {
						want = append(want, cards.New(r, s))
					}
					if k == 2 {
						want[rng.IntN(5)] = cards.Joker
					}
				default: // a straight flush, the wheel among them
					top := cards.Five + cards.Rank(rng.IntN(int(cards.King-cards.Five)+1))
					for i := range 5 {
						r := top - cards.Rank(i)
						if top == cards.Five && i == 4 {
							r = cards.Ace
						}
						want = append(want, cards.New(r, s))
					}
				}
				plantCards(rng, in, box, dl.g, want)
				thrillSpecial(in, box)
			}},
	},
	handQs:       []string{QBestHand, QBeatsDealer, QDealerHalfPay, QJoker},
	mistakes:     thrillMistakes,
	alt:          thrillAlt,
	handSlips:    thrillHandSlips,
	hand:         thrillHandQuestions,
	handQuestion: thrillHandQuestion,
}

// won is a finder condition: the wager wins.
func won(d *dealt, br *games.BoxResult, w *games.WagerResult) bool { return w.Pays > 0 }

// thrillWager finds a box whose wager meets cond.
func thrillWager(wager string, cond func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool) func(d *dealt) (focus, bool) {
	return func(d *dealt) (focus, bool) {
		for i := range d.st.Boxes {
			br := &d.st.Boxes[i]
			if w, ok := wagerOf(br, wager, nil); ok && cond(d, br, w) {
				return focus{box: i, wager: wager}, true
			}
		}
		return noFocus, false
	}
}

// thrillKings finds a box with a Pair of Kings or Better wager whose hand meets cond.
func thrillKings(cond func(h poker.Hand) bool) func(d *dealt) (focus, bool) {
	return thrillWager(thrill.KingsOrBetter, func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
		return cond(d.g.rules(d.h).Evaluate(br.Best))
	})
}

// thrillFocusWager is the first of ws the box placed, or "".
func thrillFocusWager(br *games.BoxResult, ws ...string) string {
	for _, w := range ws {
		if _, ok := wagerOf(br, w, nil); ok {
			return w
		}
	}
	return ""
}

// oddStake sets wager on box to an odd number of the house's smallest chips
// near the box's main stake, so that half of it is not a whole chip.
func oddStake(in *games.Round, box int, wager string, h *rulebook.House) {
	chip := h.Rounding.Chip
	b := &in.Boxes[box]
	stake := games.Money(0)
	for _, w := range slices.Sorted(maps.Keys(b.Wagers)) {
		if m, err := games.ParseMoney(string(b.Wagers[w])); err == nil && m > stake {
			stake = m
		}
	}
	stake = max(stake/chip*chip, chip)
	if (stake/chip)%2 == 0 {
		stake += chip
	}
	b.Wagers[wager] = jsonMoney(stake)
}

// category reads a category name of SETTLE.md ("two pair").
func category(name string) poker.Category {
	c, _ := poker.CategoryByName(name)
	return c
}

// withThrill returns a copy of h whose 7 Card Thrill settings f has changed;
// the pay tables are copied so that f may replace one.
func withThrill(h *rulebook.House, f func(s *thrill.Settings)) *rulebook.House {
	c := copyHouse(h)
	s := *h.Thrill
	s.Pay = maps.Clone(h.Thrill.Pay)
	f(&s)
	c.Thrill = &s
	return c
}

// thrillRowFlip pays row of wager's table at the odds of row other, when they
// differ; say writes what the trainee is told from the house's odds of the two
// rows (a, the row's; b, the other's).
func thrillRowFlip(wager, row, other string, words func(h *rulebook.House, a, b games.Odds) said) func(d *dealt) (*rulebook.House, said) {
	return func(d *dealt) (*rulebook.House, said) {
		h := d.h
		pt := h.Thrill.Pay[wager]
		a, ok1 := pt.Odds(row)
		b, ok2 := pt.Odds(other)
		if !ok1 || !ok2 || a == b {
			return nil, said{}
		}
		return withThrill(h, func(s *thrill.Settings) { s.Pay[wager] = withRow(pt, row, b) }), words(h, a, b)
	}
}

var thrillMistakes = append([]mistake{
	{id: "thrill.half_pay_missed", rule: thrill.SecKingJackHigh,
		flip: thrillRowFlip(thrill.Poker, "win_vs_king_jack_high", "win", func(_ *rulebook.House, a, b games.Odds) said {
			return say(fmt.Sprintf("Against a dealer's hand of king/jack high or lower, a winning Poker Bet is paid %s, not %s.", a, b),
				"flip.thrill.half_pay", "Paid", a.String(), "Not", b.String())
		}),
		applies: func(d *dealt) bool { return !d.st.Dealer.Qualifies }},
	{id: "thrill.king_queen_high", rule: thrill.SecKingJackHigh,
		applies: func(d *dealt) bool { return thrillDealerHigh(d, cards.King) },
		flip: func(d *dealt) (*rulebook.House, said) {
			h := d.h
			if h.Thrill.PokerHalfPayHand == thrill.KingJackHigh {
				return withThrill(h, func(s *thrill.Settings) { s.PokerHalfPayHand = thrill.KingHigh }),
					say("King-queen high is above king/jack high: a Poker Bet that beats it is paid in full.", "flip.thrill.king_queen_full")
			}
			return withThrill(h, func(s *thrill.Settings) { s.PokerHalfPayHand = thrill.KingJackHigh }),
				say("At this house every high-card hand without an ace counts as king/jack high or lower, king-queen high included: a Poker Bet that beats it is half-paid.", "flip.thrill.king_queen_half")
		}},
	{id: "thrill.ace_high_half_paid", rule: thrill.SecKingJackHigh,
		text: "Ace high is above king/jack high, and so is a high-card hand with the joker, which plays as an ace: a Poker Bet that beats it is paid in full.",
		result: func(d *dealt, st *games.Settlement) bool {
			h := d.g.rules(d.h).Evaluate(d.st.Dealer.Best)
			if h.Category() != poker.HighCard || h.Ranks()[0] != cards.Ace {
				return false
			}
			o, ok := d.h.Thrill.Pay[thrill.Poker].Odds("win_vs_king_jack_high")
			if !ok {
				return false
			}
			changed := false
			for i := range st.Boxes {
				if w, ok := wagerOf(&st.Boxes[i], thrill.Poker, nil); ok && w.Pays > 0 {
					w.Pays = d.h.Rounding.Pay(w.Stake, o)
					changed = true
				}
			}
			return changed
		}},
	{id: "thrill.pair_of_kings_full", rule: thrill.SecKingsOrBetter,
		flip: thrillRowFlip(thrill.KingsOrBetter, "pair_of_kings", "aces_or_better", func(h *rulebook.House, a, b games.Odds) said {
			if !h.Thrill.PKOBHalfOnlyOnePair {
				return say(fmt.Sprintf("On Pair of Kings or Better a hand whose top pair or set is kings, below a straight (one pair of kings, kings up, three kings), is paid %s; only a pair of aces, aces up and better hands are paid %s.", a, b),
					"flip.thrill.kings_row_any", "Kings", a.String(), "Aces", b.String())
			}
			return say(fmt.Sprintf("On Pair of Kings or Better one pair of kings is paid %s; a pair of aces, two pair or better are paid %s.", a, b),
				"flip.thrill.kings_row_one_pair", "Kings", a.String(), "Aces", b.String())
		}),
		applies: thrillKingsHand},
	{id: "thrill.kings_up", rule: thrill.SecKingsOrBetter, applies: thrillKingsHand,
		flip: func(d *dealt) (*rulebook.House, said) {
			h := d.h
			if h.Thrill.PKOBHalfOnlyOnePair {
				return withThrill(h, func(s *thrill.Settings) { s.PKOBHalfOnlyOnePair = false }),
					say("Only one pair of kings is paid as a pair of kings: kings up and three kings are better hands and are paid as such.", "flip.thrill.kings_one_pair_only")
			}
			return withThrill(h, func(s *thrill.Settings) { s.PKOBHalfOnlyOnePair = true }),
				say("At this house any hand whose top pair or set is kings, below a straight, is paid as a pair of kings: kings up and three kings included.", "flip.thrill.kings_any")
		}},
	{id: "thrill.joker_flush_rank", rule: thrill.SecJokerFlush,
		applies: func(d *dealt) bool {
			return thrillAnyBest(d, func(h poker.Hand) bool { return h.HasJoker() && h.Category() == poker.Flush })
		},
		flip: func(d *dealt) (*rulebook.House, said) {
			h := d.h
			if h.Thrill.JokerFlushRank == thrill.HighestMissing {
				return withThrill(h, func(s *thrill.Settings) { s.JokerFlushRank = thrill.AceAlways }),
					say("In a flush the joker is the highest card of its suit that the hand does not hold, never a second ace.", "flip.thrill.joker_highest_missing")
			}
			return withThrill(h, func(s *thrill.Settings) { s.JokerFlushRank = thrill.HighestMissing }),
				say("At this house the joker in a flush always counts as an ace, even beside the ace of its suit.", "flip.thrill.joker_ace_always")
		}},
	{id: "thrill.wheel_straight_flush", rule: thrill.SecWheelSF,
		applies: func(d *dealt) bool {
			return thrillAnyBest(d, func(h poker.Hand) bool { return h.Category() == poker.StraightFlush && h.Ranks()[0] == cards.Five })
		},
		flip: func(d *dealt) (*rulebook.House, said) {
			h := d.h
			if h.Thrill.WheelRuleAppliesToSF {
				return withThrill(h, func(s *thrill.Settings) { s.WheelRuleAppliesToSF = false }),
					say("A-2-3-4-5 of one suit is the second-highest straight flush, just as the wheel is the second-highest straight.", "flip.thrill.wheel_sf_second")
			}
			return withThrill(h, func(s *thrill.Settings) { s.WheelRuleAppliesToSF = true }),
				say("At this house A-2-3-4-5 of one suit is the lowest straight flush.", "flip.thrill.wheel_sf_lowest")
		}},
	{id: "thrill.joker_royal", rule: thrill.SecSpecialBet,
		applies: func(d *dealt) bool {
			return thrillAnyBest(d, func(h poker.Hand) bool { return h.HasJoker() && h.Category() == poker.RoyalFlush })
		},
		flip: func(d *dealt) (*rulebook.House, said) {
			h := d.h
			if !h.Thrill.SpecialNaturalRoyalOnly {
				return withThrill(h, func(s *thrill.Settings) { s.SpecialNaturalRoyalOnly = true }),
					say("A royal flush made with the joker is paid on the Special as a royal flush, like a natural one.", "flip.thrill.joker_royal_paid")
			}
			return withThrill(h, func(s *thrill.Settings) { s.SpecialNaturalRoyalOnly = false }),
				say("At this house only a natural royal flush is paid as a royal flush on the Special; a royal made with the joker is paid as a straight flush.", "flip.thrill.natural_royal_only")
		}},
	{id: "thrill.cards_speak", rule: thrill.SecCardsSpeak,
		applies: func(d *dealt) bool {
			r := d.g.rules(d.h)
			for _, b := range d.in.Boxes {
				if len(b.Discards) == 2 && r.Evaluate(thrillKept(&b)).Value != r.Evaluate(parseCards(b.Cards)).Value {
					return true
				}
			}
			return false
		},
		flip: func(d *dealt) (*rulebook.House, said) {
			h := d.h
			if h.Thrill.CardsSpeak {
				return withThrill(h, func(s *thrill.Settings) { s.CardsSpeak = false }),
					say("Cards speak: the best five of the player's seven cards play, whatever he discarded.", "flip.thrill.cards_speak")
			}
			return withThrill(h, func(s *thrill.Settings) { s.CardsSpeak = true }),
				say("At this house the five the player kept bind: his discards are not read back into his hand.", "flip.thrill.kept_five_bind")
		}},
	{id: "thrill.bonus_follows_poker", rule: thrill.SecBonusApart,
		text: "The bonus bets and the Special pay whatever the Poker Bet does: each is settled on the player's hand alone.",
		result: func(d *dealt, st *games.Settlement) bool {
			changed := false
			for i := range st.Boxes {
				b := &st.Boxes[i]
				if b.Versus != games.VersusLose {
					continue
				}
				for j := range b.Wagers {
					w := &b.Wagers[j]
					if w.Wager != thrill.Poker && w.Result == games.Win {
						w.Result, w.Pays = games.Lose, -w.Stake
						changed = true
					}
				}
			}
			return changed
		}},
	{id: "thrill.tie_loses", rule: thrill.SecPokerBet,
		text: "A tie on the Poker Bet pushes: in this game the dealer does not win ties.",
		result: func(d *dealt, st *games.Settlement) bool {
			changed := false
			for i := range st.Boxes {
				if w, ok := wagerOf(&st.Boxes[i], thrill.Poker, nil); ok && st.Boxes[i].Versus == games.VersusTie {
					w.Result, w.Pays = games.Lose, -w.Stake
					changed = true
				}
			}
			return changed
		}},
}, roundingMistakes...)

// thrillAlt are 7 Card Thrill's ranking rules read the wrong way. A rule that
// a house setting decides has one entry per value, each offered only at the
// houses of its value, so that the text the trainee reads is the house's rule.
var thrillAlt = []altRule{
	{id: "thrill.wheel_lowest", rule: thrill.SecWheel, key: "wheel_lowest",
		text: "In 7 Card Thrill A-2-3-4-5 is the second-highest straight, below A-K-Q-J-10 and above K-Q-J-10-9, not the lowest.",
		rules: func(h *rulebook.House) (poker.Rules, bool) {
			r := h.Thrill.Rules()
			r.WheelSecond, r.WheelSecondSF = false, false
			return r, true
		}},
	{id: "thrill.joker_flush_rank", rule: thrill.SecJokerFlush, key: "joker_flush_highest_missing",
		text: "In a flush the joker is the highest card of its suit that the hand does not hold, never a second ace.",
		rules: func(h *rulebook.House) (poker.Rules, bool) {
			r := h.Thrill.Rules()
			r.JokerFlushAceAlways = true
			return r, h.Thrill.JokerFlushRank == thrill.HighestMissing
		}},
	{id: "thrill.joker_flush_rank", rule: thrill.SecJokerFlush, key: "joker_flush_ace_always",
		text: "At this house the joker in a flush always counts as an ace, even beside the ace of its suit.",
		rules: func(h *rulebook.House) (poker.Rules, bool) {
			r := h.Thrill.Rules()
			r.JokerFlushAceAlways = false
			return r, h.Thrill.JokerFlushRank == thrill.AceAlways
		}},
	{id: "thrill.wheel_straight_flush", rule: thrill.SecWheelSF, key: "wheel_sf_second",
		text: "A-2-3-4-5 of one suit is the second-highest straight flush, just as the wheel is the second-highest straight.",
		rules: func(h *rulebook.House) (poker.Rules, bool) {
			r := h.Thrill.Rules()
			r.WheelSecondSF = false
			return r, h.Thrill.WheelRuleAppliesToSF
		}},
	{id: "thrill.wheel_straight_flush", rule: thrill.SecWheelSF, key: "wheel_sf_lowest",
		text: "At this house A-2-3-4-5 of one suit is the lowest straight flush.",
		rules: func(h *rulebook.House) (poker.Rules, bool) {
			r := h.Thrill.Rules()
			r.WheelSecondSF = true
			return r, !h.Thrill.WheelRuleAppliesToSF
		}},
}

// thrillHandSlips: the five the player kept, read as his hand under cards speak.
func thrillHandSlips(loc *i18n.Localizer, d *dealt, box int, c *choiceSet) {
	b := &d.in.Boxes[box]
	if len(b.Discards) != 2 || !d.h.Thrill.CardsSpeak {
		return
	}
	c.add(describeFive(loc, d.g.rules(d.h), thrillKept(b)), "thrill.cards_speak", thrill.SecCardsSpeak,
		loc.T("drill.hand.cards_speak"))
}

func thrillHandQuestions(d *dealt) []string {
	qs := []string{QDealerHalfPay}
	for _, br := range d.st.Boxes {
		if slices.Contains(br.Best, cards.Joker) {
			return append(qs, QJoker)
		}
	}
	return qs
}

func thrillHandQuestion(b *build, d *dealt, q string, box *int, c *choiceSet) (prompt, expl string, n int, ok bool) {
	switch q {
	case QDealerHalfPay:
		return thrillHalfPay(b, d, c)
	case QJoker:
		if !slices.Contains(d.st.Boxes[*box].Best, cards.Joker) {
			for i, br := range d.st.Boxes {
				if slices.Contains(br.Best, cards.Joker) {
					*box = i
					break
				}
			}
		}
		if !slices.Contains(d.st.Boxes[*box].Best, cards.Joker) {
			return "", "", 0, false
		}
		p, e := thrillJoker(b, d, *box, c)
		return p, e, b.lv.Choices, true
	}
	return "", "", 0, false
}

// thrillHalfPay: is the dealer's hand king/jack high or lower?
func thrillHalfPay(b *build, d *dealt, c *choiceSet) (prompt, expl string, n int, ok bool) {
	s := d.h.Thrill
	h := d.g.rules(d.h).Evaluate(d.st.Dealer.Best)
	half := s.KingJackOrLower(h)
	var why string
	rs := h.Ranks()
	switch {
	case h.Category() != poker.HighCard:
		why = fmt.Sprintf("the dealer holds %s, not a high-card hand", lowerFirst(describeHand(h)))
	case h.HasJoker() && rs[0] == cards.Ace:
		why = "the joker plays as an ace, so the hand is ace high, above king/jack high"
	case rs[0] == cards.Ace:
		why = "ace high is above king/jack high"
	case rs[0] == cards.King && rs[1] == cards.Queen && s.PokerHalfPayHand == thrill.KingJackHigh:
		why = "king-queen high is above king/jack high"
	case s.PokerHalfPayHand == thrill.KingHigh:
		why = fmt.Sprintf("%s high with no pair, straight or flush counts: at this house every high-card hand without an ace does, king-queen high included", rs[0].Name())
	default:
		why = fmt.Sprintf("%s high with no pair, straight or flush is king/jack high or lower", rs[0].Name())
	}
	rule := b.t("drill.thrill.half_rule")
	if s.PokerHalfPayHand == thrill.KingHigh {
		rule = b.t("drill.thrill.half_rule_king_high")
	}
	yesNo(c, half, b.t("drill.thrill.half_yes"), b.t("drill.thrill.half_no"),
		"thrill.half_pay_hand_misread", thrill.SecKingJackHigh, rule)
	prompt = b.t("drill.thrill.half_prompt")
	if b.loc.Lang() != i18n.Source {
		why = halfWhyIn(b.loc, h, s)
	}
	expl = b.t("drill.thrill.half_expl", "Five", describeFive(b.loc, d.g.rules(d.h), d.st.Dealer.Best), "Why", upperFirst(why))
	return prompt, expl, 2, true
}

// jokerRole says what the joker stands for in a hand.
func jokerRole(h poker.Hand) string {
	as := h.JokerAs
	switch h.Category() {
	case poker.FiveAces:
		return "As the fifth ace: five aces"
	case poker.Flush:
		return fmt.Sprintf("As the %s, to complete the flush", as.Name())
	case poker.Straight:
		return fmt.Sprintf("As %s, to complete the straight", thrillRankArticle(as.Rank()))
	case poker.StraightFlush, poker.RoyalFlush:
		return fmt.Sprintf("As the %s, to complete the %s", as.Name(), h.Category())
	}
	return "As an ace"
}

// thrillJoker: where does the joker play in box's hand?
func thrillJoker(b *build, d *dealt, box int, c *choiceSet) (prompt, expl string) {
	rules := d.g.rules(d.h)
	held := d.g.handCards(&d.in, box)
	h := rules.Evaluate(d.st.Boxes[box].Best)
	c.key = jokerRoleIn(b.loc, h)
	bug := b.t("drill.thrill.joker.bug")
	for _, a := range d.g.alt {
		r, _ := a.rules(d.h)
		if x := r.Evaluate(held); x.HasJoker() {
			c.add(jokerRoleIn(b.loc, x), a.id, a.rule, a.textIn(b.loc))
		}
	}
	// The bug misread as a wild card: a fourth (or fifth) card of the hand's set or pair.
	rs := h.Ranks()
	switch h.Category() {
	case poker.ThreeOfAKind, poker.TwoPair, poker.OnePair, poker.FullHouse:
		if rs[0] != cards.Ace {
			wild := fmt.Sprintf("As %s, to make %s", thrillRankArticle(rs[0]), wildMade(h.Category()))
			if b.loc.Lang() != i18n.Source {
				wild = b.t("drill.thrill.joker.wild_"+wildKey(h.Category()), "Rank", rankForm(b.loc, rs[0], "name"))
			}
			c.add(wild, "thrill.joker_wild", thrill.SecJoker, bug)
		}
	}
	if h.JokerAs.Rank() != cards.Ace {
		c.add(b.t("drill.thrill.joker.as_ace"), "thrill.joker_role", thrill.SecJoker, bug)
	}
	c.add(b.t("drill.thrill.joker.not_used"), "thrill.joker_role", thrill.SecJoker, bug)
	c.add(b.t("drill.thrill.joker.as_king"), "thrill.joker_wild", thrill.SecJoker, bug)
	c.add(b.t("drill.thrill.joker.fully_wild"), "thrill.joker_wild", thrill.SecJoker, bug)
	prompt = b.t("drill.thrill.joker_prompt", "Box", box+1)
	expl = b.t("drill.thrill.joker_expl", "Box", box+1, "Five", describeFive(b.loc, rules, d.st.Boxes[box].Best))
	return prompt, expl
}

// thrillRankArticle names a rank with its article: "an ace", "an eight", "a king".
func thrillRankArticle(r cards.Rank) string {
	if r == cards.Ace || r == cards.Eight {
		return "an " + r.Name()
	}
	return "a " + r.Name()
}

func wildMade(c poker.Category) string {
	switch c {
	case poker.ThreeOfAKind:
		return "four of a kind"
	case poker.TwoPair:
		return "a full house"
	case poker.FullHouse:
		return "four of a kind"
	}
	return "three of a kind"
}

// thrillWager1 places a primary wager on box at its main stake; where the
// house allows exactly one primary wager, it replaces the one there.
func thrillWager1(in *games.Round, box int, wager string, h *rulebook.House) {
	ensureWager(in, box, wager, thrill.Primary)
	if h.Thrill.PrimaryWagers != thrill.ExactlyOne {
		return
	}
	for _, w := range thrill.Primary {
		if w != wager {
			delete(in.Boxes[box].Wagers, w)
		}
	}
}

// thrillSpecial places the Special beside the box's primary wager (or alone
// where the house allows it).
func thrillSpecial(in *games.Round, box int) {
	ensureWager(in, box, thrill.Special, thrill.Primary)
}

// thrillKept is the five a box kept: its seven less its discards.
func thrillKept(b *games.Box) []cards.Card {
	var kept []cards.Card
	dis := parseCards(b.Discards)
	for _, x := range parseCards(b.Cards) {
		if !slices.Contains(dis, x) {
			kept = append(kept, x)
		}
	}
	return kept
}

// thrillAnyBest reports whether the dealer's or a box's best five meets cond.
func thrillAnyBest(d *dealt, cond func(h poker.Hand) bool) bool {
	r := d.g.rules(d.h)
	if cond(r.Evaluate(d.st.Dealer.Best)) {
		return true
	}
	for _, b := range d.st.Boxes {
		if cond(r.Evaluate(b.Best)) {
			return true
		}
	}
	return false
}

// thrillDealerHigh reports a dealer's high-card hand topped by rank top.
func thrillDealerHigh(d *dealt, top cards.Rank) bool {
	h := d.g.rules(d.h).Evaluate(d.st.Dealer.Best)
	return h.Category() == poker.HighCard && h.Ranks()[0] == top
}

// thrillKingsHand reports a box with Pair of Kings or Better whose hand is
// topped by kings below a straight.
func thrillKingsHand(d *dealt) bool {
	r := d.g.rules(d.h)
	for _, b := range d.st.Boxes {
		if _, ok := wagerOf(&b, thrill.KingsOrBetter, nil); !ok {
			continue
		}
		h := r.Evaluate(b.Best)
		if h.Category() >= poker.OnePair && h.Category() <= poker.ThreeOfAKind && h.Ranks()[0] == cards.King {
			return true
		}
	}
	return false
}

// plantTie gives box the ranks of the dealer's best five in other suits, so
// that the two hands tie unless the box's other cards improve it. A dealer
// whose five need the joker, a suit or all four cards of a rank is left alone.
func plantTie(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
	r := dl.g.rules(dl.h)
	dealerCards := dl.g.dealerCards(in)
	h := r.Evaluate(dealerCards)
	if h.HasJoker() || h.Category() == poker.Flush || h.Category() >= poker.StraightFlush {
		return
	}
	var want []cards.Card
	for _, c := range h.Best {
		found := false
		for _, u := range rng.Perm(cards.NumSuits) {
			x := cards.New(c.Rank(), cards.Suit(u))
			if !slices.Contains(dealerCards, x) && !slices.Contains(want, x) {
				want = append(want, x)
				found = true
				break
			}
		}
		if !found {
			return
		}
	}
	plantCards(rng, in, box, dl.g, want)
}

// jokerRoleIn is jokerRole in loc's language (drill.thrill.joker.*); English
// drills keep jokerRole's words.
func jokerRoleIn(loc *i18n.Localizer, h poker.Hand) string {
	if loc.Lang() == i18n.Source {
		return jokerRole(h)
	}
	as := rankForm(loc, h.JokerAs.Rank(), "name")
	switch h.Category() {
	case poker.FiveAces:
		return loc.T("drill.thrill.joker.fifth_ace")
	case poker.Flush:
		return loc.T("drill.thrill.joker.flush", "Rank", as)
	case poker.Straight:
		return loc.T("drill.thrill.joker.straight", "Rank", as)
	case poker.StraightFlush:
		return loc.T("drill.thrill.joker.straight_flush", "Rank", as)
	case poker.RoyalFlush:
		return loc.T("drill.thrill.joker.royal_flush", "Rank", as)
	}
	return loc.T("drill.thrill.joker.as_ace")
}

// wildKey is wildMade's hand as a message key: what a joker taken for a wild
// card would make of a hand of category c.
func wildKey(c poker.Category) string {
	switch c {
	case poker.ThreeOfAKind, poker.FullHouse:
		return "four_of_a_kind"
	case poker.TwoPair:
		return "full_house"
	}
	return "three_of_a_kind"
}

// halfWhyIn says in loc's language why the dealer's hand h is or is not
// king/jack high or lower (thrillHalfPay's English reasons, case for case).
func halfWhyIn(loc *i18n.Localizer, h poker.Hand, s *thrill.Settings) string {
	rs := h.Ranks()
	switch {
	case h.Category() != poker.HighCard:
		return loc.T("drill.thrill.half.not_high_card", "Hand", lowerFirst(describeHandIn(loc, h)))
	case h.HasJoker() && rs[0] == cards.Ace:
		return loc.T("drill.thrill.half.joker_ace")
	case rs[0] == cards.Ace:
		return loc.T("drill.thrill.half.ace_high")
	case rs[0] == cards.King && rs[1] == cards.Queen && s.PokerHalfPayHand == thrill.KingJackHigh:
		return loc.T("drill.thrill.half.king_queen")
	case s.PokerHalfPayHand == thrill.KingHigh:
		return loc.T("drill.thrill.half.king_high", "High", rankForm(loc, rs[0], "high"))
	}
	return loc.T("drill.thrill.half.lower", "High", rankForm(loc, rs[0], "high"))
}
