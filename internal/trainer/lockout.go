package trainer

import "time"

// Lockout is a lock on an account after too many wrong PINs or passwords in
// a row (Settings.MaxSigninFailures within Settings.LockoutDuration). While
// it holds, the account cannot sign in, even with the right PIN; it ends by
// itself at Until, or sooner when an administrator lifts it.
//
// Repeated lockouts grow: a lockout that starts within a day of the end of
// the previous one lasts twice as long, up to a day, so that guessing a
// 4-digit PIN at the kiosk takes months, not days (docs/hardening.md).
type Lockout struct {
	UserID   int64
	LockedAt time.Time
	Until    time.Time
	// Failures is the number of wrong entries that locked the account.
	Failures int
	// Strike counts the lockouts in a row: 1 for the first, 2 for one
	// within a day of the end of the first, and so on.
	Strike int
	// Address is the client address of the failure that locked it.
	Address string
}

// LockoutMemory is how long after a lockout ends the next one still counts
// as a repeat and lasts twice as long.
const LockoutMemory = 24 * time.Hour

// Active reports whether the lock still holds at now.
func (l *Lockout) Active(now time.Time) bool { return now.Before(l.Until) }

// LockoutFor is how long the strike-th lockout in a row lasts under st: the
// setting's duration, doubled for each repeat, at most MaxLockoutDuration.
func LockoutFor(st Settings, strike int) time.Duration {
	d := st.LockoutDuration
	for i := 1; i < strike && d < MaxLockoutDuration; i++ {
		d *= 2
	}
	return min(d, MaxLockoutDuration)
}
