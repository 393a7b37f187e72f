package thrill

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// Slug is the game's name in URLs, content/rules and the database.
const Slug = "thrill"

// Name is the game's name as players know it.
const Name = "7 Card Thrill"

// The wagers of a box, in SETTLE.md's output order. The first four are the
// primary wagers (RULES.md §4.3.1); the Special is optional.
const (
	Poker             = "poker"
	KingsOrBetter     = "kings_or_better"
	TripsOrBetter     = "trips_or_better"
	FullHouseOrBetter = "full_house_or_better"
	Special           = "special"
)

// Wagers are the wager names of SETTLE.md, in output order.
var Wagers = []string{Poker, KingsOrBetter, TripsOrBetter, FullHouseOrBetter, Special}

// Primary are the wagers of which a box needs at least one (or exactly one,
// under primary_wagers = "exactly_one").
var Primary = []string{Poker, KingsOrBetter, TripsOrBetter, FullHouseOrBetter}

// wagerTitle is how a wager is named to a trainee, as on the layout.
var wagerTitle = map[string]string{
	Poker:             "Poker Bet",
	KingsOrBetter:     "Pair of Kings or Better",
	TripsOrBetter:     "3 of a Kind or Better",
	FullHouseOrBetter: "Full House or Better",
	Special:           "Special",
}

// WagerTitle names a wager (one of Wagers) as the layout does: "Poker Bet".
// The kiosk's catalogues repeat it as wager.<name>.
func WagerTitle(w string) string {
	if t, ok := wagerTitle[w]; ok {
		return t
	}
	return strings.ReplaceAll(w, "_", " ")
}

// The rows of the pay tables (content/rules/games/thrill.toml).
const (
	rowWin          = "win"                       // Poker Bet, the dealer's losing hand above king/jack high
	rowWinVsKJ      = "win_vs_king_jack_high"     // Poker Bet, the dealer's losing hand king/jack high or lower
	rowAcesOrBetter = "aces_or_better"            // one pair of aces, two pair or better
	rowPairOfKings  = "pair_of_kings"             // one pair of kings (or more, see pkob_half_only_one_pair)
	rowTrips        = "three_of_a_kind_or_better" // 3 of a Kind or Better
	rowFullHouse    = "full_house_or_better"      // Full House or Better
	rowFiveAces     = "five_aces"
	rowRoyal        = "royal_flush"
	rowSF           = "straight_flush"
)

// TableSpecs are the pay tables 7 Card Thrill reads (RULES.md §4.4 and the
// seed's 3 of a Kind / Full House paragraphs). Each kind is named after the
// wager it pays; rows are listed highest first, as on the layout.
var TableSpecs = []games.TableSpec{
	{Kind: Poker, Rows: []string{rowWin, rowWinVsKJ}},
	{Kind: KingsOrBetter, Rows: []string{rowAcesOrBetter, rowPairOfKings}},
	{Kind: TripsOrBetter, Rows: []string{rowTrips}},
	{Kind: FullHouseOrBetter, Rows: []string{rowFullHouse}},
	{Kind: Special, Rows: []string{rowFiveAces, rowRoyal, rowSF}},
}

// The values of the string settings.
const (
	AtLeastOne = "at_least_one" // primary_wagers: any combination of the four
	ExactlyOne = "exactly_one"  // primary_wagers: one primary wager per box

	LastDealt  = "last_dealt"  // dealer_exposed_card: the last card placed on the dealer's stack
	FirstDealt = "first_dealt" // dealer_exposed_card: the first

	HighestMissing = "highest_missing" // joker_flush_rank: the highest card of the suit not held (§4.5.3)
	AceAlways      = "ace_always"      // joker_flush_rank: always an ace ("double-ace flush")

	KingJackHigh = "king_jack_high" // poker_half_pay_hand: no pair, no ace, not K-Q high (§4.4)
	KingHigh     = "king_high"      // poker_half_pay_hand: no pair, no ace (K-Q high half-paid too)

	VoidAndRedeal     = "void_and_redeal"      // misdeal_policy: void the round, bets stay, redeal
	VoidAndReturnBets = "void_and_return_bets" // misdeal_policy: void the round and hand the bets back
)

