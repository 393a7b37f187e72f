package uth

import (
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
)

// Slug is the game's name in URLs, content/rules and the database.
const Slug = "uth"

// Name is the game's name as players know it.
const Name = "Ultimate Texas Hold'em"

// Wagers are the wager names of SETTLE.md, in output order.
var Wagers = []string{"ante", "blind", "play", "trips", "progressive"}

// TableSpecs are the pay tables UTH reads (RULES.md §2.4). The "main" table
// holds the even-money Ante and Play, so that no odds live in code.
var TableSpecs = []games.TableSpec{
	{Kind: "main", Rows: []string{"ante", "play"}},
	{Kind: "blind", Rows: []string{"royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight"},
		Optional: []string{"straight"}}, // Pennsylvania's table B pushes the straight
	{Kind: "trips", Rows: []string{"royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind"}},
	{Kind: "progressive", Progressive: true,
		Rows: []string{"royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind",
			"envy_royal_flush", "envy_straight_flush"},
		Optional: []string{"four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind",
			"envy_royal_flush", "envy_straight_flush"}},
}

// The values of the procedure settings. They do not change a settlement; the
// drills and the ruling situations read them.
var (
	// DealOrders: deal_order is the three groups in the order they are dealt.
	dealGroups = []string{"community", "players", "dealer"}
	// SettlementOrders are the values of settlement_order: the folded hands
	// collected first, or every box in turn from the dealer's right.
	SettlementOrders = []string{"folds,right_to_left", "right_to_left"}
	// ExposedCardRulings are the values of exposed_card_during_deal: the round
	// is void and redealt (NSW Casino Gaming Rule 2010 r.31, by analogy), or the
	// exposed card is burned and the deal goes on with the next card.
	ExposedCardRulings = []string{"void_and_redeal", "burn_and_continue"}
	// MisdealRulings are the values of misdeal (RULES.md §6 row 31): the round
	// is void and redealt with the bets left on the layout, or void with the
	// bets returned so that players may take them down before the redeal.
	MisdealRulings = []string{"void_and_redeal", "void_and_return_bets"}
	// MisplacedCardRulings are the values of misplaced_card (RULES.md §2.7):
	// move the card to its place and continue (NSW r.32), or void the round.
	MisplacedCardRulings = []string{"move_and_continue", "void_and_redeal"}
	// Shuffles are the values of shuffle: the whole deck is shuffled after
	// every hand "by the dealer or by an automatic shuffler" (RULES.md §2.1),
	// and the house says which.
	Shuffles = []string{"shuffler", "by_hand"}
)

// ProgressiveHands are the values of progressive_hand: the final 7-card hand
// (St. Moritz's wording) or the hole cards and the flop.
var ProgressiveHands = []string{"final", "hole_and_flop"}

