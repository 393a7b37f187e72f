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
)

// Reasons lists every id Settle may give a reason, for the test that every
// catalogue has each.
var Reasons = []string{ReasonAnteFoldBefore, ReasonAnteFoldAfter, ReasonBetFold, ReasonAnteNoQualify, ReasonBetNoQualify}
