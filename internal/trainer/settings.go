package trainer

import "time"

// Settings are the kiosk-wide settings an administrator changes on the
// settings page. The store keeps them; a missing value reads as its default.
type Settings struct {
	// TraineeIdleTimeout signs a trainee out after this long without a
	// request, so the next person at a shared tablet starts at the sign-in
	// screen. Staff sessions are not cut short by it.
	TraineeIdleTimeout time.Duration
	// StaffIdleTimeout signs a manager or an administrator out after this
	// long without a request: their pages show every trainee's record and
	// the forms that change it, and the tablet or PC may be shared.
	StaffIdleTimeout time.Duration
	// MaxSigninFailures wrong PINs or passwords for one account from one
	// device within LockoutDuration hold that account on that device;
	// twice as many from several devices lock it everywhere (signin.go).
	MaxSigninFailures int
	// LockoutDuration is how long the first hold of an account lasts,
	// and the window its failures are counted in. A hold soon after
	// another lasts twice as long as the one before.
	LockoutDuration time.Duration
}

// Bounds of TraineeIdleTimeout. Under a minute a trainee reading a long
// ruling would be signed out mid-thought; over an hour the tablet is as good
// as unattended.
const (
	DefaultTraineeIdleTimeout = 5 * time.Minute
	MinTraineeIdleTimeout     = time.Minute
	MaxTraineeIdleTimeout     = time.Hour
)

// Bounds of StaffIdleTimeout. A quarter of an hour covers reading a file or
// a dashboard between two requests; up to two hours for an office PC that
// only staff use.
const (
	DefaultStaffIdleTimeout = 15 * time.Minute
	MinStaffIdleTimeout     = time.Minute
	MaxStaffIdleTimeout     = 2 * time.Hour
)

// IdleTimeout is the inactivity timeout of users of role r.
func (s Settings) IdleTimeout(r Role) time.Duration {
	if r == RoleTrainee {
		return s.TraineeIdleTimeout
	}
	return s.StaffIdleTimeout
}

// Bounds of the account holds (docs/hardening.md). Five wrong entries in
// fifteen minutes is more than a trainee fumbling a keypad makes, and with
// the doubling of repeated holds it leaves a guesser at one device a few
// dozen PINs a day per account. Fewer than 3 would hold honest typists;
// more than 10, or a hold under a minute, would make a 4-digit PIN
// guessable in days.
const (
	DefaultMaxSigninFailures = 5
	MinMaxSigninFailures     = 3
	MaxMaxSigninFailures     = 10
	DefaultLockoutDuration   = 15 * time.Minute
	MinLockoutDuration       = time.Minute
	MaxLockoutDuration       = 24 * time.Hour
)

// DefaultSettings returns the settings of a new kiosk.
func DefaultSettings() Settings {
	return Settings{
		TraineeIdleTimeout: DefaultTraineeIdleTimeout,
		StaffIdleTimeout:   DefaultStaffIdleTimeout,
		MaxSigninFailures:  DefaultMaxSigninFailures,
		LockoutDuration:    DefaultLockoutDuration,
	}
}

// Validate checks the settings. Returns KindInvalid with the message of the
// first field out of range.
func (s Settings) Validate() error {
	if err := ValidateIdleTimeout(s.TraineeIdleTimeout); err != nil {
		return err
	}
	if err := ValidateStaffIdleTimeout(s.StaffIdleTimeout); err != nil {
		return err
	}
	if err := ValidateMaxSigninFailures(s.MaxSigninFailures); err != nil {
		return err
	}
	return ValidateLockoutDuration(s.LockoutDuration)
}

// ValidateIdleTimeout checks TraineeIdleTimeout: whole minutes from 1 to 60.
// Returns KindInvalid with a message for the form field.
func ValidateIdleTimeout(d time.Duration) error {
	if d < MinTraineeIdleTimeout || d > MaxTraineeIdleTimeout || d%time.Minute != 0 {
		return Errorf(KindInvalid, "Enter a whole number of minutes from %d to %d.",
			int(MinTraineeIdleTimeout/time.Minute), int(MaxTraineeIdleTimeout/time.Minute)).In("err.minutes_range", "Min", int(MinTraineeIdleTimeout/time.Minute), "Max", int(MaxTraineeIdleTimeout/time.Minute))
	}
	return nil
}

// ValidateStaffIdleTimeout checks StaffIdleTimeout: whole minutes from 1 to
// 120. Returns KindInvalid with a message for the form field.
func ValidateStaffIdleTimeout(d time.Duration) error {
	if d < MinStaffIdleTimeout || d > MaxStaffIdleTimeout || d%time.Minute != 0 {
		return Errorf(KindInvalid, "Enter a whole number of minutes from %d to %d.",
			int(MinStaffIdleTimeout/time.Minute), int(MaxStaffIdleTimeout/time.Minute)).In("err.minutes_range", "Min", int(MinStaffIdleTimeout/time.Minute), "Max", int(MaxStaffIdleTimeout/time.Minute))
	}
	return nil
}

// ValidateMaxSigninFailures checks MaxSigninFailures. Returns KindInvalid.
func ValidateMaxSigninFailures(n int) error {
	if n < MinMaxSigninFailures || n > MaxMaxSigninFailures {
		return Errorf(KindInvalid, "Enter a whole number from %d to %d.", MinMaxSigninFailures, MaxMaxSigninFailures).In("err.number_range", "Min", MinMaxSigninFailures, "Max", MaxMaxSigninFailures)
	}
	return nil
}

// ValidateLockoutDuration checks LockoutDuration: whole minutes from 1 to
// 1440 (a day). Returns KindInvalid.
func ValidateLockoutDuration(d time.Duration) error {
	if d < MinLockoutDuration || d > MaxLockoutDuration || d%time.Minute != 0 {
		return Errorf(KindInvalid, "Enter a whole number of minutes from %d to %d.",
			int(MinLockoutDuration/time.Minute), int(MaxLockoutDuration/time.Minute)).In("err.minutes_range", "Min", int(MinLockoutDuration/time.Minute), "Max", int(MaxLockoutDuration/time.Minute))
	}
	return nil
}
