package templates

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// SpotDef is one betting spot of a game's layout.
type SpotDef struct {
	Wager string // the wager name of the settle contract: "ante", "kings_or_better"
	Label string // as printed on the layout: "Ante", "Pair of Kings+"
	Kind  string // "main" (the base game's wagers) or "bonus" (side bets), for the spot's shape
}

// GameLayout is what a game's table shows: how many cards each hand holds, the
// board's positions and the betting spots of a box, as printed on the felt
// (RULES.md §2.1, §3.2, §4.3, §5.2).
type GameLayout struct {
	Game        string
	Name        string
	DealerCards int
	BoxCards    int
	// Board labels the community cards in SETTLE.md's order; BoardShown is
	// the order the layout shows them in (indexes into Board).
	Board      []string
	BoardShown []int
	// FaceDown marks the board positions dealt face down (Texas Oracle's C1
	// and C2), in SETTLE.md's order.
	FaceDown   []bool
	Spots      []SpotDef
	FeeLabel   string // the spot where fees go: "Fees" (Oracle), "Options" (Lunar); "" for none
	DealerDraw bool   // Lunar: the next card, drawn when a box forces the dealer
	MultiSuper bool   // Lunar: Multi Super spots on the other boxes and the dealer
	Fold       bool   // whether a box may fold
	Discards   bool   // 7 Card Thrill: each box sets two cards aside
}

// GameLayouts are the four games' tables, by slug.
var GameLayouts = map[string]GameLayout{
	"uth": {
		Game: "uth", Name: "Ultimate Texas Hold'em", DealerCards: 2, BoxCards: 2,
		Board:      []string{"Flop", "Flop", "Flop", "Turn", "River"},
		BoardShown: []int{0, 1, 2, 3, 4},
		FaceDown:   []bool{false, false, false, false, false},
		Spots: []SpotDef{
			{"trips", "Trips", "bonus"},
			{"ante", "Ante", "main"},
			{"blind", "Blind", "main"},
			{"play", "Play", "main"},
			{"progressive", "Progressive", "bonus"},
		},
		Fold: true,
	},
	"oracle": {
		Game: "oracle", Name: "Texas Oracle", DealerCards: 2, BoxCards: 2,
		// SETTLE.md lists the three open cards, then the 4th and 5th; the
		// felt has the two face-down positions first (C1, C2, then C3–C5).
		Board:      []string{"C3", "C4", "C5", "C1 · 4th card", "C2 · 5th card"},
		BoardShown: []int{3, 4, 0, 1, 2},
		FaceDown:   []bool{false, false, false, true, true},
		Spots: []SpotDef{
			{"ante", "Ante", "main"},
			{"bet", "Bet", "main"},
		},
		FeeLabel: "Fees",
		Fold:     true,
	},
	"thrill": {
		Game: "thrill", Name: "7 Card Thrill", DealerCards: 7, BoxCards: 7,
		Spots: []SpotDef{
			{"poker", "Poker", "main"},
			{"kings_or_better", "Pair of Kings+", "main"},
			{"trips_or_better", "3 of a Kind+", "main"},
			{"full_house_or_better", "Full House+", "main"},
			{"special", "Special", "bonus"},
		},
		Discards: true,
	},
	"lunar": {
		Game: "lunar", Name: "Lunar Poker", DealerCards: 5, BoxCards: 5,
		Spots: []SpotDef{
			{"ante", "Ante", "main"},
			{"super", "Super", "bonus"},
			{"bet", "Bet", "main"},
		},
		FeeLabel:   "Options",
		DealerDraw: true,
		MultiSuper: true,
		Fold:       true,
	},
}

// WagerLabel is a wager's name as the layout prints it, for the results:
// "Pair of Kings+", "Multi Super on box 2", "Dealer Super".
func WagerLabel(game, wager string, on *games.Target) string {
	switch wager {
	case "multi_super":
		if on != nil {
			return "Multi Super on box " + on.String()
		}
		return "Multi Super"
	case "dealer_super":
		return "Dealer Super"
	}
	for _, s := range GameLayouts[game].Spots {
		if s.Wager == wager {
			return s.Label
		}
	}
	return wager
}

// TableView is a round drawn on the felt: the dealer's hand, the board and
// every box with its cards and its betting spots, the stakes as chip stacks.
// NewTable builds it from a SETTLE.md round; Settle adds the outcome.
type TableView struct {
	Game       string
	Name       string
	Dealer     HandView
	DealerDraw *HandView // Lunar
	Board      []BoardPlace
	Boxes      []TableBox
	Settled    bool

	chips []Chip
}

// HandView is a labelled row of cards, with a line about the hand once settled.
type HandView struct {
	Label string
	Cards []CardView
	Note  string // "Three of a kind, queens, ace kicker · qualifies"
}

