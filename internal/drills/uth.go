package drills

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// Ultimate Texas Hold'em (RULES.md §2): the features levels steer toward,
// the mistakes dealers make and the hand questions of the game. Every rule a
// mistake or a question cites is a section id of the rule book
// (content/rules/books/uth.md); the texts a trainee reads carry no citation.

var uthGame = &game{
	slug:     uth.Slug,
	compare:  "uth.compare",
	name:     uth.Name,
	wagers:   uth.Wagers,
	titles:   map[string]string{"ante": "Ante", "blind": "Blind", "play": "Play", "trips": "Trips", "progressive": "Progressive"},
	maxBoxes: func(h *rulebook.House) int { return h.UTH.MaxBoxes },
	payTables: func(h *rulebook.House) []games.PayTable {
		return []games.PayTable{h.UTH.Main, h.UTH.Blind, h.UTH.Trips}
	},
	random: func(rng *rand.Rand, h *rulebook.House, lo, hi, chip games.Money, boxes int) games.Round {
		return uth.Random(rng, h.UTH, lo, hi, chip, boxes)
	},
	settle: func(h *rulebook.House, in *games.Round, rd games.Rounding) (*games.Settlement, error) {
		r, err := uth.Parse(in, h.UTH)
		if err != nil {
			return nil, err
		}
		st := uth.Settle(r, h.UTH, rd)
		st.House = h.Name
		return st, st.Check()
	},
	rules:       func(h *rulebook.House) poker.Rules { return poker.Standard },
	handCards:   holdemCards,
	dealerCards: holdemDealer,
	slots:       holdemSlots,
	unusual:     holdemUnusual,
	// Boxes settle independently, except for the Envy Bonus.
	isolate: func(h *rulebook.House, in *games.Round, box int) (games.Round, int, bool) {
		if h.UTH.EnvyBonus {
			return games.Round{}, 0, false
		}
		r, i := holdemIsolate(in, box)
		return r, i, true
	},
	features: []feature{
		{id: "uth.ante_win", find: wagerWhere("ante", won)},
		{id: "uth.blind_win", find: wagerWhere("blind", won)},
		{id: "uth.trips_win", find: wagerWhere("trips", won)},
		{id: "uth.fold", find: boxTotal(func(d *dealt, br *games.BoxResult) bool { return br.Versus == games.VersusNone })},
		// The dealer does not qualify: the Ante pushes, Play and Blind stay in action.
		{id: "uth.dealer_no_qualify", hand: QDealerQualifies, find: wagerWhere("ante", func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return !d.st.Dealer.Qualifies && br.Versus != games.VersusNone
		})},
		// The player wins with less than a straight: the Blind pushes.
		{id: "uth.blind_below_straight", find: wagerWhere("blind", func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return br.Versus == games.VersusWin && w.Result == games.Push
		})},
		// Trips on a folded box: lost by default, paid where it stays in action.
		{id: "uth.trips_after_fold", find: wagerWhere("trips", func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return br.Versus == games.VersusNone && category(br.Hand) >= poker.ThreeOfAKind
		}), plant: func(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
			uthFold(in, box)
			setStake(in, box, "trips", max(stakeOf(in, box, "ante"), dl.h.Rounding.Chip))
			plantCards(rng, in, box, dl.g, plantHand(rng, poker.ThreeOfAKind))
		}},
		// Trips pays though the dealer beats the player.
		{id: "uth.trips_dealer_wins", find: wagerWhere("trips", func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return w.Pays > 0 && br.Versus == games.VersusLose
		})},
		// A chop: the board plays, or the same five ranks.
		{id: "uth.tie", hand: QBeatsDealer, find: wagerWhere("play", func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return br.Versus == games.VersusTie
		}), plant: func(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
			plantBoard(in, plantHand(rng, poker.Straight))
			uthUnfold(in, box)
		}},
		// A flush on the Blind: 3:2.
		{id: "uth.blind_flush", find: wagerWhere("blind", func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return w.Pays > 0 && category(br.Hand) == poker.Flush
		}), plant: func(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
			plantCards(rng, in, box, dl.g, plantHand(rng, poker.Flush))
			uthUnfold(in, box)
		}},
		// 3:2 on an Ante that is an odd number of chips: rounded down.
		{id: "uth.odd_blind", find: wagerWhere("blind", func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return paysRounded(d, w)
		}), plant: func(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
			plantCards(rng, in, box, dl.g, plantHand(rng, poker.Flush))
			uthUnfold(in, box)
			uthAnte(in, box, oddChips(stakeOf(in, box, "ante"), dl.h.Rounding.Chip))
		}},
		{id: "uth.blind_big", rare: true, find: wagerWhere("blind", func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool {
			return w.Pays > 0 && category(br.Hand) >= poker.FullHouse
		}), plant: func(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
			cs := []poker.Category{poker.FullHouse, poker.FullHouse, poker.FourOfAKind, poker.StraightFlush, poker.RoyalFlush}
			plantCards(rng, in, box, dl.g, plantHand(rng, cs[rng.IntN(len(cs))]))
			uthUnfold(in, box)
		}},
		{id: "uth.progressive", rare: true, find: wagerWhere("progressive", won),
			plant: func(rng *rand.Rand, in *games.Round, box int, dl *dealer) {
				if !dl.h.UTH.ProgressiveEnabled {
					return
				}
				cs := []poker.Category{poker.FourOfAKind, poker.FourOfAKind, poker.StraightFlush, poker.RoyalFlush, poker.FullHouse}
				// The hole cards and the flop: the hand under either progressive_hand.
				slots := append(stringSlots(in.Boxes[box].Cards), stringSlots(in.Board[:3])...)
				want := plantHand(rng, cs[rng.IntN(len(cs))])
				p := rng.Perm(len(slots))
				for i, c := range want {
					cur, err := cards.Parse(*slots[p[i]])
					if err == nil {
						swapCards(in, cur, c)
					}
				}
				setStake(in, box, "progressive", dl.h.UTH.ProgressiveStake)
				uthUnfold(in, box)
			}},
	},
	handQs:    []string{QBestHand, QBeatsDealer, QDealerQualifies},
	mistakes:  uthMistakes,
	handSlips: holdemSlips("uth.best_hand"),
	hand: func(d *dealt) []string {
		return []string{QDealerQualifies}
	},
	handQuestion: func(b *build, d *dealt, q string, box *int, c *choiceSet) (string, string, int, bool) {
		if q != QDealerQualifies {
			return "", "", 0, false
		}
		return qualifyQuestion(b.loc, c, d.st.Dealer.Qualifies, d.st.Dealer.Best, "drill.qualify.need_uth", "uth.dealer_hand", "drill.qualify.note_uth")
	},
}

