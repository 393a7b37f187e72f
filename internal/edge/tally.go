package edge

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// Space is a set of hands counted exactly: every hand of K cards from Deck,
// each read as the best five under Rules. It is comparable, so that it keys
// the Calculator's cache of tallies.
type Space struct {
	Deck  cards.Set
	K     int
	Rules poker.Rules
}

// Standard5 and Standard7 are every five- and seven-card hand of the 52-card
// deck under the standard ranking (UTH, Lunar Poker).
var (
	Standard5 = Space{Deck: cards.SetOf(cards.Deck52()...), K: 5, Rules: poker.Standard}
	Standard7 = Space{Deck: cards.SetOf(cards.Deck52()...), K: 7, Rules: poker.Standard}
)

// Thrill7 is every seven-card hand of 7 Card Thrill's 53-card deck under the
// house's ranking rules.
func Thrill7(r poker.Rules) Space {
	return Space{Deck: cards.SetOf(cards.Deck53()...), K: 7, Rules: r}
}

// Cards lists the space's deck in card order.
func (sp Space) Cards() []cards.Card {
	var out []cards.Card
	for c := cards.Card(0); c < cards.NumCards; c++ {
		if sp.Deck.Has(c) {
			out = append(out, c)
		}
	}
	return out
}

// Hands is the number of hands in the space, C(deck, K).
func (sp Space) Hands() int64 { return choose(len(sp.Cards()), sp.K) }

func (sp Space) String() string {
	return fmt.Sprintf("%d-card hands of %d cards", sp.K, len(sp.Cards()))
}

// numCats is the number of categories a Tally tells apart (NoCategory … FiveAces).
const numCats = int(poker.FiveAces) + 1

// Tally counts the hands of a Space by what any pay table of the kiosk can
// tell apart: the category, the first rank a dealer reads (the pair of one
// pair, the higher pair of two pair, the set of three of a kind, the top card
// otherwise), and whether a royal flush is natural or needs the joker
// (7 Card Thrill's Special, RULES.md §4.4 A10). Every count is exact.
type Tally struct {
	Space Space
	// Counts[category][top rank] is the number of hands of that class.
	Counts [numCats][cards.NumRanks]int64
	// NaturalRoyals counts the hands holding A-K-Q-J-10 of one suit without
	// the joker; they are part of the royal flushes in Counts.
	NaturalRoyals int64
}

// Hands is the total of all counts: C(deck, K) once the tally is complete.
func (t *Tally) Hands() int64 {
	var n int64
	for c := range t.Counts {
		n += t.Category(poker.Category(c))
	}
	return n
}

// Category returns the number of hands of category c.
func (t *Tally) Category(c poker.Category) int64 {
	if int(c) >= numCats {
		return 0
	}
	var n int64
	for _, x := range t.Counts[c] {
		n += x
	}
	return n
}

// add merges the counts of u into t.
func (t *Tally) add(u *Tally) {
	for c := range t.Counts {
		for r := range t.Counts[c] {
			t.Counts[c][r] += u.Counts[c][r]
		}
	}
	t.NaturalRoyals += u.NaturalRoyals
}

// A Tallier counts every hand of a space. It calls progress, when not nil,
// from time to time with the number of hands counted so far (from any
// goroutine, never concurrently), and stops with ctx.Err() when ctx is done.
type Tallier func(ctx context.Context, sp Space, progress func(done int64)) (*Tally, error)

// PlainTally is the plain, evidently correct Tallier: it deals every hand of
// the space and reads it with poker's Evaluate, on every core. The tests
// hold EngineTally to it on reduced decks; it is fast enough for the
// five-card spaces too, but the seven-card ones want EngineTally.
func PlainTally(ctx context.Context, sp Space, progress func(done int64)) (*Tally, error) {
	if sp.K < 5 || sp.K > 7 {
		return nil, fmt.Errorf("tally: %d-card hands: the evaluator reads 5 to 7 cards", sp.K)
	}
	deck := sp.Cards()
	n := len(deck)
	if n < sp.K {
		return nil, fmt.Errorf("tally: %d cards cannot make a %d-card hand", n, sp.K)
	}
	var (
		next    atomic.Int64 // the next first card to hand out
		done    atomic.Int64
		mu      sync.Mutex
		total   = &Tally{Space: sp}
		stopped atomic.Bool
		report  sync.Mutex
	)
	tick := func(k int64) {
		d := done.Add(k)
		if progress != nil && report.TryLock() {
			progress(d)
			report.Unlock()
		}
	}
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n-sp.K+1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := &Tally{Space: sp}
			hand := make([]cards.Card, sp.K)
			for {
				first := int(next.Add(1) - 1)
				if first > n-sp.K || stopped.Load() {
					break
				}
				if ctx.Err() != nil {
					stopped.Store(true)
					break
				}
				hand[0] = deck[first]
				var since int64
				eachCombination(deck[first+1:], hand[1:], func() {
					local.count(sp.Rules, hand)
					if since++; since == 1<<14 {
						tick(since)
						since = 0
					}
				})
				tick(since)
			}
			mu.Lock()
			total.add(local)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return total, nil
}

// EngineTally is the Tallier of the hand engine: poker's exhaustive tally,
// which walks the hands reusing each prefix's sum (all 133,784,560 seven-card
// hands in about half a second on two cores), read into the classes of a
// Tally. It reports no progress until it is done and cannot be stopped
// half-way; both take well under the second a progress line waits for.
func EngineTally(ctx context.Context, sp Space, progress func(done int64)) (*Tally, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	pt, err := sp.Rules.Tally(sp.Cards(), sp.K, 0)
	if err != nil {
		return nil, fmt.Errorf("tally: %w", err)
	}
	t := &Tally{Space: sp}
	for v, n := range pt.Counts {
		if n == 0 {
			continue
		}
		val := poker.Value(v)
		t.Counts[val.Category()][val.Ranks()[0]] += int64(n)
	}
	t.NaturalRoyals = t.Category(poker.RoyalFlush) - int64(pt.JokerRoyal)
	if progress != nil {
		progress(int64(pt.Hands))
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return t, nil
}

// count adds one hand to the tally.
func (t *Tally) count(r poker.Rules, hand []cards.Card) {
	h := r.Evaluate(hand)
	cat := h.Category()
	t.Counts[cat][h.Ranks()[0]]++
	if cat == poker.RoyalFlush && naturalRoyal(hand) {
		t.NaturalRoyals++
	}
}

// eachCombination fills out with every combination of len(out) cards of
// from, in order, and calls fn for each.
func eachCombination(from, out []cards.Card, fn func()) {
	k := len(out)
	if k == 0 {
		fn()
		return
	}
	for i := 0; i <= len(from)-k; i++ {
		out[0] = from[i]
		eachCombination(from[i+1:], out[1:], fn)
	}
}

// naturalRoyal reports whether cs hold A-K-Q-J-10 of one suit, joker aside.
func naturalRoyal(cs []cards.Card) bool {
	var bySuit [cards.NumSuits]int
	for _, c := range cs {
		if c != cards.Joker && c.Rank() >= cards.Ten {
			bySuit[c.Suit()]++
		}
	}
	for _, n := range bySuit {
		if n == 5 {
			return true
		}
	}
	return false
}

// choose is the binomial coefficient C(n, k).
func choose(n, k int) int64 {
	if k < 0 || k > n {
		return 0
	}
	k = min(k, n-k)
	r := int64(1)
	for i := 1; i <= k; i++ {
		r = r * int64(n-k+i) / int64(i)
	}
	return r
}
