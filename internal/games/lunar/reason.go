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
)

// Reasons lists every id Settle may give a reason, for the test that every
// catalogue has each.
var Reasons = []string{ReasonAnteFold, ReasonDrawFeeSixth, ReasonDrawFeeExchange, ReasonForceFee,
	ReasonSuperNone, ReasonDealerSuperNone, ReasonMultiSuperNone, ReasonMultiSuperFold}
