package poker

import (
	"slices"
	"sync"

	"github.com/dealerkiosk/trainer/internal/games/cards"
)

// Value is a hand's strength: a higher Value is a better hand and equal Values
// tie (suits never break ties, RULES.md §1.1). Values are dense, 1 to
// NumValues-1, so that a Value indexes a table of counts (see Tally); 0 is no
// hand. Every Value means the same five ranks under every Rules: the rules
// only choose which of two slots a wheel takes (below the six-high straight,
// or just below the ace-high one in 7 Card Thrill). Read it with Category,
// Ranks and the qualifier methods; callers must not decode the number itself.
type Value uint32

// NumValues bounds every Value: 7,685 five-card values plus 0. They are the
// 7,462 standard values, five aces, the 220 "double-ace" flushes that exist
// only under thrill_joker_flush_rank = ace_always, and a second slot for the
// wheel straight and the wheel straight flush.
const NumValues = 7686

// valueInfo is what a Value means: its category and its five ranks in the
// order a dealer reads them.
type valueInfo struct {
	cat   Category
	ranks [5]cards.Rank
}

// valueSpace is the dense encoding, built once on first use (about 8,000
// entries; no init() so that importing the package costs nothing).
type valueSpace struct {
	info [NumValues]valueInfo
	// byKey maps a packed (category, reading-order ranks) to its Value; the
	// wheel maps to its low slot, and wheelHigh/wheelHighSF give the high one.
	byKey                  map[uint32]Value
	wheelHigh, wheelHighSF Value
	bands                  [FiveAces + 2]Value // first Value of each category
}

var space = sync.OnceValue(buildValueSpace)

func packKey(cat Category, rs [5]cards.Rank) uint32 {
	k := uint32(cat)
	for _, r := range rs {
		k = k<<4 | uint32(r)
	}
	return k
}

// buildValueSpace lists every five-card value, lowest first, category by
// category, and numbers them.
func buildValueSpace() *valueSpace {
	vs := &valueSpace{byKey: make(map[uint32]Value, NumValues)}
	next := Value(1)
	add := func(cat Category, rs [5]cards.Rank) Value {
		vs.info[next] = valueInfo{cat, rs}
		if _, dup := vs.byKey[packKey(cat, rs)]; !dup {
			vs.byKey[packKey(cat, rs)] = next
		}
		next++
		return next - 1
	}
	// Five distinct ranks, lexicographically by their high-to-low order: the
	// lists of high-card hands and flushes.
	var fives [][5]cards.Rank
	for m := uint16(0); m < 1<<13; m++ {
		if popcount16(m) != 5 || straightTop(m) >= 0 {
			continue
		}
		var rs [5]cards.Rank
		i := 0
		for r := cards.Ace; ; r-- {
			if m&(1<<r) != 0 {
				rs[i] = r
				i++
			}
			if r == cards.Two {
				break
			}
		}
		fives = append(fives, rs)
	}
	lex := func(a, b [5]cards.Rank) int {
		for i := range a {
			if a[i] != b[i] {
				return int(a[i]) - int(b[i])
			}
		}
		return 0
	}
	slices.SortFunc(fives, lex)

	vs.bands[HighCard] = next
	for _, rs := range fives {
		add(HighCard, rs)
	}
	vs.bands[OnePair] = next
	for p := cards.Two; p <= cards.Ace; p++ {
		var ks [][5]cards.Rank
		for a := cards.Two; a <= cards.Ace; a++ {
			for b := cards.Two; b < a; b++ {
				for c := cards.Two; c < b; c++ {
					if a != p && b != p && c != p {
						ks = append(ks, [5]cards.Rank{p, p, a, b, c})
					}
				}
			}
		}
		slices.SortFunc(ks, lex)
		for _, rs := range ks {
			add(OnePair, rs)
		}
	}
	vs.bands[TwoPair] = next
	for hi := cards.Three; hi <= cards.Ace; hi++ {
		for lo := cards.Two; lo < hi; lo++ {
			for k := cards.Two; k <= cards.Ace; k++ {
				if k != hi && k != lo {
					add(TwoPair, [5]cards.Rank{hi, hi, lo, lo, k})
				}
			}
		}
	}
	vs.bands[ThreeOfAKind] = next
	for t := cards.Two; t <= cards.Ace; t++ {
		for a := cards.Two; a <= cards.Ace; a++ {
			for b := cards.Two; b < a; b++ {
				if a != t && b != t {
					add(ThreeOfAKind, [5]cards.Rank{t, t, t, a, b})
				}
			}
		}
	}
	straight := func(top cards.Rank) [5]cards.Rank {
		if top == cards.Five {
			return [5]cards.Rank{cards.Five, cards.Four, cards.Three, cards.Two, cards.Ace}
		}
		return [5]cards.Rank{top, top - 1, top - 2, top - 3, top - 4}
	}
	vs.bands[Straight] = next
	add(Straight, straight(cards.Five))
	for top := cards.Six; top <= cards.King; top++ {
		add(Straight, straight(top))
	}
	vs.wheelHigh = add(Straight, straight(cards.Five))
	add(Straight, straight(cards.Ace))

	vs.bands[Flush] = next
	flushes := slices.Clone(fives)
	// Double-ace flushes: the joker counted as an ace beside the natural ace
	// (thrill_joker_flush_rank = ace_always). A-A beats A-K, so they come last.
	for a := cards.Two; a <= cards.King; a++ {
		for b := cards.Two; b < a; b++ {
			for c := cards.Two; c < b; c++ {
				flushes = append(flushes, [5]cards.Rank{cards.Ace, cards.Ace, a, b, c})
			}
		}
	}
	slices.SortFunc(flushes, lex)
	for _, rs := range flushes {
		add(Flush, rs)
	}
	vs.bands[FullHouse] = next
	for t := cards.Two; t <= cards.Ace; t++ {
		for p := cards.Two; p <= cards.Ace; p++ {
			if p != t {
				add(FullHouse, [5]cards.Rank{t, t, t, p, p})
			}
		}
	}
	vs.bands[FourOfAKind] = next
	for q := cards.Two; q <= cards.Ace; q++ {
		for k := cards.Two; k <= cards.Ace; k++ {
			if k != q {
				add(FourOfAKind, [5]cards.Rank{q, q, q, q, k})
			}
		}
	}
	vs.bands[StraightFlush] = next
	add(StraightFlush, straight(cards.Five))
	for top := cards.Six; top <= cards.King; top++ {
		add(StraightFlush, straight(top))
	}
	vs.wheelHighSF = add(StraightFlush, straight(cards.Five))
	vs.bands[RoyalFlush] = next
	add(RoyalFlush, straight(cards.Ace))
	vs.bands[FiveAces] = next
	add(FiveAces, [5]cards.Rank{cards.Ace, cards.Ace, cards.Ace, cards.Ace, cards.Ace})
	vs.bands[FiveAces+1] = next
	if next != NumValues {
		panic("poker: value space has the wrong size") // a bug in this function, caught by every test
	}
	return vs
}

