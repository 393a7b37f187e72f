package edge

import (
	"fmt"

	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
)

// ThrillStrategy is the 7 Card Thrill "strategy": the player keeps his best
// five, so that the Poker Bet is decided by the cards alone (with
// cards_speak off the kept five bind, and a player who keeps his best five is
// settled the same way).
const ThrillStrategy = "best-five"

// thrillGame plays the Poker Bet (RULES.md §4.4): the best five of the
// player's seven against the dealer's, paid 1:1, or 1:2 when the dealer's
// losing hand is king/jack high or lower; a tie pushes. It settles as
// thrill.Settle does, at exact odds (TestThrillRoundMatchesSettle).
type thrillGame struct {
	rules   poker.Rules
	kingJ   bool // poker_half_pay_hand = king_jack_high: K-Q high is not half-paid
	den     int64
	win     int64 // scaled payouts of the two rows
	halfWin int64
}

var (
	thrillQuantities = []string{"main"}
	thrillEvents     = []string{"player won", "player won against king/jack high or lower", "tie", "player lost"}
)

func newThrillGame(s *thrill.Settings) (*thrillGame, error) {
	pt := s.Pay[thrill.Poker]
	w, ok1 := pt.Odds("win")
	h, ok2 := pt.Odds("win_vs_king_jack_high")
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("thrill: poker table %q lacks a row", pt.Name)
	}
	den, ok := lcm(1<<16, w.Per, h.Per)
	if !ok || w.Win*den/w.Per >= 1<<31 || h.Win*den/h.Per >= 1<<31 {
		return nil, fmt.Errorf("thrill: the poker table's odds are too fine or too large for the simulation")
	}
	return &thrillGame{rules: s.Rules(), kingJ: s.PokerHalfPayHand == thrill.KingJackHigh, den: den,
		win: w.Win * den / w.Per, halfWin: h.Win * den / h.Per}, nil
}

// halfPay reports whether the dealer's seven cards dv make a hand that is
// "king/jack high or lower" (thrill.Settings.KingJackOrLower): high card only,
// so seven different ranks and no joker (which would play as an ace), no ace,
// and — under king_jack_high — not king-queen high.
func (g *thrillGame) halfPay(dealer []cards.Card, dv poker.Value) bool {
	if dv.Category() != poker.HighCard {
		return false
	}
	var has [cards.NumRanks]bool
	for _, c := range dealer {
		if c == cards.Joker {
			return false
		}
		has[c.Rank()] = true
	}
	if has[cards.Ace] {
		return false
	}
	return !(g.kingJ && has[cards.King] && has[cards.Queen])
}

// round settles one deal: the player's seven and the dealer's seven. It
// returns the net in units of 1/den of the Poker Bet and the event.
func (g *thrillGame) round(player, dealer []cards.Card) (int64, int) {
	pv, dv := g.rules.Value(player), g.rules.Value(dealer)
	switch {
	case pv < dv:
		return -g.den, 3
	case pv == dv:
		return 0, 2
	case g.halfPay(dealer, dv):
		return g.halfWin, 1
	}
	return g.win, 0
}

type thrillTable struct {
	g    *thrillGame
	deck [53]cards.Card
}

func (g *thrillGame) spec() *simSpec {
	return &simSpec{den: g.den, quantities: thrillQuantities, events: thrillEvents,
		newTable: func() table { t := &thrillTable{g: g}; t.reset(); return t }}
}

func (t *thrillTable) reset() {
	for i := range t.deck {
		t.deck[i] = cards.Card(i)
	}
}

func (t *thrillTable) play(s *stream, out []int64, ev []int64) error {
	s.deal(t.deck[:], 14)
	net, e := t.g.round(t.deck[0:7], t.deck[7:14])
	out[0] = net
	ev[e]++
	return nil
}
