package uth

import (
	"slices"

	"github.com/dealerkiosk/trainer/internal/games"
)

// Slug is the game's name in URLs, content/rules and the database.
const Slug = "uth"

// Name is the game's name as players know it.
const Name = "Ultimate Texas Hold'em"

// Wagers are the wager names of SETTLE.md, in output order.
var Wagers = []string{"ante", "blind", "play", "trips", "progressive"}

// TableSpecs are the pay tables UTH reads (RULES.md §2.4).
var TableSpecs = []games.TableSpec{
	{Kind: "blind", Rows: []string{"royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight"},
		Optional: []string{"straight"}}, // Pennsylvania's table B pushes the straight
	{Kind: "trips", Rows: []string{"royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind"}},
	{Kind: "progressive", Progressive: true,
		Rows:     []string{"royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "envy_royal_flush", "envy_straight_flush"},
		Optional: []string{"four_of_a_kind", "full_house", "flush", "envy_royal_flush", "envy_straight_flush"}},
}

// Settings are a house's UTH settings (RULES.md §2.8 and §6 rows 1–6, 30–32),
// decoded from houses/<house>/uth.toml. The default house sets every key.
type Settings struct {
	PreflopMultiples        []int64 `toml:"preflop_multiples"`         // uth_preflop_multiples: {3, 4}; {4} for the oldest rules
	BlindTable              string  `toml:"blind_table"`               // uth_blind_table: A
	TripsTable              string  `toml:"trips_table"`               // uth_trips_table: B
	AnteOnDealerNoQualify   string  `toml:"ante_on_dealer_no_qualify"` // uth_ante_on_dealer_no_qualify: "push" (the only standard)
	FoldForfeitsTrips       bool    `toml:"fold_forfeits_trips"`       // uth_fold_forfeits_trips: true (seed's wording, §2.6 A1)
	FoldForfeitsProgressive bool    `toml:"fold_forfeits_progressive"` // uth_fold_forfeits_progressive: true

	ProgressiveEnabled bool        `toml:"progressive_enabled"` // uth_progressive_enabled: true
	ProgressiveStake   games.Money `toml:"progressive_stake"`   // uth_progressive_stake: 2 (the fixed chip)
	ProgressiveTable   string      `toml:"progressive_table"`   // uth_progressive_table: "template"
	ProgressiveHand    string      `toml:"progressive_hand"`    // uth_progressive_hand: "final" or "hole_and_flop"
	ProgressiveMeter   games.Money `toml:"progressive_meter"`   // the jackpot meter a training round pays shares of
	EnvyBonus          bool        `toml:"envy_bonus"`          // uth_envy_bonus: false

	MustUseBothHoleCards  bool        `toml:"must_use_both_hole_cards"` // uth_must_use_both_hole_cards: false
	BurnCards             bool        `toml:"burn_cards"`               // uth_burn_cards: false
	DealOrder             string      `toml:"deal_order"`               // uth_deal_order: "community,players,dealer"
	SettlementOrder       string      `toml:"settlement_order"`         // uth_settlement_order: "folds,right_to_left"
	ExposedCardDuringDeal string      `toml:"exposed_card_during_deal"` // uth_exposed_card_during_deal: "void_and_redeal"
	MaxBoxes              int         `toml:"max_boxes"`                // uth_max_boxes: 7
	MaxBoxesPerPlayer     int         `toml:"max_boxes_per_player"`     // uth_max_boxes_per_player: 1
	MaxPayoutPerBox       games.Money `toml:"max_payout_per_box"`       // §6 row 32: 0 = no cap

	// Tables are pay tables the house adds to the game's own.
	Tables games.TableDefs `toml:"paytables"`

	// Resolved by Resolve from the names above.
	Blind       games.PayTable `toml:"-"`
	Trips       games.PayTable `toml:"-"`
	Progressive games.PayTable `toml:"-"`
}

// Resolve checks the settings and looks up their pay tables. Errors are
// *games.FieldError naming the TOML key.
func (s *Settings) Resolve(t games.Tables) error {
	if len(s.PreflopMultiples) == 0 {
		return games.Fieldf("preflop_multiples", "needs at least one multiple")
	}
	for _, m := range s.PreflopMultiples {
		if m < 1 || m > 10 {
			return games.Fieldf("preflop_multiples", "%d is not a multiple between 1 and 10", m)
		}
	}
	if s.AnteOnDealerNoQualify != "push" {
		return games.Fieldf("ante_on_dealer_no_qualify", "%q: the only standard is \"push\"", s.AnteOnDealerNoQualify)
	}
	if !slices.Contains([]string{"final", "hole_and_flop"}, s.ProgressiveHand) {
		return games.Fieldf("progressive_hand", "%q: want \"final\" or \"hole_and_flop\"", s.ProgressiveHand)
	}
	if s.ProgressiveEnabled && s.ProgressiveStake <= 0 {
		return games.Fieldf("progressive_stake", "must be more than 0 when the progressive is enabled")
	}
	if s.MaxBoxes < 1 || s.MaxBoxes > 7 {
		return games.Fieldf("max_boxes", "%d: a UTH table has 1 to 7 boxes", s.MaxBoxes)
	}
	if s.MaxBoxesPerPlayer < 1 || s.MaxBoxesPerPlayer > s.MaxBoxes {
		return games.Fieldf("max_boxes_per_player", "%d: must be between 1 and max_boxes", s.MaxBoxesPerPlayer)
	}
	if s.MaxPayoutPerBox < 0 {
		return games.Fieldf("max_payout_per_box", "cannot be negative")
	}
	var err error
	if s.Blind, err = t.Find("blind", s.BlindTable, "blind_table"); err != nil {
		return err
	}
	if s.Trips, err = t.Find("trips", s.TripsTable, "trips_table"); err != nil {
		return err
	}
	if s.Progressive, err = t.Find("progressive", s.ProgressiveTable, "progressive_table"); err != nil {
		return err
	}
	return nil
}
