package games

import (
	"fmt"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// Result is how one wager ended.
type Result string

// The results of a wager. A 7 Card Thrill half pay is a Win paying half the stake.
const (
	Win  Result = "win"
	Lose Result = "lose"
	Push Result = "push"
)

// Versus is how a box's hand fared against the dealer's.
type Versus string

// The showdown results; VersusNone is a box that did not reach the showdown.
const (
	VersusWin  Versus = "win"
	VersusLose Versus = "lose"
	VersusTie  Versus = "tie"
	VersusNone Versus = "none"
)

// Settlement is a settled round: what the dealer held and, for every box,
// the outcome of each wager, the fees and the net. It is SETTLE.md's output.
type Settlement struct {
	Game   string      `json:"game"`
	House  string      `json:"house"`
	Dealer Dealer      `json:"dealer"`
	Boxes  []BoxResult `json:"boxes"`
}

// Dealer is the dealer's hand as settled.
type Dealer struct {
	Best        []cards.Card `json:"best"`
	Hand        string       `json:"hand"`
	Description string       `json:"description"`
	Qualifies   bool         `json:"qualifies"`
	// First is Lunar's five as first dealt, when a force replaced a card.
	First []cards.Card `json:"first,omitempty"`
	// Notes explain the dealer's side: qualification, a forced replacement.
	Notes []string `json:"notes,omitempty"`
}

// BoxResult is one settled box.
type BoxResult struct {
	Box         int           `json:"box"`
	Best        []cards.Card  `json:"best"`
	Hand        string        `json:"hand"`
	Description string        `json:"description"`
	Versus      Versus        `json:"versus"`
	Wagers      []WagerResult `json:"wagers"`
	FeeItems    []Fee         `json:"fee_items,omitempty"`
	Fees        Money         `json:"fees"`
	Net         Money         `json:"net"`
}

// WagerResult is the outcome of one wager, with the reason a trainee is told.
type WagerResult struct {
	Wager  string  `json:"wager"`
	On     *Target `json:"on,omitempty"` // Lunar side bets: the box or the dealer
	Stake  Money   `json:"stake"`
	Result Result  `json:"result"`
	// Pays is the signed amount that changes hands: positive is paid on top of
	// the returned stake, negative is the stake collected, 0 a push.
	Pays Money `json:"pays"`
	// Row cites the pay-table row used, e.g. "trips table B, flush 6:1".
	Row string `json:"row,omitempty"`
	// Reason is the sentence a trainee is told: "Blind pushes: the player won
	// with less than a straight."
	Reason string `json:"reason"`
	// Rule cites RULES.md or the house setting that decided it: "§2.3", "uth.fold_forfeits_trips".
	Rule string `json:"rule,omitempty"`
	// Why is Reason as message ids, for the drills' other languages (reason.go).
	Why Why `json:"-"`
}

// Fee is a non-returnable fee a box paid (Oracle's 4th card and exchange, Lunar's draw and force).
type Fee struct {
	Fee    string `json:"fee"` // "fourth_card", "exchange", "draw", "force"
	Amount Money  `json:"amount"`
	Reason string `json:"reason"`
	// Why is Reason as message ids, for the drills' other languages (reason.go).
	Why Why `json:"-"`
}

// Total sets Fees and Net from the wagers and fee items: net = Σ pays − fees.
func (b *BoxResult) Total() {
	b.Fees, b.Net = 0, 0
	for _, f := range b.FeeItems {
		b.Fees += f.Amount
	}
	for _, w := range b.Wagers {
		b.Net += w.Pays
	}
	b.Net -= b.Fees
}

// Check verifies the settlement's arithmetic: each box's net is the sum of its
// pays less its fees, fees are not negative, a push pays 0, a loss pays −stake
// and a win pays more than 0. It guards the engine in tests and at run time.
func (s *Settlement) Check() error {
	for _, b := range s.Boxes {
		var sum, fees Money
		for _, w := range b.Wagers {
			sum += w.Pays
			switch w.Result {
			case Push:
				if w.Pays != 0 {
					return fmt.Errorf("box %d %s: push pays %s", b.Box, w.Wager, w.Pays)
				}
			case Lose:
				if w.Pays != -w.Stake {
					return fmt.Errorf("box %d %s: loss pays %s on a stake of %s", b.Box, w.Wager, w.Pays, w.Stake)
				}
			case Win:
				if w.Pays < 0 {
					return fmt.Errorf("box %d %s: win pays %s", b.Box, w.Wager, w.Pays)
				}
			default:
				return fmt.Errorf("box %d %s: unknown result %q", b.Box, w.Wager, w.Result)
			}
		}
		for _, f := range b.FeeItems {
			if f.Amount < 0 {
				return fmt.Errorf("box %d: negative fee %s", b.Box, f.Fee)
			}
			fees += f.Amount
		}
		if fees != b.Fees || sum-fees != b.Net {
			return fmt.Errorf("box %d: net %s, fees %s; want net %s, fees %s", b.Box, b.Net, b.Fees, sum-fees, fees)
		}
	}
	return nil
}
