package drills

import (
	"fmt"
	"math/rand/v2"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// Texas Oracle (RULES.md §3): the features levels steer toward, the mistakes
// dealers make and the hand questions of the game. Every rule cited is a
// section id of the house rule book, content/rules/books/oracle.md.

var oracleGame = &game{
	slug:     oracle.Slug,
	ties:     "oracle.stay",
	name:     oracle.Name,
	wagers:   oracle.Wagers,
	titles:   map[string]string{"ante": "Ante", "bet": "BET"},
	maxBoxes: func(h *rulebook.House) int { return h.Oracle.MaxBoxes },
	payTables: func(h *rulebook.House) []games.PayTable {
		return []games.PayTable{h.Oracle.Ante, h.Oracle.Bet}
	},
	random: func(rng *rand.Rand, h *rulebook.House, lo, hi, chip games.Money, boxes int) games.Round {
		return oracle.Random(rng, h.Oracle, lo, hi, chip, boxes)
	},
	settle: func(h *rulebook.House, in *games.Round, rd games.Rounding) (*games.Settlement, error) {
		r, err := oracle.Parse(in, h.Oracle)
		if err != nil {
			return nil, err
		}
		st := oracle.Settle(r, h.Oracle, rd)
		st.House = h.Name
		return st, st.Check()
	},
	rules:       func(h *rulebook.House) poker.Rules { return poker.Standard },
	handCards:   holdemCards,
	dealerCards: holdemDealer,
	slots:       holdemSlots,
	unusual:     holdemUnusual,
	// Each box is settled against the dealer alone (RULES.md §3.2.7).
	isolate: func(h *rulebook.House, in *games.Round, box int) (games.Round, int, bool) {
		r, i := holdemIsolate(in, box)
		return r, i, true
	},
	features: []feature{
		{id: "oracle.bet_win", find: wagerWhere("bet", won)},
		{id: "oracle.ante_win", find: wagerWhere("ante", won)},
		// The dealer has less than a pair: the Ante pays by the house rule, the BET pushes.
		{id: "oracle.dealer_no_qualify", hand: QDealerQualifies, find: wagerWhere("bet", func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return !d.st.Dealer.Qualifies && br.Versus != games.VersusNone
		})},
		// A fold after buying the 4th card: the Ante and the fee are lost.
		{id: "oracle.fold_after_fourth", find: boxTotal(func(d *dealt, br *games.BoxResult) bool {
			return br.Versus == games.VersusNone && br.Fees > 0
		})},
		// An exchange: two fees, and the BET still to settle.
		{id: "oracle.exchange", find: boxTotal(func(d *dealt, br *games.BoxResult) bool {
			for _, f := range br.FeeItems {
				if f.Fee == oracle.FeeExchange && br.Versus != games.VersusNone {
					return true
				}
			}
			return false
		})},
		// STAY: the same five ranks.
		{id: "oracle.stay", hand: QBeatsDealer, find: wagerWhere("bet", func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return br.Versus == games.VersusTie && d.st.Dealer.Qualifies
		}), plant: func(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
			plantBoard(in, plantHand(rng, poker.Straight))
			oraclePlay(in, box, dl.h)
		}},
		{id: "oracle.bet_big", rare: true, find: wagerWhere("bet", func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return w.Pays > 0 && category(br.Hand) >= poker.Flush
		}), plant: func(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
			cs := []poker.Category{poker.Flush, poker.Straight, poker.FullHouse, poker.FourOfAKind, poker.StraightFlush, poker.RoyalFlush}
			plantCards(rng, in, box, dl.g, plantHand(rng, cs[rng.IntN(len(cs))]))
			oraclePlay(in, box, dl.h)
		}},
	},
	handQs:    []string{QBestHand, QBeatsDealer, QDealerQualifies},
	mistakes:  oracleMistakes,
	handSlips: holdemSlips("oracle.best_hand"),
	hand: func(d *dealt) []string {
		return []string{QDealerQualifies}
	},
	handQuestion: func(b *build, d *dealt, q string, box *int, c *choiceSet) (string, string, int, bool) {
		if q != QDealerQualifies {
			return "", "", 0, false
		}
		return qualifyQuestion(b.loc, c, d.st.Dealer.Qualifies, d.st.Dealer.Best, "drill.qualify.need_oracle", "oracle.qualify", "")
	},
}

// oraclePlay makes box buy the 4th card and play on to the showdown.
func oraclePlay(in *games.Round, box int, h *rulebook.House) {
	b := &in.Boxes[box]
	b.Fold, b.FourthCard = false, true
	ante := stakeOf(in, box, "ante")
	setStake(in, box, "bet", ante*games.Money(h.Oracle.BetMultiple))
}

// withOracle returns a copy of h whose Texas Oracle settings f has changed.
func withOracle(h *rulebook.House, f func(s *oracle.Settings)) *rulebook.House {
	c := copyHouse(h)
	s := *h.Oracle
	f(&s)
	c.Oracle = &s
	return c
}

