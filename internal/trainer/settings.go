package trainer

import "time"

// Settings are the kiosk-wide settings an administrator changes on the
// settings page. The store keeps them; a missing value reads as its default.
type Settings struct {
	// TraineeIdleTimeout signs a trainee out after this long without a
	// request, so the next person at a shared tablet starts at the sign-in
	// screen. Staff sessions are not cut short by it.
	TraineeIdleTimeout time.Duration
}

// Bounds of TraineeIdleTimeout. Under a minute a trainee reading a long
// ruling would be signed out mid-thought; over an hour the tablet is as good
// as unattended.
const (
	DefaultTraineeIdleTimeout = 5 * time.Minute
	MinTraineeIdleTimeout     = time.Minute
	MaxTraineeIdleTimeout     = time.Hour
)

// DefaultSettings returns the settings of a new kiosk.
func DefaultSettings() Settings {
	return Settings{TraineeIdleTimeout: DefaultTraineeIdleTimeout}
}

// Validate checks the settings. Returns KindInvalid with a message for the
// idle-timeout field.
func (s Settings) Validate() error {
	if s.TraineeIdleTimeout < MinTraineeIdleTimeout || s.TraineeIdleTimeout > MaxTraineeIdleTimeout ||
		s.TraineeIdleTimeout%time.Minute != 0 {
		return Errorf(KindInvalid, "Enter a whole number of minutes from %d to %d.",
			int(MinTraineeIdleTimeout/time.Minute), int(MaxTraineeIdleTimeout/time.Minute))
	}
	return nil
}
