package edge

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"sync"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/lunar"
	"github.com/dealerkiosk/trainer/internal/games/oracle"
	"github.com/dealerkiosk/trainer/internal/games/poker"
	"github.com/dealerkiosk/trainer/internal/games/thrill"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// Query asks for one figure.
type Query struct {
	Wager Wager
	House *rulebook.House
	// Table replaces the house's table of the wager's kind: another named
	// table, or a "what if" table with one row changed. Nil: the house's.
	Table *games.PayTable
	// Rounds and Seed drive a simulation; Rounds 0 is the wager's default.
	Rounds int64
	Seed   uint64
	// Exact asks for an exact solution of a decision game (--exact).
	Exact bool
	// Workers is the number of goroutines of a simulation, 0 for one per
	// core. It never changes the figures, only how fast they come.
	Workers int
}

// Progress is what a long computation reports: the stage in words and how
// far it is.
type Progress struct {
	Stage       string // "counting 133,784,560 seven-card hands"
	Done, Total int64
}

// Calculator computes figures and keeps every exact count it made, so that
// a second table of the same wager, or a "what if" change of one row, is
// priced from the cache in well under a millisecond. It is safe for
// concurrent use; one Calculator serves the whole process.
type Calculator struct {
	// Tally counts the hands of an exact space. NewCalculator sets the
	// fastest one the hand engine offers.
	Tally Tallier

	mu      sync.Mutex
	tallies map[Space]*pending[*Tally]
	supers  *pending[*superCounts]
}

// pending is a count being made or made: concurrent askers wait for the first.
type pending[T any] struct {
	done chan struct{}
	v    T
	err  error
}

// NewCalculator returns a Calculator with an empty cache.
func NewCalculator() *Calculator {
	return &Calculator{Tally: defaultTally, tallies: map[Space]*pending[*Tally]{}}
}

// once runs run for the cache entry that get and set read and write under
// c.mu, or waits for the run already under way. A failed run is forgotten, so
// that the next asker tries again.
func once[T any](c *Calculator, ctx context.Context, get func() *pending[T], set func(*pending[T]), run func() (T, error)) (T, error) {
	c.mu.Lock()
	p := get()
	if p == nil {
		p = &pending[T]{done: make(chan struct{})}
		set(p)
		c.mu.Unlock()
		p.v, p.err = run()
		if p.err != nil {
			c.mu.Lock()
			set(nil)
			c.mu.Unlock()
		}
		close(p.done)
	} else {
		c.mu.Unlock()
	}
	select {
	case <-p.done:
		return p.v, p.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}

// tally returns the cached tally of sp, counting it first if need be.
func (c *Calculator) tally(ctx context.Context, sp Space, progress func(Progress)) (*Tally, error) {
	stage := fmt.Sprintf("counting %s %s", group(sp.Hands()), handWords(sp))
	get := func() *pending[*Tally] { return c.tallies[sp] }
	set := func(p *pending[*Tally]) {
		if p == nil {
			delete(c.tallies, sp)
		} else {
			c.tallies[sp] = p
		}
	}
	return once(c, ctx, get, set, func() (*Tally, error) {
		return c.Tally(ctx, sp, func(done int64) { report(progress, stage, done, sp.Hands()) })
	})
}

func handWords(sp Space) string {
	n := map[int]string{5: "five", 6: "six", 7: "seven"}[sp.K]
	return fmt.Sprintf("%s-card hands of %d cards", n, len(sp.Cards()))
}

func report(progress func(Progress), stage string, done, total int64) {
	if progress != nil {
		progress(Progress{Stage: stage, Done: done, Total: total})
	}
}

// Cached reports whether the exact counts behind w are already in the
// cache, so that the review page can tell an instant answer from a wait.
func (c *Calculator) Cached(w Wager, h *rulebook.House) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	done := func(ch chan struct{}) bool {
		select {
		case <-ch:
			return true
		default:
			return false
		}
	}
	if w.Game == lunar.Slug && w.Name == "super" {
		return c.supers != nil && done(c.supers.done)
	}
	sp, ok := spaceOf(w, h)
	if !ok {
		return false
	}
	p := c.tallies[sp]
	return p != nil && done(p.done) && p.err == nil
}

