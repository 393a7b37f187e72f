package server

import (
	"fmt"
	"net/http"

	"github.com/dealerkiosk/trainer/internal/approval"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// rulesVersionView is a version with what changed for the kiosk's house
// against its base (approval.Base), in words (view.RulesVersion).
func (s *Server) rulesVersionView(r *http.Request, version string) (templates.RulesVersionView, error) {
	vs, err := s.db.ListRulesVersions(r.Context())
	if err != nil {
		return templates.RulesVersionView{}, err
	}
	f := view.RulesFacts{Current: s.plan.Version()}
	if f.Version, f.Base, f.Against, err = approval.Base(vs, version); err != nil {
		return templates.RulesVersionView{}, err
	}
	page := s.page(r, say.Message{}, "rules")
	newBook, err := s.versions.Book(f.Version.Version, f.Version.Files)
	if err != nil {
		f.Problem = say.Msg("rulespage.problem_unreadable")
		s.logError(r, fmt.Errorf("rules version %s: %w", f.Version.Version, err))
		return s.view.RulesVersion(r.Context(), page, f), nil
	}
	var oldBook *rulebook.Book
	if f.Base != nil {
		if oldBook, err = s.versions.Book(f.Base.Version, f.Base.Files); err != nil {
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
			Before: s.versions.Edge(r.Context(), oldBook, house, w), After: s.versions.Edge(r.Context(), newBook, house, w)})
	}
	return s.view.RulesVersion(r.Context(), page, f), nil
}
