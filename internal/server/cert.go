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

// statusOf is eval's state of the certification rec describes, now.
func (s *Server) statusOf(rec trainer.CertRecord, game string) eval.CertStatus {
	return eval.Certification(eval.CertHistory{Events: rec.Events, RefresherAt: rec.RefresherAt},
		s.house.Certification[game].Policy, s.db.Clock())
}

// certStatus reads and judges the certification of trainee userID in game.
// An expiry seen for the first time is put on record.
func (s *Server) certStatus(ctx context.Context, userID int64, game string) (eval.CertStatus, error) {
	rec, err := s.db.FindCertRecord(ctx, userID, game)
	if err != nil {
		return eval.CertStatus{}, err
	}
	st := s.statusOf(rec, game)
	if st.ExpiryUnrecorded {
		if st, err = s.noticeExpiry(ctx, rec, st); err != nil {
			return st, err
		}
	}
	return st, nil
}

// errExpiryRecorded says another request recorded the expiry first; it is
// never shown.
var errExpiryRecorded = trainer.NewError(trainer.KindConflict, "cert.expiry_recorded")

// noticeExpiry records that the certificate of st has expired, with the
// refresher it assigns, the first time the kiosk sees it (whichever page
// that is). Two requests noticing it at once record it once.
func (s *Server) noticeExpiry(ctx context.Context, rec trainer.CertRecord, st eval.CertStatus) (eval.CertStatus, error) {
	e := &trainer.CertEvent{UserID: rec.UserID, Game: rec.Game, Kind: trainer.EventExpired, At: st.Expires, RefID: st.Grant.ID}
	err := s.db.RecordCertEvent(ctx, e, func(now trainer.CertRecord) error {
		if !s.statusOf(now, rec.Game).ExpiryUnrecorded {
			return errExpiryRecorded
		}
		return nil
	})
	if err != nil && trainer.KindOf(err) != trainer.KindConflict {
		return st, err
	}
	st.ExpiryUnrecorded = false
	return st, nil
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
