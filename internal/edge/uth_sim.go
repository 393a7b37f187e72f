package edge

import (
	"fmt"
	"slices"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/games/uth"
)

// uthGame plays Ultimate Texas Hold'em rounds for the simulation: one box
// against the dealer, the basic strategy (UTHStrategy), and every payout in
// units of 1/den of the Ante. It settles as uth.Settle does (RULES.md §2.3),
// at exact odds: payouts are not rounded to the house's smallest chip and
// max_payout_per_box is not applied, since both depend on the stake and
// this figure is per unit of Ante. TestUTHRoundMatchesSettle holds every
// round against uth.Settle.
type uthGame struct {
	rules poker.Rules
	both  bool  // must_use_both_hole_cards
	mult  int64 // the largest pre-flop multiple
	den   int64
	// Scaled payouts: ante and play per unit when the player wins, and the
	// Blind and Trips win of each category (0 and false where no row pays).
	ante, play   int64
	blind, trips [numCats]int64
	blindPays    [numCats]bool
	tripsPays    [numCats]bool
}

// The quantities and events of the UTH simulation.
var (
	uthQuantities = []string{"main", "trips"}
	uthEvents     = []string{"bet 4× pre-flop", "bet 2× on the flop", "bet 1× on the river", "folded", "dealer did not qualify", "player won", "tie"}
)

const (
	evPreflop = iota
	evFlop
	evRiver
	evFold
	evNoQualify
	evWin
	evTie
)

func newUTHGame(s *uth.Settings, trips games.PayTable) (*uthGame, error) {
	ao, ok1 := s.Main.Odds("ante")
	po, ok2 := s.Main.Odds("play")
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("uth: main table %q lacks the ante or play row", s.Main.Name)
	}
	pers := []int64{ao.Per, po.Per}
	for _, r := range s.Blind.Rows {
		pers = append(pers, r.Odds.Per)
	}
	for _, r := range trips.Rows {
		pers = append(pers, r.Odds.Per)
	}
	den, ok := lcm(1<<16, pers...)
	if !ok {
		return nil, fmt.Errorf("uth: the pay tables' odds have no common denominator below 65,536")
	}
	g := &uthGame{rules: poker.Standard, both: s.MustUseBothHoleCards, mult: slices.Max(s.PreflopMultiples), den: den}
	g.ante = ao.Win * den / ao.Per
	g.play = po.Win * den / po.Per
	for c := range numCats {
		key := poker.Category(c).Key()
		if o, ok := s.Blind.Odds(key); ok && key != "" {
			g.blind[c], g.blindPays[c] = o.Win*den/o.Per, true
		}
		if o, ok := trips.Odds(key); ok && key != "" {
			g.trips[c], g.tripsPays[c] = o.Win*den/o.Per, true
		}
	}
	// Every per-round value must fit in 31 bits for the sums of squares.
	top := g.ante + g.mult*g.play + slices.Max(g.blind[:]) + slices.Max(g.trips[:]) + 8*den
	if top >= 1<<31 {
		return nil, fmt.Errorf("uth: the pay tables pay too much for the simulation's integer sums")
	}
	return g, nil
}

// uthDeal is one round's cards: the box's hole cards, the board in the order
// turned and the dealer's hole cards.
type uthDeal struct {
	hole   [2]cards.Card
	board  [5]cards.Card
	dealer [2]cards.Card
}

// uthOutcome is one settled round.
type uthOutcome struct {
	mult        int64 // the Play multiple, 0 after a fold
	street      int   // evPreflop, evFlop, evRiver or evFold
	main, trips int64 // net, in units of 1/den of the Ante (Trips staked 1, whatever the box did)
	qualifies   bool
	cmp         int
}

// value is the best hand of two hole cards and the board.
func (g *uthGame) value(h [2]cards.Card, b *[5]cards.Card) poker.Value {
	if !g.both {
		return g.rules.Value([]cards.Card{h[0], h[1], b[0], b[1], b[2], b[3], b[4]})
	}
	var top poker.Value
	for i := 0; i < 5; i++ {
		for j := i + 1; j < 5; j++ {
			for k := j + 1; k < 5; k++ {
				top = max(top, g.rules.Value([]cards.Card{h[0], h[1], b[i], b[j], b[k]}))
			}
		}
	}
	return top
}

// decide plays the basic strategy: the Play multiple and the street it was
// bet on, or 0 and evFold. pv is the player's final value.
func (g *uthGame) decide(d *uthDeal, pv poker.Value) (int64, int) {
	h, b := d.hole, &d.board
	if uthPreflop(h) {
		return g.mult, evPreflop
	}
	flop := [3]cards.Card{b[0], b[1], b[2]}
	if uthFlop(h, flop, g.rules.Value([]cards.Card{h[0], h[1], b[0], b[1], b[2]})) {
		return 2, evFlop
	}
	pc := pv.Category()
	if g.both {
		if pc >= poker.OnePair {
			return 1, evRiver
		}
		return 0, evFold
	}
	if pc >= poker.OnePair && pc > g.rules.Value(b[:]).Category() {
		return 1, evRiver
	}
	if uthFewOuts(g.rules, h, *b, pv, uthOutsLimit) {
		return 1, evRiver
	}
	return 0, evFold
}

// round plays and settles one deal.
func (g *uthGame) round(d *uthDeal) uthOutcome {
	pv := g.value(d.hole, &d.board)
	dv := g.value(d.dealer, &d.board)
	pc := pv.Category()
	var o uthOutcome
	o.mult, o.street = g.decide(d, pv)
	o.qualifies = dv.Category() >= poker.OnePair
	o.cmp = cmpValue(pv, dv)
	if g.tripsPays[pc] {
		o.trips = g.trips[pc]
	} else {
		o.trips = -g.den
	}
	switch {
	case o.mult == 0: // fold: Ante and Blind lose
		o.main = -2 * g.den
	case o.cmp > 0:
		if o.qualifies {
			o.main += g.ante
		}
		o.main += o.mult * g.play
		if g.blindPays[pc] {
			o.main += g.blind[pc]
		}
	case o.cmp < 0:
		if o.qualifies {
			o.main -= g.den
		}
		o.main -= (o.mult + 1) * g.den
	}
	return o
}

func cmpValue(a, b poker.Value) int {
	switch {
	case a > b:
		return 1
	case a < b:
		return -1
	}
	return 0
}

// uthTable deals for one worker.
type uthTable struct {
	g    *uthGame
	deck [52]cards.Card
	d    uthDeal
}

func (g *uthGame) spec() *simSpec {
	return &simSpec{den: g.den, quantities: uthQuantities, events: uthEvents,
		newTable: func() table { t := &uthTable{g: g}; t.reset(); return t }}
}

func (t *uthTable) reset() {
	for i := range t.deck {
		t.deck[i] = cards.Card(i)
	}
}

func (t *uthTable) play(s *stream, out []int64, ev []int64) error {
	s.deal(t.deck[:], 9)
	d := &t.d
	d.hole = [2]cards.Card{t.deck[0], t.deck[1]}
	d.board = [5]cards.Card{t.deck[2], t.deck[3], t.deck[4], t.deck[5], t.deck[6]}
	d.dealer = [2]cards.Card{t.deck[7], t.deck[8]}
	o := t.g.round(d)
	out[0], out[1] = o.main, o.trips
	ev[o.street]++
	if !o.qualifies {
		ev[evNoQualify]++
	}
	if o.mult > 0 {
		switch {
		case o.cmp > 0:
			ev[evWin]++
		case o.cmp == 0:
			ev[evTie]++
		}
	}
	return nil
}