// spaceOf is the space an exact wager counts.
func spaceOf(w Wager, h *rulebook.House) (Space, bool) {
	switch {
	case w.Method != Exact:
		return Space{}, false
	case w.Game == uth.Slug:
		return Standard7, true
	case w.Game == thrill.Slug:
		return Thrill7(h.Thrill.Rules()), true
	case w.Game == lunar.Slug && w.Name == "instant":
		return Standard5, true
	}
	return Space{}, false
}

// ErrBothHoleCards is the refusal of an exact count of Ultimate Texas
// Hold'em at a house where every hand plays both hole cards: the count reads
// the best five of seven. The kiosk's pages find it with errors.Is and say
// it in their reader's language.
var ErrBothHoleCards = errors.New("this house plays every hand with both hole cards, and the exact count covers the best five of seven only")

// Compute computes the figure q asks for. progress, when not nil, hears how
// a long computation goes. Errors are one line for people: an unsupported
// request (an exact solution the program does not have, a house setting an
// exact count does not cover) or a cancelled context.
func (c *Calculator) Compute(ctx context.Context, q Query, progress func(Progress)) (*Result, error) {
	w, h := q.Wager, q.House
	if h == nil {
		return nil, errors.New("no house")
	}
	pt := HouseTable(h, w)
	if q.Table != nil {
		pt = *q.Table
	}
	if q.Exact && w.Method != Exact {
		return c.solve(ctx, q, pt, progress)
	}
	if w.Method == Simulation {
		return c.simulate(ctx, q, pt, progress)
	}
	res := &Result{Game: w.Game, Wager: w.Name, House: h.Name, Table: pt.Name, Method: Exact, Per: "stake"}
	var p priced
	switch {
	case w.Game == lunar.Slug && w.Name == "super":
		get := func() *pending[*superCounts] { return c.supers }
		set := func(p *pending[*superCounts]) { c.supers = p }
		m, err := once(c, ctx, get, set, func() (*superCounts, error) {
			report(progress, "counting 2,598,960 five-card hands", 0, 2598960)
			return countSupers(ctx)
		})
		if err != nil {
			return nil, err
		}
		p = price(superLines(m, pt), 2598960, true)
	default:
		if w.Game == uth.Slug && h.UTH.MustUseBothHoleCards {
			return nil, fmt.Errorf("uth %s: house %q: %w", w.Name, h.Name, ErrBothHoleCards)
		}
		sp, _ := spaceOf(w, h)
		t, err := c.tally(ctx, sp, progress)
		if err != nil {
			return nil, err
		}
		p = price(exactLines(w, h, t, pt), t.Hands(), w.Name != "blind")
	}
	res.Combinations, res.Rows, res.Ret = p.total, p.rows, p.ret
	res.HitFrequency = ptr(RatNum(big.NewRat(p.hits, p.total)))
	switch w.Name {
	case "blind", "instant":
		res.Return = ptr(RatNum(p.ret))
		if w.Name == "instant" {
			res.Per = "ante"
			res.Notes = append(res.Notes, "Instant Cash is paid on the Ante for a royal or straight flush in the first five cards; return is what it adds to the Ante per unit staked. The rest of the Ante's fate depends on decisions: see --wager main.")
		} else {
			res.Return = nil
			res.Notes = append(res.Notes, "How often the player's final seven cards make each Blind row. The Blind pays its row only when the player's hand also beats the dealer's (and loses when it is beaten), so its edge is part of --wager main.")
		}
	default:
		res.Edge = p.edge
		res.HouseEdge = ptr(RatNum(p.edge))
		res.HouseEdgeExact = p.edge.String()
		res.Return = ptr(RatNum(p.ret))
	}
	if w.Game == uth.Slug && w.Name == "trips" && h.UTH.FoldForfeitsTrips {
		res.Notes = append(res.Notes, "A fold forfeits Trips at this house: these figures are for a box that stays to the showdown.")
	}
	if w.Game == thrill.Slug && !h.Thrill.CardsSpeak {
		res.Notes = append(res.Notes, "The five cards a player keeps bind at this house: the figures are for a player who keeps his best five.")
	}
	return res, nil
}

