package class_test

import (
	"math"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/drills"
)

var t0 = time.Date(2027, 3, 2, 9, 0, 0, 0, time.UTC)

// at is t0 plus s seconds.
func at(s float64) time.Time { return t0.Add(sec(s)) }

func sec(s float64) time.Duration { return time.Duration(math.Round(s * float64(time.Second))) }

func ev(a class.Action, s float64) class.Event { return class.Event{Action: a, At: at(s)} }

func add(s, d float64) class.Event {
	return class.Event{Action: class.ActionAdd, At: at(s), Add: sec(d)}
}

// question is a payout question as the tests run it: a 5 s preview and a
// 12 s window from t0.
func question(events ...class.Event) *class.Question {
	return &class.Question{Number: 1, Game: "uth", Kind: "payout", Level: 1, Seed: 7, Start: t0,
		Timing: class.Timing{Preview: 5 * time.Second, Window: 12 * time.Second}, Events: events}
}

func TestQuestionAt(t *testing.T) {
	t.Parallel()
	never := time.Time{}
	st := func(p class.Phase, paused bool, left, window float64, opened, closed time.Time) class.State {
		return class.State{Phase: p, Paused: paused, Left: sec(left), Window: sec(window), Opened: opened, Closed: closed}
	}
	tests := []struct {
		name   string
		q      *class.Question
		now    float64
		want   class.State
		accept bool
	}{
		{"start: the preview", question(), 0, st(class.PhasePreview, false, 5, 12, never, never), false},
		{"a moment before answers open", question(), 4.999, st(class.PhasePreview, false, 0.001, 12, never, never), false},
		{"answers open at the preview's end", question(), 5, st(class.PhaseOpen, false, 12, 12, at(5), never), true},
		{"answers open", question(), 11, st(class.PhaseOpen, false, 6, 12, at(5), never), true},
		{"a moment before the window ends", question(), 16.999, st(class.PhaseOpen, false, 0.001, 12, at(5), never), true},
		{"closed when the window ends", question(), 17, st(class.PhaseLocked, false, 0, 12, at(5), at(17)), false},
		{"closed long after", question(), 3600, st(class.PhaseLocked, false, 0, 12, at(5), at(17)), false},
		{"before the start (a clock behind)", question(), -2, st(class.PhasePreview, false, 5, 12, never, never), false},

		{"paused with answers open: the clock stands", question(ev(class.ActionPause, 8)), 15,
			st(class.PhaseOpen, true, 9, 12, at(5), never), false},
		{"paused long past the window's end", question(ev(class.ActionPause, 8)), 600,
			st(class.PhaseOpen, true, 9, 12, at(5), never), false},
		{"going on after a pause", question(ev(class.ActionPause, 8), ev(class.ActionResume, 20)), 21,
			st(class.PhaseOpen, false, 8, 12, at(5), never), true},
		{"a pause moves the end", question(ev(class.ActionPause, 8), ev(class.ActionResume, 20)), 29,
			st(class.PhaseLocked, false, 0, 12, at(5), at(29)), false},
		{"paused in the preview", question(ev(class.ActionPause, 2)), 9,
			st(class.PhasePreview, true, 3, 12, never, never), false},
		{"a paused preview opens later", question(ev(class.ActionPause, 2), ev(class.ActionResume, 10)), 13,
			st(class.PhaseOpen, false, 12, 12, at(13), never), true},
		{"time added with answers open", question(add(8, 10)), 26,
			st(class.PhaseOpen, false, 1, 22, at(5), never), true},
		{"time added closes later", question(add(8, 10)), 27,
			st(class.PhaseLocked, false, 0, 22, at(5), at(27)), false},
		{"time added in the preview lengthens the window", question(add(1, 10)), 6,
			st(class.PhaseOpen, false, 21, 22, at(5), never), true},
		{"time added while paused", question(ev(class.ActionPause, 8), add(9, 30)), 40,
			st(class.PhaseOpen, true, 39, 42, at(5), never), false},
		{"closed early", question(ev(class.ActionLock, 9)), 10,
			st(class.PhaseLocked, false, 0, 12, at(5), at(9)), false},
		{"closed early while paused", question(ev(class.ActionPause, 8), ev(class.ActionLock, 30)), 31,
			st(class.PhaseLocked, false, 0, 12, at(5), at(30)), false},
		{"skipped in the preview", question(ev(class.ActionSkip, 2)), 3,
			st(class.PhaseSkipped, false, 0, 12, never, at(2)), false},
		{"skipped with answers open", question(ev(class.ActionSkip, 9)), 10,
			st(class.PhaseSkipped, false, 0, 12, at(5), at(9)), false},
		{"skipped after the lock: closed when it locked", question(ev(class.ActionSkip, 40)), 41,
			st(class.PhaseSkipped, false, 0, 12, at(5), at(17)), false},
		{"no preview: answers open at the start", &class.Question{Start: t0, Timing: class.Timing{Window: 12 * time.Second}}, 0,
			st(class.PhaseOpen, false, 12, 12, at(0), never), true},
		{"an event after now is not applied yet", question(ev(class.ActionLock, 9)), 8,
			st(class.PhaseOpen, false, 9, 12, at(5), never), true},

		// What Check refuses, if recorded all the same (two taps crossing), changes nothing.
		{"a second pause", question(ev(class.ActionPause, 8), ev(class.ActionPause, 10), ev(class.ActionResume, 12)), 13,
			st(class.PhaseOpen, false, 8, 12, at(5), never), true},
		{"going on unpaused", question(ev(class.ActionResume, 8)), 9,
			st(class.PhaseOpen, false, 8, 12, at(5), never), true},
		{"time added after the lock", question(add(18, 10)), 20,
			st(class.PhaseLocked, false, 0, 12, at(5), at(17)), false},
		{"a pause at the very moment of the lock", question(ev(class.ActionPause, 17)), 18,
			st(class.PhaseLocked, false, 0, 12, at(5), at(17)), false},
		{"closing in the preview", question(ev(class.ActionLock, 2)), 6,
			st(class.PhaseOpen, false, 11, 12, at(5), never), true},
		{"an unknown action", question(class.Event{Action: "rewind", At: at(8)}), 9,
			st(class.PhaseOpen, false, 8, 12, at(5), never), true},

		// Events recorded out of order count from the event before them.
		{"going on a moment before the pause (a clock behind)", question(ev(class.ActionPause, 8), ev(class.ActionResume, 7.9)), 10,
			st(class.PhaseOpen, false, 7, 12, at(5), never), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.q.At(at(tt.now))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("At(%vs) (-want +got):\n%s", tt.now, diff)
			}
			if got.Accepts() != tt.accept {
				t.Errorf("At(%vs).Accepts() = %v; want %v", tt.now, got.Accepts(), tt.accept)
			}
		})
	}
}

