package uth

// The reasons of a settlement that have message ids (games.Why): the
// catalogue content/i18n/drills says each in every language. A reason not
// listed here is shown in English.
const (
	ReasonAnteFold      = "reason.uth.ante_fold"
	ReasonAnteNoQualify = "reason.uth.ante_no_qualify"
	ReasonBlindFold     = "reason.uth.blind_fold"
	ReasonTripsFold     = "reason.uth.trips_fold"

	// Bets lost or pushed for a hand below the lowest their table pays; the
	// Blind's note that the dealer's not qualifying changes nothing for it.
	ReasonBlindBelow           = "reason.uth.blind_below"
	ReasonBlindNotPaid         = "reason.uth.blind_not_paid"
	ReasonBlindNoQualify       = "reason.uth.blind_no_qualify"
	ReasonTripsBelow           = "reason.uth.trips_below"
	ReasonProgressiveFold      = "reason.uth.progressive_fold"
	ReasonProgressiveBelow     = "reason.uth.progressive_below"
	ReasonProgressiveBelowFlop = "reason.uth.progressive_below_flop"

	// The Blind and Trips paid by their tables (a rounding note, added
	// after, has the ids of games.RoundingReasons).
	ReasonBlindPays     = "reason.uth.blind_pays"
	ReasonTripsPays     = "reason.uth.trips_pays"
	ReasonTripsPaysFold = "reason.uth.trips_pays_fold"

	// The Progressive paid by its table (progressive.go): a fixed amount
	// or a share of the meter, cut in proportion when the round's winners
	// claim more than all of it, rounded down when the house's rounding
	// would pay out more than the meter holds; the Envy Bonus for other
	// boxes' hands.
	ReasonProgressivePays         = "reason.uth.progressive_pays"
	ReasonProgressivePaysFlop     = "reason.uth.progressive_pays_flop"
	ReasonProgressiveMeter        = "reason.uth.progressive_meter"
	ReasonProgressiveCut          = "reason.uth.progressive_cut"
	ReasonProgressiveHoldsUp      = "reason.uth.progressive_holds_up"
	ReasonProgressiveHoldsNearest = "reason.uth.progressive_holds_nearest"
	ReasonEnvyPlus                = "reason.uth.envy_plus"
	ReasonEnvyBonus               = "reason.uth.envy_bonus"
	ReasonEnvyAnd                 = "reason.uth.envy_and"
	ReasonEnvyNet                 = "reason.uth.envy_net"
)

// Reasons lists every id Settle may give a reason, for the test that every
// catalogue has each.
var Reasons = []string{ReasonAnteFold, ReasonAnteNoQualify, ReasonBlindFold, ReasonTripsFold,
	ReasonBlindBelow, ReasonBlindNotPaid, ReasonBlindNoQualify, ReasonTripsBelow,
	ReasonProgressiveFold, ReasonProgressiveBelow, ReasonProgressiveBelowFlop,
	ReasonBlindPays, ReasonTripsPays, ReasonTripsPaysFold,
	ReasonProgressivePays, ReasonProgressivePaysFlop, ReasonProgressiveMeter, ReasonProgressiveCut,
	ReasonProgressiveHoldsUp, ReasonProgressiveHoldsNearest,
	ReasonEnvyPlus, ReasonEnvyBonus, ReasonEnvyAnd, ReasonEnvyNet}
