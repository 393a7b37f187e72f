package thrill

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
)

// Reasons lists every id Settle may give a reason, for the test that every
// catalogue has each.
var Reasons = []string{ReasonTablePaysNothing, ReasonWhateverPoker, ReasonPokerLoses, ReasonPokerPushes, ReasonPlayerBeats,
	ReasonPays, ReasonHand, ReasonBelowKings, ReasonPairOfKings, ReasonTwoPairOrBetter,
	ReasonPairOfAces, ReasonPairOfAcesJoker, ReasonKingsContain, ReasonKingsBetter,
	ReasonBelow + "three_of_a_kind", ReasonBelow + "full_house", ReasonFullPayJoker, ReasonFullPayAceHigh, ReasonFullPayKingQueen}
