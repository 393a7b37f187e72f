package eval

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// CertState is where a trainee's certification in one game stands. The same
// word appears in URLs (dashboard filters) and exports.
type CertState string

// The states. Only Certified and Due allow the trainee to deal the game.
const (
	StateInTraining CertState = "in_training" // no exam passed in this cycle yet
	StateExamPassed CertState = "exam_passed" // the exam is passed; the table test is next
	StateCertified  CertState = "certified"   // granted, valid, not yet due
	StateDue        CertState = "due"         // granted and valid, expiring within the policy's due days
	StateExpired    CertState = "expired"     // the certificate ran out
	StateRevoked    CertState = "revoked"     // a manager withdrew it
)

// CertStates lists the states in the order the dashboard offers them.
var CertStates = []CertState{StateInTraining, StateExamPassed, StateCertified, StateDue, StateExpired, StateRevoked}

// Label names the state for people.
func (s CertState) Label() string {
	switch s {
	case StateInTraining:
		return "In training"
	case StateExamPassed:
		return "Exam passed"
	case StateCertified:
		return "Certified"
	case StateDue:
		return "Due"
	case StateExpired:
		return "Expired"
	case StateRevoked:
		return "Revoked"
	}
	return string(s)
}

// MayDeal reports whether a trainee in this state may deal the game.
func (s CertState) MayDeal() bool { return s == StateCertified || s == StateDue }

// CertHistory is everything that decides one trainee's certification in one
// game.
type CertHistory struct {
	Events []trainer.CertEvent // in any order: sorted by time, then ID
	// RefresherAt is when the trainee last finished a review session of the
	// game (every planned question answered), or zero: the refresher an
	// expired or revoked certification requires before the next exam.
	RefresherAt time.Time
}

// CertStatus is a certification's state at one moment and what may happen
// next.
type CertStatus struct {
	State CertState
	Since time.Time // when the state began: the date the dashboard shows
	// Expires is when the last certificate granted runs (or ran) out; zero
	// when none was ever granted.
	Expires time.Time
	// Grant is the table-test pass that granted the current (or last)
	// certificate: its signer and date are the sign-off.
	Grant *trainer.CertEvent
	// PendingExam is a passed exam that waits for its table test (in
	// ExamPassed, or during Due for a recertification).
	PendingExam *trainer.CertEvent
	// LastTableTest is the last table test recorded after PendingExam (a
	// fail or a re-test), or the grant itself.
	LastTableTest *trainer.CertEvent
	// Revocation is the revocation that ended the last certificate, if any.
	Revocation *trainer.CertEvent
	// LastFailed is the failed sitting of this cycle when it is the last
	// sitting of the cycle (no exam passed since): what the dashboard
	// shows as "exam failed".
	LastFailed *trainer.CertEvent
	// RetakeFrom is when the sitting after LastFailed may start: the
	// failure plus the policy's wait (zero without LastFailed).
	RetakeFrom time.Time

	Sittings     int // exams sat in this cycle
	SittingsLeft int
	CanStartExam bool
	Blocked      string    // why an exam cannot start now, for the trainee
	NextExamAt   time.Time // when the wait after a failed sitting ends, if that blocks
	// NeedsAllowance: the cycle's sittings are used up; only a manager
	// allowing another sitting (EventRetakeAllowed) opens the exam again.
	NeedsAllowance bool
	// RefresherRequired: after an expiry or a revocation the trainee must
	// finish a review session of the game before the next exam.
	RefresherRequired bool
	CanSignOff        bool // a table test may be recorded (PendingExam is set)
	CanRevoke         bool // a valid certificate may be revoked
	// ExpiryUnrecorded: the certificate has expired and no EventExpired
	// records it yet; the kiosk records it when it notices.
	ExpiryUnrecorded bool
}

// Expiry is when a certificate granted at granted runs out under p:
// ValidityMonths later, to the same time of day.
func Expiry(granted time.Time, p rulebook.Policy) time.Time {
	return granted.AddDate(0, p.ValidityMonths, 0)
}

// DueFrom is when a certificate expiring at expires falls due under p.
func DueFrom(expires time.Time, p rulebook.Policy) time.Time {
	return expires.AddDate(0, 0, -p.DueDays)
}

