package server

import (
	"context"
	"net/http"
	"net/url"
	"slices"

	"github.com/dealerkiosk/trainer/internal/certs"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// The managers' dashboard (issue 8): who may deal which game, who is due,
// where the class is weak. States are eval's; the store gives the events.

const (
	// weakHistory bounds the answers read per trainee for the weakest skills.
	weakHistory = 2000
	// missedRows is how many questions and rulings the class lists show.
	missedRows = 8
)

// readCertFilter is the dashboard's filter, from the query (?game=&state=):
// an unknown value is no filter.
func (s *Server) readCertFilter(q url.Values) view.CertFilter {
	var f view.CertFilter
	if g := q.Get("game"); slices.Contains(s.certGames(), g) {
		f.Game = g
	}
	st := eval.Step(q.Get("state"))
	if st == eval.Step(eval.StateExamPassed) {
		st = eval.StepTableTest // the state's old name, in links kept from before
	}
	if slices.Contains(eval.Steps, st) {
		f.Step = st
	}
	return f
}

// certRows judges every active trainee's certification in every game (or
// f's game), noting expiries seen for the first time. Rows come by trainee
// name, then in the kiosk's order of games.
func (s *Server) certRows(ctx context.Context, f view.CertFilter) ([]view.CertRow, error) {
	users, err := s.db.ListUsers(ctx, trainer.UserFilter{Role: trainer.RoleTrainee, ActiveOnly: true, SiteID: s.scopeSite(ctx)})
	if err != nil {
		return nil, err
	}
	byKey, err := s.certs.Records(ctx, f.Game)
	if err != nil {
		return nil, err
	}
	var out []view.CertRow
	for _, u := range users {
		for _, g := range s.certGames() {
			if f.Game != "" && g != f.Game {
				continue
			}
			rec, ok := byKey[certs.Key{User: u.ID, Game: g}]
			if !ok {
				rec = trainer.CertRecord{UserID: u.ID, Game: g}
			}
			st := s.statusOf(rec, g)
			if st.ExpiryUnrecorded {
				if st, err = s.certs.NoticeExpiry(ctx, rec, st); err != nil {
					return nil, err
				}
			}
			out = append(out, view.CertRow{User: u, Game: g, Status: st})
		}
	}
	return out, nil
}

// handleManagerHome is the dashboard: ?game= and ?state= narrow it.
func (s *Server) handleManagerHome(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	f := view.DashboardFacts{Filter: s.readCertFilter(r.URL.Query()), Games: s.certGames(), Now: s.db.Clock(), Version: s.plan.Version()}
	var err error
	if f.Rows, err = s.certRows(ctx, f.Filter); err != nil {
		s.error(w, r, err)
		return
	}
	if f.Questions, err = s.db.MissedSkills(ctx, trainer.MissFilter{Game: f.Filter.Game, ExcludeKind: "ruling", Limit: missedRows}); err != nil {
		s.error(w, r, err)
		return
	}
	if f.Rulings, err = s.db.MissedSkills(ctx, trainer.MissFilter{Game: f.Filter.Game, Kind: "ruling", Limit: missedRows}); err != nil {
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
	v, users := view.Dashboard(ctx, s.page(r, say.Message{}, "dashboard"), f)
	for i, id := range users {
		if v.Rows[i].Weakest, err = s.weakest(ctx, id, f.Filter.Game); err != nil {
			s.error(w, r, err)
			return
		}
	}
	s.render(w, r, http.StatusOK, templates.ManagerHomePage(v), nil)
}

// weakest names the trainee's weakest skills in game, or every game
// (view.Weakest).
func (s *Server) weakest(ctx context.Context, userID int64, game string) ([]string, error) {
	as, err := s.db.ListAttempts(ctx, trainer.AttemptFilter{UserID: userID, Game: game, Answered: true, Limit: weakHistory})
	if err != nil {
		return nil, err
	}
	return view.Weakest(ctx, practice.Skills(as)), nil
}
