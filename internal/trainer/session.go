package trainer

import "time"

// SessionLifetime is the longest any session lasts, active or not: about one
// shift. After it, everyone signs in again.
const SessionLifetime = 12 * time.Hour

// Session is a signed-in user on one browser. The cookie carries only a random
// token; the store keeps the session itself, so signing out or deactivating a
// user ends it on the server.
type Session struct {
	User       *User
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	// IdleTimeout is the inactivity timeout of the user's role (the
	// trainees' or the staff's setting) in force when the session was last
	// checked, for the page that returns to sign-in by itself.
	IdleTimeout time.Duration
}

// SessionTouchEvery is how stale a session's last-seen time may get before a
// request moves it to now. Writing it on every request would make every
// request a write; the price is that a trainee's idle session may end up to
// this much before the timeout, which stays within the second of slack the
// page's own idle timer allows (it runs for the timeout plus one second).
const SessionTouchEvery = time.Second

// EndReason says why a session is over.
type EndReason int

const (
	SessionLive        EndReason = iota // not over
	SessionExpired                      // past SessionLifetime
	SessionIdle                         // a trainee idle longer than the timeout
	SessionDeactivated                  // the user was deactivated
	SessionStaffIdle                    // a manager or administrator idle longer than the staff's timeout
)

// Ended reports whether s is over at now under settings st, and why.
func (s *Session) Ended(now time.Time, st Settings) EndReason {
	switch {
	case !s.User.Active:
		return SessionDeactivated
	case !now.Before(s.ExpiresAt):
		return SessionExpired
	case s.User.Role == RoleTrainee && now.Sub(s.LastSeenAt) >= st.TraineeIdleTimeout:
		return SessionIdle
	case s.User.Role != RoleTrainee && now.Sub(s.LastSeenAt) >= st.StaffIdleTimeout:
		return SessionStaffIdle
	}
	return SessionLive
}
