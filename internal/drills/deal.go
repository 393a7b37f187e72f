package drills

import (
	"math/rand/v2"
	"slices"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/settle"
)

// dealt is a dealt, decided and settled round with the answers that flipped
// rules give on it, computed once each.
type dealt struct {
	book  *rulebook.Book
	g     *game
	h     *rulebook.House
	in    games.Round
	st    *games.Settlement
	wrong []wrong // nil until wrongs runs
	done  bool
}

// stakes returns the stake range and step of a level at house h: round
// stakes are whole multiples of round_stake, odd ones of the smallest chip;
// both stay within the table limits and the level's max_stake.
func stakes(lv *Level, h *rulebook.House, slug string) (lo, hi, step games.Money) {
	l := h.Limits[slug]
	lo, hi = l.Min, l.Max
	if lv.MaxStake > 0 && lv.MaxStake >= lo {
		hi = min(hi, lv.MaxStake)
	}
	step = h.Rounding.Chip
	if lv.Stakes == StakesRound {
		step = lv.RoundStake
	}
	return lo, max(hi, lo), step
}

// deal deals rounds from rng until one suits the level: with probability
// steer, one showing a feature the level names for this game (planted when
// the feature is rare); never, at a common-only level, an unusual one. It
// tries at most lv.Tries rounds, then keeps the last valid one as dealt, so
// the result is always determined by the stream. It returns the round, where
// the feature shows (noFocus when none was aimed at or reached) and the
// feature reached; want, when set, limits the features aimed at. The round
// is nil only if the game could deal nothing the house accepts.
func (gen *Generator) deal(rng *rand.Rand, g *game, h *rulebook.House, lv *Level, want func(*feature) bool) (*dealt, focus, *feature) {
	var target *feature
	var pool []*feature
	for _, id := range lv.Features {
		if f, ok := g.feature(id); ok && (want == nil || want(f)) {
			pool = append(pool, f)
		}
	}
	if len(pool) > 0 && rng.Float64() < lv.Steer {
		target = pool[rng.IntN(len(pool))]
	}
	lo, hi, step := stakes(lv, h, g.slug)
	var last *dealt
	for range lv.Tries {
		boxes := lv.Boxes[0] + rng.IntN(lv.Boxes[1]-lv.Boxes[0]+1)
		boxes = min(boxes, g.maxBoxes(h))
		in := g.random(rng, h, lo, hi, step, boxes)
		if target != nil && target.plant != nil && len(in.Boxes) > 0 {
			target.plant(rng, &in, rng.IntN(len(in.Boxes)), &dealer{g: g, h: h})
		}
		st, err := settle.Round(gen.book, &in, h.Name)
		if err != nil {
			continue // a plant the house's rules refuse (e.g. a second primary wager)
		}
		d := &dealt{book: gen.book, g: g, h: h, in: in, st: st}
		if lv.CommonOnly && g.unusual != nil && g.unusual(d) {
			continue
		}
		last = d
		if target == nil {
			return d, noFocus, nil
		}
		if f, ok := target.find(d); ok {
			return d, f, target
		}
	}
	if last == nil {
		// Every round was unusual or refused: deal one more without conditions.
		in := g.random(rng, h, lo, hi, step, lv.Boxes[0])
		st, err := settle.Round(gen.book, &in, h.Name)
		if err != nil {
			return nil, noFocus, nil
		}
		last = &dealt{book: gen.book, g: g, h: h, in: in, st: st}
	}
	return last, noFocus, nil
}

// view returns the round seen from box alone, and box's index in it: for a
// game whose boxes settle independently, a round with that box only (settled
// by the engine again), else the round itself.
func (d *dealt) view(box int) (*dealt, int) {
	if d.g.isolate == nil || len(d.in.Boxes) == 1 {
		return d, box
	}
	in, i, ok := d.g.isolate(d.h, &d.in, box)
	if !ok {
		return d, box
	}
	st, err := d.g.settle(d.h, &in, d.h.Rounding)
	if err != nil {
		return d, box
	}
	return &dealt{book: d.book, g: d.g, h: d.h, in: in, st: st}, i
}

// wrongs evaluates every mistake of the game on the round once: the engine's
// settlement under each flipped rule, or the engine's own with a slip applied.
func (d *dealt) wrongs() []wrong {
	if d.done {
		return d.wrong
	}
	d.done = true
	for i := range d.g.mistakes {
		m := &d.g.mistakes[i]
		if m.applies != nil && !m.applies(d) {
			continue
		}
		w := wrong{m: m, text: m.text, static: m.text != ""}
		switch {
		case m.flip != nil:
			h, text := m.flip(d)
			if h == nil {
				continue
			}
			if text.text != "" {
				w.text, w.static, w.flipped = text.text, false, text
			}
			st, err := d.g.settle(h, &d.in, h.Rounding)
			if err != nil {
				continue
			}
			w.st = st
		case m.rounding != "":
			w.st = d.rounded(m.rounding)
			w.text, w.static = roundingText(m.rounding, d.h.Rounding), false
		case m.result != nil:
			st := cloneSettlement(d.st)
			if !m.result(d, st) {
				continue
			}
			for i := range st.Boxes {
				st.Boxes[i].Total()
			}
			w.st = st
		}
		if w.st != nil {
			d.wrong = append(d.wrong, w)
		}
	}
	return d.wrong
}

