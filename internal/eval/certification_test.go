package eval_test

import (
	"strings"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// policy is the shipped policy: three sittings per cycle, 48 hours apart,
// 12 months valid, due 30 days before.
var policy = rulebook.Policy{Retakes: 2, RetakeWaitHours: 48, ValidityMonths: 12, DueDays: 30}

const (
	trainee = 7
	manager = 2
)

// ev is one event at day d (and hour h) after t0, by the manager when it
// needs one.
func ev(id int64, kind trainer.CertEventKind, d, h int) trainer.CertEvent {
	e := trainer.CertEvent{ID: id, UserID: trainee, Game: "uth", Kind: kind, At: t0.AddDate(0, 0, d).Add(time.Duration(h) * time.Hour)}
	switch kind {
	case trainer.EventTablePass, trainer.EventTableFail, trainer.EventTableRetest, trainer.EventRevoked, trainer.EventRetakeAllowed:
		e.ActorID = manager
	}
	return e
}

func at(d, h int) time.Time { return t0.AddDate(0, 0, d).Add(time.Duration(h) * time.Hour) }

// The dates of a certificate granted on day 10.
var (
	granted = at(10, 0)
	expires = granted.AddDate(1, 0, 0)
	dueFrom = expires.AddDate(0, 0, -30)
)

func TestCertification(t *testing.T) {
	t.Parallel()
	var (
		fail1  = ev(1, trainer.EventExamFailed, 0, 0)
		pass1  = ev(2, trainer.EventExamPassed, 1, 0)
		grant  = ev(3, trainer.EventTablePass, 10, 0)
		exPass = ev(1, trainer.EventExamPassed, 0, 0)
	)
	tests := []struct {
		name      string
		events    []trainer.CertEvent
		refresher time.Time
		now       time.Time
		state     eval.CertState
		since     time.Time
		canStart  bool
		blocked   string // a fragment of the reason, when !canStart
		check     func(t *testing.T, st eval.CertStatus)
	}{
		{name: "nothing yet", now: at(0, 0), state: eval.StateInTraining, canStart: true,
			check: func(t *testing.T, st eval.CertStatus) {
				if st.SittingsLeft != 3 || st.CanSignOff || st.CanRevoke {
					t.Errorf("sittings left %d, sign-off %v, revoke %v; want 3, false, false", st.SittingsLeft, st.CanSignOff, st.CanRevoke)
				}
			}},
		{name: "failed exam: a retake too early", events: []trainer.CertEvent{fail1}, now: at(1, 23),
			state: eval.StateInTraining, since: at(0, 0), blocked: "48 hours after the last",
			check: func(t *testing.T, st eval.CertStatus) {
				if !st.NextExamAt.Equal(at(2, 0)) || st.SittingsLeft != 2 {
					t.Errorf("next exam %v, left %d; want %v, 2", st.NextExamAt, st.SittingsLeft, at(2, 0))
				}
			}},
		{name: "failed exam: the wait is over", events: []trainer.CertEvent{fail1}, now: at(2, 0),
			state: eval.StateInTraining, since: at(0, 0), canStart: true},
		{name: "three failed sittings: a manager must allow another",
			events: []trainer.CertEvent{fail1, ev(2, trainer.EventExamFailed, 3, 0), ev(3, trainer.EventExamFailed, 6, 0)},
			now:    at(30, 0), state: eval.StateInTraining, since: at(0, 0), blocked: "a manager must allow another",
			check: func(t *testing.T, st eval.CertStatus) {
				if !st.NeedsAllowance || st.SittingsLeft != 0 {
					t.Errorf("needs allowance %v, left %d; want true, 0", st.NeedsAllowance, st.SittingsLeft)
				}
			}},
		{name: "the manager allowed another sitting",
			events: []trainer.CertEvent{fail1, ev(2, trainer.EventExamFailed, 3, 0), ev(3, trainer.EventExamFailed, 6, 0),
				ev(4, trainer.EventRetakeAllowed, 6, 1)},
			now: at(6, 2), state: eval.StateInTraining, since: at(0, 0), canStart: true,
			check: func(t *testing.T, st eval.CertStatus) {
				if st.NeedsAllowance || st.SittingsLeft != 3 {
					t.Errorf("needs allowance %v, left %d; want false, 3 (a new cycle, the wait lifted)", st.NeedsAllowance, st.SittingsLeft)
				}
			}},
		{name: "exam passed: the table test is next", events: []trainer.CertEvent{fail1, pass1}, now: at(2, 0),
			state: eval.StateExamPassed, since: at(1, 0), blocked: "table test",
			check: func(t *testing.T, st eval.CertStatus) {
				if !st.CanSignOff || st.PendingExam == nil || st.PendingExam.ID != 2 {
					t.Errorf("sign-off %v, pending %+v; want the exam of day 1 waiting", st.CanSignOff, st.PendingExam)
				}
			}},
		{name: "table test failed: the exam pass still waits",
			events: []trainer.CertEvent{pass1, ev(3, trainer.EventTableFail, 3, 0)}, now: at(4, 0),
			state: eval.StateExamPassed, since: at(1, 0), blocked: "table test",
			check: func(t *testing.T, st eval.CertStatus) {
				if !st.CanSignOff || st.LastTableTest == nil || st.LastTableTest.Kind != trainer.EventTableFail || st.Grant != nil {
					t.Errorf("sign-off %v, last table test %+v, grant %+v; want the failed test shown, no grant", st.CanSignOff, st.LastTableTest, st.Grant)
				}
			}},
		{name: "table test to be taken again",
			events: []trainer.CertEvent{pass1, ev(3, trainer.EventTableRetest, 3, 0)}, now: at(4, 0),
			state: eval.StateExamPassed, since: at(1, 0), blocked: "table test"},
		{name: "failed table test, then passed: certified",
			events: []trainer.CertEvent{fail1, pass1, ev(4, trainer.EventTableFail, 5, 0), grant}, now: at(11, 0),
			state: eval.StateCertified, since: granted, blocked: "recertification exam opens",
			check: func(t *testing.T, st eval.CertStatus) {
				if st.Grant == nil || st.Grant.ActorID != manager || !st.Expires.Equal(expires) || !st.CanRevoke || st.CanSignOff {
					t.Errorf("grant %+v, expires %v, revoke %v, sign-off %v; want the manager's grant, %v, revocable", st.Grant, st.Expires, st.CanRevoke, st.CanSignOff, expires)
				}
			}},
		{name: "a table test with no exam passed grants nothing",
			events: []trainer.CertEvent{fail1, ev(2, trainer.EventTablePass, 1, 0)}, now: at(3, 0),
			state: eval.StateInTraining, since: at(0, 0), canStart: true},
		{name: "certified: the day before it falls due", events: []trainer.CertEvent{exPass, grant},
			now: dueFrom.Add(-time.Second), state: eval.StateCertified, since: granted, blocked: "recertification"},
		{name: "due: the recertification exam opens", events: []trainer.CertEvent{exPass, grant},
			now: dueFrom, state: eval.StateDue, since: dueFrom, canStart: true,
			check: func(t *testing.T, st eval.CertStatus) {
				if !st.State.MayDeal() || !st.CanRevoke || st.SittingsLeft != 3 {
					t.Errorf("may deal %v, revoke %v, left %d; want true, true, 3 (sittings count from the grant)", st.State.MayDeal(), st.CanRevoke, st.SittingsLeft)
				}
			}},
		{name: "due, recertification exam passed: waiting for the table test",
			events: []trainer.CertEvent{exPass, grant, ev(5, trainer.EventExamPassed, 370, 0)}, now: at(371, 0),
			state: eval.StateDue, since: dueFrom, blocked: "table test",
			check: func(t *testing.T, st eval.CertStatus) {
				if !st.CanSignOff || st.PendingExam == nil {
					t.Error("the recertification exam does not wait for its table test")
				}
			}},
		{name: "renewed: the new certificate runs from the new sign-off",
			events: []trainer.CertEvent{exPass, grant, ev(5, trainer.EventExamPassed, 370, 0), ev(6, trainer.EventTablePass, 372, 0)},
			now:    at(380, 0), state: eval.StateCertified, since: at(372, 0), blocked: "recertification",
			check: func(t *testing.T, st eval.CertStatus) {
				if want := at(372, 0).AddDate(1, 0, 0); !st.Expires.Equal(want) {
					t.Errorf("expires %v; want %v", st.Expires, want)
				}
			}},
		{name: "the recertification exam passed, but the certificate ran out before the table test",
			events: []trainer.CertEvent{exPass, grant, ev(5, trainer.EventExamPassed, 370, 0)}, now: expires.Add(time.Hour),
			state: eval.StateExamPassed, since: at(370, 0), blocked: "table test",
			check: func(t *testing.T, st eval.CertStatus) {
				if st.RefresherRequired || st.State.MayDeal() {
					t.Errorf("refresher %v, may deal %v; want false, false", st.RefresherRequired, st.State.MayDeal())
				}
			}},
		{name: "expired: a refresher first", events: []trainer.CertEvent{exPass, grant}, now: expires,
			state: eval.StateExpired, since: expires, blocked: "refresher",
			check: func(t *testing.T, st eval.CertStatus) {
				if !st.RefresherRequired || !st.ExpiryUnrecorded || st.CanRevoke || st.State.MayDeal() {
					t.Errorf("refresher %v, unrecorded %v, revoke %v; want true, true, false", st.RefresherRequired, st.ExpiryUnrecorded, st.CanRevoke)
				}
			}},
		{name: "expired and on record; a refresher done before the expiry does not count",
			events:    []trainer.CertEvent{exPass, grant, {ID: 9, UserID: trainee, Game: "uth", Kind: trainer.EventExpired, At: expires, RefID: 3}},
			refresher: expires.Add(-time.Hour), now: expires.AddDate(0, 0, 3),
			state: eval.StateExpired, since: expires, blocked: "refresher",
			check: func(t *testing.T, st eval.CertStatus) {
				if st.ExpiryUnrecorded {
					t.Error("the expiry is on record, yet ExpiryUnrecorded")
				}
			}},
		{name: "expired, refresher done: the exam opens", events: []trainer.CertEvent{exPass, grant},
			refresher: expires.AddDate(0, 0, 2), now: expires.AddDate(0, 0, 3),
			state: eval.StateExpired, since: expires, canStart: true},
		{name: "expired, then a new exam passed", events: []trainer.CertEvent{exPass, grant, ev(7, trainer.EventExamPassed, 380, 0)},
			refresher: at(379, 0), now: at(381, 0), state: eval.StateExamPassed, since: at(380, 0), blocked: "table test"},
		{name: "revoked: a refresher, then the exam again",
			events: []trainer.CertEvent{exPass, grant, ev(4, trainer.EventRevoked, 40, 0)}, now: at(41, 0),
			state: eval.StateRevoked, since: at(40, 0), blocked: "was revoked",
			check: func(t *testing.T, st eval.CertStatus) {
				if st.CanRevoke || st.State.MayDeal() || st.Revocation == nil || !st.RefresherRequired {
					t.Errorf("revoke %v, may deal %v, revocation %+v, refresher %v", st.CanRevoke, st.State.MayDeal(), st.Revocation, st.RefresherRequired)
				}
			}},
		{name: "revoked, refresher done", events: []trainer.CertEvent{exPass, grant, ev(4, trainer.EventRevoked, 40, 0)},
			refresher: at(41, 0), now: at(42, 0), state: eval.StateRevoked, since: at(40, 0), canStart: true},
		{name: "revoked, then certified again",
			events:    []trainer.CertEvent{exPass, grant, ev(4, trainer.EventRevoked, 40, 0), ev(5, trainer.EventExamPassed, 45, 0), ev(6, trainer.EventTablePass, 46, 0)},
			refresher: at(41, 0), now: at(47, 0), state: eval.StateCertified, since: at(46, 0), blocked: "recertification",
			check: func(t *testing.T, st eval.CertStatus) {
				if st.Revocation != nil {
					t.Error("the old revocation still shows on the new certificate")
				}
			}},
		{name: "a revocation of an expired certificate changes nothing",
			events: []trainer.CertEvent{exPass, grant, {ID: 8, UserID: trainee, Game: "uth", Kind: trainer.EventRevoked, ActorID: manager, At: expires.Add(time.Hour)}},
			now:    expires.Add(2 * time.Hour), state: eval.StateExpired, since: expires, blocked: "refresher"},
		{name: "events given out of order", events: []trainer.CertEvent{grant, pass1, fail1}, now: at(11, 0),
			state: eval.StateCertified, since: granted, blocked: "recertification"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := eval.Certification(eval.CertHistory{Events: tt.events, RefresherAt: tt.refresher}, policy, tt.now)
			if st.State != tt.state || !st.Since.Equal(tt.since) {
				t.Errorf("state %s since %v; want %s since %v", st.State, st.Since, tt.state, tt.since)
			}
			if st.CanStartExam != tt.canStart {
				t.Errorf("CanStartExam = %v (%q); want %v", st.CanStartExam, st.Blocked, tt.canStart)
			}
			if !tt.canStart && !strings.Contains(st.Blocked, tt.blocked) {
				t.Errorf("blocked %q; want it to mention %q", st.Blocked, tt.blocked)
			}
			if tt.canStart && st.Blocked != "" {
				t.Errorf("the exam may start, yet blocked %q", st.Blocked)
			}
			if tt.check != nil {
				tt.check(t, st)
			}
		})
	}
}

