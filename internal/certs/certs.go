// Package certs reads the certifications the store keeps and has eval judge
// them (docs/certification.md, docs/group.md): a trainee's state in a game,
// an expiry put on record the first time the kiosk sees it, where a
// certification holds across a group's sites, and the visiting dealers a
// site must test at its tables, an event recorded if eval allows it, and
// the training hours an exam waits for. It decides nothing itself: the
// state is eval's, from the events the store keeps and the house's policy,
// and the hours are package records'.
//
// Imports flow one way: internal/server and practice (whose exam start
// checks the hours and the state here) → internal/certs → eval, records,
// rulebook, trainer. It renders and says nothing.
package certs

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Certs judges the certifications of the store DB under the house's
// policy; Book finds the houses of a group's other sites.
type Certs struct {
	DB    trainer.Store
	Book  *rulebook.Book
	House *rulebook.House
}

// Status is eval's state of the certification rec describes, now.
func (c *Certs) Status(rec trainer.CertRecord, game string) eval.CertStatus {
	return eval.Certification(eval.CertHistory{Events: rec.Events, RefresherAt: rec.RefresherAt},
		c.House.Certification[game].Policy, c.DB.Clock())
}

// Find reads and judges the certification of trainee userID in game. An
// expiry seen for the first time is put on record.
func (c *Certs) Find(ctx context.Context, userID int64, game string) (eval.CertStatus, error) {
	rec, err := c.DB.FindCertRecord(ctx, userID, game)
	if err != nil {
		return eval.CertStatus{}, err
	}
	st := c.Status(rec, game)
	if st.ExpiryUnrecorded {
		if st, err = c.NoticeExpiry(ctx, rec, st); err != nil {
			return st, err
		}
	}
	return st, nil
}

// errExpiryRecorded says another request recorded the expiry first; it is
// never shown.
var errExpiryRecorded = trainer.NewError(trainer.KindConflict, "cert.expiry_recorded")

// NoticeExpiry records that the certificate of st has expired, with the
// refresher it assigns, the first time the kiosk sees it (whichever page
// that is). Two requests noticing it at once record it once.
func (c *Certs) NoticeExpiry(ctx context.Context, rec trainer.CertRecord, st eval.CertStatus) (eval.CertStatus, error) {
	e := &trainer.CertEvent{UserID: rec.UserID, Game: rec.Game, Kind: trainer.EventExpired, At: st.Expires, RefID: st.Grant.ID}
	err := c.DB.RecordCertEvent(ctx, e, func(now trainer.CertRecord) error {
		if !c.Status(now, rec.Game).ExpiryUnrecorded {
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

// Key is a certification's trainee and game.
type Key struct {
	User int64
	Game string
}

// Records is every certification record of game ("" for all games), by
// trainee and game.
func (c *Certs) Records(ctx context.Context, game string) (map[Key]trainer.CertRecord, error) {
	recs, err := c.DB.ListCertRecords(ctx, game)
	if err != nil {
		return nil, err
	}
	byKey := make(map[Key]trainer.CertRecord, len(recs))
	for _, r := range recs {
		byKey[Key{r.UserID, r.Game}] = r
	}
	return byKey, nil
}