// exactLines prices the tally t for wager w under table pt.
func exactLines(w Wager, h *rulebook.House, t *Tally, pt games.PayTable) []line {
	switch w.Name {
	case "trips":
		return categoryLines(t, pt, loses)
	case "blind":
		return categoryLines(t, pt, pushes)
	case "instant":
		ls := categoryLines(t, pt, loses)
		ls[len(ls)-1].key, ls[len(ls)-1].how = "none", none
		return ls
	case thrill.KingsOrBetter:
		return thrillKings(t, pt, h.Thrill.PKOBHalfOnlyOnePair)
	case thrill.TripsOrBetter:
		return thrillAtLeast(t, pt, "three_of_a_kind_or_better", poker.ThreeOfAKind)
	case thrill.FullHouseOrBetter:
		return thrillAtLeast(t, pt, "full_house_or_better", poker.FullHouse)
	case thrill.Special:
		return thrillSpecial(t, pt, h.Thrill.SpecialNaturalRoyalOnly)
	}
	return nil
}

// simulate runs the simulation of a main game.
func (c *Calculator) simulate(ctx context.Context, q Query, pt games.PayTable, progress func(Progress)) (*Result, error) {
	w, h := q.Wager, q.House
	rounds := q.Rounds
	if rounds == 0 {
		rounds = w.Rounds
	}
	if rounds < 1 || rounds > MaxRounds {
		return nil, fmt.Errorf("rounds: %d; want 1 to %s", rounds, group(MaxRounds))
	}
	var (
		spec     *simSpec
		strategy string
		notes    []string
	)
	switch w.Game {
	case uth.Slug:
		s := *h.UTH
		s.Blind = pt
		g, err := newUTHGame(&s, h.UTH.Trips)
		if err != nil {
			return nil, err
		}
		spec, strategy = g.spec(), UTHStrategy
		notes = append(notes, "Per unit of Ante: the Ante, the Blind and the Play together, at exact odds (no rounding to the smallest chip, no payout cap).")
	case thrill.Slug:
		s := *h.Thrill
		s.Pay = maps.Clone(s.Pay)
		s.Pay[thrill.Poker] = pt
		g, err := newThrillGame(&s)
		if err != nil {
			return nil, err
		}
		spec, strategy = g.spec(), ThrillStrategy
		notes = append(notes, "Per unit of the Poker Bet, at exact odds (a half pay is exactly half).")
	case oracle.Slug:
		s := *h.Oracle
		s.Bet = pt
		spec, strategy = (&oracleGame{s: &s}).spec(), OracleStrategy
		notes = append(notes, "Per unit of Ante: the Ante, the fees and the BET together, as the house settles them; each round is settled by the rules engine.")
	case lunar.Slug:
		s := *h.Lunar
		s.Bet = pt
		spec, strategy = (&lunarGame{s: &s}).spec(), LunarStrategy
		notes = append(notes, "Per unit of Ante: the Ante, the fees and the BET together (the Super aside), as the house settles them; each round is settled by the rules engine.")
	default:
		return nil, fmt.Errorf("%s: no simulation", w.Game)
	}
	stage := fmt.Sprintf("dealing %s rounds", group(rounds))
	t, err := simulate(ctx, spec, rounds, blockRounds, q.Seed, q.Workers, func(done int64) { report(progress, stage, done, rounds) })
	if err != nil {
		return nil, err
	}
	seed := q.Seed
	res := &Result{Game: w.Game, Wager: w.Name, House: h.Name, Table: pt.Name, Method: Simulation, Per: "ante",
		Strategy: strategy, Rounds: t.rounds, Seed: &seed, Notes: notes}
	if w.Game == thrill.Slug {
		res.Per = "stake"
	}
	m, se := t.mean(0, spec)
	res.HouseEdge, res.StdErr = ptr(FloatNum(-m)), ptr(FloatNum(se))
	for i, name := range spec.quantities[1:] {
		m, se := t.mean(i+1, spec)
		f := Figure{Name: name + " house edge", Value: FloatNum(-m), StdErr: ptr(FloatNum(se))}
		f.NameWhy = figureName(f.Name)
		switch {
		case w.Game == uth.Slug && name == "trips":
			f.Note = fmt.Sprintf("Trips (table %s) on the same rounds, every box's final seven cards, as if Trips survived a fold", h.UTH.Trips.Name)
			f.NoteWhy = sayFigure("edge_figure.note_trips", "Table", h.UTH.Trips.Name)
		case w.Game == lunar.Slug && name == "super":
			f.Note = fmt.Sprintf("the Super (table %s) on the same rounds, staked at the Ante on the box's first five and, where the house takes it, on the dealer's (the Dealer Super)", h.Lunar.Super.Name)
			f.NoteWhy = sayFigure("edge_figure.note_super", "Table", h.Lunar.Super.Name)
		}
		res.Figures = append(res.Figures, f)
	}
	for i, name := range spec.events {
		res.Figures = append(res.Figures, Figure{Name: name, Value: FloatNum(float64(t.events[i]) / float64(t.rounds)), Note: "fraction of rounds",
			NameWhy: figureName(name), NoteWhy: sayFigure("edge_figure.note_rounds")})
	}
	return res, nil
}

