package view

import (
	"context"
	"slices"
	"strings"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// Round is the round as dealt and decided, with the box and wager the
// question asks about marked: each box's hand that plays (the cards given
// up for an exchange or a discard apart, greyed and struck), its wagers in
// the order the layout places them and named as the prompts name them, and
// what the player did, in the reader's language (the wagers by their ids:
// say.Wager). h, the house the round was dealt at, prices Texas Oracle's
// fees as its settlement does.
func Round(ctx context.Context, h *rulebook.House, r *games.Round, ask drills.Ask) templates.RoundView {
	t := templates.RoundView{Game: r.Game, Dealer: cardFaces(r.Dealer), Board: cardFaces(r.Board)}
	if r.DealerDraw != "" {
		// Lunar: the next card off the deck, which takes the place of the
		// dealer's highest card if a box forces him (docs/SETTLE.md).
		t.DealerDraw, t.DealerDrawLabel = cardFaces([]string{r.DealerDraw}), say.T(ctx, "table.replacement")
	}
	// The stakes are written with the reader's decimal mark ("6,5" in
	// Italian and Russian), as the keypad and the answers write them.
	dec := i18n.FromContext(ctx).Decimal
	fees := oracleFees(h, r)
	most := 0
	for i, b := range r.Boxes {
		bv := templates.RoundBox{N: i + 1, Asked: ask.Box == i+1, Folded: b.Fold}
		handThatPlays(ctx, &bv, b)
		if r.Game == oracle.Slug {
			oracleActions(ctx, &bv, b, r.Board)
		}
		most = max(most, len(bv.Kept)+len(bv.Added)+len(bv.GivenUp)+len(bv.Bought))
		for _, w := range wagerOrder(r.Game, b) {
			bv.Wagers = append(bv.Wagers, templates.RoundWager{Name: say.Wager(ctx, r.Game, w), Amount: dec(string(b.Wagers[w])),
				Asked: bv.Asked && ask.Wager == w && ask.On == nil})
		}
		for _, sb := range b.MultiSuper {
			on := say.T(ctx, "table.on_dealer")
			if !sb.On.Dealer {
				on = say.T(ctx, "table.on_box", "N", sb.On.Box)
			}
			bv.Side = append(bv.Side, templates.RoundWager{Name: on, Amount: dec(string(sb.Stake)),
				Asked: bv.Asked && ask.On != nil && *ask.On == sb.On})
		}
		for _, f := range feesOf(fees, i) {
			bv.Wagers = append(bv.Wagers, templates.RoundWager{Name: say.T(ctx, "fee."+f.Fee), Amount: dec(f.Amount.String()), Fee: true})
		}
		bv.Notes = boxNotes(ctx, b)
		t.Boxes = append(t.Boxes, bv)
	}
	t.Density = templates.RoundDensity(len(r.Boxes), most)
	return t
}

// handThatPlays splits a box's cards into the hand that plays and the cards
// given up: a Lunar exchange's cards out (the cards drawn join the hand), a
// bought sixth card, 7 Card Thrill's two discards.
func handThatPlays(ctx context.Context, bv *templates.RoundBox, b games.Box) {
	out := map[string]bool{}
	switch {
	case b.Draw != nil && len(b.Draw.Out) > 0:
		bv.GivenUpLabel = say.T(ctx, "table.exchanged")
		for _, c := range b.Draw.Out {
			out[strings.ToLower(c)] = true
		}
	case len(b.Discards) > 0:
		bv.GivenUpLabel = say.T(ctx, "table.discarded")
		for _, c := range b.Discards {
			out[strings.ToLower(c)] = true
		}
	}
	for _, c := range b.Cards {
		if out[strings.ToLower(c)] {
			bv.GivenUp = append(bv.GivenUp, templates.CardOf(c))
		} else {
			bv.Kept = append(bv.Kept, templates.CardOf(c))
		}
	}
	if b.Draw != nil {
		switch {
		case len(b.Draw.In) > 0:
			bv.Added, bv.AddedLabel = cardFaces(b.Draw.In), say.T(ctx, "table.drawn")
		case b.Draw.Buy != "":
			bv.Added, bv.AddedLabel = cardFaces([]string{b.Draw.Buy}), say.T(ctx, "table.bought")
		}
	}
}

// oracleActions draws what a Texas Oracle box did beyond its hole cards,
// the 4th card it bought, beside its hand (the board's 4th card, which
// only the boxes that paid for it play), and, when the drill recorded them
// (games.Box.Exchanges), the hole cards its exchanges gave up, greyed, and
// the cards drawn for them. An exchange without the record (a round read
// from JSON) keeps its badge (boxNotes).
func oracleActions(ctx context.Context, bv *templates.RoundBox, b games.Box, board []string) {
	if b.FourthCard && len(board) >= 4 {
		bv.Bought, bv.BoughtLabel = cardFaces(board[3:4]), say.T(ctx, "table.fourth_card_bought")
	}
	if b.Exchanges == nil {
		return
	}
	var out, in []string
	for _, e := range b.Exchanges {
		out = append(out, e.Out...)
		in = append(in, e.In...)
	}
	if len(out) == 0 {
		return
	}
	// The hand ends with the cards dealt that were kept and the cards
	// drawn that were kept; a card drawn and given up again stays among
	// the cards given up.
	drawn := map[string]bool{}
	for _, c := range in {
		drawn[strings.ToLower(c)] = true
	}
	bv.Kept, bv.Added = nil, nil
	for _, c := range b.Cards {
		if drawn[strings.ToLower(c)] {
			bv.Added = append(bv.Added, templates.CardOf(c))
		} else {
			bv.Kept = append(bv.Kept, templates.CardOf(c))
		}
	}
	bv.AddedLabel = say.T(ctx, "table.drawn")
	bv.GivenUp, bv.GivenUpLabel = cardFaces(out), say.T(ctx, "table.exchanged")
}

// oracleFees are the fees each box of a Texas Oracle round put down, priced
// by the house as its settlement prices them (oracle.PaidFees); nil for
// another game, or a round the house's rules refuse.
func oracleFees(h *rulebook.House, r *games.Round) [][]games.Fee {
	if r.Game != oracle.Slug || h == nil || h.Oracle == nil {
		return nil
	}
	or, err := oracle.Parse(r, h.Oracle)
	if err != nil {
		return nil
	}
	out := make([][]games.Fee, len(or.Boxes))
	for i := range or.Boxes {
		out[i] = oracle.PaidFees(&or.Boxes[i], h.Oracle, h.Rounding)
	}
	return out
}

// feesOf is box i's fees of oracleFees, none for another game.
func feesOf(fees [][]games.Fee, i int) []games.Fee {
	if i >= len(fees) {
		return nil
	}
	return fees[i]
}

// wagerOrder lists a box's wagers in the order the game's layout places
// them (templates.GameLayouts), then any other wager by name.
func wagerOrder(game string, b games.Box) []string {
	var out []string
	for _, sp := range templates.GameLayouts[game].Spots {
		if _, ok := b.Wagers[sp.Wager]; ok {
			out = append(out, sp.Wager)
		}
	}
	var rest []string
	for w := range b.Wagers {
		if !slices.Contains(out, w) {
			rest = append(rest, w)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// wagerRank is a wager's place in the game's layout (wagerOrder), for
// sorting an outcome question's rows; Multi Super and fees come after.
func wagerRank(game string, o drills.Outcome) int {
	if o.Fee != "" {
		return 2000
	}
	for i, sp := range templates.GameLayouts[game].Spots {
		if sp.Wager == o.Wager && o.On == nil {
			return i
		}
	}
	if o.On != nil {
		if o.On.Dealer {
			return 1000 + 99
		}
		return 1000 + o.On.Box
	}
	return 500
}

// outcomeOrder is the order an outcome question shows its rows in: the
// indexes of outs (the key's order, which the form's field numbers keep)
// in the layout's order.
func outcomeOrder(game string, outs []drills.Outcome) []int {
	idx := make([]int, len(outs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return wagerRank(game, outs[a]) - wagerRank(game, outs[b]) })
	return idx
}

// boxNotes are the player's actions on a box, in words; the cards of an
// exchange or a discard, Lunar Poker's bought 6th card and Texas Oracle's
// 4th card are drawn, not written.
func boxNotes(ctx context.Context, b games.Box) []string {
	var out []string
	if b.Fold {
		out = append(out, say.T(ctx, "table.folded"))
	}
	if b.Exchanged > 0 && b.Exchanges == nil {
		out = append(out, say.T(ctx, "table.exchanged_cards", "Count", b.Exchanged))
	}
	if b.Force {
		out = append(out, say.T(ctx, "table.forced"))
	}
	return out
}

// cardFaces draws cards written in the settle contract's notation.
func cardFaces(codes []string) []templates.CardView {
	out := make([]templates.CardView, 0, len(codes))
	for _, c := range codes {
		out = append(out, templates.CardOf(c))
	}
	return out
}