// Certification computes the certification's state at now from its history
// under policy p. It is the state machine of docs/certification.md:
//
//   - A passed exam waits for the table test (ExamPassed). A table-test pass
//     grants the certificate (Certified) for ValidityMonths; fail and
//     re-test keep the exam pass waiting for another table test. A table
//     test with no passed exam waiting is ignored (the store refuses it).
//   - A certificate is Due in its last DueDays, when the recertification
//     exam opens; passing it and the table test renews the certificate from
//     the new sign-off. At its end it is Expired, and a refresher (a review
//     session of the game) is required before the next exam.
//   - A revocation ends a valid certificate (Revoked); a refresher is
//     required, then the exam and the table test again.
//   - Each cycle (from the first event, a grant, a revocation or a manager's
//     allowance) allows 1 + Retakes sittings, each at least RetakeWaitHours
//     after a failed one; then only a manager's allowance opens the exam.
func Certification(h CertHistory, p rulebook.Policy, now time.Time) CertStatus {
	evs := slices.Clone(h.Events)
	slices.SortStableFunc(evs, func(a, b trainer.CertEvent) int {
		if c := a.At.Compare(b.At); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	var st CertStatus
	var lastFail *trainer.CertEvent
	failedLast := false          // the cycle's last sitting is lastFail
	recorded := map[int64]bool{} // grants whose expiry is on record
	var first time.Time
	for i := range evs {
		e := &evs[i]
		if first.IsZero() {
			first = e.At
		}
		switch e.Kind {
		case trainer.EventExamPassed:
			st.Sittings++
			st.PendingExam, st.LastTableTest = e, nil
			failedLast = false
		case trainer.EventExamFailed:
			st.Sittings++
			lastFail, failedLast = e, true
		case trainer.EventTablePass:
			if st.PendingExam == nil {
				continue
			}
			st.Grant, st.LastTableTest, st.Revocation, st.PendingExam = e, e, nil, nil
			st.Sittings, lastFail, failedLast = 0, nil, false
		case trainer.EventTableFail, trainer.EventTableRetest:
			if st.PendingExam != nil {
				st.LastTableTest = e
			}
		case trainer.EventRevoked:
			if st.Grant == nil || st.Revocation != nil || !e.At.Before(Expiry(st.Grant.At, p)) {
				continue // nothing valid to revoke
			}
			st.Revocation, st.PendingExam = e, nil
			st.Sittings, lastFail, failedLast = 0, nil, false
		case trainer.EventRetakeAllowed:
			st.Sittings, lastFail, failedLast = 0, nil, false
		case trainer.EventExpired:
			recorded[e.RefID] = true
		}
	}

	if failedLast {
		st.LastFailed = lastFail
		st.RetakeFrom = lastFail.At.Add(time.Duration(p.RetakeWaitHours) * time.Hour)
	}
	valid := false
	if st.Grant != nil {
		st.Expires = Expiry(st.Grant.At, p)
		valid = st.Revocation == nil && now.Before(st.Expires)
	}
	var refresherFrom time.Time // when the refresher became required
	switch {
	case valid && now.Before(DueFrom(st.Expires, p)):
		st.State, st.Since = StateCertified, st.Grant.At
	case valid:
		st.State, st.Since = StateDue, DueFrom(st.Expires, p)
	case st.PendingExam != nil:
		st.State, st.Since = StateExamPassed, st.PendingExam.At
	case st.Revocation != nil:
		st.State, st.Since = StateRevoked, st.Revocation.At
		refresherFrom = st.Revocation.At
	case st.Grant != nil:
		st.State, st.Since = StateExpired, st.Expires
		refresherFrom = st.Expires
	default:
		st.State, st.Since = StateInTraining, first
	}
	st.ExpiryUnrecorded = st.Grant != nil && st.Revocation == nil && !now.Before(st.Expires) && !recorded[st.Grant.ID]
	st.RefresherRequired = !refresherFrom.IsZero() && h.RefresherAt.Before(refresherFrom)
	st.CanSignOff = st.PendingExam != nil
	st.CanRevoke = valid

	allowed := 1 + p.Retakes
	st.SittingsLeft = max(allowed-st.Sittings, 0)
	switch {
	case st.State == StateCertified:
		st.Blocked = fmt.Sprintf("Certified until %s; the recertification exam opens on %s.",
			day(st.Expires), day(DueFrom(st.Expires, p)))
	case st.PendingExam != nil:
		st.Blocked = "The exam is passed: the table test with a manager comes next."
	case st.Sittings >= allowed:
		st.NeedsAllowance = true
		st.Blocked = fmt.Sprintf("All %d sittings of this cycle are used: a manager must allow another.", allowed)
	case lastFail != nil && now.Before(lastFail.At.Add(time.Duration(p.RetakeWaitHours)*time.Hour)):
		st.NextExamAt = lastFail.At.Add(time.Duration(p.RetakeWaitHours) * time.Hour)
		st.Blocked = fmt.Sprintf("The next sitting opens %s, %d hours after the last one.", minute(st.NextExamAt), p.RetakeWaitHours)
	case st.RefresherRequired:
		why := "expired"
		if st.State == StateRevoked {
			why = "was revoked"
		}
		st.Blocked = fmt.Sprintf("The certificate %s: finish a review session of this game (the refresher) before the exam.", why)
	default:
		st.CanStartExam = true
	}
	return st
}

// Dates in messages are in the kiosk's time zone, as on every page.
func day(t time.Time) string    { return t.Local().Format("2 Jan 2006") }
func minute(t time.Time) string { return t.Local().Format("2 Jan 2006 15:04") }

// Messages of the checks below, for the forms.
var (
	errNoPendingExam = trainer.Errorf(trainer.KindConflict, "No passed exam waits for a table test.").In("err.no_pending_exam")
	errNotValid      = trainer.Errorf(trainer.KindConflict, "There is no valid certification to revoke.").In("err.not_valid")
	errNoAllowance   = trainer.Errorf(trainer.KindConflict, "The trainee still has sittings left: no allowance is needed.").In("err.no_allowance")
)

// CheckEvent tells whether a manager (actorID) may record event kind k on
// the certification of holderID whose status is st: a table test only after
// a passed exam, a revocation only of a valid certificate, an allowance only
// once the sittings are used up, and never on one's own certification.
// Returns trainer.ErrOwnCertification (KindForbidden) or KindConflict.
func CheckEvent(st CertStatus, k trainer.CertEventKind, actorID, holderID int64) error {
	if actorID == holderID {
		return trainer.ErrOwnCertification
	}
	switch {
	case k.IsTableTest() && !st.CanSignOff:
		return errNoPendingExam
	case k == trainer.EventRevoked && !st.CanRevoke:
		return errNotValid
	case k == trainer.EventRetakeAllowed && !st.NeedsAllowance:
		return errNoAllowance
	}
	return nil
}
