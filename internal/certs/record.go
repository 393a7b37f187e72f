package certs

import (
	"context"
	"encoding/json"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Record records event e of a trainee's certification (a grant, a
// revocation, a table test) if eval allows it on the state inside the
// store's transaction; st is the state read before, whose pending exam a
// table test completes. Returns KindConflict when the state refuses it
// (another manager recorded something meanwhile).
func (c *Certs) Record(ctx context.Context, e *trainer.CertEvent, st eval.CertStatus) error {
	if e.Kind.IsTableTest() && st.PendingExam != nil {
		e.ExamID = st.PendingExam.ExamID
	}
	return c.DB.RecordCertEvent(ctx, e, func(rec trainer.CertRecord) error {
		return eval.CheckEvent(c.Status(rec, e.Game), e.Kind, e.ActorID, rec.UserID)
	})
}

// HoursBeforeExam refuses trainee userID's exam of game (KindConflict)
// while the house's programme requires its minimum of training hours
// before the exam and the trainee has not reached it (records.MayStartExam).
// It is checked before the exam's transaction, not in it: a dealer's hours
// only grow while they wait.
func (c *Certs) HoursBeforeExam(ctx context.Context, userID int64, game string) (refused, err error) {
	p, ok := c.House.Programmes[game]
	if !ok || !p.MinimumBeforeExam {
		return nil, nil
	}
	measured, err := c.DB.MeasuredTime(ctx, userID)
	if err != nil {
		return nil, err
	}
	entered, err := c.DB.ListTableHours(ctx, userID)
	if err != nil {
		return nil, err
	}
	return records.MayStartExam(records.HoursIn(game, p.MinimumHours, measured, entered), true), nil
}

// GrantEntry finds the audit entry that records the grant of event id to
// trainee userID in game, or nil when none does.
func (c *Certs) GrantEntry(ctx context.Context, userID int64, game string, id int64) (*trainer.AuditEntry, error) {
	es, err := c.DB.ListAudit(ctx, trainer.AuditFilter{SubjectPrefix: trainer.CertSubject(userID, game), Limit: 10000})
	if err != nil {
		return nil, err
	}
	for _, e := range es {
		if e.Action != trainer.AuditGranted {
			continue
		}
		var d struct {
			Event int64 `json:"event"`
		}
		if json.Unmarshal([]byte(e.Detail), &d) == nil && d.Event == id {
			return e, nil
		}
	}
	return nil, nil
}
