package lunar

// The reasons of a settlement that have message ids (games.Why): the
// catalogue content/i18n/drills says each in every language. A reason not
// listed here is shown in English.
const (
	ReasonAnteFold        = "reason.lunar.ante_fold"
	ReasonDrawFeeSixth    = "reason.lunar.draw_fee_sixth"
	ReasonDrawFeeExchange = "reason.lunar.draw_fee_exchange"
	ReasonForceFee        = "reason.lunar.force_fee"

	// A Super bet whose hand holds no Super combination; the Multi Super's
	// note when its box folded later.
	ReasonSuperNone       = "reason.lunar.super_none"
	ReasonDealerSuperNone = "reason.lunar.dealer_super_none"
	ReasonMultiSuperNone  = "reason.lunar.multi_super_none"
	ReasonMultiSuperFold  = "reason.lunar.multi_super_folded"

	// A Multi Super lost with its box's fold; the Ante and BET of a forcer
	// whose dealer still did not qualify, and the BET beside the Ante payout.
	ReasonMultiSuperLostFold = "reason.lunar.multi_super_lost_fold"
	ReasonForceNoQualifyAnte = "reason.lunar.force_no_qualify_ante"
	ReasonForceNoQualifyBet  = "reason.lunar.force_no_qualify_bet"
	ReasonBetNoQualify       = "reason.lunar.bet_no_qualify"
	ReasonAntePayout         = "reason.lunar.ante_payout"
	ReasonAnteBonus          = "reason.lunar.ante_bonus"
	// A winning BET paid for one combination, or two.
	ReasonBetPays      = "reason.lunar.bet_pays"
	ReasonBetPaysHouse = "reason.lunar.bet_pays_house"
	ReasonBetPaysTwo   = "reason.lunar.bet_pays_two"

	// The showdown against a qualifying dealer; each id has a twin ending in
	// "_forced" for the dealer who qualified after the forced replacement.
	ReasonAntePushWon = "reason.lunar.ante_push_won"
	ReasonAnteLose    = "reason.lunar.ante_lose"
	ReasonBetLose     = "reason.lunar.bet_lose"
	ReasonAnteTie     = "reason.lunar.ante_tie"
	ReasonBetTie      = "reason.lunar.bet_tie"

	// Instant Cash on the Ante; a Super bet paid for its combination (the
	// Dealer Super's also on the dealer's hand after the forced replacement,
	// where the house decides it so).
	ReasonInstantCash             = "reason.lunar.instant_cash"
	ReasonSuperPays               = "reason.lunar.super_pays"
	ReasonMultiSuperPays          = "reason.lunar.multi_super_pays"
	ReasonDealerSuperPays         = "reason.lunar.dealer_super_pays"
	ReasonDealerSuperPaysReplaced = "reason.lunar.dealer_super_pays_replaced"
	ReasonDealerSuperNoneReplaced = "reason.lunar.dealer_super_none_replaced"

	// Insurance (insurance.go): lost to a qualifying dealer, paid when he
	// does not qualify, before or after a force.
	ReasonInsuranceLose       = "reason.lunar.insurance_lose"
	ReasonInsurancePays       = "reason.lunar.insurance_pays"
	ReasonInsurancePaysForced = "reason.lunar.insurance_pays_forced"
)

// Reasons lists every id Settle may give a reason, for the test that every
// catalogue has each.
var Reasons = []string{ReasonAnteFold, ReasonDrawFeeSixth, ReasonDrawFeeExchange, ReasonForceFee,
	ReasonSuperNone, ReasonDealerSuperNone, ReasonMultiSuperNone, ReasonMultiSuperFold,
	ReasonBetPays, ReasonBetPaysHouse, ReasonBetPaysTwo, ReasonMultiSuperLostFold, ReasonAntePayout, ReasonAnteBonus, ReasonForceNoQualifyAnte, ReasonForceNoQualifyBet, ReasonBetNoQualify,
	ReasonAntePushWon, ReasonAntePushWon + "_forced", ReasonAnteLose, ReasonAnteLose + "_forced",
	ReasonBetLose, ReasonBetLose + "_forced", ReasonAnteTie, ReasonAnteTie + "_forced",
	ReasonBetTie, ReasonBetTie + "_forced",
	ReasonInstantCash, ReasonSuperPays, ReasonMultiSuperPays, ReasonDealerSuperPays, ReasonDealerSuperPaysReplaced, ReasonDealerSuperNoneReplaced,
	ReasonInsuranceLose, ReasonInsurancePays, ReasonInsurancePaysForced}
