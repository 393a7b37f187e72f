package uth

import (
	"fmt"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// Settle settles a round that Parse accepted (RULES.md §2.3): the dealer
// qualifies with a pair or better and that changes only the Ante; Play and
// Blind are decided by the hands; Blind pays its table on a straight or better
// and pushes a smaller winning hand; Trips pays on three of a kind or better
// whatever the dealer holds; the Progressive pays its table (progressive.go).
// Every payout is rounded to the house's smallest chip (down, up or to the
// nearest chip, as house.toml says), and each box's
// winnings outside the Progressive are capped at max_payout_per_box. It never
// fails and never panics on a round Parse built.
func Settle(r *Round, s *Settings, rd games.Rounding) *games.Settlement {
	both := s.MustUseBothHoleCards
	d := best(r.Dealer, r.Board, both)
	q := d.PairOrBetter()
	out := &games.Settlement{Game: Slug, Dealer: games.Dealer{
		Best:        d.Best[:],
		Hand:        d.Category().String(),
		Description: d.Describe(),
		Qualifies:   q,
		Notes:       dealerNotes(d, r.Board, q, both),
	}}
	finals := make([]poker.Hand, len(r.Boxes))
	for i, b := range r.Boxes {
		finals[i] = best(b.Cards, r.Board, both)
	}
	progs := settleProgressive(r, finals, s, rd)
	for i, b := range r.Boxes {
		h := finals[i]
		st := settler{s: s, rd: rd, b: &b, p: h, d: d, q: q, cmp: poker.Compare(h, d)}
		br := games.BoxResult{Box: i + 1, Best: h.Best[:], Hand: h.Category().String(), Description: h.Describe(), Versus: versus(st.cmp, b.Fold)}
		br.Wagers = append(br.Wagers, st.ante(), st.blind())
		if b.Play > 0 {
			br.Wagers = append(br.Wagers, st.play())
		}
		if b.Trips > 0 {
			br.Wagers = append(br.Wagers, st.trips())
		}
		st.noteRounding(br.Wagers)
		if progs[i] != nil {
			br.Wagers = append(br.Wagers, *progs[i])
		}
		capBox(&br, s.MaxPayoutPerBox)
		br.Total()
		out.Boxes = append(out.Boxes, br)
	}
	return out
}

// settler settles the wagers of one box against the dealer.
type settler struct {
	s    *Settings
	rd   games.Rounding
	b    *Box
	p, d poker.Hand
	q    bool // the dealer qualifies
	cmp  int  // +1 the player's hand is higher, 0 a tie, −1 the dealer's
	// notes are the rounding notes of the wagers pay rounded, by wager.
	notes map[string]*games.Words
}

func (t *settler) ante() games.WagerResult {
	w := games.WagerResult{Wager: "ante", Stake: t.b.Ante, Rule: "uth.ante"}
	switch {
	case t.b.Fold:
		lose(&w, "")
		w.Say("Ante loses: the player folded", ReasonAnteFold)
		w.Rule = "uth.fold"
	case !t.q:
		// ante_on_dealer_no_qualify has one value, "push" (Resolve).
		push(&w, "")
		w.Say("Ante pushes: the dealer does not qualify (he has less than a pair), so the Ante is returned whoever holds the better hand", ReasonAnteNoQualify)
	case t.cmp > 0:
		o := t.pay(&w, t.s.Main, "ante", "Ante pays %s: "+t.showdown().Text+", and the dealer qualifies")
		y := t.framed(fmt.Sprintf("Ante pays %s: ", o), ReasonAntePays, "Odds", o.String())
		y.Say(", and the dealer qualifies", ReasonDealerQualifies)
		w.Says(y)
	case t.cmp == 0:
		push(&w, "")
		w.Says(t.framed("Ante pushes: ", ReasonAntePushes))
	default:
		lose(&w, "")
		w.Says(t.framed("Ante loses: ", ReasonAnteLoses))
	}
	return w
}

// framed is a wager's frame ("Ante loses: ", message id with args) and the
// showdown after it.
func (t *settler) framed(frame, id string, args ...any) *games.Words {
	y := &games.Words{}
	y.Say(frame, id, args...)
	y.Said(t.showdown())
	return y
}

func (t *settler) play() games.WagerResult {
	w := games.WagerResult{Wager: "play", Stake: t.b.Play, Rule: "uth.play_bet"}
	noq := ""
	if !t.q {
		noq = "; Play is decided even though the dealer did not qualify"
	}
	name := fmt.Sprintf("Play (%d×)", t.b.Multiple)
	var y *games.Words
	switch {
	case t.cmp > 0:
		o := t.pay(&w, t.s.Main, "play", name+" pays %s: "+t.showdown().Text+noq)
		y = t.framed(fmt.Sprintf("%s pays %s: ", name, o), ReasonPlayPays, "Times", t.b.Multiple, "Odds", o.String())
	case t.cmp == 0:
		push(&w, "")
		w.Says(t.framed(name+" pushes: ", ReasonPlayPushes, "Times", t.b.Multiple))
		return w
	default:
		lose(&w, "")
		y = t.framed(name+" loses: ", ReasonPlayLoses, "Times", t.b.Multiple)
	}
	if noq != "" {
		y.Say(noq, ReasonPlayNoQualify)
	}
	w.Says(y)
	return w
}

func (t *settler) blind() games.WagerResult {
	w := games.WagerResult{Wager: "blind", Stake: t.b.Blind, Rule: "uth.blind"}
	noq := ""
	if !t.q {
		noq = "; the Blind is decided even though the dealer did not qualify"
	}
	cat := t.p.Category()
	switch {
	case t.b.Fold:
		lose(&w, "")
		w.Say("Blind loses: the player folded", ReasonBlindFold)
		w.Rule = "uth.fold"
	case t.cmp > 0:
		if _, ok := t.s.Blind.Odds(cat.Key()); ok {
			o := t.pay(&w, t.s.Blind, cat.Key(), "Blind pays %s: the player won with "+article(cat)+noq)
			y := &games.Words{}
			y.Say(fmt.Sprintf("Blind pays %s: the player won with %s", o, article(cat)), ReasonBlindPays,
				"Odds", o.String(), "Hand", games.Category{Key: cat.Key(), A: true})
			if noq != "" {
				y.Say(noq, ReasonBlindNoQualify)
			}
			w.Says(y)
			w.Rule = "uth.paytable_blind"
			return w
		}
		low := lowest(t.s.Blind)
		push(&w, "")
		y := &games.Words{}
		if cat >= poker.Straight {
			// A table without the straight row (Pennsylvania's table B).
			y.Say(fmt.Sprintf("Blind pushes: the player won with %s, which this house's Blind table does not pay (it pays from %s up)", article(cat), article(low)),
				ReasonBlindNotPaid, "Hand", games.Category{Key: cat.Key(), A: true}, "Low", games.Category{Key: low.Key(), A: true})
			w.Rule = "uth.paytable_blind"
		} else {
			y.Say(fmt.Sprintf("Blind pushes: the player won with less than %s (%s)", article(low), cat),
				ReasonBlindBelow, "Low", games.Category{Key: low.Key(), A: true}, "Hand", games.Category{Key: cat.Key()})
		}
		if noq != "" {
			y.Say(noq, ReasonBlindNoQualify)
		}
		w.Says(y)
	case t.cmp == 0:
		push(&w, "")
		w.Says(t.framed("Blind pushes: ", ReasonBlindPushes))
	default:
		lose(&w, "")
		y := t.framed("Blind loses: ", ReasonBlindLoses)
		if noq != "" {
			y.Say(noq, ReasonBlindNoQualify)
		}
		w.Says(y)
	}
	return w
}

func (t *settler) trips() games.WagerResult {
	w := games.WagerResult{Wager: "trips", Stake: t.b.Trips, Rule: "uth.paytable_trips"}
	cat := t.p.Category()
	if t.b.Fold && t.s.FoldForfeitsTrips {
		lose(&w, "")
		w.Say("Trips loses: the player folded, and at this house a fold loses the Trips too", ReasonTripsFold)
		w.Rule = "uth.fold"
		return w
	}
	if _, ok := t.s.Trips.Odds(cat.Key()); ok {
		why, id := "whatever the dealer holds", ReasonTripsPays
		if t.b.Fold {
			why, id = "as at this house the Trips stays in action after a fold", ReasonTripsPaysFold
			w.Rule = "uth.fold"
		}
		o := t.pay(&w, t.s.Trips, cat.Key(), "Trips pays %s on "+article(cat)+", "+why)
		w.Say(w.Reason, id, "Odds", o.String(), "Hand", games.Category{Key: cat.Key(), A: true})
		return w
	}
	low := lowest(t.s.Trips)
	lose(&w, "")
	w.Say(fmt.Sprintf("Trips loses: the player has %s, less than %s", article(cat), article(low)),
		ReasonTripsBelow, "Hand", games.Category{Key: cat.Key(), A: true}, "Low", games.Category{Key: low.Key(), A: true})
	w.Rule = "uth.trips"
	if t.b.Fold {
		w.Rule = "uth.fold"
	}
	return w
}

// pay settles w as a win at the odds of row key of table pt. The reason's
// format has one %s for the odds. It returns the odds, so that the caller
// may give the reason its phrases (games.Why). A payout rounded to the
// smallest chip says so in a note that Settle adds after the reason
// (noteRounding), whatever words the caller gave it.
func (t *settler) pay(w *games.WagerResult, pt games.PayTable, key, format string) games.Odds {
	o, _ := pt.Odds(key)
	w.Result = games.Win
	w.Pays = t.rd.Pay(w.Stake, o)
	w.Row = pt.RowName(key)
	w.Reason = fmt.Sprintf(format, o)
	if note := t.rd.Note(w.Stake, o, w.Pays); note.Text != "" {
		if t.notes == nil {
			t.notes = map[string]*games.Words{}
		}
		t.notes[w.Wager] = note
	}
	return o
}

// noteRounding adds to each wager that pay rounded its rounding note: " (158.25
// rounded down to 158, the smallest chip being 0.5)" (house.toml rounding,
// §1.6). It comes after the wager's reason is written, so that the note
// joins the reason's phrases when the reason has them.
func (t *settler) noteRounding(ws []games.WagerResult) {
	for i := range ws {
		if note, ok := t.notes[ws[i].Wager]; ok {
			ws[i].AddWords(note)
		}
	}
}

// showdown says how the hands compare, naming the card that decides where
// a kicker does (showdown.go).
func (t *settler) showdown() games.Said { return showdown(t.p, t.d, t.cmp) }

func versus(cmp int, fold bool) games.Versus {
	switch {
	case fold:
		return games.VersusNone
	case cmp > 0:
		return games.VersusWin
	case cmp < 0:
		return games.VersusLose
	}
	return games.VersusTie
}

func push(w *games.WagerResult, reason string) {
	w.Result, w.Pays, w.Reason = games.Push, 0, reason
}

func lose(w *games.WagerResult, reason string) {
	w.Result, w.Pays, w.Reason = games.Lose, -w.Stake, reason
}

// lowest returns the lowest category a table pays.
func lowest(pt games.PayTable) poker.Category {
	low := poker.RoyalFlush
	for _, r := range pt.Rows {
		if c, ok := poker.CategoryByKey(r.Key); ok && c < low {
			low = c
		}
	}
	return low
}

// article puts "a" before a category where English wants it: "a flush", "two pair".
func article(c poker.Category) string {
	switch c {
	case poker.TwoPair, poker.OnePair, poker.HighCard, poker.FourOfAKind, poker.ThreeOfAKind:
		return c.String()
	}
	return "a " + c.String()
}

func dealerNotes(d poker.Hand, board [5]cards.Card, q, both bool) []string {
	var notes []string
	if both {
		notes = append(notes, "At this house every hand, the dealer's included, uses both hole cards and three community cards.")
	}
	switch {
	case !q:
		notes = append(notes, "The dealer does not qualify (less than a pair): the Ante pushes; Play, Blind, Trips and the Progressive are settled as usual.")
	case d.Category() == poker.OnePair && boardPair(board, d):
		notes = append(notes, "The dealer qualifies with the pair on the board, which counts.")
	default:
		notes = append(notes, "The dealer qualifies with a pair or better.")
	}
	return notes
}

// boardPair reports whether the dealer's pair is one the board holds by itself.
func boardPair(board [5]cards.Card, d poker.Hand) bool {
	pair := d.Ranks()[0]
	n := 0
	for _, c := range board {
		if c.Rank() == pair {
			n++
		}
	}
	return n >= 2
}

// capBox applies max_payout_per_box to the box's wagers other than the
// Progressive, which is paid from its own meter (a house decision written in
// content/rules/houses/default/uth.toml).
func capBox(b *games.BoxResult, limit games.Money) {
	if limit <= 0 {
		return
	}
	var capped games.BoxResult
	var at []int
	for i, w := range b.Wagers {
		if w.Wager != "progressive" {
			capped.Wagers = append(capped.Wagers, w)
			at = append(at, i)
		}
	}
	games.CapBox(&capped, limit)
	for k, i := range at {
		if capped.Wagers[k].Pays != b.Wagers[i].Pays {
			capped.Wagers[k].Rule = "uth.max_payout"
		}
		b.Wagers[i] = capped.Wagers[k]
	}
}
