package lunar

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
)

// Slug is the game's name in URLs, content/rules and the database.
const Slug = "lunar"

// Name is the game's name as players know it.
const Name = "Lunar Poker"

// Wagers are the wager names of SETTLE.md, in output order. The Multi Super
// and Dealer Super bets a box places follow them as "multi_super" and
// "dealer_super" entries (see SideWagers).
var Wagers = []string{"ante", "super", "bet"}

// SideWagers are the names under which a box's bets on other hands appear in
// its settlement, after Wagers.
var SideWagers = []string{"multi_super", "dealer_super"}

// Insurance is the wager a house with insurance_enabled takes on a box's
// final hand (RULES.md §5.7; insurance.go). It follows the BET in SETTLE.md's
// wagers and in the output.
const Insurance = "insurance"

// WagersOffered are the wager names this house takes on a box, in output
// order: Wagers, and Insurance where the house offers it.
func (s *Settings) WagersOffered() []string {
	if s.InsuranceEnabled {
		return append(slices.Clone(Wagers), Insurance)
	}
	return Wagers
}

// The BET and bonus tables share the standard category rows; the Super table
// has Lunar's own combinations (RULES.md §5.4).
var (
	instantRows = []string{"royal_flush", "straight_flush"}
	superRows   = []string{"four_of_a_kind", "same_colour_straight", "five_picture_cards", "full_house",
		"flush", "straight", "three_of_a_kind", "ace_king_queen", "five_same_colour"}
	betRows = []string{"royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush",
		"straight", "three_of_a_kind", "two_pair", "one_pair", "ace_king"}
	bonusRows = []string{"royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight"}
)

// TableSpecs are the pay tables Lunar Poker reads (RULES.md §5.4).
var TableSpecs = []games.TableSpec{
	// Instant Cash: paid on the Ante for a royal or straight flush in the first five.
	{Kind: "instant", Rows: instantRows},
	// Super, Multi Super and Dealer Super: the manufacturer's layout (table A) prints the same-coloured
	// straight, Pennsylvania's the five picture cards; a table has either or both.
	{Kind: "super", Rows: superRows, Optional: []string{"same_colour_straight", "five_picture_cards"}},
	// BET, and the second combination paid from the same rows (§5.5).
	{Kind: "bet", Rows: betRows},
	// The Ante when the dealer does not qualify and the player holds a straight
	// or better (58 Pa. Code §671a.12(c)), read only when the bonus is on.
	{Kind: "ante_bonus", Rows: bonusRows},
}

