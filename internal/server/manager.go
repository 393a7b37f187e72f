package server

import (
	"context"
	"net/http"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// The managers' dashboard (issue 8): who may deal which game, who is due,
// where the class is weak. States are eval's; the store gives the events.

const (
	// missedRows is how many questions and rulings the class lists show.
	missedRows = 8
)

// certRows judges every active trainee's certification in every game (or
// f's game) at the site the staff member sees (certs.Certs.Rows).
func (s *Server) certRows(ctx context.Context, f view.CertFilter) ([]view.CertRow, error) {
	return s.certs.Rows(ctx, s.scopeSite(ctx), f.Game, s.certGames())
}

// handleManagerHome is the dashboard: ?game= and ?state= narrow it, and
// the class at a glance reads ?class=, ?q=, ?sort= and ?dir= (view.GlanceQuery).
func (s *Server) handleManagerHome(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	f := view.DashboardFacts{Filter: view.ReadCertFilter(r.URL.Query(), s.certGames()), Games: s.certGames(), Now: s.db.Clock(), Version: s.plan.Version()}
	f.Glance.Query = view.ReadGlanceQuery(r.URL.Query())
	var err error
	if f.Rows, err = s.certRows(ctx, f.Filter); err != nil {
		s.error(w, r, err)
		return
	}
	if err = s.glanceFacts(ctx, &f); err != nil {
		s.error(w, r, err)
		return
	}
	miss := trainer.MissFilter{Game: f.Filter.Game, ClassID: f.Glance.Query.Class, ExcludeKind: "ruling", Limit: missedRows}
	if f.Questions, err = s.db.MissedSkills(ctx, miss); err != nil {
		s.error(w, r, err)
		return
	}
	miss.ExcludeKind, miss.Kind = "", "ruling"
	if f.Rulings, err = s.db.MissedSkills(ctx, miss); err != nil {
		s.error(w, r, err)
		return
	}
	if f.Filter.Step == "" && s.scopeSite(ctx) == 0 {
		if f.Sites, err = s.certs.CompareSites(ctx, f.Rows, s.certGames()); err != nil {
			s.error(w, r, err)
			return
		}
	}
	if f.Visiting, err = s.visitingDealers(ctx); err != nil {
		s.error(w, r, err)
		return
	}
	rv, err := s.db.FindRulesVersion(ctx, s.plan.Version())
	if err != nil {
		s.error(w, r, err)
		return
	}
	f.Approved, f.Since = rv.Approved(), rv.FirstSeenAt
	f.Audit, f.AuditErr = s.db.VerifyAudit(ctx)
	s.render(w, r, http.StatusOK, templates.ManagerHomePage(view.Dashboard(ctx, s.page(r, say.Message{}, "dashboard"), f)), nil)
}

// glanceFacts reads what the class at a glance sums (practice.Flow.ReadGlance):
// a chosen class narrows f.Rows to its members and its games; a class the
// manager may not see is no choice.
func (s *Server) glanceFacts(ctx context.Context, f *view.DashboardFacts) error {
	g, err := s.flow.ReadGlance(ctx, s.scopeSite(ctx), f.Glance.Query.Class, f.Filter.Game, f.Games, f.Now)
	if err != nil {
		return err
	}
	if g.Class == nil {
		f.Glance.Query.Class = 0
	}
	f.Glance.Classes, f.Glance.Games, f.Glance.Figures, f.Glance.Active = g.Classes, g.Games, g.Figures, g.Active
	f.Rows = g.InScope(f.Rows)
	return nil
}