// BoardPlace is one community card position.
type BoardPlace struct {
	Label    string // "Flop", "C1 · 4th card"
	Card     CardView
	FaceDown bool // a position dealt face down (drawn with a gold outline)
}

// TableBox is one player box.
type TableBox struct {
	Number  int
	Cards   []CardView
	Groups  []HandView // the bought 6th card, the cards exchanged out and in, the discards
	Spots   []Spot
	Side    []Spot // Lunar Multi Super spots: one per other box, then the dealer
	Fees    *Spot  // Oracle's fees, Lunar's Options
	Actions []string
	// Once settled:
	Hand   string // "Royal flush"
	Versus string // "beats the dealer", "loses to the dealer", "ties", ""
	Net    games.Money
}

// Spot is a betting spot with its stake and, once settled, its outcome.
type Spot struct {
	Key   string // the wager name, or "ms:2", "ms:dealer" for a Multi Super spot
	Label string
	Kind  string // "main", "bonus", "side" or "fee"
	Stake StackView
	// Once settled:
	Result games.Result // "" before settlement or when no wager was placed
	Pays   games.Money
	Row    string
	// Outcome says the result in words: "Wins +5,000", "Loses 10", "Push".
	Outcome string
}

// NewTable draws round in on the felt of its game, its stakes cut into the
// chips of set. Cards that are missing are empty places; text that is not a
// card or not an amount is drawn as an empty place or no stake, so a round
// being typed in still draws.
func NewTable(in *games.Round, set []Chip) TableView {
	return NewTableIn(nil, in, set)
}

// NewTableIn is NewTable with the felt's words in loc's language (nil is
// English): the places and the players' actions; the spots keep the names
// the layout prints.
func NewTableIn(loc *i18n.Localizer, in *games.Round, set []Chip) TableView {
	if loc == nil {
		loc = i18n.Default().Localizer(i18n.Source)
	}
	l, ok := GameLayouts[in.Game]
	if !ok {
		l = GameLayout{Game: in.Game, Name: in.Game}
	}
	t := TableView{Game: l.Game, Name: l.Name, chips: set}
	t.Dealer = HandView{Label: loc.T("table.dealer"), Cards: cardsOf(in.Dealer, l.DealerCards)}
	if l.DealerDraw {
		t.DealerDraw = &HandView{Label: loc.T("checkplace.dealer_draw"), Cards: cardsOf(optional(in.DealerDraw), 1)}
	}
	for _, i := range l.BoardShown {
		p := BoardPlace{Label: boardLabelIn(loc, l.Board[i]), FaceDown: l.FaceDown[i], Card: EmptyCard()}
		if i < len(in.Board) {
			p.Card = CardOf(in.Board[i])
		}
		t.Board = append(t.Board, p)
	}
	for i := range in.Boxes {
		t.Boxes = append(t.Boxes, newBox(loc, l, in, i, set))
	}
	return t
}

// boardLabelIn is a board position's label in loc's language: "Flop",
// "C1 · 4th card"; Texas Oracle's C3 to C5 are printed so in every language.
func boardLabelIn(loc *i18n.Localizer, label string) string {
	id := map[string]string{"Flop": "hc.felt.flop", "Turn": "hc.felt.turn", "River": "hc.felt.river",
		"C1 · 4th card": "hc.felt.c1", "C2 · 5th card": "hc.felt.c2"}[label]
	if id == "" {
		return label
	}
	return loc.T(id)
}

func newBox(loc *i18n.Localizer, l GameLayout, in *games.Round, i int, set []Chip) TableBox {
	b := &in.Boxes[i]
	tb := TableBox{Number: i + 1, Cards: cardsOf(b.Cards, l.BoxCards)}
	for _, d := range l.Spots {
		tb.Spots = append(tb.Spots, Spot{Key: d.Wager, Label: d.Label, Kind: d.Kind,
			Stake: NewChipStack(stakeOf(b.Wagers[d.Wager]), set)})
	}
	if l.MultiSuper {
		for n := 1; n <= len(in.Boxes); n++ {
			if n != i+1 {
				tb.Side = append(tb.Side, sideSpot(loc, b, games.Target{Box: n}, set))
			}
		}
		tb.Side = append(tb.Side, sideSpot(loc, b, games.Target{Dealer: true}, set))
	}
	if l.FeeLabel != "" {
		tb.Fees = &Spot{Key: "fees", Label: loc.T(map[string]string{"Fees": "hc.felt.fees", "Options": "hc.felt.options"}[l.FeeLabel]), Kind: "fee"}
	}
	if b.Draw != nil {
		if b.Draw.Buy != "" {
			tb.Groups = append(tb.Groups, HandView{Label: loc.T("hc.felt.sixth_card"), Cards: cardsOf([]string{b.Draw.Buy}, 1)})
		}
		if len(b.Draw.Out) > 0 || len(b.Draw.In) > 0 {
			tb.Groups = append(tb.Groups,
				HandView{Label: loc.T("hc.felt.exchanged"), Cards: cardsOf(b.Draw.Out, 0)},
				HandView{Label: loc.T("hc.felt.drawn"), Cards: cardsOf(b.Draw.In, 0)})
		}
	}
	if len(b.Discards) > 0 {
		tb.Groups = append(tb.Groups, HandView{Label: loc.T("hc.felt.discards"), Cards: cardsOf(b.Discards, 0)})
	}
	tb.Actions = actions(loc, b)
	return tb
}

