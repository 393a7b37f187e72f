package live

import (
	"context"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Participation is trainee userID's place in the snapshot's live drill,
// nil until they join (or with none running).
func (h *Hub) Participation(ctx context.Context, sn *Snap, userID int64) (*trainer.ClassParticipant, error) {
	if !sn.Running() {
		return nil, nil
	}
	mine, err := h.db.ClassLive(ctx, sn.Class.ID, userID)
	if err != nil {
		return nil, err
	}
	return mine.Participant, nil
}

// Seat is a trainee's participation as one event stream follows it: read
// once when the stream starts, and again only while they have none and the
// count of those who joined moved (they may have joined on another
// tablet), so that a stream does not read the store on every snapshot.
type Seat struct {
	h      *Hub
	userID int64
	joined int
	p      *trainer.ClassParticipant
}

// Seat reads trainee userID's participation in sn for a stream.
func (h *Hub) Seat(ctx context.Context, sn *Snap, userID int64) (*Seat, error) {
	p, err := h.Participation(ctx, sn, userID)
	if err != nil {
		return nil, err
	}
	return &Seat{h: h, userID: userID, joined: sn.Live.Live.Joined, p: p}, nil
}

// At is the trainee's participation in sn, a later snapshot of the
// stream's class.
func (st *Seat) At(ctx context.Context, sn *Snap) (*trainer.ClassParticipant, error) {
	if !rejoined(st.p != nil, sn.Running(), st.joined, sn.Live.Live.Joined) {
		return st.p, nil
	}
	st.joined = sn.Live.Live.Joined
	p, err := st.h.Participation(ctx, sn, st.userID)
	if err != nil {
		return nil, err
	}
	st.p = p
	return p, nil
}

// rejoined reports whether a trainee's participation must be read again:
// they had none, a drill runs, and someone joined since it was read.
func rejoined(has, running bool, was, now int) bool {
	return !has && running && now != was
}

// SessionTouchEvery is how often an event stream keeps its reader's
// session alive while a live drill runs.
const SessionTouchEvery = time.Minute

// KeepSignedIn is a stream's heartbeat check (Hub.Serve's alive) for the
// reader signed in with session token. A trainee watching a live drill
// does not tap while the instructor explains, nor does the instructor at
// the projector, and a stream is one long request: while a drill runs, it
// keeps the reader's session from ending idle, at most once a minute, as a
// tap would. Between drills it does not, so that a tablet left on the
// class page signs out on its idle timeout. When it would keep the session
// and finds it ended (signed out on another tablet, ended idle), the
// stream ends too. A check that fails for another reason (the database
// busy or away for a moment) ends nothing: the stream stays open and the
// next heartbeat tries again, as a tablet's next tap would.
//
// The first beat while a drill runs checks at once, whatever the time: the
// stream was opened a moment before, but the session may have been read
// longer ago than that (a clock read here would be the stream's, not the
// session's, and a minute's touch could be missed).
func (h *Hub) KeepSignedIn(ctx context.Context, token string) func(running bool) bool {
	var touched time.Time
	return func(running bool) bool {
		now := h.db.Clock()
		if !touchDue(running, now, touched) {
			return true
		}
		_, end, err := h.db.AuthenticateSession(ctx, token)
		return keptSignedIn(end, err, func() { touched = now })
	}
}

// keptSignedIn reads a heartbeat's session check: the session goes on
// unless it is known to have ended; touched is called when the check
// reached the store, so that a failed one is tried again at the next beat.
func keptSignedIn(end trainer.EndReason, err error, touched func()) bool {
	switch {
	case err == nil:
		touched()
		return end == trainer.SessionLive
	case trainer.KindOf(err) == trainer.KindUnauthorized:
		return false
	default:
		return true
	}
}

// touchDue reports whether a stream touches its reader's session at now,
// last touched at touched: while a drill runs, once a SessionTouchEvery.
func touchDue(running bool, now, touched time.Time) bool {
	return running && now.Sub(touched) >= SessionTouchEvery
}
