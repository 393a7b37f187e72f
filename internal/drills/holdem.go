package drills

import (
	"math/rand/v2"
	"slices"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// Helpers shared by the two hold'em games (UTH and Texas Oracle): two hole
// cards per box, five community cards, the dealer's two.

// holdemCards are box's two hole cards and the board.
func holdemCards(in *games.Round, box int) []cards.Card {
	return append(parseCards(in.Boxes[box].Cards), parseCards(in.Board)...)
}

// holdemDealer are the dealer's two cards and the board.
func holdemDealer(in *games.Round) []cards.Card {
	return append(parseCards(in.Dealer), parseCards(in.Board)...)
}

// holdemSlots are box's hole cards and the board.
func holdemSlots(in *games.Round, box int) []*string {
	return append(stringSlots(in.Boxes[box].Cards), stringSlots(in.Board)...)
}

// holdemIsolate keeps box alone at the table.
func holdemIsolate(in *games.Round, box int) (games.Round, int) {
	out := *in
	out.Boxes = []games.Box{in.Boxes[box]}
	return out, 0
}

// holdemUnusual: a hand above a full house on the table.
func holdemUnusual(d *dealt) bool {
	for _, br := range d.st.Boxes {
		if category(br.Hand) > poker.FullHouse {
			return true
		}
	}
	return category(d.st.Dealer.Hand) > poker.FullHouse
}

// plantHand returns the five cards of a hand of category c (at least a
// straight or a set), drawn from rng.
func plantHand(rng *rand.Rand, c poker.Category) []cards.Card {
	s := pickSuit(rng)
	switch c {
	case poker.RoyalFlush:
		var out []cards.Card
		for r := cards.Ten; r <= cards.Ace; r++ {
			out = append(out, cards.New(r, s))
		}
		return out
	case poker.StraightFlush, poker.Straight:
		top := cards.Five + cards.Rank(rng.IntN(int(cards.King-cards.Five)+1))
		var out []cards.Card
		for i := range 5 {
			r := top - cards.Rank(i)
			if top == cards.Five && i == 4 {
				r = cards.Ace
			}
			u := s
			if c == poker.Straight {
				u = cards.Suit((int(s) + i%2 + i/3) % cards.NumSuits) // not all one suit
			}
			out = append(out, cards.New(r, u))
		}
		return out
	case poker.FourOfAKind:
		r := cards.Rank(rng.IntN(cards.NumRanks))
		var out []cards.Card
		for u := range cards.NumSuits {
			out = append(out, cards.New(r, cards.Suit(u)))
		}
		return out
	case poker.FullHouse:
		rs := distinctRanks(rng, 2)
		ss := distinctSuits(rng, 3)
		return []cards.Card{cards.New(rs[0], ss[0]), cards.New(rs[0], ss[1]), cards.New(rs[0], ss[2]),
			cards.New(rs[1], ss[0]), cards.New(rs[1], ss[1])}
	case poker.Flush:
		var out []cards.Card
		for _, r := range distinctRanks(rng, 5) {
			out = append(out, cards.New(r, s))
		}
		return out
	}
	r := cards.Rank(rng.IntN(cards.NumRanks))
	ss := distinctSuits(rng, 3)
	return []cards.Card{cards.New(r, ss[0]), cards.New(r, ss[1]), cards.New(r, ss[2])}
}

// plantBoard relabels the board into want (five cards), so that the board
// plays for every hand it beats.
func plantBoard(in *games.Round, want []cards.Card) {
	for i, c := range want {
		if i >= len(in.Board) {
			return
		}
		cur, err := cards.Parse(in.Board[i])
		if err != nil {
			return
		}
		swapCards(in, cur, c)
	}
}

// anyBox finds the first box (and wager, if any) where cond holds.
func anyBox(cond func(d *dealt, br *games.BoxResult) (string, bool)) func(d *dealt) (focus, bool) {
	return func(d *dealt) (focus, bool) {
		for i := range d.st.Boxes {
			if w, ok := cond(d, &d.st.Boxes[i]); ok {
				return focus{box: i, wager: w}, true
			}
		}
		return noFocus, false
	}
}

// boxTotal finds the first box where cond holds, and asks its net.
func boxTotal(cond func(d *dealt, br *games.BoxResult) bool) func(d *dealt) (focus, bool) {
	return func(d *dealt) (focus, bool) {
		for i := range d.st.Boxes {
			if cond(d, &d.st.Boxes[i]) {
				return focus{box: i, total: true}, true
			}
		}
		return noFocus, false
	}
}

// wagerWhere finds a box whose wager meets cond.
func wagerWhere(wager string, cond func(d *dealt, br *games.BoxResult, w *games.WagerResult) bool) func(d *dealt) (focus, bool) {
	return func(d *dealt) (focus, bool) {
		for i := range d.st.Boxes {
			br := &d.st.Boxes[i]
			for j := range br.Wagers {
				w := &br.Wagers[j]
				if w.Wager == wager && cond(d, br, w) {
					return focus{box: i, wager: wager, on: w.On}, true
				}
			}
		}
		return noFocus, false
	}
}

// paysRounded reports a winning wager paid at a row whose exact amount is not a
// whole number of the house's smallest chips (so that rounding applies).
func paysRounded(d *dealt, w *games.WagerResult) bool {
	o, ok := rowOdds(w.Row)
	if !ok || w.Result != games.Win {
		return false
	}
	num := int64(w.Stake) * o.Win
	return num%o.Per != 0 || games.Money(num/o.Per)%d.h.Rounding.Chip != 0
}

// qualifyQuestion asks whether the dealer qualifies (yes/no). need is the
// qualifying hand in words ("one pair"), rule the section id of the game's
// book that says it, and note an aside on the rule ("a pair on the board
// counts"; a leading "; " is dropped). The explanation reads the dealer's
// hand; the wrong answer's text states the rule, so the two say different
// things.
//
// need and note are given as message ids of the drills catalogue
// (drill.qualify.need_<game>, drill.qualify.note_<game>; note may be ""),
// written in loc's language.
func qualifyQuestion(loc *i18n.Localizer, c *choiceSet, qualifies bool, five []cards.Card, needID, rule, noteID string) (prompt, expl string, n int, ok bool) {
	h := poker.Standard.Evaluate(five)
	need := loc.T(needID)
	why := loc.T("drill.qualify.needs", "Need", need)
	if noteID != "" {
		why += ": " + loc.T(noteID)
	}
	verdict := loc.T("drill.qualify.qualifies")
	if !qualifies {
		verdict = loc.T("drill.qualify.less", "Need", need)
	}
	yesNo(c, qualifies, loc.T("drill.qualify.yes"), loc.T("drill.qualify.no"), "slip.qualifier_misread", rule, asSentence(why))
	return loc.T("drill.qualify.prompt", "Need", need),
		loc.T("drill.qualify.expl", "Five", showCards(h.Best[:]), "Hand", lowerFirst(describeHandIn(loc, h)), "Verdict", verdict), 2, true
}

// setStake sets a box's stake on wager to m.
func setStake(in *games.Round, box int, wager string, m games.Money) {
	in.Boxes[box].Wagers[wager] = jsonMoney(m)
}

// stakeOf reads a box's stake on wager (0 when not placed).
func stakeOf(in *games.Round, box int, wager string) games.Money {
	n, ok := in.Boxes[box].Wagers[wager]
	if !ok {
		return 0
	}
	m, _ := games.ParseMoney(string(n))
	return m
}

// oddChips returns m, or m plus one chip, so that it is an odd number of chips.
func oddChips(m, chip games.Money) games.Money {
	m = max(m/chip*chip, chip)
	if (m/chip)%2 == 0 {
		m += chip
	}
	return m
}

// rowsWithout returns pt without row key.
func rowsWithout(pt games.PayTable, key string) games.PayTable {
	pt.Rows = slices.DeleteFunc(slices.Clone(pt.Rows), func(r games.PayRow) bool { return r.Key == key })
	return pt
}

// rowsWith returns pt with row key at odds o added (or set).
func rowsWith(pt games.PayTable, key string, o games.Odds) games.PayTable {
	if _, ok := pt.Odds(key); ok {
		return withRow(pt, key, o)
	}
	pt.Rows = append(slices.Clone(pt.Rows), games.PayRow{Key: key, Odds: o})
	return pt
}

// otherTable returns the first table of kind, by name, other than name.
func otherTable(d *dealt, slug, kind, name string) (games.PayTable, bool) {
	g, ok := d.book.Games[slug]
	if !ok {
		return games.PayTable{}, false
	}
	for _, n := range g.Tables.Names(kind) {
		if n != name {
			return g.Tables.Lookup(kind, n)
		}
	}
	return games.PayTable{}, false
}
