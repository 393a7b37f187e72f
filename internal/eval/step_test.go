package eval_test

import (
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestStep checks what the dashboard says each certification waits for,
// and the date it shows with it, along the paths of TestCertification.
func TestStep(t *testing.T) {
	t.Parallel()
	var (
		fail1  = ev(1, trainer.EventExamFailed, 0, 0)
		fail2  = ev(2, trainer.EventExamFailed, 3, 0)
		fail3  = ev(3, trainer.EventExamFailed, 6, 0)
		pass1  = ev(4, trainer.EventExamPassed, 8, 0)
		exPass = ev(1, trainer.EventExamPassed, 0, 0)
		grant  = ev(3, trainer.EventTablePass, 10, 0)
	)
	tests := []struct {
		name      string
		events    []trainer.CertEvent
		refresher time.Time
		now       time.Time
		step      eval.Step
		date      time.Time
	}{
		{name: "nothing yet", now: at(0, 0), step: eval.StepInTraining},
		{name: "failed: the next sitting after the wait", events: []trainer.CertEvent{fail1}, now: at(1, 0),
			step: eval.StepExamFailed, date: at(2, 0)},
		{name: "failed, the wait over: still the failure, and when it opened", events: []trainer.CertEvent{fail1}, now: at(5, 0),
			step: eval.StepExamFailed, date: at(2, 0)},
		{name: "failed three times: the last failure", events: []trainer.CertEvent{fail1, fail2, fail3}, now: at(7, 0),
			step: eval.StepExamFailed, date: at(6, 0)},
		{name: "failed three times, another sitting allowed", now: at(7, 0),
			events: []trainer.CertEvent{fail1, fail2, fail3, ev(5, trainer.EventRetakeAllowed, 6, 5)},
			step:   eval.StepInTraining, date: at(0, 0)},
		{name: "failed, then passed: the table test", events: []trainer.CertEvent{fail1, pass1}, now: at(9, 0),
			step: eval.StepTableTest, date: at(8, 0)},
		{name: "the table test failed: still the table test", now: at(9, 0),
			events: []trainer.CertEvent{pass1, ev(5, trainer.EventTableFail, 8, 2)},
			step:   eval.StepTableTest, date: at(8, 0)},
		{name: "certified: until the expiry", events: []trainer.CertEvent{exPass, grant}, now: at(11, 0),
			step: eval.StepCertified, date: expires},
		{name: "due: the expiry", events: []trainer.CertEvent{exPass, grant}, now: dueFrom,
			step: eval.StepDue, date: expires},
		{name: "due, the recertification exam failed: still due", now: dueFrom.Add(2 * time.Hour),
			events: []trainer.CertEvent{exPass, grant, {ID: 5, UserID: trainee, Game: "uth", Kind: trainer.EventExamFailed, At: dueFrom.Add(time.Hour)}},
			step:   eval.StepDue, date: expires},
		{name: "due, the recertification exam passed: the table test", now: at(371, 0),
			events: []trainer.CertEvent{exPass, grant, ev(5, trainer.EventExamPassed, 370, 0)},
			step:   eval.StepTableTest, date: at(370, 0)},
		{name: "expired", events: []trainer.CertEvent{exPass, grant}, now: expires.Add(time.Hour),
			step: eval.StepExpired, date: expires},
		{name: "expired, refresher done, exam failed: the next sitting", refresher: expires.AddDate(0, 0, 1),
			events: []trainer.CertEvent{exPass, grant, {ID: 6, UserID: trainee, Game: "uth", Kind: trainer.EventExamFailed, At: expires.AddDate(0, 0, 2)}},
			now:    expires.AddDate(0, 0, 3), step: eval.StepExamFailed, date: expires.AddDate(0, 0, 4)},
		{name: "revoked", events: []trainer.CertEvent{exPass, grant, ev(4, trainer.EventRevoked, 40, 0)}, now: at(41, 0),
			step: eval.StepRevoked, date: at(40, 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := eval.Certification(eval.CertHistory{Events: tt.events, RefresherAt: tt.refresher}, policy, tt.now)
			if got := st.Step(); got != tt.step {
				t.Errorf("Step() = %s (state %s); want %s", got, st.State, tt.step)
			}
			if got := st.StepDate(); !got.Equal(tt.date) {
				t.Errorf("StepDate() = %v; want %v", got, tt.date)
			}
		})
	}
	for _, s := range eval.Steps {
		if s.Label() == string(s) {
			t.Errorf("step %s has no label", s)
		}
	}
}
