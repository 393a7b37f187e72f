package oracle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
)

// Slug is the game's name in URLs, content/rules and the database.
const Slug = "oracle"

// Name is the game's name as players know it.
const Name = "Texas Oracle"

// Wagers are the wager names of SETTLE.md, in output order.
var Wagers = []string{"ante", "bet"}

// Fee names as they appear in a settlement's fee items.
const (
	FeeFourthCard = "fourth_card"
	FeeExchange   = "exchange"
)

// betRows are the rows of a BET table, highest first (RULES.md §3.3). Every
// row is required: the seed's printed table lost its straight flush, flush and
// straight rows (§3.3, "very likely a scraping loss"), and a table without them
// would leave a winning flush unpaid.
var betRows = []string{"royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind", "two_pair", "one_pair"}

// TableSpecs are the pay tables Texas Oracle reads: the BET table (§3.3) and
// the Ante's even-money win (§3.2.7, "ANTE in the ratio 1:1"), kept as data so
// that no payout odds live in code.
var TableSpecs = []games.TableSpec{
	{Kind: "ante", Rows: []string{"win"}},
	{Kind: "bet", Rows: betRows},
}

// The values of the enumerated settings.
const (
	PaymentFee = "fee" // fourth_card_payment: the 4th card costs a fee; the BET is placed to continue
	PaymentBet = "bet" // fourth_card_payment: the payment for the 4th card is the BET itself (§3.5)

	RevealFold             = "fold"                      // R8: the undecided player may fold
	RevealContinue         = "continue_without_purchase" // R8: "close the box": place the BET, buy nothing more
	RevealBuyFourthCard    = "buy_fourth_card"           // R8 variant: may still buy the 4th card
	RevealExchange         = "exchange"                  // R8 variant: may still exchange
	RecoverBeforeNextRound = "before_next_round"         // R10: overpayments are taken back until the next round starts
	RecoverNever           = "never"                     // R10: only short payments are corrected

	RestoreAndContinue = "restore_and_continue" // R2: restore the dealing sequence and play on
	VoidAndRedeal      = "void_and_redeal"      // R3–R6: collect every card, bets stay, reshuffle, deal again
	Continue           = "continue"             // R6 variant, R7: the round goes on as dealt
)

// Settings are a house's Texas Oracle settings (RULES.md §3.6–§3.8 and §6
// rows 7–14, 30–32), decoded from houses/<house>/oracle.toml. The default
// house sets every key. Fees are written as ratios of the Ante in the odds
// notation: "1:1" is 1×Ante, "1:2" half the Ante, "0:1" free.
type Settings struct {
	BetMultiple int64 `toml:"bet_multiple"` // oracle_bet_multiple: 2 (BET = 2×Ante, §3.2.4 G3, row 7)
	// FourthCardPayment is row 8's open question: "fee" (default), the 4th card
	// costs fourth_card_fee and the BET is placed to continue; "bet", the
	// payment is the BET itself (§3.5's third reading; fourth_card_fee unused).
	FourthCardPayment      string     `toml:"fourth_card_payment"`
	FourthCardFee          games.Odds `toml:"fourth_card_fee"`           // oracle_fourth_card_fee: "1:1" (1×Ante)
	ContinueWithout4thCard bool       `toml:"continue_without_4th_card"` // oracle_continue_without_4th_card: false (§3.2.3 G1)
	ExchangeFee            games.Odds `toml:"exchange_fee"`              // oracle_exchange_fee: "1:1" per exchange of one or two cards
	ExchangeMaxCards       int        `toml:"exchange_max_cards"`        // oracle_exchange_max_cards: 2
	ExchangesPerHand       int        `toml:"exchanges_per_hand"`        // oracle_exchanges_per_hand: 1 (§3.2.4 G4); 0 = no exchange
	// RedecideAfterExchange: after an exchange the player decides again,
	// continue or fold (§3.2.4 [PROPOSED], row 11: true). False: an exchange
	// commits the box to the showdown.
	RedecideAfterExchange bool `toml:"redecide_after_exchange"`
	// AnteOnDealerNoQualify is "1:1" (default, §3.2.7 G5, row 9) or "push";
	// any other odds are accepted for a house that pays otherwise. The BET
	// always pushes when the dealer has no pair.
	AnteOnDealerNoQualify NoQualifyRule `toml:"ante_on_dealer_no_qualify"`
	AnteTable             string        `toml:"ante_table"`      // the Ante's win table: "Even money" (1:1, seed 002)
	BetTable              string        `toml:"bet_table"`       // oracle_bet_table: "Regular" (100/50/15/6/4/3/2/1/1); "Enhanced" (flush 5, straight 4)
	FeesRefundable        bool          `toml:"fees_refundable"` // oracle_fees_refundable: false; true returns the fees whenever the Ante does not lose

	// Box sharing (§3.6, row 12). SETTLE.md's box is one player, so these
	// govern the procedures (issue 6), not the settlement.
	MaxBetsPerBox         int  `toml:"max_bets_per_box"`          // oracle_max_bets_per_box: 3 (owner + 2)
	BackbettorCanDrop     bool `toml:"backbettor_can_drop"`       // oracle_backbettor_can_drop: true
	MaxOpenBoxesPerPlayer int  `toml:"max_open_boxes_per_player"` // oracle_max_open_boxes_per_player: 1 ("exposure" on one box)
	DarkBoxesAllowed      bool `toml:"dark_boxes_allowed"`        // oracle_dark_boxes_allowed: false ("dark" play forbidden)

	// PrematureDealerRevealOptions are what a player may still do, at every
	// decision left to him, once the dealer's cards have been seen early (R8,
	// row 13): ["fold", "continue_without_purchase"] by default.
	// continue_without_purchase is the seed's "close the box": the box goes
	// to the showdown with its BET and buys nothing more; at the first
	// decision, at a house where staying in needs the 4th card
	// (continue_without_4th_card = false), closing the box pays for the 4th
	// card and places the BET at once. buy_fourth_card and exchange keep those
	// purchases open. docs/oracle.md gives the reading.
	PrematureDealerRevealOptions []string `toml:"premature_dealer_reveal_options"`
	// RecoverOverpayment is R10 (row 14): the seed corrects only a short
	// payment. "before_next_round" (default): an overpayment noticed before
	// the next round's first card is dealt is taken back; "never": it stays
	// with the player. A short payment is always made good. docs/oracle.md
	// gives the reasons for the default.
	RecoverOverpayment string `toml:"recover_overpayment"`

	MaxPayoutPerBox games.Money `toml:"max_payout_per_box"` // oracle_max_payout_per_box (row 32): "0" = no cap
	MaxBoxes        int         `toml:"max_boxes"`          // the layout's boxes: 7

	// Misdeal is the seed's irregularity policy, R2–R7 (row 31).
	Misdeal Misdeal `toml:"misdeal"`

	// Tables are pay tables the house adds to the game's own.
	Tables games.TableDefs `toml:"paytables"`

	// Resolved by Resolve from the names above.
	Ante games.PayTable `toml:"-"`
	Bet  games.PayTable `toml:"-"`
	// NoQualifyAnte is the Ante's odds when the dealer does not qualify; zero is a push.
	NoQualifyAnte games.Odds `toml:"-"`
}

