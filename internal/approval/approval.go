package approval

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/figure"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// Versions keeps the rules versions the rules pages have loaded from their
// stored files, so that reading a version twice does not load it twice,
// and the edges computed for them.
type Versions struct {
	running *rulebook.Book
	calc    *edge.Calculator
	log     *slog.Logger

	mu    sync.Mutex
	books map[string]*rulebook.Book
	edges map[edgeKey]Figure
}

type edgeKey struct{ version, house, game, wager string }

// Kept bounds the versions kept loaded: a manager compares two.
const Kept = 4

// New returns the versions' cache of a kiosk running the rules running,
// computing edges with calc and logging with log the ones it could not.
func New(running *rulebook.Book, calc *edge.Calculator, log *slog.Logger) *Versions {
	return &Versions{running: running, calc: calc, log: log}
}

// Figure is a wager's house edge as computed for a rules version, in no
// language yet: each reader's page says it in theirs.
type Figure struct {
	None      bool    // the rows alone do not decide it (the Blind): its game's figure does
	Problem   error   // why it could not be computed (edge's refusal)
	Edge      float64 // the house edge, a fraction
	StdErr    float64 // its standard error, when simulated
	Simulated bool
	Rounds    int64
}

// Book returns version's rules: the running ones, or its stored files
// loaded again.
func (c *Versions) Book(version string, files map[string][]byte) (*rulebook.Book, error) {
	if version == c.running.Version {
		return c.running, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if b, ok := c.books[version]; ok {
		return b, nil
	}
	b, err := rulebook.Load(rulebook.SnapshotFS(files))
	if err != nil {
		return nil, err
	}
	if c.books == nil {
		c.books = map[string]*rulebook.Book{}
	}
	if len(c.books) >= Kept {
		for v := range c.books {
			delete(c.books, v)
			break
		}
	}
	c.books[version] = b
	return b, nil
}

// Simulated house edges on the approval page: a seeded simulation of this
// many rounds (the slower games fewer), the same seed before and after so
// that the two differ by the change and not by luck. It keeps the page to
// about a second; the pay-table page runs the long ones.
var approvalRounds = map[string]int64{"uth": 1_000_000, "thrill": 1_000_000, "oracle": 100_000, "lunar": 100_000}

// Edge is wager w's house edge at house under the rules b, exact where the
// cards alone decide it, else simulated; computed once per version. A
// computation that ran out of time or was stopped is not kept, so that the
// next visit tries again.
func (c *Versions) Edge(ctx context.Context, b *rulebook.Book, house string, w edge.Wager) Figure {
	if b == nil || b.Houses[house] == nil {
		return Figure{None: true}
	}
	h := b.Houses[house]
	key := edgeKey{b.Version, house, w.Game, w.Name}
	c.mu.Lock()
	f, ok := c.edges[key]
	c.mu.Unlock()
	if ok {
		return f
	}
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	q := edge.Query{Wager: w, House: h}
	if w.Method == edge.Simulation {
		q.Rounds, q.Seed = approvalRounds[w.Game], figure.SimSeed
	}
	res, err := c.calc.Compute(ctx, q, nil)
	switch {
	case err != nil:
		f.Problem = err
		c.log.WarnContext(ctx, "rules approval: house edge not computed", "version", b.Version, "game", w.Game, "wager", w.Name, "error", err)
		if ctx.Err() != nil {
			return f // out of time or stopped: the next visit tries again
		}
	case res.HouseEdge == nil:
		return Figure{None: true}
	default:
		f.Edge = res.HouseEdge.Float()
		if res.Method == edge.Simulation {
			f.Simulated, f.StdErr, f.Rounds = true, num2(res.StdErr), res.Rounds
		}
	}
	c.mu.Lock()
	if c.edges == nil {
		c.edges = map[edgeKey]Figure{}
	}
	c.edges[key] = f
	c.mu.Unlock()
	return f
}

// kept reports whether wager w's edge at house under version is kept.
func (c *Versions) kept(version, house string, w edge.Wager) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.edges[edgeKey{version, house, w.Game, w.Name}]
	return ok
}

func num2(n *edge.Num) float64 {
	if n == nil {
		return 0
	}
	return n.Float()
}
