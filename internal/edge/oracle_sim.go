package edge

import (
	"encoding/json"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// OracleStrategy names the Texas Oracle strategy the simulation plays. It is
// deliberately simple — a fold/continue rule a floor manager can check by
// eye, not an optimum — and never exchanges:
//
//   - With the two hole cards and the three open cards, buy the 4th card
//     (pay its fee, or place the BET where that payment is the BET) with a
//     pocket pair, a hole card that pairs an open card, four to a flush, or
//     an ace or a king in the hole; otherwise fold.
//   - With the 4th card turned, place the BET and go to the showdown with a
//     pocket pair, a hole card that pairs a board card, four to a flush, or a
//     made straight or flush; otherwise fold.
const OracleStrategy = "hidden-pair"

// oracleAnte is the Ante of a simulated box: 100 currency units, so that no
// payout at the tables' odds needs rounding and a round's net, in minor
// units, is a whole number of 1/10,000 of the Ante.
const oracleAnte = 100 * games.Unit

// oracleBuys reports whether the strategy buys the 4th card, seeing the
// hole cards h and the open cards.
func oracleBuys(h [2]cards.Card, open []cards.Card) bool {
	if pairsWith(h, open) || fourFlush(h, open) {
		return true
	}
	for _, c := range h {
		if c.Rank() >= cards.King {
			return true
		}
	}
	return false
}

// oracleContinues reports whether the strategy places the BET, seeing the
// hole cards h and the four board cards turned.
func oracleContinues(h [2]cards.Card, board []cards.Card) bool {
	if pairsWith(h, board) || fourFlush(h, board) {
		return true
	}
	six := append([]cards.Card{h[0], h[1]}, board...)
	return poker.Standard.Value(six).Category() >= poker.Straight
}

// pairsWith reports a pocket pair or a hole card of the same rank as a board card.
func pairsWith(h [2]cards.Card, board []cards.Card) bool {
	if h[0].Rank() == h[1].Rank() {
		return true
	}
	for _, x := range h {
		for _, y := range board {
			if x.Rank() == y.Rank() {
				return true
			}
		}
	}
	return false
}

// fourFlush reports four or more cards of one suit among the hole cards and
// the board, at least one of them a hole card.
func fourFlush(h [2]cards.Card, board []cards.Card) bool {
	for _, x := range h {
		n := 0
		for _, y := range append([]cards.Card{h[0], h[1]}, board...) {
			if y.Suit() == x.Suit() {
				n++
			}
		}
		if n >= 4 {
			return true
		}
	}
	return false
}

// oracleGame plays Texas Oracle rounds through the game's own Parse and
// Settle, so that every house reading (the 4th card as a fee or as the BET,
// the no-qualify rule, refundable fees) is settled exactly as the engine does.
type oracleGame struct{ s *oracle.Settings }

var (
	oracleQuantities = []string{"main"}
	oracleEvents     = []string{"folded before the 4th card", "folded after the 4th card", "went to the showdown", "player won", "dealer did not qualify"}
)

func (g *oracleGame) spec() *simSpec {
	return &simSpec{den: int64(oracleAnte), quantities: oracleQuantities, events: oracleEvents,
		newTable: func() table { t := &oracleTable{g: g}; t.reset(); return t }}
}

type oracleTable struct {
	g    *oracleGame
	deck [52]cards.Card
}

func (t *oracleTable) reset() {
	for i := range t.deck {
		t.deck[i] = cards.Card(i)
	}
}

// round builds the SETTLE.md round for one deal: the dealer's two, the board
// (three open, the 4th, the 5th), the box's two, and the box's decisions.
func (g *oracleGame) round(deal []cards.Card) (*games.Round, int) {
	dealer, board, hole := deal[0:2], deal[2:7], [2]cards.Card{deal[7], deal[8]}
	box := games.Box{Cards: texts(hole[:]), Wagers: map[string]json.Number{"ante": money(oracleAnte)}}
	ev := 0
	switch {
	case !oracleBuys(hole, board[:3]):
		box.Fold = true
	case !oracleContinues(hole, board[:4]):
		box.Fold, box.FourthCard, ev = true, true, 1
	default:
		box.FourthCard, ev = true, 2
	}
	bet := oracleAnte * games.Money(g.s.BetMultiple)
	if box.FourthCard && (!box.Fold || g.s.FourthCardPayment == oracle.PaymentBet) {
		box.Wagers["bet"] = money(bet)
	}
	return &games.Round{Game: oracle.Slug, Dealer: texts(dealer), Board: texts(board), Boxes: []games.Box{box}}, ev
}

func (t *oracleTable) play(s *stream, out []int64, ev []int64) error {
	s.deal(t.deck[:], 9)
	in, e := t.g.round(t.deck[:9])
	st, err := settleOracle(in, t.g.s)
	if err != nil {
		return fmt.Errorf("oracle: the simulation dealt a round the engine refuses: %w", err)
	}
	b := st.Boxes[0]
	out[0] = int64(b.Net)
	ev[e]++
	if b.Versus == games.VersusWin {
		ev[3]++
	}
	if !st.Dealer.Qualifies {
		ev[4]++
	}
	return nil
}

// settleOracle settles a round at exact odds (a rounding of one minor unit).
func settleOracle(in *games.Round, s *oracle.Settings) (*games.Settlement, error) {
	r, err := oracle.Parse(in, s)
	if err != nil {
		return nil, err
	}
	return oracle.Settle(r, s, games.Rounding{Chip: 1}), nil
}

func texts(cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

func money(m games.Money) json.Number { return json.Number(m.String()) }