// uthFold folds box: no Play.
func uthFold(in *games.Round, box int) {
	b := &in.Boxes[box]
	b.Fold = true
	delete(b.Wagers, "play")
}

// uthUnfold makes a folded box bet 1× on the river instead.
func uthUnfold(in *games.Round, box int) {
	b := &in.Boxes[box]
	if !b.Fold {
		return
	}
	b.Fold = false
	b.Wagers["play"] = b.Wagers["ante"]
}

// uthAnte sets the Ante and Blind to m and keeps the Play's multiple.
func uthAnte(in *games.Round, box int, m games.Money) {
	old := stakeOf(in, box, "ante")
	play := stakeOf(in, box, "play")
	setStake(in, box, "ante", m)
	setStake(in, box, "blind", m)
	if play > 0 && old > 0 {
		setStake(in, box, "play", m*(play/old))
	}
}

// withUTH returns a copy of h whose UTH settings f has changed.
func withUTH(h *rulebook.House, f func(s *uth.Settings)) *rulebook.House {
	c := copyHouse(h)
	s := *h.UTH
	f(&s)
	c.UTH = &s
	return c
}

// noQualify reports a dealer who does not qualify.
func noQualify(d *dealt) bool { return !d.st.Dealer.Qualifies }

// someBox reports a box meeting cond.
func someBox(cond func(br *games.BoxResult) bool) func(d *dealt) bool {
	return func(d *dealt) bool {
		for i := range d.st.Boxes {
			if cond(&d.st.Boxes[i]) {
				return true
			}
		}
		return false
	}
}

// foldedWith reports a folded box with wager placed.
func foldedWith(wager string) func(d *dealt) bool {
	return someBox(func(br *games.BoxResult) bool {
		_, ok := wagerOf(br, wager, nil)
		return ok && br.Versus == games.VersusNone
	})
}