// Settings are a house's 7 Card Thrill settings (RULES.md §4.6 and §6 rows
// 15–22, 30–32), decoded from houses/<house>/thrill.toml. The default house
// sets every key. Rounding (row 30) is house-wide, in house.toml.
type Settings struct {
	MaxPlayerBoxes int `toml:"max_player_boxes"` // thrill_max_player_boxes: 6 (7 hands × 7 cards ≤ 53, §4.2)
	// thrill_primary_wagers (§4.3.1 A7, §6 row 15): "at_least_one" (default) or "exactly_one".
	PrimaryWagers string `toml:"primary_wagers"`
	// thrill_special_requires_primary: true, the Special only beside a primary wager.
	SpecialRequiresPrimary bool `toml:"special_requires_primary"`
	// thrill_cards_speak (§4.3.3 A8, §6 row 16): true, the best five of the seven play
	// whatever the player discarded; false, the five the player kept bind every wager.
	CardsSpeak bool `toml:"cards_speak"`
	// thrill_dealer_sets_best (§4.3.4): true, the dealer keeps his best five. No
	// house way is defined, so true is the only value.
	DealerSetsBest bool `toml:"dealer_sets_best"`
	// thrill_dealer_exposed_card (§4.3.2): "last_dealt" (default) or "first_dealt".
	// It only informs players; no decision or payout depends on it.
	DealerExposedCard string `toml:"dealer_exposed_card"`
	// thrill_pkob_half_only_one_pair (§4.4 A9, §6 row 17): true, only one pair of
	// kings is half-paid; false, any hand whose top pair or set is kings and that
	// is below a straight (kings-up two pair, three kings) is half-paid too.
	PKOBHalfOnlyOnePair bool `toml:"pkob_half_only_one_pair"`
	// The "King/Jack high or lower" dealer hand (§4.4, §6 row 18): "king_jack_high"
	// (default: no pair, straight or flush, no ace, not K-Q high) or "king_high"
	// (any hand without a pair, straight, flush or ace, K-Q high included).
	PokerHalfPayHand string `toml:"poker_half_pay_hand"`
	// thrill_joker_flush_rank (§4.5.3, §6 row 20): "highest_missing" or "ace_always".
	JokerFlushRank string `toml:"joker_flush_rank"`
	// thrill_wheel_rule_applies_to_sf (§4.5.5, §6 row 19): true, A-2-3-4-5 suited
	// is the second-highest straight flush; false, the lowest.
	WheelRuleAppliesToSF bool `toml:"wheel_rule_applies_to_sf"`
	// thrill_special_natural_royal_only (§4.4 A10): false. §6 row 21 ("a royal
	// flush with the joker pays 2,000:1", default yes) is the same question asked
	// the other way round, so it has no key of its own: true here means row 21 = no,
	// and a royal made with the joker pays the Special's straight-flush row.
	SpecialNaturalRoyalOnly bool `toml:"special_natural_royal_only"`
	// thrill_misdeal_policy (§4.6, §6 row 31): "void_and_redeal" (default), an
	// exposed card during the deal or a wrong card count voids the round and the
	// bets stay for the new deal; "void_and_return_bets", the round is void and
	// the bets are handed back (the other policy §6 row 31 allows; UTH's misdeal
	// and Lunar's misdeal_policy offer the same choice). It rules the procedure
	// only: a void round is never settled.
	MisdealPolicy string `toml:"misdeal_policy"`
	// §6 row 32: the most a box can win in a round, all wagers together; 0 = no cap.
	MaxPayoutPerBox games.Money `toml:"max_payout_per_box"`
	// Bet limits per wager (§4.6), by wager name: a stake outside them is refused.
	// The default house sets none here: its table limits are in house.toml.
	WagerLimits map[string]Limit `toml:"wager_limits"`

	// The pay tables used, by name (RULES.md §4.4; the seed's values are the
	// tables named "standard" in games/thrill.toml).
	PokerTable             string `toml:"poker_table"`
	KingsOrBetterTable     string `toml:"kings_or_better_table"`
	TripsOrBetterTable     string `toml:"trips_or_better_table"`
	FullHouseOrBetterTable string `toml:"full_house_or_better_table"`
	SpecialTable           string `toml:"special_table"`

	// Tables are pay tables the house adds to the game's own.
	Tables games.TableDefs `toml:"paytables"`

	// Pay holds the resolved table of each wager, by wager name; set by Resolve.
	Pay map[string]games.PayTable `toml:"-"`
}

// Limit is the smallest and largest stake a house accepts on one wager.
// A zero Max means no upper limit.
type Limit struct {
	Min games.Money `toml:"min"`
	Max games.Money `toml:"max"`
}

