package uth

// The reasons of a settlement that have message ids (games.Why): the
// catalogue content/i18n/drills says each in every language. A reason not
// listed here is shown in English.
const (
	ReasonAnteFold      = "reason.uth.ante_fold"
	ReasonAnteNoQualify = "reason.uth.ante_no_qualify"
	ReasonBlindFold     = "reason.uth.blind_fold"
	ReasonTripsFold     = "reason.uth.trips_fold"
)

// Reasons lists every id Settle may give a reason, for the test that every
// catalogue has each.
var Reasons = []string{ReasonAnteFold, ReasonAnteNoQualify, ReasonBlindFold, ReasonTripsFold}
