package server

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// Certification shared by the trainee's and the managers' pages: the state
// of one trainee's certification in one game is eval's, from the events the
// store keeps and the house's policy; nothing here decides it.

// certStatus reads and judges the certification of trainee userID in game,
// an expiry seen for the first time put on record (certs.Certs.Find).
func (s *Server) certStatus(ctx context.Context, userID int64, game string) (eval.CertStatus, error) {
	return s.certs.Find(ctx, userID, game)
}

// rulesApproved reports whether a manager has approved the rules version the
// kiosk runs with.
func (s *Server) rulesApproved(ctx context.Context) (bool, error) {
	v, err := s.db.FindRulesVersion(ctx, s.plan.Version())
	if err != nil {
		return false, err
	}
	return v.Approved(), nil
}

// certHome is the certification part of a trainee's home page: each game's
// state (view.CertHome).
func (s *Server) certHome(ctx context.Context, u *trainer.User) (templates.CertHomeView, error) {
	approved, err := s.rulesApproved(ctx)
	if err != nil {
		return templates.CertHomeView{}, err
	}
	var gs []view.CertGame
	for _, game := range s.certGames() {
		st, err := s.certStatus(ctx, u.ID, game)
		if err != nil {
			return templates.CertHomeView{}, err
		}
		gs = append(gs, view.CertGame{Game: game, Policy: s.house.Certification[game].Policy, Status: st})
	}
	return view.CertHome(ctx, gs, approved), nil
}

// certGames lists the games with a certification standard, in the kiosk's order.
func (s *Server) certGames() []string { return s.view.CertGames() }
