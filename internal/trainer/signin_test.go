package trainer_test

import (
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

func TestSigninLimits_HoldFor(t *testing.T) {
	t.Parallel()
	lim := trainer.LimitsOf(trainer.DefaultSettings())
	m := time.Minute
	tests := []struct {
		scope trainer.HoldScope
		staff bool
		want  []time.Duration // by strike, from 1
	}{
		{trainer.HoldPair, false, []time.Duration{15 * m, 30 * m, 60 * m, 120 * m, 240 * m, 480 * m, 960 * m, 1440 * m, 1440 * m}},
		{trainer.HoldAccount, false, []time.Duration{15 * m, 30 * m, 60 * m, 120 * m}},
		{trainer.HoldPair, true, []time.Duration{15 * m, 30 * m, 60 * m, 60 * m, 60 * m}},
		{trainer.HoldAccount, true, []time.Duration{15 * m, 30 * m, 60 * m, 60 * m}},
		{trainer.HoldDevice, false, []time.Duration{10 * m, 20 * m, 40 * m, 80 * m, 160 * m, 240 * m, 240 * m}},
	}
	for _, tt := range tests {
		for i, want := range tt.want {
			if got := lim.HoldFor(tt.scope, tt.staff, i+1); got != want {
				t.Errorf("HoldFor(%v, staff %v, strike %d) = %v; want %v", tt.scope, tt.staff, i+1, got, want)
			}
		}
	}
	// A longer setting is the administrator's choice, for staff too.
	st := trainer.DefaultSettings()
	st.LockoutDuration = 2 * time.Hour
	if got := trainer.LimitsOf(st).HoldFor(trainer.HoldPair, true, 3); got != 2*time.Hour {
		t.Errorf("staff hold under a 2-hour setting = %v; want 2h", got)
	}
}

func TestSigninLimits_Reached(t *testing.T) {
	t.Parallel()
	lim := trainer.LimitsOf(trainer.DefaultSettings())
	tests := []struct {
		scope             trainer.HoldScope
		failures, devices int
		want              bool
	}{
		{trainer.HoldPair, 4, 1, false},
		{trainer.HoldPair, 5, 1, true},
		{trainer.HoldAccount, 40, 2, false}, // two devices never lock everywhere
		{trainer.HoldAccount, 9, 3, false},
		{trainer.HoldAccount, 10, 3, true},
		{trainer.HoldDevice, 29, 1, false},
		{trainer.HoldDevice, 30, 1, true},
	}
	for _, tt := range tests {
		if got := lim.Reached(tt.scope, tt.failures, tt.devices); got != tt.want {
			t.Errorf("Reached(%v, %d failures, %d devices) = %v; want %v", tt.scope, tt.failures, tt.devices, got, tt.want)
		}
	}
}

func TestNameAccount(t *testing.T) {
	t.Parallel()
	if trainer.NameAccount("Nobody Here") != trainer.NameAccount("  nobody   HERE ") {
		t.Error("NameAccount differs for the same name typed otherwise")
	}
	if trainer.NameAccount("Nobody Here") == trainer.NameAccount("Nobody There") {
		t.Error("NameAccount is the same for two names")
	}
}