var uthMistakes = append([]mistake{
	{id: "uth.ante_paid_on_no_qualify", rule: "uth.ante",
		text:    "When the dealer does not qualify (less than a pair), the Ante pushes whatever the hands; it is paid only against a qualifying dealer.",
		applies: noQualify,
		result: func(d *dealt, st *games.Settlement) bool {
			o, _ := d.h.UTH.Main.Odds("ante")
			changed := false
			for i := range st.Boxes {
				b := &st.Boxes[i]
				w, ok := wagerOf(b, "ante", nil)
				if !ok || b.Versus == games.VersusNone {
					continue
				}
				switch b.Versus {
				case games.VersusWin:
					w.Result, w.Pays = games.Win, d.h.Rounding.Pay(w.Stake, o)
				case games.VersusLose:
					w.Result, w.Pays = games.Lose, -w.Stake
				default:
					continue
				}
				changed = true
			}
			return changed
		}},
	{id: "uth.play_pushed_on_no_qualify", rule: "uth.dealer_hand",
		text:    "Only the Ante pushes when the dealer does not qualify: the Play and the Blind are still decided by the hands.",
		applies: noQualify,
		result: func(d *dealt, st *games.Settlement) bool {
			changed := false
			for i := range st.Boxes {
				b := &st.Boxes[i]
				if b.Versus == games.VersusNone {
					continue
				}
				for j := range b.Wagers {
					w := &b.Wagers[j]
					if (w.Wager == "play" || w.Wager == "blind") && w.Result != games.Push {
						w.Result, w.Pays = games.Push, 0
						changed = true
					}
				}
			}
			return changed
		}},
	{id: "uth.blind_paid_below_straight", rule: "uth.blind",
		text: "The Blind pays only on a straight or better; a winning hand below a straight pushes the Blind.",
		applies: someBox(func(br *games.BoxResult) bool {
			return br.Versus == games.VersusWin && category(br.Hand) < poker.Straight
		}),
		flip: func(d *dealt) (*rulebook.House, said) {
			return withUTH(d.h, func(s *uth.Settings) {
				for _, k := range []string{"three_of_a_kind", "two_pair", "one_pair", "high_card"} {
					s.Blind = rowsWith(s.Blind, k, games.Odds{Win: 1, Per: 1})
				}
			}), said{}
		}},
	{id: "uth.blind_table", rule: "uth.paytable_blind",
		applies: someBox(func(br *games.BoxResult) bool {
			return br.Versus == games.VersusWin && category(br.Hand) == poker.Straight
		}),
		flip: func(d *dealt) (*rulebook.House, said) {
			if _, ok := d.h.UTH.Blind.Odds("straight"); ok {
				o, _ := d.h.UTH.Blind.Odds("straight")
				return withUTH(d.h, func(s *uth.Settings) { s.Blind = rowsWithout(s.Blind, "straight") }),
					say(fmt.Sprintf("This house's Blind table pays a winning straight %s; some casinos push it, this one does not.", oddsInWords(o)),
						"flip.uth.blind_straight", "Odds", o)
			}
			return withUTH(d.h, func(s *uth.Settings) { s.Blind = rowsWith(s.Blind, "straight", games.Odds{Win: 1, Per: 1}) }),
				say("This house's Blind table does not pay a straight: a winning straight pushes the Blind, and the table pays from a flush up.", "flip.uth.blind_no_straight")
		}},
	{id: "uth.trips_after_fold", rule: "uth.fold", applies: foldedWith("trips"),
		flip: func(d *dealt) (*rulebook.House, said) {
			if d.h.UTH.FoldForfeitsTrips {
				return withUTH(d.h, func(s *uth.Settings) { s.FoldForfeitsTrips = false }),
					say("At this house a fold loses all the player's bets, Trips included, whatever his cards would have made.", "flip.uth.trips_lost_on_fold")
			}
			return withUTH(d.h, func(s *uth.Settings) { s.FoldForfeitsTrips = true }),
				say("At this house Trips stays in action after a fold and is paid on the player's final hand.", "flip.uth.trips_kept_on_fold")
		}},
	{id: "uth.progressive_after_fold", rule: "uth.fold", applies: foldedWith("progressive"),
		flip: func(d *dealt) (*rulebook.House, said) {
			if d.h.UTH.FoldForfeitsProgressive {
				return withUTH(d.h, func(s *uth.Settings) { s.FoldForfeitsProgressive = false }),
					say("At this house a fold loses the Progressive too, whatever the player's cards would have made.", "flip.uth.progressive_lost_on_fold")
			}
			return withUTH(d.h, func(s *uth.Settings) { s.FoldForfeitsProgressive = true }),
				say("At this house the Progressive stays in action after a fold and is paid on the player's cards.", "flip.uth.progressive_kept_on_fold")
		}},
	{id: "uth.trips_follows_showdown", rule: "uth.trips",
		text: "Trips pays on three of a kind or better whatever the dealer holds.",
		result: func(d *dealt, st *games.Settlement) bool {
			changed := false
			for i := range st.Boxes {
				b := &st.Boxes[i]
				if w, ok := wagerOf(b, "trips", nil); ok && w.Pays > 0 && b.Versus == games.VersusLose {
					w.Result, w.Pays = games.Lose, -w.Stake
					changed = true
				}
			}
			return changed
		}},
	{id: "uth.trips_table", rule: "uth.paytable_trips",
		applies: someBox(func(br *games.BoxResult) bool {
			w, ok := wagerOf(br, "trips", nil)
			return ok && w.Pays > 0
		}),
		flip: func(d *dealt) (*rulebook.House, said) {
			pt, ok := otherTable(d, uth.Slug, "trips", d.h.UTH.Trips.Name)
			if !ok {
				return nil, said{}
			}
			return withUTH(d.h, func(s *uth.Settings) { s.Trips = pt }),
				say(fmt.Sprintf("That is another casino's Trips table. This house pays Trips by its own table: %s.", tripsPays(d.h.UTH.Trips)),
					"flip.uth.trips_table", "Rows", payRows(d.h.UTH.Trips.Rows))
		}},
	{id: "uth.must_use_both_hole_cards", rule: "uth.best_hand",
		flip: func(d *dealt) (*rulebook.House, said) {
			if !d.h.UTH.MustUseBothHoleCards {
				return withUTH(d.h, func(s *uth.Settings) { s.MustUseBothHoleCards = true }),
					say("Every hand is the best five of the seven cards: the player may use both, one or none of his hole cards.", "flip.uth.any_hole_cards")
			}
			return withUTH(d.h, func(s *uth.Settings) { s.MustUseBothHoleCards = false }),
				say("At this house every hand uses both hole cards and three community cards.", "flip.uth.both_hole_cards")
		}},
}, roundingMistakes...)