// actions says what the player did besides betting, in the words of the
// layout, in loc's language (a number of cards with its plural form).
func actions(loc *i18n.Localizer, b *games.Box) []string {
	var out []string
	if b.FourthCard {
		out = append(out, loc.T("hc.felt.bought_fourth"))
	}
	if b.Exchanged > 0 {
		out = append(out, loc.T("hc.felt.exchanged_cards", "Count", b.Exchanged))
	}
	if b.Draw != nil {
		switch {
		case b.Draw.Buy != "":
			out = append(out, loc.T("hc.felt.bought_sixth"))
		case len(b.Draw.Out) > 0:
			out = append(out, loc.T("hc.felt.exchanged_cards", "Count", len(b.Draw.Out)))
		}
	}
	if b.Force {
		out = append(out, loc.T("hc.felt.forced"))
	}
	if b.Fold {
		out = append(out, loc.T("hc.felt.folded"))
	}
	return out
}

func sideSpot(loc *i18n.Localizer, b *games.Box, on games.Target, set []Chip) Spot {
	s := Spot{Key: "ms:" + on.String(), Label: loc.T("table.box", "N", on.Box), Kind: "side"}
	if on.Dealer {
		s.Label = loc.T("table.dealer")
	}
	for _, sb := range b.MultiSuper {
		if sb.On == on {
			s.Stake = NewChipStack(s.Stake.Amount+stakeOf(sb.Stake), set)
		}
	}
	return s
}

// Settle writes the settlement s of the round onto the table: the dealer's
// hand and qualification, each box's hand and net, and each spot's result.
func (t *TableView) Settle(s *games.Settlement) { t.SettleIn(s, SettleWords{}) }

// SettleIn is Settle in w's words: the reader's language.
func (t *TableView) SettleIn(s *games.Settlement, w SettleWords) {
	if s == nil {
		return
	}
	l := w.loc()
	t.Settled = true
	q := l.T("hc.felt.not_qualify")
	if s.Dealer.Qualifies {
		q = l.T("hc.felt.qualifies")
	}
	t.Dealer.Note = w.hand(s.Dealer.Best, s.Dealer.Description) + " · " + q
	for _, r := range s.Boxes {
		if r.Box < 1 || r.Box > len(t.Boxes) {
			continue
		}
		b := &t.Boxes[r.Box-1]
		b.Hand, b.Net = w.boxHand(r.Box, r.Best, r.Description), r.Net
		b.Versus = versusIn(l, r.Versus)
		for _, wr := range r.Wagers {
			key := wr.Wager
			if wr.On != nil {
				key = "ms:" + wr.On.String()
			}
			if sp := b.spot(key); sp != nil {
				sp.Result, sp.Pays, sp.Row = wr.Result, wr.Pays, w.row(wr.Row)
				sp.Outcome = outcome(l, wr.Result, wr.Pays)
			}
		}
		if b.Fees != nil && r.Fees > 0 {
			b.Fees.Stake = NewChipStack(r.Fees, t.chips)
			var why []string
			for _, f := range r.FeeItems {
				why = append(why, feeNameIn(l, f.Fee))
			}
			b.Fees.Row = strings.Join(why, ", ")
		}
	}
}

func (b *TableBox) spot(key string) *Spot {
	for i := range b.Spots {
		if b.Spots[i].Key == key {
			return &b.Spots[i]
		}
	}
	for i := range b.Side {
		if b.Side[i].Key == key {
			return &b.Side[i]
		}
	}
	return nil
}

// cardsOf draws the cards written in ss, padded with empty places up to n.
func cardsOf(ss []string, n int) []CardView {
	out := make([]CardView, 0, max(n, len(ss)))
	for _, s := range ss {
		out = append(out, CardOf(s))
	}
	for len(out) < n {
		out = append(out, EmptyCard())
	}
	return out
}

func optional(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	return []string{s}
}

// stakeOf reads a stake as the round writes it; anything that is not an
// amount is no stake here (the engine names the field when settling).
func stakeOf(n json.Number) games.Money {
	m, err := games.ParseMoney(string(n))
	if err != nil || m < 0 {
		return 0
	}
	return m
}

func itoa(n int) string { return strconv.Itoa(n) }