// Settings are a house's Lunar Poker settings (RULES.md §5.9 and §6 rows
// 23–29, 31, 32), decoded from houses/<house>/lunar.toml. The default house
// sets every key; each comment names the RULES.md key and its default.
type Settings struct {
	SuperMandatory     bool   `toml:"super_mandatory"`      // lunar_super_mandatory: true (seed); Pennsylvania: false
	SuperMin           string `toml:"super_min"`            // lunar_super_min: "ante" (Super ≥ Ante, lunarpoker.com) or "none"
	MultiSuperEnabled  bool   `toml:"multisuper_enabled"`   // lunar_multisuper_enabled: true
	DealerSuperEnabled bool   `toml:"dealer_super_enabled"` // lunar_dealer_super_enabled: true

	InstantTable   string `toml:"instant_table"`    // lunar_instant_table: "C" (1000/250)
	SuperTable     string `toml:"super_table"`      // lunar_super_table: "A" (the manufacturer's table)
	BetTable       string `toml:"bet_table"`        // lunar_bet_table: "standard" (58 Pa. Code §671a.12(d))
	AnteBonusTable string `toml:"ante_bonus_table"` // the table of lunar_ante_bonus_straight_plus_on_noqual: "standard" (4:1)

	BetMultiple int          `toml:"bet_multiple"` // lunar_bet_multiple: 2 (BET = 2× Ante)
	DrawFee     AnteMultiple `toml:"draw_fee"`     // lunar_draw_fee: "1" (1× Ante)
	ExchangeMin int          `toml:"exchange_min"` // lunar_exchange_min_max: 2
	ExchangeMax int          `toml:"exchange_max"` // lunar_exchange_min_max: 5
	ForceFee    AnteMultiple `toml:"force_fee"`    // lunar_force_fee: "1" (1× Ante)
	ForceCard   string       `toml:"force_card"`   // lunar_force_card: "highest" (or "lowest", "first" as in other Russian-style games)
	ForceOnce   bool         `toml:"force_once"`   // lunar_force_once: true (TCS: once per round only)

	AnteOnNoQualify games.Odds `toml:"ante_on_noqual"`                     // lunar_ante_on_noqual: "1:1"
	AnteBonus       bool       `toml:"ante_bonus_straight_plus_on_noqual"` // lunar_ante_bonus_straight_plus_on_noqual: false (PA: true)

	SecondCombo  bool `toml:"second_combo"`                        // lunar_second_combo: true (at most two combinations, core-card rule, §5.5)
	TwoStraights bool `toml:"straight_plus_pair_as_two_straights"` // lunar_straight_plus_pair_as_two_straights: true

	// InsuranceEnabled is lunar_insurance_enabled (§5.7, §6 row 29): false.
	// True offers the `insurance` wager, on the lead's reading of §5.7's
	// outline (docs/lunar.md): it is placed with the BET on the box's final
	// hand (after any draw), which must hold three of a kind or better, by a
	// box that plays (not folded, no Instant Cash); the stake is at least 1×
	// the Ante and at most half what the BET would win on that hand against a
	// qualifying dealer it beats, second combination included; it pays 1:1
	// when the dealer's first five do not qualify and loses when they do,
	// whatever a force changes afterwards; it counts in max_payout_per_box.
	InsuranceEnabled   bool `toml:"insurance_enabled"`
	ProgressiveEnabled bool `toml:"progressive_enabled"` // lunar_progressive_enabled: false (§5.7; not offered by this engine)

	MultiSuperSurvivesFold   bool `toml:"multisuper_survives_owner_fold"` // lunar_multisuper_survives_owner_fold: true
	DealerSuperOnInitialHand bool `toml:"dealer_super_on_initial_hand"`   // lunar_dealer_super_on_initial_hand: true

	LateSuperClaim  string      `toml:"late_super_claim"`   // lunar_late_super_claim: "pay_if_cards_intact" (§5.8)
	MisdealPolicy   string      `toml:"misdeal_policy"`     // lunar_misdeal_policy: "void_round_bets_stay" (§5.8, §6 row 31)
	DecksAlternate  int         `toml:"decks_alternating"`  // lunar_decks_alternating: 2
	MaxBoxes        int         `toml:"max_boxes"`          // lunar_max_boxes: 6
	MaxPayoutPerBox games.Money `toml:"max_payout_per_box"` // lunar_max_payout_per_box (§6 row 32): 0 = no cap

	// Tables are pay tables the house adds to the game's own.
	Tables games.TableDefs `toml:"paytables"`

	// Resolved by Resolve from the names above.
	Instant     games.PayTable `toml:"-"`
	Super       games.PayTable `toml:"-"`
	Bet         games.PayTable `toml:"-"`
	AnteBonusPT games.PayTable `toml:"-"`
}

// Values a string setting may take. The first is the default.
var (
	superMins       = []string{"ante", "none"}
	forceCards      = []string{"highest", "lowest", "first"}
	lateSuperClaims = []string{"pay_if_cards_intact", "forfeit"}
	misdealPolicies = []string{"void_round_bets_stay", "void_round_bets_returned"}
)

