package edge

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// oneHand is the tally of a single hand: pricing it tells which row the
// exact computation puts that hand in.
func oneHand(s *thrill.Settings, hand []cards.Card) *Tally {
	t := &Tally{Space: Thrill7(s.Rules())}
	t.count(s.Rules(), hand)
	return t
}

// thrillPays is what the exact computation pays a stake on one hand for
// wager w: the odds of the row its single hand falls in, rounded down like
// the engine (a chip of one minor unit).
func thrillPays(t *testing.T, s *thrill.Settings, w string, hand []cards.Card, stake games.Money) games.Money {
	t.Helper()
	house := &rulebook.House{Name: "test", Thrill: s}
	for _, l := range exactLines(Wager{Game: thrill.Slug, Name: w}, house, oneHand(s, hand), s.Pay[w]) {
		if l.count == 0 {
			continue
		}
		if l.how == loses {
			return -stake
		}
		return games.Rounding{Chip: 1}.Pay(stake, l.odds)
	}
	t.Fatalf("%s: no line for %v", w, hand)
	return 0
}

// TestThrillMatchesSettle holds the Poker Bet simulation and the reading of
// every exact bonus bet against thrill.Settle, on random deals and on the
// rare hands the Special pays, under the default house and its variants.
func TestThrillMatchesSettle(t *testing.T) {
	h := defaultHouse(t)
	variants := map[string]func(s *thrill.Settings){
		"default":             func(*thrill.Settings) {},
		"natural royals only": func(s *thrill.Settings) { s.SpecialNaturalRoyalOnly = true },
		"kings-up half paid":  func(s *thrill.Settings) { s.PKOBHalfOnlyOnePair = false },
		"king high half paid": func(s *thrill.Settings) { s.PokerHalfPayHand = thrill.KingHigh },
		"joker flush ace":     func(s *thrill.Settings) { s.JokerFlushRank = thrill.AceAlways },
	}
	special := []string{
		"Ac Ad Ah As Jk 2c 3d", // five aces
		"Ah Kh Qh Jh Th 2c 3d", // a natural royal
		"Ah Kh Qh Jh Jk 2c 3d", // a royal with the joker
		"Ah Kh Qh Jh Th Jk 3d", // both: the natural one pays
		"9s 8s 7s 6s 5s 2c 3d", // a straight flush
		"5s 4s 3s 2s Jk Kd Kc", // a wheel straight flush with the joker
		"Kc Kd Kh Jk 2c 3d 4h", // three kings and an ace (not four kings)
		"Kc Kd 9h 9s 2c 3d 4h", // kings up
		"Kc Kd 9h 7s 2c 3d 4h", // one pair of kings
		"Ac Jk 9h 7s 2c 3d 4h", // aces with the joker
		"Kc Qd 9h 7s 2c 3d 5h", // king-queen high
		"Kc Jd 9h 7s 2c 3d 5h", // king-jack high
	}
	n := 2000
	if raceEnabled || testing.Short() {
		n = 200
	}
	for name, change := range variants {
		t.Run(name, func(t *testing.T) {
			s := *h.Thrill
			change(&s)
			g, err := newThrillGame(&s)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(3, uint64(len(name))))
			var hands [][]cards.Card
			for range n {
				hands = append(hands, deal(rng, cards.Deck53(), 14))
			}
			for _, sp := range special {
				p := cards.MustParseList(sp)
				rest := cards.SetOf(p...)
				var d []cards.Card
				for _, c := range deal(rng, cards.Deck53(), 53) {
					if !rest.Has(c) && len(d) < 7 {
						d = append(d, c)
					}
				}
				hands = append(hands, append(p, d...), append(d, p...)) // as the player's and as the dealer's
			}
			stake := 10 * games.Unit
			for _, cs := range hands {
				player, dealer := cs[:7], cs[7:14]
				w := map[string]json.Number{}
				for _, name := range thrill.Wagers {
					w[name] = money(stake)
				}
				in := &games.Round{Game: thrill.Slug, Dealer: texts(dealer), Boxes: []games.Box{{Cards: texts(player), Wagers: w}}}
				r, err := thrill.Parse(in, &s)
				if err != nil {
					t.Fatalf("%v: %v", in, err)
				}
				st := thrill.Settle(r, &s, games.Rounding{Chip: 1})
				for _, wr := range st.Boxes[0].Wagers {
					var want games.Money
					if wr.Wager == thrill.Poker {
						net, _ := g.round(player, dealer)
						want = games.Money(net * int64(stake) / g.den)
					} else {
						want = thrillPays(t, &s, wr.Wager, player, stake)
					}
					if wr.Pays != want {
						t.Errorf("player %v dealer %v, %s: edge pays %s; thrill.Settle %s (%s)", player, dealer, wr.Wager, want, wr.Pays, wr.Reason)
					}
				}
			}
		})
	}
}
