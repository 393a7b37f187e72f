package edge

import (
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// The exact wagers: each turns a tally into the lines of its pay table, in
// the table's order, and one last line for the hands no row pays. Each reads
// the hand exactly as its game package settles it; the tests hold each one
// against the game's Settle on random hands.

// categoryLines prices a table whose rows are hand categories: UTH Trips and
// the Blind, Lunar's Instant Cash. The hands of every other category go to
// one last line that settles as rest.
func categoryLines(t *Tally, pt games.PayTable, rest outcome) []line {
	var out []line
	var paid int64
	for _, r := range pt.Rows {
		cat, ok := poker.CategoryByKey(r.Key)
		if !ok {
			continue
		}
		n := t.Category(cat)
		paid += n
		out = append(out, line{key: r.Key, count: n, odds: r.Odds, how: wins})
	}
	key := "lose"
	if rest == pushes {
		key = "push"
	}
	return append(out, line{key: key, count: t.Hands() - paid, how: rest})
}

// thrillKings prices Pair of Kings or Better as thrill's settleKings reads a
// hand (RULES.md §4.4): one pair of aces, two pair or better pay the
// aces_or_better row; one pair of kings pays pair_of_kings; with
// pkob_half_only_one_pair off, kings-up two pair and three kings pay
// pair_of_kings too.
func thrillKings(t *Tally, pt games.PayTable, halfOnlyOnePair bool) []line {
	var full, kings, lose int64
	for c := range t.Counts {
		cat := poker.Category(c)
		for top, n := range t.Counts[c] {
			r := cards.Rank(top)
			switch {
			case cat <= poker.OnePair && !(cat == poker.OnePair && r >= cards.King):
				lose += n
			case cat == poker.OnePair && r == cards.Ace:
				full += n
			case cat == poker.OnePair:
				kings += n
			case cat <= poker.ThreeOfAKind && r == cards.King && !halfOnlyOnePair:
				kings += n
			default:
				full += n
			}
		}
	}
	return rowLines(pt, map[string]int64{"aces_or_better": full, "pair_of_kings": kings}, lose)
}

// thrillAtLeast prices a bonus bet paying one row for category least or
// better: 3 of a Kind or Better, Full House or Better.
func thrillAtLeast(t *Tally, pt games.PayTable, row string, least poker.Category) []line {
	var won int64
	for c := least; int(c) < numCats; c++ {
		won += t.Category(c)
	}
	return rowLines(pt, map[string]int64{row: won}, t.Hands()-won)
}

// thrillSpecial prices the Special (§4.4): five aces, a royal flush (one made
// with the joker pays the straight-flush row under special_natural_royal_only)
// and a straight flush.
func thrillSpecial(t *Tally, pt games.PayTable, naturalOnly bool) []line {
	royal := t.NaturalRoyals
	jokerRoyals := t.Category(poker.RoyalFlush) - t.NaturalRoyals
	sf := t.Category(poker.StraightFlush)
	if naturalOnly {
		sf += jokerRoyals
	} else {
		royal += jokerRoyals
	}
	won := map[string]int64{"five_aces": t.Category(poker.FiveAces), "royal_flush": royal, "straight_flush": sf}
	var all int64
	for _, n := range won {
		all += n
	}
	return rowLines(pt, won, t.Hands()-all)
}

// rowLines lists the rows of pt with the counts of won (a row the table does
// not pay loses, as the game's settlement has it), then the losing hands.
func rowLines(pt games.PayTable, won map[string]int64, lose int64) []line {
	var out []line
	for _, r := range pt.Rows {
		if n, ok := won[r.Key]; ok {
			out = append(out, line{key: r.Key, count: n, odds: r.Odds, how: wins})
			delete(won, r.Key)
		}
	}
	for _, n := range won {
		lose += n
	}
	return append(out, line{key: "lose", count: lose, how: loses})
}

// superLines prices a Lunar Super table from the count of every set of Super
// combinations a five-card hand holds: each hand is paid on the single
// highest-paying combination the table pays, the first in layout order on
// equal odds (lunar's bestSuper).
func superLines(masks *superCounts, pt games.PayTable) []line {
	won := map[string]int64{}
	var lose int64
	for m, n := range masks {
		if n == 0 {
			continue
		}
		key, ok := bestSuper(uint16(m), pt)
		if !ok {
			lose += n
			continue
		}
		won[key] += n
	}
	for _, r := range pt.Rows {
		if _, ok := won[r.Key]; !ok {
			won[r.Key] = 0
		}
	}
	return rowLines(pt, won, lose)
}

// bestSuper is the row a hand holding the combinations of mask is paid on.
func bestSuper(mask uint16, pt games.PayTable) (string, bool) {
	var best games.Odds
	key, ok := "", false
	for i, k := range superKeys {
		if mask&(1<<i) == 0 {
			continue
		}
		o, pays := pt.Odds(k)
		if pays && (!ok || o.Win*best.Per > best.Win*o.Per) {
			key, best, ok = k, o, true
		}
	}
	return key, ok
}
