package oracle

import (
	"slices"

	"github.com/dealerkiosk/trainer/internal/games"
)

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

// The showdown's reasons: each wager's frame ("Ante pays 1:1: "), then how
// the hands compare (compareWords), with the phrases the hold'em games share
// (games.ShowdownReasons).
const (
	ReasonAntePays       = "reason.oracle.showdown.ante_pays"
	ReasonBetPays        = "reason.oracle.showdown.bet_pays"
	ReasonBetNotPaid     = "reason.oracle.showdown.bet_not_paid"
	ReasonAnteStay       = "reason.oracle.showdown.ante_stay"
	ReasonBetStay        = "reason.oracle.showdown.bet_stay"
	ReasonAnteLoses      = "reason.oracle.showdown.ante_loses"
	ReasonBetLoses       = "reason.oracle.showdown.bet_loses"
	ReasonSameRanks      = "reason.oracle.showdown.same_ranks"
	ReasonBothHoldPlayer = "reason.oracle.showdown.both_hold_player"
	ReasonBothHoldDealer = "reason.oracle.showdown.both_hold_dealer"
	ReasonHigherPair     = "reason.oracle.showdown.higher_pair"
	ReasonTwoPair        = "reason.oracle.showdown.two_pair"
	ReasonFlushHeaded    = "reason.oracle.showdown.flush_headed"
	ReasonCardsHeaded    = "reason.oracle.showdown.cards_headed"
	// RowNoQualify names the Ante's row when the dealer does not qualify
	// (NoQualifyRow and the odds) in the reader's language.
	RowNoQualify = "reason.oracle.showdown.row_no_qualify"
)

// NoQualifyRow begins the name of the row that pays the Ante when the
// dealer does not qualify, the odds after it: "Ante when the dealer does not
// qualify, 1:1" (WagerResult.Row).
const NoQualifyRow = "Ante when the dealer does not qualify, "

// showdownReasons are the showdown's ids (above); Reasons lists them with
// the shared phrases' and the others.
var showdownReasons = []string{ReasonAntePays, ReasonBetPays, ReasonBetNotPaid, ReasonAnteStay, ReasonBetStay,
	ReasonAnteLoses, ReasonBetLoses, ReasonSameRanks, ReasonBothHoldPlayer, ReasonBothHoldDealer,
	ReasonHigherPair, ReasonTwoPair, ReasonFlushHeaded, ReasonCardsHeaded, RowNoQualify}

// Reasons lists every id Settle may give a reason, for the test that every
// catalogue has each.
var Reasons = slices.Concat(reasons, showdownReasons, games.ShowdownReasons)

// reasons are the other ids, each phrase a whole reason or added to one.
var reasons = []string{ReasonAntePaidNoQualify, ReasonAnteFoldBefore, ReasonAnteFoldAfter, ReasonBetFold, ReasonAnteNoQualify, ReasonBetNoQualify,
	ReasonFeeFourth, ReasonFeeExchange, ReasonFeeExchanges, ReasonFeeExchangeFee, ReasonFeeOf, ReasonRatioN,
	ReasonRatioTimes, ReasonRatioOdds, ReasonFeeRounded, ReasonFeeReturned, ReasonFeeKept, ReasonFeeKeptFold,
	ReasonFeeKeptAlways}