// tripsPays writes a Trips table's pays from the royal flush down, as a
// dealer reads them off the layout: "royal flush 50 to 1, …, three of a kind 3 to 1".
func tripsPays(pt games.PayTable) string {
	parts := make([]string, 0, len(pt.Rows))
	for _, r := range pt.Rows {
		parts = append(parts, strings.ReplaceAll(r.Key, "_", " ")+" "+oddsInWords(r.Odds))
	}
	return strings.Join(parts, ", ")
}

// payRows are a table's rows given to a flip's message: sayFlip writes them
// as tripsPays does, in the reader's language (payRowsIn).
type payRows []games.PayRow

// payRowsIn writes rows as a dealer reads them off the layout, in loc's
// language: each row's hand (reason.category.<key>) and its odds in words,
// "scala reale 50 a 1, …". A row whose hand has no message keeps its key's
// words.
func payRowsIn(loc *i18n.Localizer, rows payRows) string {
	parts := make([]string, 0, len(rows))
	for _, r := range rows {
		name := loc.T("reason.category." + r.Key)
		if name == "reason.category."+r.Key {
			name = strings.ReplaceAll(r.Key, "_", " ")
		}
		parts = append(parts, name+" "+oddsWords(loc, r.Odds))
	}
	return strings.Join(parts, ", ")
}

// oddsInWords writes 3:2 as "3 to 2".
func oddsInWords(o games.Odds) string { return fmt.Sprintf("%d to %d", o.Win, o.Per) }

// holdemSlips: the hand read before the last community cards were turned.
// rule is the section that says how the hand is made.
func holdemSlips(rule string) func(loc *i18n.Localizer, d *dealt, box int, c *choiceSet) {
	return func(loc *i18n.Localizer, d *dealt, box int, c *choiceSet) {
		hole := parseCards(d.in.Boxes[box].Cards)
		board := parseCards(d.in.Board)
		if len(hole) != 2 || len(board) != 5 {
			return
		}
		flop := append(slices.Clone(hole), board[:3]...)
		c.add(describeFive(loc, poker.Standard, flop), "slip.board_not_read", rule, loc.T("drill.hand.board_not_read"))
		c.add(describeFive(loc, poker.Standard, board), "slip.board_plays", rule, loc.T("drill.hand.board_plays"))
	}
}
