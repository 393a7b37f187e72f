package lunar

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// MaxStake bounds every stake the engine settles (10,000,000 currency units),
// so that the largest stake at the largest odds a table may hold stays far
// inside int64. No table game takes bets near it.
const MaxStake = 10_000_000 * games.Unit

// Round is a validated round of Lunar Poker.
type Round struct {
	Dealer     []cards.Card // the five as first dealt
	DealerDraw cards.Card   // the next card off the deck; valid when HasDraw
	HasDraw    bool
	Boxes      []Box
}

// Box is one validated player box.
type Box struct {
	First []cards.Card // the five cards dealt
	Final []cards.Card // the hand played: First, First + the bought card, or after the exchange
	Ante  games.Money
	Super games.Money // 0 when not placed (only where the Super is optional)
	Bet   games.Money // 0 when the box folded or won Instant Cash
	// Insurance is the insurance stake (insurance.go), 0 when not placed;
	// only a house with insurance_enabled takes it.
	Insurance games.Money

	// Instant is the Instant Cash row ("royal_flush", "straight_flush") when
	// the first five hold one; the box's round then ends (§5.3 step 3).
	Instant string

	Draw  DrawKind
	Buy   cards.Card   // the bought 6th card (DrawBuy)
	Out   []cards.Card // exchanged away (DrawExchange)
	In    []cards.Card // received (DrawExchange)
	Fold  bool
	Force bool
	Side  []SideBet // Multi Super and Dealer Super bets this box placed, in input order
}

// DrawKind is the draw option a box took (§5.3 step 5).
type DrawKind int

// The draw options: none, buying a 6th card, exchanging 2 to 5 cards.
const (
	NoDraw DrawKind = iota
	DrawBuy
	DrawExchange
)

// SideBet is a Multi Super (on another box) or Dealer Super bet.
type SideBet struct {
	On    games.Target
	Stake games.Money
}

// parser checks a round's cards across all its fields: a card may appear once
// in the whole round, and a duplicate is reported at its second occurrence in
// the order of the round's fields (dealer, dealer_draw, then each box's cards
// and draw).
type parser struct {
	seen cards.Set
}

// card parses one card of field.
func (p *parser) card(field, s string) (cards.Card, error) {
	c, err := cards.Parse(s)
	if err != nil {
		return 0, &games.FieldError{Field: field, Msg: err.Error()}
	}
	if c == cards.Joker {
		return 0, games.Fieldf(field, "the joker is not in this deck")
	}
	if p.seen.Has(c) {
		return 0, games.Fieldf(field, "duplicate card %s", c)
	}
	p.seen = p.seen.Add(c)
	return c, nil
}

// list parses the cards of field, n of them when n > 0.
func (p *parser) list(field string, ss []string, n int) ([]cards.Card, error) {
	if n > 0 && len(ss) != n {
		return nil, games.Fieldf(field, "needs %d cards, got %d", n, len(ss))
	}
	out := make([]cards.Card, 0, len(ss))
	for i, s := range ss {
		c, err := cards.Parse(s)
		if err != nil {
			return nil, games.Fieldf(field, "card %d: %s", i+1, err)
		}
		if c == cards.Joker {
			return nil, games.Fieldf(field, "the joker is not in this deck")
		}
		if p.seen.Has(c) {
			return nil, games.Fieldf(field, "duplicate card %s", c)
		}
		p.seen = p.seen.Add(c)
		out = append(out, c)
	}
	return out, nil
}

// Parse validates a SETTLE.md round of Lunar Poker under the house's settings.
// Every rejection is a *games.FieldError naming the SETTLE.md path. Stakes are
// decimals ≥ 0 with at most two decimals, as SETTLE.md says; a stake that is
// not a whole number of the house's smallest chips is accepted (payouts are
// rounded down to the chip in Settle).
func Parse(in *games.Round, s *Settings) (*Round, error) {
	if len(in.Board) > 0 {
		return nil, games.Fieldf("board", "Lunar Poker has no board cards")
	}
	switch {
	case len(in.Boxes) == 0:
		return nil, games.Fieldf("boxes", "a round needs at least one box")
	case len(in.Boxes) > s.MaxBoxes:
		return nil, games.Fieldf("boxes", "%d boxes, but the table has %d", len(in.Boxes), s.MaxBoxes)
	}
	var p parser
	r := &Round{}
	var err error
	if r.Dealer, err = p.list("dealer", in.Dealer, 5); err != nil {
		return nil, err
	}
	if in.DealerDraw != "" {
		if r.DealerDraw, err = p.card("dealer_draw", in.DealerDraw); err != nil {
			return nil, err
		}
		r.HasDraw = true
	}
	for i := range in.Boxes {
		b, err := p.box(i, &in.Boxes[i], s, len(in.Boxes))
		if err != nil {
			return nil, err
		}
		r.Boxes = append(r.Boxes, b)
	}
	// The force is the players' answer to a dealer who does not qualify
	// (§5.3 step 8). Against a qualifying dealer there is no such choice, so a
	// box marked as forcing is a round that cannot have happened: refused, not
	// ignored, so that a mis-keyed dispute is caught rather than settled.
	dealer := poker.Standard.Evaluate(r.Dealer)
	for i, b := range r.Boxes {
		if !b.Force {
			continue
		}
		if dealer.AceKingOrBetter() {
			return nil, games.Fieldf(games.BoxField(i, "force"), "the dealer qualifies (%s), so there is nothing to force", lower(dealer.Describe()))
		}
		if !r.HasDraw {
			return nil, games.Fieldf("dealer_draw", "missing: box %d forces the dealer to try to qualify, so the next card off the deck is needed", i+1)
		}
	}
	return r, nil
}

