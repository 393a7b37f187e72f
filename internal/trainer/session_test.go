package trainer_test

import (
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

func TestSessionEnded(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	st := trainer.DefaultSettings()
	session := func(role trainer.Role, active bool) *trainer.Session {
		return &trainer.Session{
			User:      &trainer.User{Role: role, Active: active},
			CreatedAt: t0, LastSeenAt: t0, ExpiresAt: t0.Add(trainer.SessionLifetime),
		}
	}
	tests := []struct {
		s     *trainer.Session
		after time.Duration
		want  trainer.EndReason
	}{
		{session(trainer.RoleTrainee, true), 4*time.Minute + 59*time.Second, trainer.SessionLive},
		{session(trainer.RoleTrainee, true), 5 * time.Minute, trainer.SessionIdle},
		// Staff have their own timeout, 15 minutes by default.
		{session(trainer.RoleManager, true), 14*time.Minute + 59*time.Second, trainer.SessionLive},
		{session(trainer.RoleManager, true), 15 * time.Minute, trainer.SessionStaffIdle},
		{session(trainer.RoleAdministrator, true), 15 * time.Minute, trainer.SessionStaffIdle},
		{session(trainer.RoleAdministrator, true), trainer.SessionLifetime, trainer.SessionExpired},
		{session(trainer.RoleTrainee, false), 0, trainer.SessionDeactivated},
	}
	for _, tt := range tests {
		if got := tt.s.Ended(t0.Add(tt.after), st); got != tt.want {
			t.Errorf("%s session after %v: Ended = %v; want %v", tt.s.User.Role, tt.after, got, tt.want)
		}
	}
}
