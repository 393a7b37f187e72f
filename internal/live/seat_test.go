package live

import (
	"errors"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

func TestRejoined(t *testing.T) {
	tests := []struct {
		name         string
		has, running bool
		was, now     int
		want         bool
	}{
		{"joined elsewhere since", false, true, 3, 4, true},
		{"nobody joined", false, true, 3, 3, false},
		{"already in", true, true, 3, 4, false},
		{"no drill", false, false, 3, 0, false},
		{"a new drill, fewer joined", false, true, 5, 1, true},
	}
	for _, tt := range tests {
		if got := rejoined(tt.has, tt.running, tt.was, tt.now); got != tt.want {
			t.Errorf("%s: rejoined(%t, %t, %d, %d) = %t; want %t", tt.name, tt.has, tt.running, tt.was, tt.now, got, tt.want)
		}
	}
}

func TestTouchDue(t *testing.T) {
	t0 := time.Date(2026, 12, 6, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		running bool
		since   time.Duration
		want    bool
	}{
		{"running, a minute on", true, time.Minute, true},
		{"running, just touched", true, 59 * time.Second, false},
		{"between drills", false, time.Hour, false},
		{"running, long since", true, 10 * time.Minute, true},
	}
	for _, tt := range tests {
		if got := touchDue(tt.running, t0.Add(tt.since), t0); got != tt.want {
			t.Errorf("%s: touchDue(%t, +%v) = %t; want %t", tt.name, tt.running, tt.since, got, tt.want)
		}
	}
	// A stream's first beat (KeepSignedIn starts from the zero time).
	if !touchDue(true, t0, time.Time{}) {
		t.Error("touchDue(running, never touched) = false; want true")
	}
	if touchDue(false, t0, time.Time{}) {
		t.Error("touchDue(between drills, never touched) = true; want false")
	}
}

func TestKeptSignedIn(t *testing.T) {
	busy := errors.New("database is locked")
	tests := []struct {
		name        string
		end         trainer.EndReason
		err         error
		want        bool
		wantTouched bool
	}{
		{"live", trainer.SessionLive, nil, true, true},
		{"ended idle", trainer.SessionIdle, nil, false, true},
		{"signed out elsewhere", trainer.SessionLive, trainer.Errorf(trainer.KindUnauthorized, "Your session has ended: sign in again."), false, false},
		{"the store busy: tried again", trainer.SessionLive, busy, true, false},
	}
	for _, tt := range tests {
		touched := false
		if got := keptSignedIn(tt.end, tt.err, func() { touched = true }); got != tt.want || touched != tt.wantTouched {
			t.Errorf("%s: keptSignedIn = %t, touched %t; want %t, touched %t", tt.name, got, touched, tt.want, tt.wantTouched)
		}
	}
}