// Resolve checks the settings and looks up their pay tables. Errors are
// *games.FieldError naming the TOML key.
func (s *Settings) Resolve(t games.Tables) error {
	// 53 cards serve 7 hands of 7: six boxes and the dealer (§4.2).
	if s.MaxPlayerBoxes < 1 || s.MaxPlayerBoxes > 6 {
		return games.Fieldf("max_player_boxes", "%d: write 1 to 6 (a 53-card deck deals seven cards to at most 6 boxes and the dealer)", s.MaxPlayerBoxes)
	}
	if err := oneOf("primary_wagers", s.PrimaryWagers, AtLeastOne, ExactlyOne); err != nil {
		return err
	}
	if !s.DealerSetsBest {
		return games.Fieldf("dealer_sets_best", "false is not allowed: no house way is defined for the dealer's hand, so the dealer always keeps his best five (write true)")
	}
	if err := oneOf("dealer_exposed_card", s.DealerExposedCard, LastDealt, FirstDealt); err != nil {
		return err
	}
	if err := oneOf("poker_half_pay_hand", s.PokerHalfPayHand, KingJackHigh, KingHigh); err != nil {
		return err
	}
	if err := oneOf("joker_flush_rank", s.JokerFlushRank, HighestMissing, AceAlways); err != nil {
		return err
	}
	if err := oneOf("misdeal_policy", s.MisdealPolicy, VoidAndRedeal, VoidAndReturnBets); err != nil {
		return err
	}
	if s.MaxPayoutPerBox < 0 {
		return games.Fieldf("max_payout_per_box", "cannot be negative (write an amount, or \"0\" for no maximum)")
	}
	for _, w := range slices.Sorted(maps.Keys(s.WagerLimits)) {
		l := s.WagerLimits[w]
		key := "wager_limits." + w
		switch {
		case !slices.Contains(Wagers, w):
			return games.Fieldf(key, "unknown wager (7 Card Thrill wagers: %s)", strings.Join(Wagers, ", "))
		case l.Min < 0 || l.Max < 0:
			return games.Fieldf(key, "a limit cannot be negative")
		case l.Max != 0 && l.Max < l.Min:
			return games.Fieldf(key, "max %s is below min %s", l.Max, l.Min)
		}
	}
	s.Pay = map[string]games.PayTable{}
	for _, f := range []struct{ kind, name, key string }{
		{Poker, s.PokerTable, "poker_table"},
		{KingsOrBetter, s.KingsOrBetterTable, "kings_or_better_table"},
		{TripsOrBetter, s.TripsOrBetterTable, "trips_or_better_table"},
		{FullHouseOrBetter, s.FullHouseOrBetterTable, "full_house_or_better_table"},
		{Special, s.SpecialTable, "special_table"},
	} {
		pt, err := t.Find(f.kind, f.name, f.key)
		if err != nil {
			return err
		}
		s.Pay[f.kind] = pt
	}
	return nil
}

// Rules returns the hand ranking of the house (RULES.md §4.5, §6 rows 19–20).
func (s *Settings) Rules() poker.Rules {
	return poker.Rules{
		Joker:               true,
		WheelSecond:         true,
		WheelSecondSF:       s.WheelRuleAppliesToSF,
		JokerFlushAceAlways: s.JokerFlushRank == AceAlways,
	}
}

// KingJackOrLower reports whether the dealer's hand h is "King/Jack high or
// lower" under the house's reading (§4.4, poker_half_pay_hand): high card only,
// its top card not an ace (a joker plays as an ace there, so a joker hand never
// qualifies) and, by default, not K-Q high. A winning Poker Bet against such a
// hand is half-paid.
func (s *Settings) KingJackOrLower(h poker.Hand) bool {
	if h.Category() != poker.HighCard {
		return false
	}
	rs := h.Ranks()
	if rs[0] == cards.Ace {
		return false
	}
	if s.PokerHalfPayHand == KingJackHigh && rs[0] == cards.King && rs[1] == cards.Queen {
		return false
	}
	return true
}

func oneOf(key, v string, allowed ...string) error {
	if slices.Contains(allowed, v) {
		return nil
	}
	return games.Fieldf(key, "%q: want %s", v, quoteList(allowed))
}

func quoteList(vs []string) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = fmt.Sprintf("%q", v)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}