// rounded settles the round without rounding to the smallest chip
// ("exact"), rounding each fractional payout up to it ("up") or down to it
// ("down", a mistake only where the house rounds another way).
func (d *dealt) rounded(how string) *games.Settlement {
	if how == "down" {
		st, err := d.g.settle(d.h, &d.in, games.Rounding{Chip: d.h.Rounding.Chip, Mode: games.RoundDown})
		if err != nil {
			return nil
		}
		return st
	}
	st, err := d.g.settle(d.h, &d.in, games.Rounding{Chip: 1})
	if err != nil {
		return nil
	}
	if how == "up" {
		chip := d.h.Rounding.Chip
		for i := range st.Boxes {
			b := &st.Boxes[i]
			for j := range b.Wagers {
				w := &b.Wagers[j]
				if w.Pays > 0 && w.Pays%chip != 0 {
					w.Pays = (w.Pays/chip + 1) * chip
				}
			}
			b.Total()
		}
	}
	return st
}

// wagerOf finds a wager result in a box ("" on for a box's own wager).
func wagerOf(b *games.BoxResult, wager string, on *games.Target) (*games.WagerResult, bool) {
	for i := range b.Wagers {
		w := &b.Wagers[i]
		if w.Wager != wager {
			continue
		}
		if (on == nil) != (w.On == nil) || on != nil && *on != *w.On {
			continue
		}
		return w, true
	}
	return nil, false
}

// boxOf returns box i (0-based) of a settlement.
func boxOf(s *games.Settlement, i int) (*games.BoxResult, bool) {
	if s == nil || i < 0 || i >= len(s.Boxes) {
		return nil, false
	}
	return &s.Boxes[i], true
}

// swapCards exchanges cards a and b everywhere they appear in the round
// (dealer, board, the Lunar draw card, every box's cards, draws and
// discards). Exchanging two cards is a relabelling of the deck, so the round
// stays consistent: discards stay among the box's cards, a Lunar draw's
// "out" cards stay in its hand, and no card appears twice.
func swapCards(in *games.Round, a, b cards.Card) {
	if a == b {
		return
	}
	as, bs := a.String(), b.String()
	sw := func(s *string) {
		c, err := cards.Parse(*s)
		if err != nil {
			return
		}
		switch c {
		case a:
			*s = bs
		case b:
			*s = as
		}
	}
	list := func(ss []string) {
		for i := range ss {
			sw(&ss[i])
		}
	}
	list(in.Dealer)
	list(in.Board)
	if in.DealerDraw != "" {
		sw(&in.DealerDraw)
	}
	for i := range in.Boxes {
		bx := &in.Boxes[i]
		list(bx.Cards)
		list(bx.Discards)
		if bx.Draw != nil {
			if bx.Draw.Buy != "" {
				sw(&bx.Draw.Buy)
			}
			list(bx.Draw.Out)
			list(bx.Draw.In)
		}
		// Texas Oracle's exchanges (drawn on the screen, not settled):
		// a card given up or drawn keeps step with the cards it was.
		for _, e := range bx.Exchanges {
			list(e.Out)
			list(e.In)
		}
	}
}

// plantCards puts want into randomly chosen slots of box's hand by
// relabelling the round. It reports false when the hand has too few slots.
func plantCards(rng *rand.Rand, in *games.Round, box int, g *game, want []cards.Card) bool {
	slots := g.slots(in, box)
	if len(slots) < len(want) {
		return false
	}
	p := rng.Perm(len(slots))
	for i, c := range want {
		cur, err := cards.Parse(*slots[p[i]])
		if err != nil {
			return false
		}
		swapCards(in, cur, c)
	}
	return true
}

// stringSlots returns pointers to each string of ss.
func stringSlots(ss []string) []*string {
	out := make([]*string, len(ss))
	for i := range ss {
		out[i] = &ss[i]
	}
	return out
}

// pickSuit and pickRanks draw plant material.
func pickSuit(rng *rand.Rand) cards.Suit { return cards.Suit(rng.IntN(cards.NumSuits)) }

// distinctRanks draws n distinct ranks, none in not.
func distinctRanks(rng *rand.Rand, n int, not ...cards.Rank) []cards.Rank {
	var out []cards.Rank
	for _, i := range rng.Perm(cards.NumRanks) {
		r := cards.Rank(i)
		if slices.Contains(not, r) {
			continue
		}
		out = append(out, r)
		if len(out) == n {
			break
		}
	}
	return out
}

// distinctSuits draws n distinct suits.
func distinctSuits(rng *rand.Rand, n int) []cards.Suit {
	p := rng.Perm(cards.NumSuits)
	out := make([]cards.Suit, n)
	for i := range n {
		out[i] = cards.Suit(p[i%cards.NumSuits])
	}
	return out
}

// ensureWager places wager on box at the stake of the box's first placed
// wager (the main one) if it is not already placed.
func ensureWager(in *games.Round, box int, wager string, order []string) {
	b := &in.Boxes[box]
	if n, ok := b.Wagers[wager]; ok && n != "" && n != "0" {
		return
	}
	for _, w := range order {
		if n, ok := b.Wagers[w]; ok && n != "" && n != "0" {
			b.Wagers[wager] = n
			return
		}
	}
}