func TestQuestionAnswer(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		q     *class.Question
		now   float64
		taken float64
		id    string
	}{
		{"in the preview", question(), 4, 0, "class.live.not_open"},
		{"as answers open", question(), 5, 0, ""},
		{"in the window", question(), 11.25, 6.25, ""},
		{"at the window's end", question(), 17, 0, "class.live.closed"},
		{"paused", question(ev(class.ActionPause, 8)), 10, 0, "class.live.answer_paused"},
		{"after a pause, the pause not counted", question(ev(class.ActionPause, 8), ev(class.ActionResume, 20)), 22, 5, ""},
		{"in time added", question(add(16, 10)), 20, 15, ""},
		{"closed early", question(ev(class.ActionLock, 9)), 9, 0, "class.live.closed"},
		{"skipped", question(ev(class.ActionSkip, 9)), 10, 0, "class.live.skipped"},
	}
	for _, tt := range tests {
		taken, err := tt.q.Answer(at(tt.now))
		if got := refusalID(t, err); got != tt.id || taken != sec(tt.taken) {
			t.Errorf("%s: Answer(%vs) = %v, %q; want %v, %q", tt.name, tt.now, taken, got, sec(tt.taken), tt.id)
		}
	}
}

func TestQuestionCheck(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		q    *class.Question
		e    class.Event
		id   string
	}{
		{"pause in the preview", question(), ev(class.ActionPause, 1), ""},
		{"pause with answers open", question(), ev(class.ActionPause, 8), ""},
		{"pause when paused", question(ev(class.ActionPause, 8)), ev(class.ActionPause, 9), "class.live.paused_already"},
		{"go on when paused", question(ev(class.ActionPause, 8)), ev(class.ActionResume, 60), ""},
		{"go on when not paused", question(), ev(class.ActionResume, 8), "class.live.not_paused"},
		{"go on, recorded a moment before the pause", question(ev(class.ActionPause, 8)), ev(class.ActionResume, 7.5), ""},
		{"add 30 s", question(), add(8, 30), ""},
		{"add in the preview", question(), add(1, 30), ""},
		{"add nothing", question(), add(8, 0), "class.live.add_range"},
		{"add too much at once", question(), add(8, 121), "class.live.add_range"},
		{"add part of a second", question(), add(8, 1.5), "class.live.add_range"},
		{"add past the longest window", question(add(6, 120), add(7, 120), add(8, 120), add(9, 120)), add(10, 120), "class.live.window_max"},
		{"add up to the longest window", question(add(6, 120), add(7, 120), add(8, 120), add(9, 108)), add(10, 120), ""},
		{"close answers early", question(), ev(class.ActionLock, 9), ""},
		{"close answers in the preview", question(), ev(class.ActionLock, 2), "class.live.lock_preview"},
		{"close answers when closed", question(), ev(class.ActionLock, 20), "class.live.closed"},
		{"add time when closed", question(ev(class.ActionLock, 9)), add(10, 10), "class.live.closed"},
		{"pause when closed", question(), ev(class.ActionPause, 17), "class.live.closed"},
		{"skip in the preview", question(), ev(class.ActionSkip, 1), ""},
		{"skip when closed", question(), ev(class.ActionSkip, 60), ""},
		{"skip when skipped", question(ev(class.ActionSkip, 9)), ev(class.ActionSkip, 10), "class.live.skipped"},
		{"go on when skipped", question(ev(class.ActionPause, 8), ev(class.ActionSkip, 9)), ev(class.ActionResume, 10), "class.live.skipped"},
		{"an unknown action", question(), class.Event{Action: "rewind", At: at(8)}, "class.live.action"},
	}
	for _, tt := range tests {
		if got := refusalID(t, tt.q.Check(tt.e)); got != tt.id {
			t.Errorf("%s: Check = %q; want %q", tt.name, got, tt.id)
		}
	}
}

