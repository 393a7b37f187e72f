package server

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/dealerkiosk/trainer/internal/book"
	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
)

// versionCache keeps the rules versions the rules pages have loaded from
// their stored files, so that reading a version twice does not load it
// twice, and the edges computed for them.
type versionCache struct {
	mu    sync.Mutex
	books map[string]*rulebook.Book
	edges map[edgeKey]versionFigure
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
// in words.
func (s *Server) rulesVersionView(r *http.Request, version string) (templates.RulesVersionView, error) {
	vs, err := s.db.ListRulesVersions(r.Context())
	if err != nil {
		return templates.RulesVersionView{}, err
	}
	at := -1
	for i, rv := range vs {
		if rv.Version == version {
			at = i
		}
	}
	if at < 0 {
		return templates.RulesVersionView{}, trainer.Errorf(trainer.KindNotFound, "Rules version not found.").In("err.rules_not_found")
	}
	rv := vs[at]
	v := templates.RulesVersionView{Page: s.page(r, t(r, "rulespage.page_title", "Version", rv.Version), "rules"), Version: rv.Version,
		FirstSeen: dateTimeIn(loc(r), rv.FirstSeenAt), Current: rv.Version == s.plan.Version(), House: s.house.Title,
		URL: rulesURL(rv.Version)}
	if rv.Approved() {
		v.Approved = t(r, "rulespage.approved_by", "When", dateTimeIn(loc(r), rv.ApprovedAt), "Name", rv.ApprovedBy)
	} else {
		v.Action = rulesURL(rv.Version) + "/approve"
	}
	var base *trainer.RulesVersion
	for i := at - 1; i >= 0; i-- {
		if vs[i].Approved() {
			base, v.Against = vs[i], t(r, "rulespage.against_approved", "Version", vs[i].Version)
			break
		}
	}
	if base == nil && at > 0 {
		base, v.Against = vs[at-1], t(r, "rulespage.against_previous", "Version", vs[at-1].Version)
	}
	newBook, err := s.rulesBook(rv.Version, rv.Files)
	if err != nil {
		v.Problem = t(r, "rulespage.problem_unreadable")
		s.logError(r, fmt.Errorf("rules version %s: %w", rv.Version, err))
		return v, nil
	}
	var oldBook *rulebook.Book
	if base != nil {
		if oldBook, err = s.rulesBook(base.Version, base.Files); err != nil {
			s.logError(r, fmt.Errorf("rules version %s: %w", base.Version, err))
			oldBook = nil
		}
	}
	house := s.house.Name
	if _, ok := newBook.Houses[house]; !ok {
		v.Problem = t(r, "rulespage.problem_no_house", "House", s.house.Title)
		return v, nil
	}
	if oldBook == nil || oldBook.Houses[house] == nil {
		v.First = true
		if base == nil {
			v.Against = t(r, "rulespage.against_first")
		} else {
			v.Against += " " + t(r, "rulespage.against_unreadable")
		}
	}
	ch, err := rulebook.Compare(oldBook, newBook, house)
	if err != nil {
		return v, err
	}
	s.changesView(r.Context(), &v, ch, oldBook, newBook, house)
	return v, nil
}

// changesView fills v with ch in words in the reader's language (ctx's),
// and the house edge before and after of every wager whose pay table
// changed.
func (s *Server) changesView(ctx context.Context, v *templates.RulesVersionView, ch rulebook.Changes, oldBook, newBook *rulebook.Book, house string) {
	l := i18n.FromContext(ctx)
	for _, c := range ch.Sections {
		v.Sections = append(v.Sections, s.sectionChangeView(l, c))
	}
	for _, lc := range ch.Languages {
		lv := templates.LanguageChangeView{Tag: lc.Lang, Name: languageName(lc.Lang)}
		for _, c := range lc.Sections {
			lv.Sections = append(lv.Sections, s.sectionChangeView(l, c))
		}
		v.Languages = append(v.Languages, lv)
	}
	type wk struct{ game, kind string }
	kinds := map[wk]bool{}
	for _, c := range ch.Rows {
		v.Rows = append(v.Rows, templates.RowChangeView{GameName: s.gameNameIn(l, c.Game), Table: tableTitle(l, c.Game, c.Kind),
			Row: rowTitleIn(l, c.Row), OldTable: c.OldTable, NewTable: c.NewTable, Old: sayIn(l, c.Old, c.OldWhy), New: sayIn(l, c.New, c.NewWhy)})
		kinds[wk{c.Game, c.Kind}] = true
	}
	for _, c := range ch.Settings {
		scope := l.T("rulespage.whole_house")
		if c.Game != "" {
			scope = s.gameNameIn(l, c.Game)
		}
		v.Settings = append(v.Settings, templates.SettingChangeView{Scope: scope, Label: settingChangeLabel(l, c),
			Old: sayIn(l, c.Old, c.OldWhy), New: sayIn(l, c.New, c.NewWhy)})
	}
	for i, o := range ch.Others {
		if i < len(ch.OtherIDs) {
			o = lookup(l, ch.OtherIDs[i], o)
		}
		v.Others = append(v.Others, o)
	}
	for _, g := range rulebook.GameSlugs {
		for _, w := range edge.Wagers(g) {
			if !kinds[wk{g, w.Kind}] {
				continue
			}
			e := templates.EdgeChangeView{GameName: s.gameNameIn(l, g), Wager: wagerTitle(l, w)}
			before, after := s.versionEdge(ctx, oldBook, house, w), s.versionEdge(ctx, newBook, house, w)
			if before.none && after.none {
				continue
			}
			e.Before, e.After = before.in(l), after.in(l)
			v.Edges = append(v.Edges, e)
		}
	}
}

// sectionChangeView is a section added, changed or removed, as the page
// shows it: the number and title now (or before, when removed).
func (s *Server) sectionChangeView(l *i18n.Localizer, c rulebook.SectionChange) templates.SectionChangeView {
	sv := templates.SectionChangeView{GameName: s.gameNameIn(l, c.Game), Change: c.Change}
	if c.Old != nil {
		sv.OldTitle, sv.OldHTML = c.Old.Number+" "+c.Old.Title, c.Old.HTML
		sv.Number, sv.Title = c.Old.Number, c.Old.Title
	}
	if c.New != nil {
		sv.NewTitle, sv.NewHTML = c.New.Number+" "+c.New.Title, c.New.HTML
		sv.Number, sv.Title = c.New.Number, c.New.Title
	}
	return sv
}

// tableTitle names a kind of pay table in l's language as the pay-table
// page does: by the wager it pays (wagerTitle), else by the kind's name in
// the hands catalogue (table.<kind>; in English the row words).
func tableTitle(l *i18n.Localizer, game, kind string) string {
	for _, w := range edge.Wagers(game) {
		if w.Kind == kind && w.Name != "main" {
			return wagerTitle(l, w)
		}
	}
	english := upperFirst(book.RowTitle(kind))
	if l.Lang() == i18n.Source {
		return english
	}
	return lookup(l, "table."+kind, english)
}

// rowTitleIn names a pay-table row with a capital, as a book's table does:
// from the hands catalogue (row.<key>) outside English.
func rowTitleIn(l *i18n.Localizer, key string) string {
	if l.Lang() == i18n.Source {
		return book.RowTitle(key)
	}
	return upperFirst(lookup(l, "row."+key, book.RowTitle(key)))
}

// Simulated house edges on the approval page: a seeded simulation of this
// many rounds (the slower games fewer), the same seed before and after so
// that the two differ by the change and not by luck. It keeps the page to
// about a second; the pay-table page runs the long ones.
var approvalRounds = map[string]int64{"uth": 1_000_000, "thrill": 1_000_000, "oracle": 100_000, "lunar": 100_000}

// versionFigure is a wager's house edge as computed for a rules version,
// in no language yet: each reader's page says it in theirs (in).
type versionFigure struct {
	none      bool    // the rows alone do not decide it (the Blind): its game's figure does
	problem   error   // why it could not be computed (edge's refusal)
	edge      float64 // the house edge, a fraction
	stdErr    float64 // its standard error, when simulated
	simulated bool
	rounds    int64
}

// in is f in l's language: "1,904 %" and how it was found.
func (f versionFigure) in(l *i18n.Localizer) templates.EdgeFigure {
	switch {
	case f.none:
		return templates.EdgeFigure{}
	case f.problem != nil:
		if why, ok := edgeWhy(l, f.problem); ok {
			return templates.EdgeFigure{Text: l.T("approval.edge.not_computed_why", "Why", why)}
		}
		if l.Lang() == i18n.Source {
			return templates.EdgeFigure{Text: "could not be computed: " + f.problem.Error()}
		}
		// edge's reason is English: the log has it (versionEdge).
		return templates.EdgeFigure{Text: l.T("approval.edge.not_computed")}
	}
	e := templates.EdgeFigure{Text: l.Decimal(percentText(f.edge))}
	if f.simulated {
		e.Text += " ± " + l.Decimal(percentText(f.stdErr))
		e.How = l.T("approval.edge.simulated", "Rounds", f.rounds)
	} else {
		e.How = l.T("approval.edge.exact")
	}
	return e
}

// versionEdge is wager w's house edge at house under the rules b, exact
// where the cards alone decide it, else simulated; computed once per
// version.
func (s *Server) versionEdge(ctx context.Context, b *rulebook.Book, house string, w edge.Wager) versionFigure {
	if b == nil || b.Houses[house] == nil {
		return versionFigure{none: true}
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
		q.Rounds, q.Seed = approvalRounds[w.Game], simSeed
	}
	res, err := s.calc.Compute(ctx, q, nil)
	switch {
	case err != nil:
		f.problem = err
		s.log.WarnContext(ctx, "rules approval: house edge not computed", "version", b.Version, "game", w.Game, "wager", w.Name, "error", err)
		if ctx.Err() != nil {
			return f // out of time or stopped: the next visit tries again
		}
	case res.HouseEdge == nil:
		return versionFigure{none: true}
	default:
		f.edge = res.HouseEdge.Float()
		if res.Method == edge.Simulation {
			f.simulated, f.stdErr, f.rounds = true, num2(res.StdErr), res.Rounds
		}
	}
	s.versions.mu.Lock()
	if s.versions.edges == nil {
		s.versions.edges = map[edgeKey]versionFigure{}
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

// percentText writes a fraction as a percentage to three decimals: "3.528 %".
func percentText(f float64) string {
	if math.IsNaN(f) {
		return "–"
	}
	return strconv.FormatFloat(f*100, 'f', 3, 64) + " %"
}