// NoQualifyRule is ante_on_dealer_no_qualify as the house writes it: "push"
// or odds, "1:1". String writes it as the rule book and the pay tables do
// ("push", "1 to 1"), so that a book that quotes the setting reads like its
// pay tables.
type NoQualifyRule string

// Odds reads the rule as odds; ok is false for "push". The rule books
// write it with their odds function, in the book's language.
func (r NoQualifyRule) Odds() (games.Odds, bool) {
	o, err := games.ParseOdds(string(r))
	return o, err == nil
}

func (r NoQualifyRule) String() string {
	if o, err := games.ParseOdds(string(r)); err == nil {
		return fmt.Sprintf("%d to %d", o.Win, o.Per)
	}
	return string(r)
}

// Misdeal is what the dealer does on each irregularity of the seed's
// "disputable situations" (RULES.md §3.7). A void round always leaves the bets
// in place, and a redeal never pays the Ante (R14).
type Misdeal struct {
	BrokenSequence       string `toml:"broken_sequence"`         // R2: "restore_and_continue"
	TouchedDuringRestore string `toml:"touched_during_restore"`  // R3: "void_and_redeal"
	CannotRestore        string `toml:"cannot_restore"`          // R4: "void_and_redeal" (the only option)
	WrongCardCount       string `toml:"wrong_card_count"`        // R5: "void_and_redeal"
	ExposedFaceDownCard  string `toml:"exposed_face_down_card"`  // R6: "void_and_redeal" (dealer hole cards, C1, C2)
	FifthOpenedForFourth string `toml:"fifth_opened_for_fourth"` // R7: "continue" (the card turned acts as the 4th)
}

// The supply of a 52-card deck: the dealer's 2 and the board's 5, then each
// box's 2 hole cards and its replacements.
const deckSize, tableCards = 52, 7

