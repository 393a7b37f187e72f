package class

import (
	"context"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Running is a trainee's class whose live drill runs, with the trainee's
// part in it (nil until they join).
type Running struct {
	Class       *trainer.Class
	Participant *trainer.ClassParticipant
}

// Running lists trainee userID's classes whose live drill runs: what the
// home page offers to join in one tap, or to go back to. A drill ended
// since the list was read is left out.
func (d *Drive) Running(ctx context.Context, userID int64) ([]Running, error) {
	recs, err := d.DB.ListClasses(ctx, trainer.ClassFilter{MemberID: userID, Live: true})
	if err != nil {
		return nil, err
	}
	var out []Running
	for _, c := range recs {
		live, err := d.DB.ClassLive(ctx, c.ID, userID)
		if err != nil {
			return nil, err
		}
		if live.Run == nil {
			continue // ended since the list was read
		}
		out = append(out, Running{Class: c, Participant: live.Participant})
	}
	return out, nil
}

// OfSession is the class whose live drill trainee userID's class session
// sessionID belongs to, or nil: practice cannot serve a class's session,
// so resuming it is going back to the class's live page.
func (d *Drive) OfSession(ctx context.Context, userID, sessionID int64) (*trainer.Class, error) {
	running, err := d.Running(ctx, userID)
	for _, r := range running {
		if r.Participant != nil && r.Participant.SessionID == sessionID {
			return r.Class, nil
		}
	}
	return nil, err
}
