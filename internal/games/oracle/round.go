package oracle

import (
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// Board positions in SETTLE.md's order: the three open cards (C3–C5), then
// the 4th card (C1, the one a player buys) and the 5th card (C2).
const (
	FourthCard = 3 // index of the bought 4th card in Round.Board
	FifthCard  = 4 // index of the 5th card, turned at the showdown
)

// MaxAnte is the largest Ante Parse accepts: with a BET of up to 10× the
// Ante and pay-table odds of up to 10,000,000:1, every payout then fits in
// games.Money without overflow. No table comes near it.
const MaxAnte = 100_000_000 * games.Unit

// Round is a validated Texas Oracle round.
type Round struct {
	Dealer [2]cards.Card
	Board  [5]cards.Card // open C3 C4 C5, then the 4th card, then the 5th
	Boxes  []Box
}

// Box is one validated player box: the hole cards it ends with, its stakes
// and its decisions.
type Box struct {
	Cards      [2]cards.Card
	Ante       games.Money
	Bet        games.Money // 0 when the box placed no BET
	Fold       bool
	FourthCard bool // paid to open the 4th card
	Exchanged  int  // hole cards exchanged, over every exchange of the hand
}

// Exchanges is the number of exchange fees a box pays. SETTLE.md's round
// carries only the number of cards exchanged; where a house allows more than
// one exchange, the box is charged for the fewest exchanges that account for
// them (one exchange takes up to exchange_max_cards cards).
func (b Box) Exchanges(s *Settings) int {
	if b.Exchanged <= 0 {
		return 0
	}
	return (b.Exchanged + s.ExchangeMaxCards - 1) / s.ExchangeMaxCards
}

// Parse validates a SETTLE.md round for Texas Oracle under the house's
// settings and builds the typed round. Every rejection is a
// *games.FieldError naming the field path. Stakes are any amount of at most
// two decimals (SETTLE.md: a decimal ≥ 0); Parse does not hold them to the
// house's chips, since a disputed hand is checked as it was played.
func Parse(in *games.Round, s *Settings) (*Round, error) {
	if in == nil || s == nil {
		return nil, games.Fieldf("", "no round to settle")
	}
	if in.Game != Slug {
		return nil, games.Fieldf("game", "is %q; this is %s (%q)", in.Game, Name, Slug)
	}
	if in.DealerDraw != "" {
		return nil, games.Fieldf("dealer_draw", "%s has no dealer draw (Lunar Poker only)", Name)
	}
	r := &Round{}
	var seen cards.Set
	if err := parseCards("dealer", in.Dealer, r.Dealer[:], &seen); err != nil {
		return nil, err
	}
	if err := parseCards("board", in.Board, r.Board[:], &seen); err != nil {
		return nil, err
	}
	if len(in.Boxes) == 0 {
		return nil, games.Fieldf("boxes", "no box to settle")
	}
	if len(in.Boxes) > s.MaxBoxes {
		return nil, games.Fieldf("boxes", "%d boxes, but the table has %d", len(in.Boxes), s.MaxBoxes)
	}
	r.Boxes = make([]Box, len(in.Boxes))
	for i := range in.Boxes {
		if err := parseBox(i, &in.Boxes[i], s, &r.Boxes[i], &seen); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// parseCards reads exactly len(out) cards of field into out, refusing a card
// seen earlier anywhere in the round.
func parseCards(field string, in []string, out []cards.Card, seen *cards.Set) error {
	if len(in) != len(out) {
		return games.Fieldf(field, "needs %d cards, got %d", len(out), len(in))
	}
	for i, text := range in {
		c, err := cards.Parse(text)
		if err != nil {
			return games.Fieldf(field, "%s", err.Error())
		}
		if c == cards.Joker {
			return games.Fieldf(field, "the joker is not in the %s deck (7 Card Thrill only)", Name)
		}
		if seen.Has(c) {
			return games.Fieldf(field, "duplicate card %s", c)
		}
		*seen = seen.Add(c)
		out[i] = c
	}
	return nil
}

func parseBox(i int, in *games.Box, s *Settings, b *Box, seen *cards.Set) error {
	f := func(name string) string { return games.BoxField(i, name) }
	switch {
	case in.Draw != nil:
		return games.Fieldf(f("draw"), "%s has no draw (Lunar Poker only); an exchange is written \"exchanged\"", Name)
	case in.Force:
		return games.Fieldf(f("force"), "%s has no force (Lunar Poker only)", Name)
	case len(in.MultiSuper) > 0:
		return games.Fieldf(f("multi_super"), "%s has no Multi Super (Lunar Poker only)", Name)
	case len(in.Discards) > 0:
		return games.Fieldf(f("discards"), "%s has no discards (7 Card Thrill only)", Name)
	}
	if err := parseCards(f("cards"), in.Cards, b.Cards[:], seen); err != nil {
		return err
	}
	names := make([]string, 0, len(in.Wagers))
	for name := range in.Wagers {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if !slices.Contains(Wagers, name) {
			return games.Fieldf(f("wagers."+name), "%s has no %s wager (wagers: %s)", Name, name, strings.Join(Wagers, ", "))
		}
	}
	var err error
	if b.Ante, err = games.Stake(f("wagers.ante"), in.Wagers["ante"]); err != nil {
		return err
	}
	if b.Bet, err = games.Stake(f("wagers.bet"), in.Wagers["bet"]); err != nil {
		return err
	}
	if b.Ante == 0 {
		return games.Fieldf(f("wagers.ante"), "missing: every box plays an Ante")
	}
	if b.Ante > MaxAnte {
		return games.Fieldf(f("wagers.ante"), "%s is above the largest Ante the kiosk settles (%s)", b.Ante, MaxAnte)
	}
	b.Fold, b.FourthCard, b.Exchanged = in.Fold, in.FourthCard, in.Exchanged

	if !b.Fold && !b.FourthCard && !s.ContinueWithout4thCard {
		return games.Fieldf(f("fourth_card"), "a box that did not fold must have bought the 4th card: at this house a player stays in only by buying it")
	}
	if b.Exchanged != 0 {
		maxCards := s.ExchangeMaxCards * s.ExchangesPerHand
		switch {
		case b.Exchanged < 0:
			return games.Fieldf(f("exchanged"), "cannot be negative")
		case s.ExchangesPerHand == 0:
			return games.Fieldf(f("exchanged"), "this house allows no exchange")
		case b.Exchanged > maxCards:
			return games.Fieldf(f("exchanged"), "%d cards; the house allows at most %d", b.Exchanged, maxCards)
		case !b.FourthCard:
			return games.Fieldf(f("exchanged"), "an exchange comes after the 4th card is bought, and this box did not buy it")
		case b.Fold && !s.RedecideAfterExchange:
			return games.Fieldf(f("fold"), "a box cannot fold after an exchange: at this house an exchange commits the box to the showdown")
		}
	}

	want := b.Ante * games.Money(s.BetMultiple)
	hasBet, why := betRequired(b, s)
	switch {
	case hasBet && b.Bet == 0:
		return games.Fieldf(f("wagers.bet"), "missing: %s bets %d× the Ante (%s)", why, s.BetMultiple, want)
	case hasBet && b.Bet != want:
		return games.Fieldf(f("wagers.bet"), "is %s; the BET is %d× the Ante (%s)", b.Bet, s.BetMultiple, want)
	case !hasBet && b.Bet != 0:
		return games.Fieldf(f("wagers.bet"), "%s has no BET", why)
	}
	return nil
}

// betRequired tells whether a box must have placed the BET, and says which
// box it is for the error message.
func betRequired(b *Box, s *Settings) (bool, string) {
	if s.FourthCardPayment == PaymentBet {
		// The payment for the 4th card is the BET: it is on the table
		// whether or not the player folds afterwards.
		if b.FourthCard {
			return true, "a box that bought the 4th card (at this house that payment is the BET)"
		}
		return false, "a box that did not buy the 4th card (at this house the BET is the payment for the 4th card)"
	}
	if b.Fold {
		return false, "a box that folded"
	}
	return true, "a box that did not fold"
}
