package thrill

import (
	"maps"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// HandSize is the number of cards each box and the dealer receive (§4.3.2).
const HandSize = 7

// Round is a validated 7 Card Thrill round. Only Parse builds one, so that
// Settle can rely on its card counts and never fail.
type Round struct {
	dealer []cards.Card // the dealer's seven cards in the order dealt
	boxes  []box
}

// box is one validated player box.
type box struct {
	cards    []cards.Card
	discards []cards.Card // nil, or the two cards the player set aside
	stakes   map[string]games.Money
}

// Dealer returns the dealer's seven cards in the order dealt.
func (r *Round) Dealer() []cards.Card { return slices.Clone(r.dealer) }

// NumBoxes returns how many boxes play.
func (r *Round) NumBoxes() int { return len(r.boxes) }

// Parse validates a SETTLE.md round for 7 Card Thrill and builds the typed
// round. Every rejection is a *games.FieldError naming the SETTLE.md field
// path: a card that is not a card or appears twice in the round (the second
// occurrence is named), a wrong card count, fields of another game, an
// unknown wager, a bad stake, a stake outside the house's wager limits, a box
// without a primary wager (or with more than one under primary_wagers =
// "exactly_one"), a Special without a primary wager, bad discards, or more
// boxes than the table has. It never panics.
func Parse(in *games.Round, s *Settings) (*Round, error) {
	if in == nil || s == nil {
		return nil, games.Fieldf("", "no round to settle")
	}
	if in.Game != "" && in.Game != Slug {
		return nil, games.Fieldf("game", "%q is not %s (%q)", in.Game, Name, Slug)
	}
	if len(in.Board) > 0 {
		return nil, games.Fieldf("board", "%s has no community cards: each hand is seven cards of its own", Name)
	}
	if in.DealerDraw != "" {
		return nil, games.Fieldf("dealer_draw", "the dealer draws no card in %s", Name)
	}
	seen := map[cards.Card]bool{}
	r := &Round{}
	var err error
	if r.dealer, err = parseHand("dealer", in.Dealer, seen, s); err != nil {
		return nil, err
	}
	switch {
	case len(in.Boxes) == 0:
		return nil, games.Fieldf("boxes", "no box: a round needs at least one player box")
	case len(in.Boxes) > s.MaxPlayerBoxes:
		return nil, games.Fieldf("boxes", "%d boxes; the house's %s table has %d", len(in.Boxes), Name, s.MaxPlayerBoxes)
	}
	for i := range in.Boxes {
		b, err := parseBox(i, &in.Boxes[i], s, seen)
		if err != nil {
			return nil, err
		}
		r.boxes = append(r.boxes, b)
	}
	return r, nil
}

// parseHand reads a hand of seven cards at field, adding them to seen; a card
// already seen anywhere in the round is a duplicate named at this field.
func parseHand(field string, in []string, seen map[cards.Card]bool, s *Settings) ([]cards.Card, error) {
	out := make([]cards.Card, 0, len(in))
	for _, t := range in {
		c, err := cards.Parse(t)
		if err != nil {
			return nil, games.Fieldf(field, "%s", err)
		}
		if seen[c] {
			return nil, games.Fieldf(field, "duplicate card %s", c)
		}
		seen[c] = true
		out = append(out, c)
	}
	if len(out) != HandSize {
		// A wrong card count is a misdeal (misdeal_policy): the round is void, so
		// there is nothing to settle; the message gives the house's ruling.
		bets := "the bets stay"
		if s.MisdealPolicy == VoidAndReturnBets {
			bets = "the bets are handed back"
		}
		return nil, games.Fieldf(field, "needs %d cards, got %d (a wrong card count is a misdeal: the round is void and %s)", HandSize, len(out), bets)
	}
	return out, nil
}

func parseBox(i int, in *games.Box, s *Settings, seen map[cards.Card]bool) (box, error) {
	f := func(name string) string { return games.BoxField(i, name) }
	// Fields of the other games.
	switch {
	case in.Fold:
		return box{}, games.Fieldf(f("fold"), "%s has no fold: every box plays its seven cards to the showdown", Name)
	case in.FourthCard:
		return box{}, games.Fieldf(f("fourth_card"), "is a Texas Oracle action, not a %s one", Name)
	case in.Exchanged != 0:
		return box{}, games.Fieldf(f("exchanged"), "is a Texas Oracle action, not a %s one", Name)
	case in.Draw != nil:
		return box{}, games.Fieldf(f("draw"), "is a Lunar Poker action, not a %s one", Name)
	case in.Force:
		return box{}, games.Fieldf(f("force"), "is a Lunar Poker action, not a %s one", Name)
	case len(in.MultiSuper) > 0:
		return box{}, games.Fieldf(f("multi_super"), "is a Lunar Poker bet, not a %s one", Name)
	}
	b := box{stakes: map[string]games.Money{}}
	var err error
	if b.cards, err = parseHand(f("cards"), in.Cards, seen, s); err != nil {
		return box{}, err
	}
	if b.discards, err = parseDiscards(f("discards"), in.Discards, b.cards, s); err != nil {
		return box{}, err
	}
	for _, w := range slices.Sorted(maps.Keys(in.Wagers)) {
		field := f("wagers." + w)
		if !slices.Contains(Wagers, w) {
			return box{}, games.Fieldf(field, "unknown wager %q (%s wagers: %s)", w, Name, strings.Join(Wagers, ", "))
		}
		m, err := games.Stake(field, in.Wagers[w])
		if err != nil {
			return box{}, err
		}
		if m == 0 {
			continue
		}
		if l, ok := s.WagerLimits[w]; ok {
			if m < l.Min {
				return box{}, games.Fieldf(field, "%s is below the house's minimum of %s on the %s", m, l.Min, wagerTitle[w])
			}
			if l.Max != 0 && m > l.Max {
				return box{}, games.Fieldf(field, "%s is above the house's maximum of %s on the %s", m, l.Max, wagerTitle[w])
			}
		}
		b.stakes[w] = m
	}
	var primary []string
	for _, w := range Primary {
		if b.stakes[w] > 0 {
			primary = append(primary, w)
		}
	}
	switch {
	case len(primary) == 0 && b.stakes[Special] > 0 && s.SpecialRequiresPrimary:
		return box{}, games.Fieldf(f("wagers.special"), "the house takes the Special Bet only beside a primary wager (%s)", strings.Join(Primary, ", "))
	case len(primary) == 0 && b.stakes[Special] == 0:
		return box{}, games.Fieldf(f("wagers"), "no wager: a box needs at least one primary wager (%s)", strings.Join(Primary, ", "))
	case len(primary) > 1 && s.PrimaryWagers == ExactlyOne:
		return box{}, games.Fieldf(f("wagers"), "%d primary wagers (%s); the house allows one primary wager per box", len(primary), strings.Join(primary, ", "))
	}
	return b, nil
}

// parseDiscards reads a box's discards: none, or two of the box's own cards.
// Under cards speak they are optional and only checked; when the kept five
// bind (cards_speak = false) they are required, since they decide the hand.
func parseDiscards(field string, in []string, hand []cards.Card, s *Settings) ([]cards.Card, error) {
	if len(in) == 0 {
		if !s.CardsSpeak {
			return nil, games.Fieldf(field, "missing: the house holds the player to the five he kept, so name his 2 discards")
		}
		return nil, nil
	}
	var out []cards.Card
	for _, t := range in {
		c, err := cards.Parse(t)
		if err != nil {
			return nil, games.Fieldf(field, "%s", err)
		}
		if slices.Contains(out, c) {
			return nil, games.Fieldf(field, "duplicate card %s", c)
		}
		if !slices.Contains(hand, c) {
			return nil, games.Fieldf(field, "%s is not one of the box's cards", c)
		}
		out = append(out, c)
	}
	if len(out) != 2 {
		return nil, games.Fieldf(field, "needs 2 cards, got %d", len(out))
	}
	return out, nil
}

// kept returns the five cards the player kept: his seven less his discards.
func (b *box) kept() []cards.Card {
	out := make([]cards.Card, 0, 5)
	for _, c := range b.cards {
		if !slices.Contains(b.discards, c) {
			out = append(out, c)
		}
	}
	return out
}