// Resolve checks the settings and looks up their pay tables. Errors are
// *games.FieldError naming the TOML key.
func (s *Settings) Resolve(t games.Tables) error {
	for _, c := range []struct {
		key, val string
		ok       []string
	}{
		{"super_min", s.SuperMin, superMins},
		{"force_card", s.ForceCard, forceCards},
		{"late_super_claim", s.LateSuperClaim, lateSuperClaims},
		{"misdeal_policy", s.MisdealPolicy, misdealPolicies},
	} {
		if !slices.Contains(c.ok, c.val) {
			return games.Fieldf(c.key, "%q: want one of %s", c.val, quoteAll(c.ok))
		}
	}
	switch {
	case s.BetMultiple < 1 || s.BetMultiple > 10:
		return games.Fieldf("bet_multiple", "%d: the BET is 1 to 10 times the Ante", s.BetMultiple)
	case s.DrawFee < 0 || s.DrawFee > 10*AnteMultiple(games.Unit):
		return games.Fieldf("draw_fee", "%s: a fee is 0 to 10 times the Ante", s.DrawFee)
	case s.ForceFee < 0 || s.ForceFee > 10*AnteMultiple(games.Unit):
		return games.Fieldf("force_fee", "%s: a fee is 0 to 10 times the Ante", s.ForceFee)
	case s.ExchangeMin < 1 || s.ExchangeMin > 5:
		return games.Fieldf("exchange_min", "%d: a player exchanges 1 to 5 of his five cards", s.ExchangeMin)
	case s.ExchangeMax < s.ExchangeMin || s.ExchangeMax > 5:
		return games.Fieldf("exchange_max", "%d: must be between exchange_min (%d) and 5", s.ExchangeMax, s.ExchangeMin)
	case !s.ForceOnce:
		// A round carries one dealer_draw card (SETTLE.md), and the game's
		// maker allows one replacement per round (RULES.md §5.7): a second
		// force cannot be settled.
		return games.Fieldf("force_once", "false is not supported: the dealer replaces one card, once per round; set it to true")
	case s.AnteOnNoQualify.IsZero() || s.AnteOnNoQualify.Win == 0:
		return games.Fieldf("ante_on_noqual", "%q: the Ante is paid when the dealer does not qualify, at odds above 0", s.AnteOnNoQualify)
	case s.ProgressiveEnabled:
		return games.Fieldf("progressive_enabled", "true is not supported: the kiosk offers no Lunar Poker progressive; set it to false")
	case s.DecksAlternate < 1 || s.DecksAlternate > 2:
		return games.Fieldf("decks_alternating", "%d: must be 1 (one deck) or 2 (two decks with different backs, used in turn)", s.DecksAlternate)
	case s.MaxBoxes < 1 || s.MaxBoxes > 6:
		return games.Fieldf("max_boxes", "%d: a Lunar Poker layout has 1 to 6 boxes", s.MaxBoxes)
	case s.MaxPayoutPerBox < 0:
		return games.Fieldf("max_payout_per_box", "cannot be negative")
	}
	var err error
	if s.Instant, err = t.Find("instant", s.InstantTable, "instant_table"); err != nil {
		return err
	}
	if s.Super, err = t.Find("super", s.SuperTable, "super_table"); err != nil {
		return err
	}
	if s.Bet, err = t.Find("bet", s.BetTable, "bet_table"); err != nil {
		return err
	}
	if s.AnteBonusPT, err = t.Find("ante_bonus", s.AnteBonusTable, "ante_bonus_table"); err != nil {
		return err
	}
	return nil
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}

// AnteMultiple is a fee written as a multiple of the Ante ("1" is 1× Ante,
// "0.5" half of it), kept exactly in hundredths.
type AnteMultiple int64

// Of returns the fee on an Ante of a, rounded down to the house's smallest chip
// (a fee never takes more than the multiple says).
func (m AnteMultiple) Of(a games.Money, rd games.Rounding) games.Money {
	return rd.Down(a * games.Money(m) / games.Unit)
}

// String writes the multiple as decimal text: "1", "0.5".
func (m AnteMultiple) String() string { return games.Money(m).String() }

// MarshalText writes the multiple as decimal text.
func (m AnteMultiple) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads a decimal multiple ("1", "0.5") exactly.
func (m *AnteMultiple) UnmarshalText(b []byte) error {
	v, err := games.ParseMoney(string(b))
	if err != nil {
		return err
	}
	*m = AnteMultiple(v)
	return nil
}