func (p *parser) box(i int, in *games.Box, s *Settings, nboxes int) (Box, error) {
	f := func(field string) string { return games.BoxField(i, field) }
	var b Box
	var err error
	if b.First, err = p.list(f("cards"), in.Cards, 5); err != nil {
		return b, err
	}
	switch {
	case in.FourthCard:
		return b, games.Fieldf(f("fourth_card"), "not a Lunar Poker field (Texas Oracle only)")
	case in.Exchanged != 0:
		return b, games.Fieldf(f("exchanged"), "not a Lunar Poker field (Texas Oracle only); a Lunar exchange is written as draw.out and draw.in")
	case len(in.Discards) > 0:
		return b, games.Fieldf(f("discards"), "not a Lunar Poker field (7 Card Thrill only)")
	}
	if err := b.wagers(i, in, s); err != nil {
		return b, err
	}
	if h := poker.Standard.Evaluate(b.First); h.Category() >= poker.StraightFlush {
		b.Instant = h.Category().Key()
	}
	b.Fold, b.Force = in.Fold, in.Force
	if b.Instant != "" {
		// §5.3 step 3: the Instant Cash ends the box's round at once.
		why := fmt.Sprintf("the box won Instant Cash with a %s in its first five cards, so its round is over", strings.ReplaceAll(b.Instant, "_", " "))
		switch {
		case in.Draw != nil:
			return b, games.Fieldf(f("draw"), "%s: no draw", why)
		case in.Fold:
			return b, games.Fieldf(f("fold"), "%s: there is nothing to fold", why)
		case in.Force:
			return b, games.Fieldf(f("force"), "%s: no force", why)
		case b.Bet > 0:
			return b, games.Fieldf(f("wagers.bet"), "%s: no BET", why)
		case b.Insurance > 0:
			return b, games.Fieldf(f("wagers."+Insurance), "%s: no insurance", why)
		}
	}
	b.Final = b.First
	if in.Draw != nil {
		if err := p.draw(i, in.Draw, s, &b); err != nil {
			return b, err
		}
	}
	switch {
	case b.Instant != "":
	case in.Fold && b.Bet > 0:
		return b, games.Fieldf(f("wagers.bet"), "a box that folded has no BET")
	case in.Fold && in.Force:
		return b, games.Fieldf(f("force"), "a box that folded cannot force the dealer")
	case !in.Fold && b.Bet == 0:
		return b, games.Fieldf(f("wagers.bet"), "missing: a box that plays bets %d× the Ante (%s), or folds", s.BetMultiple, b.Ante*games.Money(s.BetMultiple))
	case !in.Fold && b.Bet != b.Ante*games.Money(s.BetMultiple):
		return b, games.Fieldf(f("wagers.bet"), "must be %d× the Ante (%s), got %s", s.BetMultiple, b.Ante*games.Money(s.BetMultiple), b.Bet)
	}
	if b.Insurance > 0 {
		if err := b.checkInsurance(f("wagers."+Insurance), s); err != nil {
			return b, err
		}
	}
	for j, sb := range in.MultiSuper {
		field := f(fmt.Sprintf("multi_super[%d]", j))
		stake, err := stake(field+".stake", sb.Stake)
		if err != nil {
			return b, err
		}
		if stake == 0 {
			continue // 0 is a bet not placed, as for the wagers
		}
		switch {
		case sb.On.Dealer && !s.DealerSuperEnabled:
			return b, games.Fieldf(field, "this house does not take Dealer Super bets")
		case !sb.On.Dealer && !s.MultiSuperEnabled:
			return b, games.Fieldf(field, "this house does not take Multi Super bets")
		case !sb.On.Dealer && sb.On.Box == i+1:
			return b, games.Fieldf(field+".on", "box %d is the player's own box: his bet on it is the Super", i+1)
		case !sb.On.Dealer && (sb.On.Box < 1 || sb.On.Box > nboxes):
			return b, games.Fieldf(field+".on", "there is no box %d (the round has %d)", sb.On.Box, nboxes)
		}
		if slices.ContainsFunc(b.Side, func(o SideBet) bool { return o.On == sb.On }) {
			return b, games.Fieldf(field+".on", "a second bet on %s: one bet per hand, with the whole stake", target(sb.On))
		}
		b.Side = append(b.Side, SideBet{On: sb.On, Stake: stake})
	}
	return b, nil
}