func popcount16(m uint16) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// straightTop returns the top rank of the highest straight in the rank mask m
// (the wheel counts with top Five), or -1.
func straightTop(m uint16) int {
	for top := cards.Ace; top >= cards.Six; top-- {
		w := uint16(0x1f) << (top - 4)
		if m&w == w {
			return int(top)
		}
	}
	if w := uint16(0x100f); m&w == w { // A-2-3-4-5
		return int(cards.Five)
	}
	return -1
}

// valueOf returns the Value of a category and its reading-order ranks under
// rules r (which only matter for a wheel). It panics on a combination that
// is no five-card hand: it is only called while building tables.
func (r Rules) valueOf(cat Category, rs [5]cards.Rank) Value {
	vs := space()
	if rs[0] == cards.Five && rs[4] == cards.Ace {
		switch {
		case cat == Straight && r.WheelSecond:
			return vs.wheelHigh
		case cat == StraightFlush && r.WheelSecondSF:
			return vs.wheelHighSF
		}
	}
	v, ok := vs.byKey[packKey(cat, rs)]
	if !ok {
		panic("poker: no value for " + cat.String())
	}
	return v
}

// Category returns the category of the hand valued v (NoCategory for 0 or
// a number that is no Value).
func (v Value) Category() Category {
	if v >= NumValues {
		return NoCategory
	}
	return space().info[v].cat
}

// Ranks returns the five ranks of v in the order a dealer reads them: the
// set or pairs first, then kickers, high to low; a straight from its top card
// (a wheel as 5-4-3-2-A). The joker is read as the rank it plays.
func (v Value) Ranks() [5]cards.Rank {
	if v >= NumValues {
		return [5]cards.Rank{}
	}
	return space().info[v].ranks
}

// PairOrBetter reports whether v is one pair or better: the dealer's
// qualifier in UTH (§2.2.9) and Texas Oracle (§3.2.6).
func (v Value) PairOrBetter() bool { return v.Category() >= OnePair }

// AceKingOrBetter reports whether v is ace-king high or better: the dealer's
// qualifier in Lunar Poker (§5.6) — a pair or better, or no pair with both an
// ace and a king among the five.
func (v Value) AceKingOrBetter() bool {
	if v.Category() >= OnePair {
		return true
	}
	rs := v.Ranks()
	return v.Category() == HighCard && rs[0] == cards.Ace && rs[1] == cards.King
}

// KingJackOrLower reports whether v is "King/Jack high or lower", the dealer
// hand that halves the 7 Card Thrill Poker Bet win (RULES.md §4.4, setting 18):
// no pair, straight or flush, the top card not an ace, and not king-queen
// high. A hand that uses the joker plays it as an ace when it makes nothing
// else, so it is never king/jack high or lower.
func (v Value) KingJackOrLower() bool {
	if v.Category() != HighCard {
		return false
	}
	rs := v.Ranks()
	return rs[0] != cards.Ace && !(rs[0] == cards.King && rs[1] == cards.Queen)
}