var oracleMistakes = append([]mistake{
	{id: "oracle.ante_on_no_qualify", rule: oracle.RuleNoQualify, applies: noQualify,
		flip: func(d *dealt) (*rulebook.House, said) {
			if d.h.Oracle.NoQualifyAnte.IsZero() {
				return withOracle(d.h, func(s *oracle.Settings) {
						s.AnteOnDealerNoQualify, s.NoQualifyAnte = "1:1", games.Odds{Win: 1, Per: 1}
					}),
					say("At this house the Ante pushes when the dealer does not qualify, and so does the BET.", "flip.oracle.ante_push_no_qualify")
			}
			return withOracle(d.h, func(s *oracle.Settings) { s.AnteOnDealerNoQualify, s.NoQualifyAnte = "push", games.Odds{} }),
				say(fmt.Sprintf("When the dealer does not qualify, this house pays the Ante %s and the BET pushes.", d.h.Oracle.NoQualifyAnte),
					"flip.oracle.ante_paid_no_qualify", "Odds", d.h.Oracle.NoQualifyAnte.String())
		}},
	{id: "oracle.bet_paid_on_no_qualify", rule: oracle.RuleNoQualify, applies: noQualify,
		text: "When the dealer does not qualify (less than a pair of twos), the BET pushes whatever the player holds.",
		result: func(d *dealt, st *games.Settlement) bool {
			changed := false
			for i := range st.Boxes {
				b := &st.Boxes[i]
				w, ok := wagerOf(b, "bet", nil)
				if !ok || b.Versus != games.VersusWin {
					continue
				}
				if o, ok := d.h.Oracle.Bet.Odds(category(b.Hand).Key()); ok {
					w.Result, w.Pays = games.Win, d.h.Rounding.Pay(w.Stake, o)
					changed = true
				}
			}
			return changed
		}},
	{id: "oracle.ante_not_paid_on_win", rule: oracle.RuleAnte,
		text: "When the player beats a qualifying dealer, the Ante is paid as well as the BET: the Ante by its own table, the BET by the BET table.",
		result: func(d *dealt, st *games.Settlement) bool {
			changed := false
			for i := range st.Boxes {
				b := &st.Boxes[i]
				if w, ok := wagerOf(b, "ante", nil); ok && st.Dealer.Qualifies && b.Versus == games.VersusWin && w.Pays > 0 {
					w.Result, w.Pays = games.Push, 0
					changed = true
				}
			}
			return changed
		}},
	{id: "oracle.stay_lost", rule: oracle.RuleStay,
		text: "The same five ranks are a STAY: the Ante and the BET both push.",
		result: func(d *dealt, st *games.Settlement) bool {
			changed := false
			for i := range st.Boxes {
				b := &st.Boxes[i]
				if b.Versus != games.VersusTie || !st.Dealer.Qualifies {
					continue
				}
				for j := range b.Wagers {
					w := &b.Wagers[j]
					w.Result, w.Pays = games.Lose, -w.Stake
					changed = true
				}
			}
			return changed
		}},
	{id: "oracle.fees_refundable", rule: "oracle.settle_fees",
		applies: func(d *dealt) bool {
			for _, b := range d.st.Boxes {
				if len(b.FeeItems) > 0 {
					return true
				}
			}
			return false
		},
		flip: func(d *dealt) (*rulebook.House, said) {
			if !d.h.Oracle.FeesRefundable {
				return withOracle(d.h, func(s *oracle.Settings) { s.FeesRefundable = true }),
					say("The 4th-card and exchange fees are never returned, whatever happens to the Ante.", "flip.oracle.fees_never_returned")
			}
			return withOracle(d.h, func(s *oracle.Settings) { s.FeesRefundable = false }),
				say("At this house the fees are returned whenever the Ante does not lose.", "flip.oracle.fees_returned")
		}},
	{id: "oracle.fee_per_card", rule: "oracle.exchange_fee",
		text: "The exchange fee is paid once per exchange of one or two cards, not once per card.",
		result: func(d *dealt, st *games.Settlement) bool {
			changed := false
			for i := range st.Boxes {
				n := d.in.Boxes[i].Exchanged
				for j := range st.Boxes[i].FeeItems {
					f := &st.Boxes[i].FeeItems[j]
					if f.Fee == oracle.FeeExchange && n > 1 && f.Amount > 0 {
						f.Amount *= games.Money(n)
						changed = true
					}
				}
			}
			return changed
		}},
	{id: "oracle.bet_table", rule: "oracle.bet_table",
		applies: func(d *dealt) bool {
			for _, b := range d.st.Boxes {
				if w, ok := wagerOf(&b, "bet", nil); ok && w.Pays > 0 {
					return true
				}
			}
			return false
		},
		flip: func(d *dealt) (*rulebook.House, said) {
			pt, ok := otherTable(d, oracle.Slug, "bet", d.h.Oracle.Bet.Name)
			if !ok {
				return nil, said{}
			}
			// The rows where the two tables differ, as this house pays them:
			// a table's name is the rules files' and is never said.
			var differ []games.PayRow
			for _, r := range d.h.Oracle.Bet.Rows {
				if o, ok := pt.Odds(r.Key); !ok || o != r.Odds {
					differ = append(differ, r)
				}
			}
			return withOracle(d.h, func(s *oracle.Settings) { s.Bet = pt }),
				say(fmt.Sprintf("That is another casino's BET payout. This house pays the BET: %s.", tripsPays(games.PayTable{Rows: differ})),
					"flip.oracle.bet_table", "Rows", payRows(differ))
		}},
}, roundingMistakes...)
