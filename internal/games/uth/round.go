package uth

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// MaxStake is the largest stake Parse accepts, far above any table limit. It
// keeps every payout (stake × the largest odds a table may hold) inside Money.
const MaxStake = 1_000_000_000 * games.Unit

// Round is a validated UTH round: the dealer's two cards, the five community
// cards in the order turned (flop, turn, river) and the boxes in dealing order.
type Round struct {
	Dealer [2]cards.Card
	Board  [5]cards.Card
	Boxes  []Box
}

// Box is one validated player box. A stake of 0 is a wager not placed.
type Box struct {
	Cards                                 [2]cards.Card
	Ante, Blind, Play, Trips, Progressive games.Money
	// Multiple is Play as a multiple of the Ante (4, 3, 2 or 1), 0 after a fold.
	Multiple int64
	Fold     bool
}

// Flop returns the first three community cards.
func (r *Round) Flop() []cards.Card { return r.Board[:3] }

// Parse validates a SETTLE.md round for UTH under the house's settings and
// builds the typed round. Every rejection is a *games.FieldError naming the
// SETTLE.md field path and the reason: wrong card counts, a card given twice
// anywhere in the round (the second occurrence is named, in the order dealer,
// board, boxes), the joker, unknown wagers, fields of another game, a Blind
// that is not the Ante, a Play the house does not allow, a fold with a Play
// bet, a Progressive the house does not offer or of the wrong amount, and more
// boxes than the table has. Stakes are any amount of at most two decimals:
// payouts, not stakes, are rounded to the house's smallest chip.
func Parse(in *games.Round, s *Settings) (*Round, error) {
	if in.Game != Slug {
		return nil, games.Fieldf("game", "%q is not %s (%q)", in.Game, Name, Slug)
	}
	if in.DealerDraw != "" {
		return nil, games.Fieldf("dealer_draw", "is not a field of %s (Lunar Poker only)", Name)
	}
	p := parser{seen: map[cards.Card]string{}}
	r := &Round{}
	if err := p.cards("dealer", in.Dealer, r.Dealer[:]); err != nil {
		return nil, err
	}
	if err := p.cards("board", in.Board, r.Board[:]); err != nil {
		return nil, err
	}
	switch {
	case len(in.Boxes) == 0:
		return nil, games.Fieldf("boxes", "a round needs at least one box")
	case len(in.Boxes) > s.MaxBoxes:
		return nil, games.Fieldf("boxes", "%d boxes, but the table has %d (uth.max_boxes)", len(in.Boxes), s.MaxBoxes)
	}
	r.Boxes = make([]Box, len(in.Boxes))
	for i := range in.Boxes {
		if err := p.box(i, &in.Boxes[i], &r.Boxes[i], s); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// parser remembers every card seen so far and where, to name duplicates.
type parser struct {
	seen map[cards.Card]string
}

// cards parses want cards at field into out.
func (p *parser) cards(field string, in []string, out []cards.Card) error {
	if len(in) != len(out) {
		return games.Fieldf(field, "needs %d cards, got %d", len(out), len(in))
	}
	for i, text := range in {
		c, err := cards.Parse(text)
		if err != nil {
			return games.Fieldf(field, "%q is not a card", text)
		}
		if c == cards.Joker {
			return games.Fieldf(field, "the joker is not in a 52-card deck (7 Card Thrill only)")
		}
		// The same words as every game and SETTLE.md's example: "duplicate card Kd".
		if _, dup := p.seen[c]; dup {
			return games.Fieldf(field, "duplicate card %s", c)
		}
		p.seen[c] = field
		out[i] = c
	}
	return nil
}

// box validates box i of the input into b.
func (p *parser) box(i int, in *games.Box, b *Box, s *Settings) error {
	f := func(name string) string { return games.BoxField(i, name) }
	for _, x := range []struct {
		set        bool
		name, game string
	}{
		{in.FourthCard, "fourth_card", "Texas Oracle"},
		{in.Exchanged != 0, "exchanged", "Texas Oracle"},
		{in.Draw != nil, "draw", "Lunar Poker"},
		{in.Force, "force", "Lunar Poker"},
		{len(in.MultiSuper) > 0, "multi_super", "Lunar Poker"},
		{len(in.Discards) > 0, "discards", "7 Card Thrill"},
	} {
		if x.set {
			return games.Fieldf(f(x.name), "is not a field of %s (%s only)", Name, x.game)
		}
	}
	if err := p.cards(f("cards"), in.Cards, b.Cards[:]); err != nil {
		return err
	}
	for _, name := range slices.Sorted(maps.Keys(in.Wagers)) {
		if !slices.Contains(Wagers, name) {
			return games.Fieldf(f("wagers."+name), "unknown wager (%s wagers: %s)", Name, strings.Join(Wagers, ", "))
		}
	}
	stakes := make([]games.Money, len(Wagers))
	for k, name := range Wagers {
		m, err := games.Stake(f("wagers."+name), in.Wagers[name])
		if err != nil {
			return err
		}
		if m > MaxStake {
			return games.Fieldf(f("wagers."+name), "%s is more than the largest stake the kiosk settles (%s)", m, MaxStake)
		}
		stakes[k] = m
	}
	b.Ante, b.Blind, b.Play, b.Trips, b.Progressive = stakes[0], stakes[1], stakes[2], stakes[3], stakes[4]
	b.Fold = in.Fold
	switch {
	case b.Ante == 0:
		return games.Fieldf(f("wagers.ante"), "required: every box bets the Ante and an equal Blind")
	case b.Blind != b.Ante:
		return games.Fieldf(f("wagers.blind"), "must equal the ante (%s)", b.Ante)
	}
	if err := checkPlay(f("wagers.play"), b, s); err != nil {
		return err
	}
	if b.Progressive > 0 {
		if !s.ProgressiveEnabled {
			return games.Fieldf(f("wagers.progressive"), "this house does not offer the Progressive")
		}
		if b.Progressive != s.ProgressiveStake {
			return games.Fieldf(f("wagers.progressive"), "must be the Progressive's fixed stake of %s, not %s", s.ProgressiveStake, b.Progressive)
		}
	}
	return nil
}

// checkPlay checks the Play bet against the fold and the house's multiples,
// and records its multiple.
func checkPlay(field string, b *Box, s *Settings) error {
	if b.Fold {
		if b.Play != 0 {
			return games.Fieldf(field, "a box that folded has no Play bet (it folded instead of betting)")
		}
		return nil
	}
	ms := s.playMultiples()
	if b.Play == 0 {
		return games.Fieldf(field, "a box that did not fold has a Play bet: %s", allowed(b.Ante, ms))
	}
	for _, m := range ms {
		if b.Play == b.Ante*games.Money(m) {
			b.Multiple = m
			return nil
		}
	}
	return games.Fieldf(field, "%s is not an allowed Play bet: %s", b.Play, allowed(b.Ante, ms))
}

// allowed says the Play bets of an Ante: "4× (40) or 3× (30) preflop, 2× (20)
// on the flop or 1× (10) on the river".
func allowed(ante games.Money, ms []int64) string {
	var pre []string
	for _, m := range ms[:len(ms)-2] {
		pre = append(pre, fmt.Sprintf("%d× (%s)", m, ante*games.Money(m)))
	}
	return fmt.Sprintf("%s preflop, 2× (%s) on the flop or 1× (%s) on the river",
		strings.Join(pre, " or "), ante*2, ante)
}