// Resolve checks the settings and looks up their pay tables. Errors are
// *games.FieldError naming the TOML key.
func (s *Settings) Resolve(t games.Tables) error {
	if s.BetMultiple < 1 || s.BetMultiple > 10 {
		return games.Fieldf("bet_multiple", "%d: the BET is 1 to 10 times the Ante", s.BetMultiple)
	}
	if err := oneOf("fourth_card_payment", s.FourthCardPayment, PaymentFee, PaymentBet); err != nil {
		return err
	}
	if err := checkFee("fourth_card_fee", s.FourthCardFee); err != nil {
		return err
	}
	if err := checkFee("exchange_fee", s.ExchangeFee); err != nil {
		return err
	}
	if s.ExchangeMaxCards < 1 || s.ExchangeMaxCards > 2 {
		return games.Fieldf("exchange_max_cards", "%d: a player exchanges 1 or 2 of his 2 hole cards", s.ExchangeMaxCards)
	}
	if s.ExchangesPerHand < 0 || s.ExchangesPerHand > 3 {
		return games.Fieldf("exchanges_per_hand", "%d: want 0 (no exchange) to 3", s.ExchangesPerHand)
	}
	if s.AnteOnDealerNoQualify == "push" {
		s.NoQualifyAnte = games.Odds{}
	} else {
		o, err := games.ParseOdds(string(s.AnteOnDealerNoQualify))
		if err != nil {
			return games.Fieldf("ante_on_dealer_no_qualify", "%q: want \"1:1\", other odds or \"push\"", string(s.AnteOnDealerNoQualify))
		}
		s.NoQualifyAnte = o
	}
	if s.MaxBetsPerBox < 1 || s.MaxBetsPerBox > 3 {
		return games.Fieldf("max_bets_per_box", "%d: want 1 to 3 bets on a box (the owner and up to two others)", s.MaxBetsPerBox)
	}
	if len(s.PrematureDealerRevealOptions) == 0 {
		return games.Fieldf("premature_dealer_reveal_options", "needs at least one option (\"fold\", \"continue_without_purchase\", \"buy_fourth_card\", \"exchange\")")
	}
	for i, o := range s.PrematureDealerRevealOptions {
		if err := oneOf("premature_dealer_reveal_options", o, RevealFold, RevealContinue, RevealBuyFourthCard, RevealExchange); err != nil {
			return err
		}
		if slices.Contains(s.PrematureDealerRevealOptions[:i], o) {
			return games.Fieldf("premature_dealer_reveal_options", "%q is listed twice", o)
		}
	}
	if err := oneOf("recover_overpayment", s.RecoverOverpayment, RecoverBeforeNextRound, RecoverNever); err != nil {
		return err
	}
	if s.MaxPayoutPerBox < 0 {
		return games.Fieldf("max_payout_per_box", "cannot be negative")
	}
	if s.MaxBoxes < 1 || s.MaxBoxes > 7 {
		return games.Fieldf("max_boxes", "%d: a Texas Oracle table has 1 to 7 boxes", s.MaxBoxes)
	}
	if need := tableCards + s.MaxBoxes*(2+s.ExchangeMaxCards*s.ExchangesPerHand); need > deckSize {
		// Reported on the exchanges: max_boxes alone always fits the deck.
		return games.Fieldf("exchanges_per_hand", "%d exchanges of up to %d cards on each of %d boxes (max_boxes) need %d cards; the deck has %d",
			s.ExchangesPerHand, s.ExchangeMaxCards, s.MaxBoxes, need, deckSize)
	}
	if s.MaxOpenBoxesPerPlayer < 1 || s.MaxOpenBoxesPerPlayer > s.MaxBoxes {
		return games.Fieldf("max_open_boxes_per_player", "%d: must be between 1 and max_boxes", s.MaxOpenBoxesPerPlayer)
	}
	if err := s.Misdeal.check(); err != nil {
		return err
	}
	var err error
	if s.Ante, err = t.Find("ante", s.AnteTable, "ante_table"); err != nil {
		return err
	}
	if s.Bet, err = t.Find("bet", s.BetTable, "bet_table"); err != nil {
		return err
	}
	return nil
}

func (m *Misdeal) check() error {
	checks := []struct {
		key, v  string
		allowed []string
	}{
		{"misdeal.broken_sequence", m.BrokenSequence, []string{RestoreAndContinue, VoidAndRedeal}},
		{"misdeal.touched_during_restore", m.TouchedDuringRestore, []string{VoidAndRedeal, RestoreAndContinue}},
		{"misdeal.cannot_restore", m.CannotRestore, []string{VoidAndRedeal}},
		{"misdeal.wrong_card_count", m.WrongCardCount, []string{VoidAndRedeal, RestoreAndContinue}},
		{"misdeal.exposed_face_down_card", m.ExposedFaceDownCard, []string{VoidAndRedeal, Continue}},
		{"misdeal.fifth_opened_for_fourth", m.FifthOpenedForFourth, []string{Continue, VoidAndRedeal}},
	}
	for _, c := range checks {
		if err := oneOf(c.key, c.v, c.allowed...); err != nil {
			return err
		}
	}
	return nil
}

// oneOf reports a FieldError on key unless v is one of allowed.
func oneOf(key, v string, allowed ...string) error {
	if slices.Contains(allowed, v) {
		return nil
	}
	q := make([]string, len(allowed))
	for i, a := range allowed {
		q[i] = fmt.Sprintf("%q", a)
	}
	return games.Fieldf(key, "%q: want %s", v, strings.Join(q, " or "))
}

// checkFee bounds a fee ratio: set, and at most 10× the Ante.
func checkFee(key string, o games.Odds) error {
	if o.IsZero() {
		return games.Fieldf(key, "missing: write the fee as a ratio of the Ante, \"1:1\" for 1×Ante")
	}
	if o.Win > 10*o.Per {
		return games.Fieldf(key, "%s: a fee is at most 10× the Ante", o)
	}
	return nil
}
