package server

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/figure"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// versionCache keeps the rules versions the rules pages have loaded from
// their stored files, so that reading a version twice does not load it
// twice, and the edges computed for them.
type versionCache struct {
	mu    sync.Mutex
	books map[string]*rulebook.Book
	edges map[edgeKey]view.VersionFigure
}

type edgeKey struct{ version, house, game, wager string }

// keptVersions bounds the versions kept loaded: a manager compares two.
const keptVersions = 4

// rulesBook returns version's rules: the running ones, or its stored files
// loaded again.
func (s *Server) rulesBook(version string, files map[string][]byte) (*rulebook.Book, error) {
	if version == s.book.Version {
		return s.book, nil
	}
	c := &s.versions
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
	if len(c.books) >= keptVersions {
		for v := range c.books {
			delete(c.books, v)
			break
		}
	}
	c.books[version] = b
	return b, nil
}

// rulesVersionView is a version with what changed for the kiosk's house,
// in words (view.RulesVersion).
func (s *Server) rulesVersionView(r *http.Request, version string) (templates.RulesVersionView, error) {
	vs, err := s.db.ListRulesVersions(r.Context())
	if err != nil {
		return templates.RulesVersionView{}, err
	}
	at := slices.IndexFunc(vs, func(rv *trainer.RulesVersion) bool { return rv.Version == version })
	if at < 0 {
		return templates.RulesVersionView{}, trainer.NewError(trainer.KindNotFound, "err.rules_not_found")
	}
	f := view.RulesFacts{Version: vs[at], Current: s.plan.Version()}
	for i := at - 1; i >= 0; i-- {
		if vs[i].Approved() {
			f.Base, f.Against = vs[i], view.AgainstApproved
			break
		}
	}
	if f.Base == nil && at > 0 {
		f.Base, f.Against = vs[at-1], view.AgainstPrevious
	}
	page := s.page(r, say.Message{}, "rules")
	newBook, err := s.rulesBook(f.Version.Version, f.Version.Files)
	if err != nil {
		f.Problem = say.Msg("rulespage.problem_unreadable")
		s.logError(r, fmt.Errorf("rules version %s: %w", f.Version.Version, err))
		return s.view.RulesVersion(r.Context(), page, f), nil
	}
	var oldBook *rulebook.Book
	if f.Base != nil {
		if oldBook, err = s.rulesBook(f.Base.Version, f.Base.Files); err != nil {
			s.logError(r, fmt.Errorf("rules version %s: %w", f.Base.Version, err))
			oldBook = nil
		}
	}
	house := s.house.Name
	if _, ok := newBook.Houses[house]; !ok {
		f.Problem = say.Msg("rulespage.problem_no_house", "House", s.house.Title)
		return s.view.RulesVersion(r.Context(), page, f), nil
	}
	f.BaseReadable = oldBook != nil && oldBook.Houses[house] != nil
	if f.Changes, err = rulebook.Compare(oldBook, newBook, house); err != nil {
		return templates.RulesVersionView{}, err
	}
	for _, w := range view.ChangedWagers(f.Changes) {
		f.Edges = append(f.Edges, view.EdgeChange{Wager: w,
			Before: s.versionEdge(r.Context(), oldBook, house, w), After: s.versionEdge(r.Context(), newBook, house, w)})
	}
	return s.view.RulesVersion(r.Context(), page, f), nil
}

// Simulated house edges on the approval page: a seeded simulation of this
// many rounds (the slower games fewer), the same seed before and after so
// that the two differ by the change and not by luck. It keeps the page to
// about a second; the pay-table page runs the long ones.
var approvalRounds = map[string]int64{"uth": 1_000_000, "thrill": 1_000_000, "oracle": 100_000, "lunar": 100_000}

// versionEdge is wager w's house edge at house under the rules b, exact
// where the cards alone decide it, else simulated; computed once per
// version.
func (s *Server) versionEdge(ctx context.Context, b *rulebook.Book, house string, w edge.Wager) view.VersionFigure {
	if b == nil || b.Houses[house] == nil {
		return view.VersionFigure{None: true}
	}
	h := b.Houses[house]
	key := edgeKey{b.Version, house, w.Game, w.Name}
	s.versions.mu.Lock()
	f, ok := s.versions.edges[key]
	s.versions.mu.Unlock()
	if ok {
		return f
	}
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	q := edge.Query{Wager: w, House: h}
	if w.Method == edge.Simulation {
		q.Rounds, q.Seed = approvalRounds[w.Game], figure.SimSeed
	}
	res, err := s.figures.Calc.Compute(ctx, q, nil)
	switch {
	case err != nil:
		f.Problem = err
		s.log.WarnContext(ctx, "rules approval: house edge not computed", "version", b.Version, "game", w.Game, "wager", w.Name, "error", err)
		if ctx.Err() != nil {
			return f // out of time or stopped: the next visit tries again
		}
	case res.HouseEdge == nil:
		return view.VersionFigure{None: true}
	default:
		f.Edge = res.HouseEdge.Float()
		if res.Method == edge.Simulation {
			f.Simulated, f.StdErr, f.Rounds = true, num2(res.StdErr), res.Rounds
		}
	}
	s.versions.mu.Lock()
	if s.versions.edges == nil {
		s.versions.edges = map[edgeKey]view.VersionFigure{}
	}
	s.versions.edges[key] = f
	s.versions.mu.Unlock()
	return f
}

func num2(n *edge.Num) float64 {
	if n == nil {
		return 0
	}
	return n.Float()
}