func TestStateAdmits(t *testing.T) {
	t.Parallel()
	q := question()
	for _, tt := range []struct {
		now  float64
		want bool
	}{{0, true}, {4.9, true}, {5, false}, {20, false}} {
		if got := q.At(at(tt.now)).Admits(); got != tt.want {
			t.Errorf("At(%vs).Admits() = %v; want %v", tt.now, got, tt.want)
		}
	}
}

func TestTiming(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		target int
		want   time.Duration
	}{{12, 12 * time.Second}, {25, 25 * time.Second}, {3, class.MinWindow}, {0, class.MinWindow}, {3600, class.MaxWindow}} {
		got := class.DefaultTiming(&drills.Drill{TargetSeconds: tt.target})
		if got != (class.Timing{Preview: class.DefaultPreview, Window: tt.want}) {
			t.Errorf("DefaultTiming(target %d s) = %+v; want a 5 s preview and a %v window", tt.target, got, tt.want)
		}
		if err := class.CheckTiming(got); err != nil {
			t.Errorf("CheckTiming(DefaultTiming(target %d s)) = %v", tt.target, err)
		}
	}
	tests := []struct {
		t  class.Timing
		id string
	}{
		{class.Timing{Preview: 0, Window: 5 * time.Second}, ""},
		{class.Timing{Preview: 30 * time.Second, Window: 10 * time.Minute}, ""},
		{class.Timing{Preview: -time.Second, Window: 12 * time.Second}, "class.live.preview_range"},
		{class.Timing{Preview: 31 * time.Second, Window: 12 * time.Second}, "class.live.preview_range"},
		{class.Timing{Preview: 2500 * time.Millisecond, Window: 12 * time.Second}, "class.live.preview_range"},
		{class.Timing{Preview: 5 * time.Second, Window: 4 * time.Second}, "class.live.window_range"},
		{class.Timing{Preview: 5 * time.Second, Window: 10*time.Minute + time.Second}, "class.live.window_range"},
	}
	for _, tt := range tests {
		if got := refusalID(t, class.CheckTiming(tt.t)); got != tt.id {
			t.Errorf("CheckTiming(%+v) = %q; want %q", tt.t, got, tt.id)
		}
	}
	err := class.CheckTiming(class.Timing{Window: time.Second})
	if want := "An answer window lasts from 5 to 600 seconds."; err == nil || err.Error() != want {
		t.Errorf("CheckTiming says %v; want %q", err, want)
	}
}

func TestPhaseString(t *testing.T) {
	t.Parallel()
	for p, want := range map[class.Phase]string{class.PhasePreview: "preview", class.PhaseOpen: "open", class.PhaseLocked: "locked",
		class.PhaseSkipped: "skipped", class.Phase(9): "unknown"} {
		if got := p.String(); got != want {
			t.Errorf("Phase(%d).String() = %q; want %q", int(p), got, want)
		}
	}
}
