package class

import (
	"time"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// A live question runs in phases: a preview (the round shown, no answer
// form), the answer window (a countdown on the projector and every
// tablet), then closed. The instructor may pause and go on, add time,
// close the answers early, or skip the question. Nothing of this lives in
// a process's memory: the store keeps the question's start, its timing and
// the instructor's actions with the store's own clock, and Question.At
// works the phase out from them, so that a restart or a second kiosk
// process on the same database sees the same phase at the same moment.

// Timing is how long a question's phases last: the round shown before
// answers open (Preview), and the time to answer before any time added
// (Window). It is trainer's record, which the stores keep.
type Timing = trainer.ClassTiming

// Limits of a question's timing: a preview long enough to read a full
// table's round aloud, and a window from a quick reflex to a ruling
// discussed at the tables.
const (
	DefaultPreview = 5 * time.Second
	MaxPreview     = 30 * time.Second
	MinWindow      = 5 * time.Second
	MaxWindow      = 10 * time.Minute
	MinAdd         = time.Second
	MaxAdd         = 2 * time.Minute
)

// DefaultTiming is a question's timing unless the instructor says
// otherwise: DefaultPreview, and the kind's target time in drills.toml
// (the drill's TargetSeconds, which practice's timed mode grades against)
// for the window, within MinWindow and MaxWindow.
func DefaultTiming(d *drills.Drill) Timing {
	w := time.Duration(d.TargetSeconds) * time.Second
	return Timing{Preview: DefaultPreview, Window: min(max(w, MinWindow), MaxWindow)}
}

// CheckTiming checks a timing the instructor chose: a preview of 0 to
// MaxPreview and a window of MinWindow to MaxWindow, in whole seconds.
// Returns KindInvalid.
func CheckTiming(t Timing) error {
	switch {
	case t.Preview < 0 || t.Preview > MaxPreview || t.Preview%time.Second != 0:
		return refusal(trainer.KindInvalid, "class.live.preview_range", "Min", 0, "Max", int(MaxPreview/time.Second))
	case t.Window < MinWindow || t.Window > MaxWindow || t.Window%time.Second != 0:
		return refusal(trainer.KindInvalid, "class.live.window_range", "Min", int(MinWindow/time.Second), "Max", int(MaxWindow/time.Second))
	}
	return nil
}

// Action is what the instructor does to a running question. The same word
// is stored (trainer's record).
type Action = trainer.ClassAction

const (
	ActionPause  Action = "pause"
	ActionResume Action = "resume"
	ActionAdd    Action = "add"  // add Event.Add to the answer window
	ActionLock   Action = "lock" // close the answers now
	ActionSkip   Action = "skip" // drop the question: it counts for nobody
)

// Event is one action of the instructor, at the store's time: its Action,
// At, Add (ActionAdd only) and who acted (By). It is trainer's record.
type Event = trainer.ClassEvent

// Question is one question of a live drill as the store keeps it: what
// makes its drill (Number, Game, Kind, Level, Seed, House, RulesVersion,
// and the drill's Skill and TargetSeconds), when it started (Start), its
// Timing and the instructor's actions since (Events), in the order
// recorded. It is defined on trainer's record, so that a question read
// from the store is one without copying: (*Question)(rec).
type Question trainer.ClassQuestion

// Phase is where a question stands.
type Phase int

const (
	PhasePreview Phase = iota // the round shown; answers not open yet
	PhaseOpen                 // answers open
	PhaseLocked               // answers closed: the results show
	PhaseSkipped              // dropped by the instructor
)

var phaseNames = [...]string{"preview", "open", "locked", "skipped"}

// String names the phase for logs, tests and the event stream; pages say it
// with the catalogue's class.phase.<name>.
func (p Phase) String() string {
	if p < 0 || int(p) >= len(phaseNames) {
		return "unknown"
	}
	return phaseNames[p]
}

// State is a question at one moment.
type State struct {
	Phase Phase
	// Paused is set while the instructor holds the question (in the
	// preview or with answers open): the clock stands still and no answer
	// is taken.
	Paused bool
	// Left is the time until the phase ends (the preview until answers
	// open, the window until they close), standing still while paused; 0
	// once the answers are closed or the question skipped.
	Left time.Duration
	// Window is the answer window with the time added so far.
	Window time.Duration
	// Opened is when the answers opened, zero before; Closed when they
	// closed or the question was skipped, zero before.
	Opened, Closed time.Time
}

// Accepts reports whether an answer is taken in this state: answers open
// and not paused.
func (s State) Accepts() bool { return s.Phase == PhaseOpen && !s.Paused }

// Admits reports whether a trainee who joins in this state takes this
// question: only during the preview, with the whole answer window ahead.
// Later, they wait for the next question, so that nobody answers with less
// time than the rest.
func (s State) Admits() bool { return s.Phase == PhasePreview }

// At works out q's state at now from its start, timing and events. Events
// later than now are not applied yet. An event recorded out of order (a
// second process's clock a moment behind) counts from the moment of the
// event before it, and one the phase did not allow (Check would have
// refused it: two instructors' taps crossing) is ignored, so that every
// process reading the same rows agrees.
func (q *Question) At(now time.Time) State { return q.play(now).State }

// play replays q's events up to now and runs its clock to now.
func (q *Question) play(now time.Time) *clock {
	c := q.clock()
	for _, e := range q.Events {
		at := e.At
		if at.Before(c.t) {
			at = c.t
		}
		if at.After(now) {
			break
		}
		c.run(at)
		if c.check(e) == nil {
			c.apply(e, at)
		}
	}
	c.run(now)
	return c
}

// clock is a question's state being worked out, at time t.
type clock struct {
	State
	t time.Time
}

func (q *Question) clock() *clock {
	c := &clock{State: State{Phase: PhasePreview, Left: max(q.Timing.Preview, 0), Window: q.Timing.Window}, t: q.Start}
	c.turn()
	return c
}

// turn moves to the next phase when the current one has no time left.
func (c *clock) turn() {
	if c.Phase == PhasePreview && c.Left <= 0 {
		c.Phase, c.Opened, c.Left = PhaseOpen, c.t, c.Window
	}
	if c.Phase == PhaseOpen && c.Left <= 0 {
		c.Phase, c.Closed, c.Left = PhaseLocked, c.t, 0
	}
}

// run lets the clock run to moment to.
func (c *clock) run(to time.Time) {
	for c.t.Before(to) && (c.Phase == PhasePreview || c.Phase == PhaseOpen) && !c.Paused {
		d := to.Sub(c.t)
		if d < c.Left {
			c.Left -= d
			c.t = to
			return
		}
		c.t = c.t.Add(c.Left)
		c.Left = 0
		c.turn()
	}
	if c.t.Before(to) { // paused, closed or skipped: only time passes
		c.t = to
	}
}

// check refuses e in the current state. A closed question may still be
// skipped: a question found wrong once its results show is thrown out.
func (c *clock) check(e Event) error {
	switch {
	case c.Phase == PhaseSkipped:
		return refusal(trainer.KindConflict, "class.live.skipped")
	case c.Phase == PhaseLocked && e.Action != ActionSkip:
		return refusal(trainer.KindConflict, "class.live.closed")
	}
	switch e.Action {
	case ActionPause:
		if c.Paused {
			return refusal(trainer.KindConflict, "class.live.paused_already")
		}
	case ActionResume:
		if !c.Paused {
			return refusal(trainer.KindConflict, "class.live.not_paused")
		}
	case ActionAdd:
		if e.Add < MinAdd || e.Add > MaxAdd || e.Add%time.Second != 0 {
			return refusal(trainer.KindInvalid, "class.live.add_range", "Min", int(MinAdd/time.Second), "Max", int(MaxAdd/time.Second))
		}
		if c.Window+e.Add > MaxWindow {
			return refusal(trainer.KindConflict, "class.live.window_max")
		}
	case ActionLock:
		if c.Phase == PhasePreview {
			return refusal(trainer.KindConflict, "class.live.lock_preview")
		}
	case ActionSkip:
	default:
		return refusal(trainer.KindInvalid, "class.live.action")
	}
	return nil
}

func (c *clock) apply(e Event, at time.Time) {
	switch e.Action {
	case ActionPause:
		c.Paused = true
	case ActionResume:
		c.Paused = false
	case ActionAdd:
		c.Window += e.Add
		if c.Phase == PhaseOpen {
			c.Left += e.Add
		}
	case ActionLock:
		c.Phase, c.Closed, c.Left, c.Paused = PhaseLocked, at, 0, false
	case ActionSkip:
		c.Phase, c.Left, c.Paused = PhaseSkipped, 0, false
		if c.Closed.IsZero() {
			c.Closed = at
		}
	}
}

// Check refuses the instructor's action e, at e.At, on q as it stands with
// the events recorded so far: pausing a paused question, going on with one
// that is not paused, adding time beyond MaxWindow or outside MinAdd to
// MaxAdd seconds, closing answers that have not opened (skip instead),
// anything on a skipped question, and anything but a skip once the answers
// are closed. Returns KindConflict, or KindInvalid for an unknown action or
// an amount of time out of range. The store calls it in the transaction
// that records e.
func (q *Question) Check(e Event) error {
	at := e.At // after every event recorded, as At will read it
	for _, old := range q.Events {
		if old.At.After(at) {
			at = old.At
		}
	}
	return q.play(at).check(e)
}

// Answer returns the time an answer given at moment at took, counted from
// when the answers opened with the pauses left out, or the refusal: the
// preview is still on, the question is paused, the answers are closed, or
// the question was skipped. Returns KindConflict.
func (q *Question) Answer(at time.Time) (time.Duration, error) {
	s := q.At(at)
	switch {
	case s.Phase == PhasePreview:
		return 0, refusal(trainer.KindConflict, "class.live.not_open")
	case s.Phase == PhaseLocked:
		return 0, refusal(trainer.KindConflict, "class.live.closed")
	case s.Phase == PhaseSkipped:
		return 0, refusal(trainer.KindConflict, "class.live.skipped")
	case s.Paused:
		return 0, refusal(trainer.KindConflict, "class.live.answer_paused")
	}
	return s.Window - s.Left, nil
}
