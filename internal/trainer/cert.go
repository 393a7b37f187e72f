package trainer

import (
	"strings"
	"time"
	"unicode/utf8"
)

// CertEventKind is one thing that happened to a trainee's certification in
// one game. The same word is stored in the database. Package eval reads the
// events in order to tell the certification's state.
type CertEventKind string

const (
	EventExamPassed    CertEventKind = "exam_passed"    // an exam finished and passed
	EventExamFailed    CertEventKind = "exam_failed"    // an exam finished and failed
	EventTablePass     CertEventKind = "table_pass"     // the table test passed: the certification is granted
	EventTableFail     CertEventKind = "table_fail"     // the table test was judged and failed
	EventTableRetest   CertEventKind = "table_retest"   // the table test must be taken again (not judged)
	EventRevoked       CertEventKind = "revoked"        // a manager withdrew the certification
	EventRetakeAllowed CertEventKind = "retake_allowed" // a manager allowed sittings beyond the retakes
	// EventExpired records the moment the kiosk first noticed that a
	// certificate had expired. The state comes from the dates (eval); this
	// event only puts the expiry, and the refresher it assigns, on record.
	EventExpired CertEventKind = "expired"
)

// CertEvent is one event of a trainee's certification in one game.
type CertEvent struct {
	ID     int64
	UserID int64 // the trainee, who holds the certification
	Game   string
	Kind   CertEventKind
	At     time.Time
	// ActorID is who signed the table test, revoked or allowed a retake;
	// 0 for what the kiosk records by itself (exam results, an expiry).
	ActorID int64
	Actor   string // the actor's name, read with the event
	ExamID  int64  // the exam of an exam result, and the exam a table test follows
	// RefID is, for EventExpired, the table-test pass that granted the
	// certificate that expired.
	RefID int64
	Notes string // the table test's notes, or the reason of a revocation
}

// TableResults are the outcomes a manager records for a table test, in the
// order the form offers them.
var TableResults = []CertEventKind{EventTablePass, EventTableFail, EventTableRetest}

// ParseTableResult reads the table test's outcome from a form ("pass",
// "fail", "retest"). Returns KindInvalid for anything else.
func ParseTableResult(s string) (CertEventKind, error) {
	switch s {
	case "pass":
		return EventTablePass, nil
	case "fail":
		return EventTableFail, nil
	case "retest":
		return EventTableRetest, nil
	}
	return "", Errorf(KindInvalid, "Choose pass, fail or re-test.").In("err.choose_table_result")
}

// FormValue is the word a form posts for a table test's outcome.
func (k CertEventKind) FormValue() string {
	switch k {
	case EventTablePass:
		return "pass"
	case EventTableFail:
		return "fail"
	case EventTableRetest:
		return "retest"
	}
	return string(k)
}

// Label names the event for people.
func (k CertEventKind) Label() string {
	switch k {
	case EventExamPassed:
		return "Exam passed"
	case EventExamFailed:
		return "Exam failed"
	case EventTablePass:
		return "Table test passed"
	case EventTableFail:
		return "Table test failed"
	case EventTableRetest:
		return "Table test to be taken again"
	case EventRevoked:
		return "Certification revoked"
	case EventRetakeAllowed:
		return "Another sitting allowed"
	case EventExpired:
		return "Certificate expired"
	}
	return string(k)
}

// IsTableTest reports whether the event records a table test.
func (k CertEventKind) IsTableTest() bool {
	return k == EventTablePass || k == EventTableFail || k == EventTableRetest
}

// MaxNotesLen bounds the notes of a table test and a revocation's reason.
const MaxNotesLen = 2000

// ErrOwnCertification refuses a sign-off, a revocation or a retake that a
// manager would record on their own certification.
var ErrOwnCertification = (&Error{Kind: KindForbidden, Message: "You cannot sign off or change your own certification."}).In("err.own_certification")

// NormalizeNotes trims notes and makes their line ends plain.
func NormalizeNotes(s string) string {
	return strings.TrimSpace(strings.ReplaceAll(s, "\r\n", "\n"))
}

// ValidateNotes checks the notes of event kind k: a failed or repeated table
// test says why, and so does a revocation. Returns KindInvalid with a
// message for the form's notes field.
func ValidateNotes(k CertEventKind, notes string) error {
	switch {
	case !utf8.ValidString(notes):
		return Errorf(KindInvalid, "Use letters, digits and punctuation only.").In("err.notes_characters")
	case utf8.RuneCountInString(notes) > MaxNotesLen:
		return Errorf(KindInvalid, "Use at most %d characters.", MaxNotesLen).In("err.at_most", "Max", MaxNotesLen)
	case notes != "":
		return nil
	case k == EventTableFail:
		return Errorf(KindInvalid, "Write what went wrong at the table.").In("err.notes_fail")
	case k == EventTableRetest:
		return Errorf(KindInvalid, "Write why the table test is to be taken again.").In("err.notes_retest")
	case k == EventRevoked:
		return Errorf(KindInvalid, "Give the reason for the revocation.").In("err.notes_revoke")
	}
	return nil
}

// Validate checks an event a manager records (a table test, a revocation, a
// retake allowed): the notes it needs, and that the manager does not hold
// the certification. Returns KindInvalid, or ErrOwnCertification (kind
// KindForbidden). The store calls it before writing; the handler before that.
func (e *CertEvent) Validate() error {
	switch e.Kind {
	case EventTablePass, EventTableFail, EventTableRetest, EventRevoked, EventRetakeAllowed:
		if e.ActorID == 0 {
			return Errorf(KindInvalid, "A manager must sign this.").In("err.manager_signs")
		}
		if e.ActorID == e.UserID {
			return ErrOwnCertification
		}
	}
	return ValidateNotes(e.Kind, e.Notes)
}
