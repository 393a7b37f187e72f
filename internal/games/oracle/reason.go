package oracle

// The reasons of a settlement that have message ids (games.Why): the
// catalogue content/i18n/drills says each in every language. A reason not
// listed here is shown in English.
const (
	ReasonAnteFoldBefore = "reason.oracle.ante_fold_before"
	ReasonAnteFoldAfter  = "reason.oracle.ante_fold_after"
	ReasonBetFold        = "reason.oracle.bet_fold"
	ReasonAnteNoQualify  = "reason.oracle.ante_no_qualify"
	ReasonBetNoQualify   = "reason.oracle.bet_no_qualify"
	// The Ante paid when the dealer does not qualify, at a house that pays it.
	ReasonAntePaidNoQualify = "reason.oracle.ante_paid_no_qualify"

	// A fee's reason is built of phrases: its name, its amount, how it is
	// reckoned, and whether it is returned (fees).
	ReasonFeeFourth      = "reason.oracle.fee_fourth"
	ReasonFeeExchange    = "reason.oracle.fee_exchange"
	ReasonFeeExchanges   = "reason.oracle.fee_exchanges"
	ReasonFeeExchangeFee = "reason.oracle.fee_exchange_fee"
	ReasonFeeOf          = "reason.oracle.fee_of"
	ReasonRatioN         = "reason.oracle.ratio_n"
	ReasonRatioTimes     = "reason.oracle.ratio_times"
	ReasonRatioOdds      = "reason.oracle.ratio_odds"
	ReasonFeeRounded     = "reason.oracle.fee_rounded"
	ReasonFeeReturned    = "reason.oracle.fee_returned"
	ReasonFeeKept        = "reason.oracle.fee_kept"
	ReasonFeeKeptFold    = "reason.oracle.fee_kept_fold"
	ReasonFeeKeptAlways  = "reason.oracle.fee_kept_always"
)

// Reasons lists every id Settle may give a reason, for the test that every
// catalogue has each.
var Reasons = []string{ReasonAntePaidNoQualify, ReasonAnteFoldBefore, ReasonAnteFoldAfter, ReasonBetFold, ReasonAnteNoQualify, ReasonBetNoQualify,
	ReasonFeeFourth, ReasonFeeExchange, ReasonFeeExchanges, ReasonFeeExchangeFee, ReasonFeeOf, ReasonRatioN,
	ReasonRatioTimes, ReasonRatioOdds, ReasonFeeRounded, ReasonFeeReturned, ReasonFeeKept, ReasonFeeKeptFold,
	ReasonFeeKeptAlways}