// Settings are a house's UTH settings (RULES.md §2.8 and §6 rows 1–6, 30–32),
// decoded from houses/<house>/uth.toml over the default house's values. Each
// comment names the RULES.md key and its default. Rounding (§6 row 30) is
// house-wide, in house.toml.
type Settings struct {
	// uth_preflop_multiples: {3, 4}; {4} under the oldest rules. Each is 3 or 4:
	// the flop bet is 2× and the river bet 1× (§2.2).
	PreflopMultiples []int64 `toml:"preflop_multiples"`
	// The table holding the Ante and Play odds: "standard" (1:1 each, §2.3).
	MainTable string `toml:"main_table"`
	// uth_blind_table: "straight-pays" (Pennsylvania's A: the straight pays
	// 1:1); "straight-pushes" (B).
	BlindTable string `toml:"blind_table"`
	// uth_trips_table: "50-40-30-8-6-5-3" (Pennsylvania's B); A, C, D (named
	// by their pays in games/uth.toml) or a house table.
	TripsTable string `toml:"trips_table"`
	// uth_ante_on_dealer_no_qualify: "push", the only standard (§2.6 A2).
	AnteOnDealerNoQualify string `toml:"ante_on_dealer_no_qualify"`
	// uth_fold_forfeits_trips: true, the seed's "all the bets" (§2.6 A1);
	// false keeps Trips in action after a fold (Maryland Live, Rivers).
	FoldForfeitsTrips bool `toml:"fold_forfeits_trips"`
	// uth_fold_forfeits_progressive: true (§2.6 A1).
	FoldForfeitsProgressive bool `toml:"fold_forfeits_progressive"`

	// uth_progressive_enabled: true (the indicator light is on).
	ProgressiveEnabled bool `toml:"progressive_enabled"`
	// uth_progressive_stake: 2, the fixed chip (seed 000).
	ProgressiveStake games.Money `toml:"progressive_stake"`
	// uth_progressive_table: "jackpot", RULES.md §2.4's template.
	ProgressiveTable string `toml:"progressive_table"`
	// uth_progressive_hand: "final" (the 7-card hand) or "hole_and_flop".
	ProgressiveHand string `toml:"progressive_hand"`
	// The jackpot meter that a training round pays shares of: 25,000.
	ProgressiveMeter games.Money `toml:"progressive_meter"`
	// uth_envy_bonus: false. When true, the envy rows pay every other box with
	// a Progressive in action when a box's Progressive wins on that hand.
	EnvyBonus bool `toml:"envy_bonus"`

	// uth_must_use_both_hole_cards: false. When true every hand, the dealer's
	// included, is both hole cards and three board cards (§2.5).
	MustUseBothHoleCards bool `toml:"must_use_both_hole_cards"`
	// How the deck is shuffled after every hand (RULES.md §2.1): "shuffler"
	// (an automatic shuffler) or "by_hand" (the dealer). The shuffle itself is
	// not a setting: every hand is dealt from the whole, freshly shuffled deck.
	Shuffle string `toml:"shuffle"`
	// uth_burn_cards: false.
	BurnCards bool `toml:"burn_cards"`
	// uth_deal_order: "community,players,dealer".
	DealOrder string `toml:"deal_order"`
	// uth_settlement_order: "folds,right_to_left" (§2.2.10).
	SettlementOrder string `toml:"settlement_order"`
	// uth_exposed_card_during_deal: "void_and_redeal" (§2.7).
	ExposedCardDuringDeal string `toml:"exposed_card_during_deal"`
	// RULES.md §6 row 31, any other misdeal (a wrong number of cards, a box
	// dealt out of turn): "void_and_redeal", the bets stay.
	Misdeal string `toml:"misdeal"`
	// RULES.md §2.7, a card placed in the wrong position before any further
	// card is dealt: "move_and_continue".
	MisplacedCard string `toml:"misplaced_card"`
	// uth_max_boxes: 7.
	MaxBoxes int `toml:"max_boxes"`
	// uth_max_boxes_per_player: 1 (§2.6 A5). Rounds do not name players, so
	// settlement cannot check it; the drills and procedures read it.
	MaxBoxesPerPlayer int `toml:"max_boxes_per_player"`
	// RULES.md §6 row 32: the most a box's wagers may win in one round, 0 for
	// no cap. The Progressive is paid from its meter and is not capped.
	MaxPayoutPerBox games.Money `toml:"max_payout_per_box"`

	// Tables are pay tables the house adds to the game's own.
	Tables games.TableDefs `toml:"paytables"`

	// Resolved by Resolve from the names above.
	Main        games.PayTable `toml:"-"`
	Blind       games.PayTable `toml:"-"`
	Trips       games.PayTable `toml:"-"`
	Progressive games.PayTable `toml:"-"`
}

