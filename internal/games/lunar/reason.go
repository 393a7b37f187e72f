package lunar

// The reasons of a settlement that have message ids (games.Why): the
// catalogue content/i18n/drills says each in every language. A reason not
// listed here is shown in English.
const (
	ReasonAnteFold        = "reason.lunar.ante_fold"
	ReasonDrawFeeSixth    = "reason.lunar.draw_fee_sixth"
	ReasonDrawFeeExchange = "reason.lunar.draw_fee_exchange"
	ReasonForceFee        = "reason.lunar.force_fee"
)

// Reasons lists every id Settle may give a reason, for the test that every
// catalogue has each.
var Reasons = []string{ReasonAnteFold, ReasonDrawFeeSixth, ReasonDrawFeeExchange, ReasonForceFee}
