package server

import (
	"strings"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/practice"
)

// The managers' dashboard names what the class misses in the casino's
// words: a question by its kind and what it asks ("Payouts · Pair of Kings
// or Better"), a mistake by what the dealer did ("Stake counted in the
// payout"). The ids the store keeps ("thrill.payout.kings_or_better",
// "slip.stake_included") never reach the page.

// handQuestions names the hand-reading questions (drills.Q*).
var handQuestions = map[string]string{
	drills.QBestHand:          "the best hand",
	drills.QBeatsDealer:       "which boxes beat the dealer",
	drills.QDealerQualifies:   "does the dealer qualify",
	drills.QDealerHalfPay:     "is the dealer king/jack high or lower",
	drills.QJoker:             "where the joker plays",
	drills.QSecondCombination: "the second combination",
}

// chipQuestions names the chip questions.
var chipQuestions = map[string]string{
	drills.QPay:     "paying with the fewest chips",
	drills.QColorUp: "colouring up",
}

// questionWords names skill (a drill's "<game>.<kind>[.<what>]") for the
// managers, without the game: the dashboard shows the game beside it.
func (s *Server) questionWords(skill string) string {
	kind := practice.SkillKind(skill)
	game := practice.SkillGame(skill)
	what := strings.TrimPrefix(skill, game+"."+kind)
	what = strings.TrimPrefix(what, ".")
	label := kindLabel(kind)
	switch kind {
	case drills.KindRuling, drills.KindProcedure:
		return s.skillLabel(skill) // the situation's or the sequence's title
	case drills.KindPayout:
		switch what {
		case "":
			return label
		case "total":
			return label + " · a box's result"
		}
		return label + " · " + drills.WagerTitle(game, what)
	case drills.KindHand:
		if q, ok := handQuestions[what]; ok {
			return label + " · " + q
		}
	case drills.KindChips:
		if q, ok := chipQuestions[what]; ok {
			return label + " · " + q
		}
	}
	return skillWords(skill)
}

// mistakeNames says in a few words what a dealer did who gave the answer of
// a mistake (drills.Mistake.ID). TestMistakeWords draws drills of every
// game, kind and level and fails on an id missing here, so a new mistake
// gets its words before it can reach the dashboard.
var mistakeNames = map[string]string{
	// Slips any game's dealer makes.
	"slip.before_draw":               "Hand read as dealt, before the draw",
	"slip.board_not_read":            "Turn and river left out of the hand",
	"slip.board_plays":               "The board read alone, without the hole cards",
	"slip.even_money":                "Paid at even money instead of the table's odds",
	"slip.fees_forgotten":            "Fees left out of the box's result",
	"slip.greedy":                    "Not the fewest chips",
	"slip.kicker_misread":            "Kicker misread",
	"slip.losses_forgotten":          "Lost stakes left out of the box's result",
	"slip.misread_showdown":          "Showdown misread: who beats the dealer",
	"slip.missed_better_hand":        "A better hand in the cards missed",
	"slip.odds_inverted":             "Odds read the wrong way round",
	"slip.push_paid":                 "A push paid as a win",
	"slip.qualifier_misread":         "The dealer's qualifying hand misread",
	"slip.second_combination":        "The wrong second combination paid",
	"slip.second_combination_missed": "The second combination missed",
	"slip.sign":                      "Paid instead of collected, or the other way round",
	"slip.stake_included":            "Stake counted in the payout",
	"slip.tie_counted_as_win":        "A tie counted as a win",
	"slip.wheel_ace_high":            "Ace played high in A-2-3-4-5",
	"slip.wrong_hand":                "Another hand read: the dealer's or another box's",
	"rounding.exact":                 "Payout not rounded to the smallest chip",
	"rounding.up":                    "Payout rounded up instead of down",
	"rounding.down":                  "Payout rounded down where the house does not",
	"uth.ante_paid_on_no_qualify":    "Ante paid when the dealer did not qualify",
	"uth.blind_paid_below_straight":  "Blind paid on a hand below a straight",
	"uth.blind_table":                "Blind paid by another casino's table",
	"uth.must_use_both_hole_cards":   "Hand made with both hole cards only",
	"uth.play_pushed_on_no_qualify":  "Play and Blind pushed when the dealer did not qualify",
	"uth.progressive_after_fold":     "Progressive settled as if the box had not folded",
	"uth.trips_after_fold":           "Trips settled as if the box had not folded",
	"uth.trips_follows_showdown":     "Trips settled by the showdown",
	"uth.trips_table":                "Trips paid by another casino's table",
	"oracle.ante_not_paid_on_win":    "Ante not paid on a win against a qualifying dealer",
	"oracle.ante_on_no_qualify":      "Ante settled wrongly when the dealer did not qualify",
	"oracle.bet_paid_on_no_qualify":  "BET paid when the dealer did not qualify",
	"oracle.bet_table":               "BET paid by the other table",
	"oracle.fee_per_card":            "Exchange fee charged per card",
	"oracle.fees_refundable":         "A 4th-card or exchange fee returned",
	"oracle.stay_lost":               "A STAY settled as a loss",
	"thrill.ace_high_half_paid":      "Ace high taken for king/jack high: paid at half",
	"thrill.bonus_follows_poker":     "Bonus bets settled with the Poker Bet",
	"thrill.cards_speak":             "The five kept played instead of the best five",
	"thrill.half_pay_hand_misread":   "King/jack high or lower misread",
	"thrill.half_pay_missed":         "Full pay against king/jack high or lower",
	"thrill.joker_flush_rank":        "The joker ranked wrongly in a flush",
	"thrill.joker_role":              "The joker played as a paired card",
	"thrill.joker_royal":             "A royal flush with the joker not paid as a royal",
	"thrill.joker_wild":              "The joker played as any card",
	"thrill.king_queen_high":         "King-queen high taken for king/jack high: paid at half",
	"thrill.kings_up":                "Kings up or three kings paid as a pair of kings",
	"thrill.pair_of_kings_full":      "A pair of kings paid as a pair of aces",
	"thrill.tie_loses":               "A tie settled as a loss",
	"thrill.wheel_lowest":            "A-2-3-4-5 taken for the lowest straight",
	"lunar.ante_bonus":               "Ante bonus paid when the dealer did not qualify",
	"lunar.ante_paid_on_win":         "Ante paid on a win: it pushes",
	"lunar.dealer_super_after_force": "Dealer Super judged on the cards after a force",
	"lunar.forcer_paid_ante":         "Ante paid to a player who forced",
	"lunar.multi_super_after_fold":   "Multi Super lost with its box's fold",
	"lunar.second_combination":       "A second combination not paid",
}

// mistakeWords names an anticipated mistake by its id in words: a ruling or
// a sequence by its title, any other by mistakeNames; "" when there are no
// words for it (the page then names none rather than show the id).
func (s *Server) mistakeWords(id string) string {
	if id == "" {
		return ""
	}
	if st := s.house.Procedures.Situation(id); st != nil {
		return st.Title
	}
	if q := s.house.Procedures.Sequence(id); q != nil {
		return q.Title
	}
	return mistakeNames[id]
}
