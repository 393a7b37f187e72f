package thrill

import "github.com/dealerkiosk/trainer/internal/games/cards"

// The reasons of a settlement that have message ids (games.Why): the
// catalogue content/i18n/drills says each in every language. A reason not
// listed here is shown in English.
const (
	ReasonTablePaysNothing = "reason.thrill.table_pays_nothing"
	// ReasonWhateverPoker is added to a side bet's reason (games.WagerResult.Add).
	ReasonWhateverPoker = "reason.thrill.whatever_poker"

	// The showdown of the Poker Bet, the frame of a win ("Poker Bet pays
	// 1:1: ") and the grounds of the bonus bets; a hand is a games.Hand.
	ReasonPokerLoses      = "reason.thrill.poker_loses"
	ReasonPokerPushes     = "reason.thrill.poker_pushes"
	ReasonPlayerBeats     = "reason.thrill.player_beats"
	ReasonPays            = "reason.thrill.pays"
	ReasonHand            = "reason.thrill.hand"
	ReasonBelowKings      = "reason.thrill.below_kings"
	ReasonPairOfKings     = "reason.thrill.pair_of_kings"
	ReasonTwoPairOrBetter = "reason.thrill.two_pair_or_better"
	ReasonPairOfAces      = "reason.thrill.pair_of_aces"
	ReasonPairOfAcesJoker = "reason.thrill.pair_of_aces_joker"
	ReasonKingsContain    = "reason.thrill.kings_contain"
	ReasonKingsBetter     = "reason.thrill.kings_better"
	// ReasonBelow + the category's key: a bonus bet's hand below its least.
	ReasonBelow = "reason.thrill.below_"
	// Why a dealer's high-card hand that loses is paid in full.
	ReasonFullPayJoker     = "reason.thrill.full_pay_joker"
	ReasonFullPayAceHigh   = "reason.thrill.full_pay_ace_high"
	ReasonFullPayKingQueen = "reason.thrill.full_pay_king_queen"

	// Half pay: the dealer's losing hand is king/jack high or lower, and at
	// a house that counts king-queen high too, what it counts.
	ReasonHalfPay      = "reason.thrill.half_pay"
	ReasonHalfPayHouse = "reason.thrill.half_pay_house"
	// The notes of a showdown a 7 Card Thrill rule decided.
	ReasonWheel             = "reason.thrill.wheel"
	ReasonWheelSF           = "reason.thrill.wheel_sf"
	ReasonWheelSFLowest     = "reason.thrill.wheel_sf_lowest"
	ReasonJokerFlushAce     = "reason.thrill.joker_flush_ace"
	ReasonJokerFlushMissing = "reason.thrill.joker_flush_missing" // the rank the joker takes: a games.Rank
	ReasonNaturalTies       = "reason.thrill.natural_ties"
	// ReasonDecides + the card's position ("second_kicker"), then who wins
	// with which rank (games.Rank): the card that decides between hands
	// described alike.
	ReasonDecides       = "reason.thrill.decides_"
	ReasonPlayerAgainst = "reason.thrill.player_against"
	ReasonDealerAgainst = "reason.thrill.dealer_against"
	// ReasonNotFourth + the rank of the three of a kind ("king"): the joker
	// beside it plays as an ace.
	ReasonNotFourth = "reason.thrill.not_fourth_"
	// The Special's grounds.
	ReasonFiveAces       = "reason.thrill.five_aces"
	ReasonNaturalRoyal   = "reason.thrill.natural_royal"
	ReasonJokerRoyalAsSF = "reason.thrill.joker_royal_as_sf"
	ReasonJokerRoyal     = "reason.thrill.joker_royal"
)

// deciderPositions are the positions decider may name: a pair's or a set's
// kickers after the one its description names, a flush's cards after the
// highest.
var deciderPositions = []string{"second_kicker", "third_kicker",
	"second_highest_card", "third_highest_card", "fourth_highest_card", "fifth_highest_card"}

// Reasons lists every id Settle may give a reason, for the test that every
// catalogue has each.
var Reasons = append([]string{ReasonTablePaysNothing, ReasonWhateverPoker, ReasonPokerLoses, ReasonPokerPushes, ReasonPlayerBeats,
	ReasonPays, ReasonHand, ReasonBelowKings, ReasonPairOfKings, ReasonTwoPairOrBetter,
	ReasonPairOfAces, ReasonPairOfAcesJoker, ReasonKingsContain, ReasonKingsBetter,
	ReasonBelow + "three_of_a_kind", ReasonBelow + "full_house", ReasonFullPayJoker, ReasonFullPayAceHigh, ReasonFullPayKingQueen,
	ReasonHalfPay, ReasonHalfPayHouse, ReasonWheel, ReasonWheelSF, ReasonWheelSFLowest, ReasonJokerFlushAce, ReasonJokerFlushMissing,
	ReasonNaturalTies, ReasonPlayerAgainst, ReasonDealerAgainst,
	ReasonBelow + "straight_flush", ReasonFiveAces, ReasonNaturalRoyal, ReasonJokerRoyalAsSF, ReasonJokerRoyal},
	rankedReasons()...)

// rankedReasons are the ids made of a prefix and a position or a rank: the
// card that decides, and a three of a kind the joker joins (of any rank but
// aces: beside three aces the joker is the fourth).
func rankedReasons() []string {
	var ids []string
	for _, p := range deciderPositions {
		ids = append(ids, ReasonDecides+p)
	}
	for r := cards.Two; r < cards.Ace; r++ {
		ids = append(ids, ReasonNotFourth+r.Name())
	}
	return ids
}