// Resolve checks the settings and looks up their pay tables. Errors are
// *games.FieldError naming the TOML key.
func (s *Settings) Resolve(t games.Tables) error {
	if err := s.checkMultiples(); err != nil {
		return err
	}
	if s.AnteOnDealerNoQualify != "push" {
		return games.Fieldf("ante_on_dealer_no_qualify", "%q: the only value is \"push\" (the Ante is returned when the dealer does not qualify)", s.AnteOnDealerNoQualify)
	}
	if !slices.Contains(ProgressiveHands, s.ProgressiveHand) {
		return games.Fieldf("progressive_hand", "%q: want \"final\" or \"hole_and_flop\"", s.ProgressiveHand)
	}
	if s.ProgressiveEnabled && s.ProgressiveStake <= 0 {
		return games.Fieldf("progressive_stake", "must be more than 0 when the progressive is enabled")
	}
	if s.ProgressiveMeter < 0 || s.ProgressiveMeter > MaxStake {
		return games.Fieldf("progressive_meter", "must be between 0 and %s", MaxStake)
	}
	if err := s.checkProcedures(); err != nil {
		return err
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
	if s.ProgressiveStake < 0 || s.ProgressiveStake > MaxStake {
		return games.Fieldf("progressive_stake", "must be between 0 and %s", MaxStake)
	}
	var err error
	if s.Main, err = t.Find("main", s.MainTable, "main_table"); err != nil {
		return err
	}
	if s.Blind, err = t.Find("blind", s.BlindTable, "blind_table"); err != nil {
		return err
	}
	if s.Trips, err = t.Find("trips", s.TripsTable, "trips_table"); err != nil {
		return err
	}
	if s.Progressive, err = t.Find("progressive", s.ProgressiveTable, "progressive_table"); err != nil {
		return err
	}
	return s.checkProgressive()
}

// checkMultiples allows 3× and 4× only: a preflop bet of 1× or 2× would be
// the river's or the flop's bet, and no published rule allows more than 4×.
func (s *Settings) checkMultiples() error {
	if len(s.PreflopMultiples) == 0 {
		return games.Fieldf("preflop_multiples", "needs at least one multiple (3, 4 or both)")
	}
	for i, m := range s.PreflopMultiples {
		if m != 3 && m != 4 {
			return games.Fieldf("preflop_multiples", "%d: the preflop Play bet is 3× or 4× the Ante", m)
		}
		if slices.Contains(s.PreflopMultiples[:i], m) {
			return games.Fieldf("preflop_multiples", "%d is listed twice", m)
		}
	}
	return nil
}

func (s *Settings) checkProcedures() error {
	order := strings.Split(s.DealOrder, ",")
	sorted := slices.Clone(order)
	slices.Sort(sorted)
	want := slices.Clone(dealGroups)
	slices.Sort(want)
	if !slices.Equal(sorted, want) {
		return games.Fieldf("deal_order", "%q: want community, players and dealer in the order dealt, e.g. \"community,players,dealer\"", s.DealOrder)
	}
	for _, c := range []struct {
		key, val string
		opts     []string
	}{
		{"settlement_order", s.SettlementOrder, SettlementOrders},
		{"exposed_card_during_deal", s.ExposedCardDuringDeal, ExposedCardRulings},
		{"misdeal", s.Misdeal, MisdealRulings},
		{"misplaced_card", s.MisplacedCard, MisplacedCardRulings},
		{"shuffle", s.Shuffle, Shuffles},
	} {
		if !slices.Contains(c.opts, c.val) {
			return games.Fieldf(c.key, "%q: want one of %s", c.val, quoteList(c.opts))
		}
	}
	return nil
}

// checkProgressive checks what the progressive table needs from the other
// settings: a meter for its shares, envy rows when the Envy Bonus is on, and
// an Envy Bonus worth more than the stake (a box whose own hand loses is paid
// the bonus less its stake, which must still be a win).
func (s *Settings) checkProgressive() error {
	if !s.ProgressiveEnabled {
		return nil
	}
	envy := 0
	for _, r := range s.Progressive.Rows {
		switch {
		case r.Percent > 0 && s.ProgressiveMeter <= 0:
			return games.Fieldf("progressive_meter", "must be more than 0: progressive table %q pays %s as a share of the meter", s.Progressive.Name, r.Key)
		case strings.HasPrefix(r.Key, "envy_"):
			envy++
			if s.EnvyBonus && r.Amount <= s.ProgressiveStake {
				return games.Fieldf("progressive_table", "table %q: %s must be a fixed amount above the stake (%s)", s.Progressive.Name, r.Key, s.ProgressiveStake)
			}
		}
	}
	if s.EnvyBonus && envy == 0 {
		return games.Fieldf("envy_bonus", "progressive table %q has no envy rows", s.Progressive.Name)
	}
	return nil
}

// DealGroups returns deal_order as its three groups, in the order dealt.
func (s *Settings) DealGroups() []string { return strings.Split(s.DealOrder, ",") }

// playMultiples are the Play multiples the house allows, largest first:
// the preflop ones, then 2× on the flop and 1× on the river.
func (s *Settings) playMultiples() []int64 {
	ms := slices.Clone(s.PreflopMultiples)
	slices.Sort(ms)
	slices.Reverse(ms)
	return append(ms, 2, 1)
}

func quoteList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = `"` + s + `"`
	}
	return strings.Join(q, ", ")
}