func TestCheckEvent(t *testing.T) {
	t.Parallel()
	h := func(es ...trainer.CertEvent) eval.CertStatus {
		return eval.Certification(eval.CertHistory{Events: es}, policy, at(12, 0))
	}
	passed := h(ev(1, trainer.EventExamPassed, 1, 0))
	certified := h(ev(1, trainer.EventExamPassed, 1, 0), ev(2, trainer.EventTablePass, 2, 0))
	training := h(ev(1, trainer.EventExamFailed, 1, 0))
	exhausted := h(ev(1, trainer.EventExamFailed, 1, 0), ev(2, trainer.EventExamFailed, 4, 0), ev(3, trainer.EventExamFailed, 7, 0))
	tests := []struct {
		name  string
		st    eval.CertStatus
		kind  trainer.CertEventKind
		actor int64
		want  trainer.Kind // KindInternal (0) for allowed
	}{
		{"sign-off after a passed exam", passed, trainer.EventTablePass, manager, 0},
		{"a failed table test after a passed exam", passed, trainer.EventTableFail, manager, 0},
		{"sign-off of one's own certification", passed, trainer.EventTablePass, trainee, trainer.KindForbidden},
		{"sign-off with no exam passed", training, trainer.EventTablePass, manager, trainer.KindConflict},
		{"sign-off of a certified trainee", certified, trainer.EventTableRetest, manager, trainer.KindConflict},
		{"revoke a valid certificate", certified, trainer.EventRevoked, manager, 0},
		{"revoke one's own", certified, trainer.EventRevoked, trainee, trainer.KindForbidden},
		{"revoke with nothing granted", passed, trainer.EventRevoked, manager, trainer.KindConflict},
		{"allow a sitting when none is left", exhausted, trainer.EventRetakeAllowed, manager, 0},
		{"allow a sitting when some are left", training, trainer.EventRetakeAllowed, manager, trainer.KindConflict},
	}
	for _, tt := range tests {
		err := eval.CheckEvent(tt.st, tt.kind, tt.actor, trainee)
		if tt.want == 0 {
			if err != nil {
				t.Errorf("%s: %v; want allowed", tt.name, err)
			}
			continue
		}
		if err == nil || trainer.KindOf(err) != tt.want {
			t.Errorf("%s: %v; want kind %v", tt.name, err, tt.want)
		}
	}
}