// MaxRounds bounds a simulation: a billion rounds take minutes on two cores.
const MaxRounds = 100_000_000_000

// solve answers --exact for a decision game.
func (c *Calculator) solve(ctx context.Context, q Query, pt games.PayTable, progress func(Progress)) (*Result, error) {
	w, h := q.Wager, q.House
	if w.Game != uth.Slug || w.Name != "main" {
		return nil, fmt.Errorf("--exact: %s %s has no exact solution in this program; it is simulated under a named strategy (leave out --exact)", w.Game, w.Name)
	}
	ao, _ := h.UTH.Main.Odds("ante")
	po, _ := h.UTH.Main.Odds("play")
	switch {
	case h.UTH.MustUseBothHoleCards:
		return nil, fmt.Errorf("--exact: house %q plays every hand with both hole cards; the solver reads the best five of seven", h.Name)
	case ao != (games.Odds{Win: 1, Per: 1}) || po != (games.Odds{Win: 1, Per: 1}):
		return nil, fmt.Errorf("--exact: house %q pays the Ante %s and the Play %s; the solver assumes even money", h.Name, ao, po)
	}
	s := *h.UTH
	s.Blind = pt
	sol, err := exactUTH(ctx, &s, progress)
	if err != nil {
		return nil, err
	}
	return &Result{Game: w.Game, Wager: w.Name, House: h.Name, Table: pt.Name, Method: Exact, Per: "ante",
		Strategy: "optimal", Combinations: sol.deals, Edge: sol.edge, HouseEdge: ptr(RatNum(sol.edge)),
		HouseEdgeExact: sol.edge.String(), Figures: sol.figures}, nil
}

// Tables computes w under every table a house may choose for it (TableNames),
// the house's own first: the review page's side-by-side view. A simulated
// wager is run once per table with q's rounds and seed.
func (c *Calculator) Tables(ctx context.Context, b *rulebook.Book, q Query, progress func(Progress)) ([]*Result, error) {
	own := HouseTable(q.House, q.Wager)
	names := TableNames(b, q.House, q.Wager)
	slices.SortStableFunc(names, func(x, y string) int { return cmpBool(y == own.Name, x == own.Name) })
	var out []*Result
	for _, n := range names {
		pt, err := FindTable(b, q.House, q.Wager, n)
		if err != nil {
			return nil, err
		}
		q.Table = &pt
		r, err := c.Compute(ctx, q, progress)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}