// wagers reads the ante, super and bet of box i, and the insurance where the
// house offers it (elsewhere it is refused like any unknown wager).
func (b *Box) wagers(i int, in *games.Box, s *Settings) error {
	names := make([]string, 0, len(in.Wagers))
	for w := range in.Wagers {
		names = append(names, w)
	}
	slices.Sort(names)
	offered := s.WagersOffered()
	for _, w := range names {
		if !slices.Contains(offered, w) {
			hint := ""
			if slices.Contains(SideWagers, w) {
				hint = "; bets on other hands go in multi_super"
			}
			return games.Fieldf(games.BoxField(i, "wagers."+w), "unknown wager (Lunar Poker wagers: %s%s)", strings.Join(offered, ", "), hint)
		}
	}
	var err error
	if b.Ante, err = stake(games.BoxField(i, "wagers.ante"), in.Wagers["ante"]); err != nil {
		return err
	}
	if b.Super, err = stake(games.BoxField(i, "wagers.super"), in.Wagers["super"]); err != nil {
		return err
	}
	if b.Bet, err = stake(games.BoxField(i, "wagers.bet"), in.Wagers["bet"]); err != nil {
		return err
	}
	if b.Insurance, err = stake(games.BoxField(i, "wagers."+Insurance), in.Wagers[Insurance]); err != nil {
		return err
	}
	if b.Ante == 0 {
		return games.Fieldf(games.BoxField(i, "wagers.ante"), "missing: every box plays an Ante")
	}
	switch {
	case b.Super == 0 && s.SuperMandatory:
		return games.Fieldf(games.BoxField(i, "wagers.super"), "missing: the Super is compulsory at this house, at least the Ante (%s)", b.Ante)
	case b.Super > 0 && b.Super < b.Ante && s.SuperMin == "ante":
		return games.Fieldf(games.BoxField(i, "wagers.super"), "must be at least the Ante (%s), got %s", b.Ante, b.Super)
	}
	return nil
}

// draw reads box i's draw: a bought 6th card or an exchange.
func (p *parser) draw(i int, d *games.Draw, s *Settings, b *Box) error {
	f := func(field string) string { return games.BoxField(i, field) }
	switch {
	case d.Buy != "" && (len(d.Out) > 0 || len(d.In) > 0):
		return games.Fieldf(f("draw"), "buy a 6th card or exchange cards, not both: one draw option per hand")
	case d.Buy != "":
		c, err := p.card(f("draw.buy"), d.Buy)
		if err != nil {
			return err
		}
		b.Draw, b.Buy = DrawBuy, c
		b.Final = append(slices.Clone(b.First), c)
		return nil
	case len(d.Out) == 0 && len(d.In) == 0:
		return games.Fieldf(f("draw"), "empty: buy a 6th card or exchange %s", exchangeRange(s))
	case len(d.Out) < s.ExchangeMin || len(d.Out) > s.ExchangeMax:
		return games.Fieldf(f("draw.out"), "exchange %s, not %d", exchangeRange(s), len(d.Out))
	}
	var out cards.Set
	for j, t := range d.Out {
		c, err := cards.Parse(t)
		if err != nil {
			return games.Fieldf(f("draw.out"), "card %d: %s", j+1, err)
		}
		switch {
		case out.Has(c):
			return games.Fieldf(f("draw.out"), "duplicate card %s", c)
		case !slices.Contains(b.First, c):
			return games.Fieldf(f("draw.out"), "%s is not one of the box's cards", c)
		}
		out = out.Add(c)
		b.Out = append(b.Out, c)
	}
	if len(d.In) != len(d.Out) {
		return games.Fieldf(f("draw.in"), "%d cards out need %d in, got %d", len(d.Out), len(d.Out), len(d.In))
	}
	in, err := p.list(f("draw.in"), d.In, 0)
	if err != nil {
		return err
	}
	b.Draw, b.In = DrawExchange, in
	b.Final = nil
	for _, c := range b.First {
		if !out.Has(c) {
			b.Final = append(b.Final, c)
		}
	}
	b.Final = append(b.Final, in...)
	return nil
}

func exchangeRange(s *Settings) string {
	if s.ExchangeMin == s.ExchangeMax {
		return fmt.Sprintf("%d cards", s.ExchangeMin)
	}
	return fmt.Sprintf("%d to %d cards", s.ExchangeMin, s.ExchangeMax)
}

// stake parses a stake and bounds it by MaxStake.
func stake(field string, n json.Number) (games.Money, error) {
	m, err := games.Stake(field, n)
	if err != nil {
		return 0, err
	}
	if m > MaxStake {
		return 0, games.Fieldf(field, "%s is above the largest stake the kiosk settles (%s)", m, MaxStake)
	}
	return m, nil
}

// target names a side bet's hand: "box 2", "the dealer".
func target(t games.Target) string {
	if t.Dealer {
		return "the dealer"
	}
	return fmt.Sprintf("box %d", t.Box)
}

// lower starts a dealer's sentence in lower case, to quote it inside another.
func lower(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
