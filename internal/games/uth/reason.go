package uth

import (
	"slices"

	"github.com/dealerkiosk/trainer/internal/games"
)

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

// The showdown's reasons: each wager's frame ("Ante pays 1:1: "), then how
// the hands compare (showdown.go), with the phrases the hold'em games share
// (games.ShowdownReasons).
const (
	ReasonAntePays        = "reason.uth.showdown.ante_pays"
	ReasonAntePushes      = "reason.uth.showdown.ante_pushes"
	ReasonAnteLoses       = "reason.uth.showdown.ante_loses"
	ReasonDealerQualifies = "reason.uth.showdown.dealer_qualifies"
	ReasonPlayPays        = "reason.uth.showdown.play_pays"
	ReasonPlayPushes      = "reason.uth.showdown.play_pushes"
	ReasonPlayLoses       = "reason.uth.showdown.play_loses"
	ReasonPlayNoQualify   = "reason.uth.showdown.play_no_qualify"
	ReasonBlindPushes     = "reason.uth.showdown.blind_pushes"
	ReasonBlindLoses      = "reason.uth.showdown.blind_loses"
	ReasonTie             = "reason.uth.showdown.tie"
	ReasonFullHouse       = "reason.uth.showdown.full_house"
	ReasonDecides         = "reason.uth.showdown.decides"
)

// showdownReasons are the showdown's ids (above); Reasons lists them with
// the shared phrases' and the others.
var showdownReasons = []string{ReasonAntePays, ReasonAntePushes, ReasonAnteLoses, ReasonDealerQualifies,
	ReasonPlayPays, ReasonPlayPushes, ReasonPlayLoses, ReasonPlayNoQualify, ReasonBlindPushes, ReasonBlindLoses,
	ReasonTie, ReasonFullHouse, ReasonDecides}

// Reasons lists every id Settle may give a reason, for the test that every
// catalogue has each.
var Reasons = slices.Concat(reasons, showdownReasons, games.ShowdownReasons)

// reasons are the other ids, each phrase a whole reason or added to one.
var reasons = []string{ReasonAnteFold, ReasonAnteNoQualify, ReasonBlindFold, ReasonTripsFold,
	ReasonBlindBelow, ReasonBlindNotPaid, ReasonBlindNoQualify, ReasonTripsBelow,
	ReasonProgressiveFold, ReasonProgressiveBelow, ReasonProgressiveBelowFlop,
	ReasonBlindPays, ReasonTripsPays, ReasonTripsPaysFold,
	ReasonProgressivePays, ReasonProgressivePaysFlop, ReasonProgressiveMeter, ReasonProgressiveCut,
	ReasonProgressiveHoldsUp, ReasonProgressiveHoldsNearest,
	ReasonEnvyPlus, ReasonEnvyBonus, ReasonEnvyAnd, ReasonEnvyNet}
