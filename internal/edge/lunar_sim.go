package edge

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// LunarStrategy names the Lunar Poker strategy the simulation plays. It is
// deliberately simple, a play/draw/fold rule a player can follow at the
// table, and never exchanges cards:
//
//   - A royal or straight flush in the first five wins Instant Cash and ends
//     the box's round.
//   - Play (the BET, 2× the Ante) with ace-king high or better in the first five.
//   - Otherwise, with four cards of one suit, buy a 6th card (the draw fee),
//     then play with ace-king or better among the six, and fold without.
//   - Otherwise fold.
//   - When the dealer's first five do not qualify, force him to try to
//     qualify (the force fee) with three of a kind or better; otherwise take
//     the Ante payout.
//
// The Super is staked at the Ante on every round (the seed makes it
// compulsory), and so is the Dealer Super where the house takes it; both are
// measured on the side, as one Super figure: the main figure leaves them out.
const LunarStrategy = "simple"

// lunarAnte is the Ante (and the Super) of a simulated box: 100 units, so
// that no payout needs rounding; nets are in 1/10,000 of the Ante.
const lunarAnte = 100 * games.Unit

// lunarGame plays Lunar Poker rounds through the game's own Parse and Settle:
// Instant Cash, the second-combination BET pays, the force and every house
// setting are settled exactly as the engine does.
type lunarGame struct{ s *lunar.Settings }

var (
	lunarQuantities = []string{"main", "super"}
	lunarEvents     = []string{"Instant Cash", "played the first five", "bought a 6th card and played", "bought a 6th card and folded", "folded", "dealer did not qualify", "forced", "player won"}
)

const (
	lvInstant = iota
	lvPlayed
	lvBoughtPlayed
	lvBoughtFolded
	lvFolded
	lvNoQualify
	lvForced
	lvWon
)

// round builds the SETTLE.md round for one deal of 12 cards: the dealer's
// five, the box's five, then the cards off the deck in order (the bought 6th
// card, if any, then the card that replaces the dealer's on a force).
func (g *lunarGame) round(deal []cards.Card) (*games.Round, int) {
	dealer, first, next := deal[0:5], deal[5:10], deal[10:]
	w := map[string]json.Number{"ante": money(lunarAnte), "super": money(lunarAnte)}
	box := games.Box{Cards: texts(first), Wagers: w}
	if g.s.DealerSuperEnabled {
		box.MultiSuper = []games.SideBet{{On: games.Target{Dealer: true}, Stake: money(lunarAnte)}}
	}
	in := &games.Round{Game: lunar.Slug, Dealer: texts(dealer), Boxes: []games.Box{box}}
	h := poker.Standard.Evaluate(first)
	if h.Category() >= poker.StraightFlush {
		return in, lvInstant
	}
	ev := lvPlayed
	final := h
	switch {
	case h.AceKingOrBetter():
	case fourOfASuit(first):
		box.Draw = &games.Draw{Buy: next[0].String()}
		final = poker.Standard.Evaluate(append(slices.Clone(first), next[0]))
		next = next[1:]
		if !final.AceKingOrBetter() {
			box.Fold = true
			ev = lvBoughtFolded
		} else {
			ev = lvBoughtPlayed
		}
	default:
		box.Fold = true
		ev = lvFolded
	}
	if !box.Fold {
		w["bet"] = money(lunarAnte * games.Money(g.s.BetMultiple))
		if !poker.Standard.Evaluate(dealer).AceKingOrBetter() && final.Category() >= poker.ThreeOfAKind {
			box.Force = true
			in.DealerDraw = next[0].String()
		}
	}
	in.Boxes[0] = box
	return in, ev
}

// fourOfASuit reports four or more of the five cards in one suit.
func fourOfASuit(cs []cards.Card) bool {
	var n [cards.NumSuits]int
	for _, c := range cs {
		if n[c.Suit()]++; n[c.Suit()] >= 4 {
			return true
		}
	}
	return false
}

func (g *lunarGame) spec() *simSpec {
	supers := int64(1)
	if g.s.DealerSuperEnabled {
		supers = 2
	}
	return &simSpec{den: int64(lunarAnte), stakes: []int64{1, supers}, quantities: lunarQuantities, events: lunarEvents,
		newTable: func() table { t := &lunarTable{g: g}; t.reset(); return t }}
}

type lunarTable struct {
	g    *lunarGame
	deck [52]cards.Card
}

func (t *lunarTable) reset() {
	for i := range t.deck {
		t.deck[i] = cards.Card(i)
	}
}

func (t *lunarTable) play(s *stream, out []int64, ev []int64) error {
	s.deal(t.deck[:], 12)
	in, e := t.g.round(t.deck[:12])
	st, err := settleLunar(in, t.g.s)
	if err != nil {
		return fmt.Errorf("lunar: the simulation dealt a round the engine refuses: %w", err)
	}
	b := st.Boxes[0]
	var super games.Money
	for _, w := range b.Wagers {
		if w.Wager == "super" || w.Wager == "dealer_super" {
			super += w.Pays
		}
	}
	out[0], out[1] = int64(b.Net-super), int64(super)
	ev[e]++
	if !st.Dealer.Qualifies || st.Dealer.First != nil {
		ev[lvNoQualify]++
	}
	if in.Boxes[0].Force {
		ev[lvForced]++
	}
	if b.Versus == games.VersusWin {
		ev[lvWon]++
	}
	return nil
}

// settleLunar settles a round at exact odds (a rounding of one minor unit).
func settleLunar(in *games.Round, s *lunar.Settings) (*games.Settlement, error) {
	r, err := lunar.Parse(in, s)
	if err != nil {
		return nil, err
	}
	return lunar.Settle(r, s, games.Rounding{Chip: 1}), nil
}
