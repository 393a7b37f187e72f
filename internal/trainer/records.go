package trainer

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// The records a gaming regulator inspects (issue 24, docs/records.md): who
// may sign a table test, the table test's checklist and typed signature,
// the training hours, the training programme's versions and each dealer's,
// completions (of a game's programme, of a topic outside the games), and
// the dealer's file with its verification code. Package records decides;
// the stores keep these types and run its checks inside their
// transactions, as a CertCheck decides a certification.

// The audit actions of the records. Each is appended in the transaction of
// the change it records; `trainer audit verify` compares the rows with them
// (CheckRecords).
const (
	AuditSignerAllowed       = "signer.allowed"        // an administrator marked a user as one who may sign table tests
	AuditSignerWithdrawn     = "signer.withdrawn"      // and took the mark away
	AuditHoursEntered        = "hours.entered"         // an instructor entered table hours
	AuditHoursStruck         = "hours.struck"          // struck them out, with a reason (they stay on record)
	AuditHoursDeleted        = "hours.deleted"         // deleted them after the retention period
	AuditProgrammeRecorded   = "programme.recorded"    // a new content of a game's programme became a version
	AuditProgrammeApproved   = "programme.approved"    // an administrator approved a version
	AuditProgrammeAssigned   = "programme.assigned"    // a dealer was put on a version of a game's programme
	AuditProgrammeCompleted  = "programme.completed"   // a dealer completed a game's programme
	AuditTopicCompleted      = "topic.completed"       // a dealer completed a topic outside the games
	AuditRecordDeleteRefused = "record.delete_refused" // a deletion refused inside the retention period
)

// MeasuredCap caps the time a practice or class question counts towards the
// training hours: at most MeasuredCap times the question's target time (the
// target of its kind in drills.toml, stored with each attempt). An answer
// slower than that counts as that much, so a tablet left on a question (a
// trainee called away, a break) adds minutes, never hours. Why 3: the exam
// allows about 2.5 times the target (certification.toml), the slowest answer
// the house accepts as competent; a learner may take a little longer than
// that and still be working on the question, and beyond it the kiosk cannot
// tell thinking from an idle tablet. A question never answered counts
// nothing; exams count nothing (they test, they do not train).
const MeasuredCap = 3

// ItemResult is the table test's judgement of one item of its checklist.
// The same word is stored.
type ItemResult string

const (
	ItemPass      ItemResult = "pass"
	ItemFail      ItemResult = "fail"
	ItemNotJudged ItemResult = "not_judged" // only in a table test to be taken again
)

// ChecklistResult is one item of a table test's checklist and its result.
type ChecklistResult struct {
	Item   string     `json:"item"` // the item's id in the programme (rulebook.ChecklistItem)
	Result ItemResult `json:"result"`
}

// TableTest is a table test with its checklist and its typed signature: the
// certification event that records the result (Event, a table_pass,
// table_fail or table_retest) and its sheet. It is one record: the sheet
// hangs on the event and never says another result.
type TableTest struct {
	Event CertEvent
	// Signature is the signer's full name as they typed it at signing,
	// checked against their account name; the time is Event.At.
	Signature string
	// ProgrammeID is the programme version whose checklist was judged.
	ProgrammeID int64
	Items       []ChecklistResult // in the checklist's order
	// Retest: the dealer was authorised to deal the game and no passed exam
	// waited: a table test of a dealer in force, which grants nothing.
	Retest bool
	// EndsAuthorisation: a failed table test of a dealer authorised to deal
	// the game. The store records the revocation it brings in the same
	// transaction (Revocation, whose RefID is the failed test's event).
	EndsAuthorisation bool
	Revocation        *CertEvent
}

// HasSheet reports whether the table test was recorded with its checklist
// and signature (those recorded before issue 24 have none).
func (t *TableTest) HasSheet() bool { return t.ProgrammeID != 0 }

// Failed lists the items the table test failed, in the checklist's order.
func (t *TableTest) Failed() []string {
	var out []string
	for _, r := range t.Items {
		if r.Result == ItemFail {
			out = append(out, r.Item)
		}
	}
	return out
}

// TableTestFacts are what a TableTestCheck decides on, read by the store
// inside the transaction that would record the table test.
type TableTestFacts struct {
	Record    CertRecord
	Holder    *User
	Signer    *User
	MaySign   bool              // an administrator marked the signer
	Programme *ProgrammeVersion // the dealer's version of the game's programme
	Now       time.Time
}

// TableTestCheck decides, inside the store's transaction, whether the
// table test may be recorded, and sets its Event.Kind, Retest and
// EndsAuthorisation. A non-nil error stops it.
type TableTestCheck func(t *TableTest, f TableTestFacts) error

// TableTestSheet is what the next sitting of a dealer's table test in a
// game starts from: the dealer's programme version, whose checklist is
// judged, and the last table test recorded, whose failed items the sitting
// shows (nil when there is none).
type TableTestSheet struct {
	Programme *ProgrammeVersion
	Last      *TableTest
}

// Signer is a user an administrator marked as one who may sign table tests.
type Signer struct {
	UserID        int64
	Name          string
	Role          Role
	Active        bool
	AllowedAt     time.Time
	AllowedBy     int64 // 0: the machine's operator
	AllowedByName string
}

// TableHours are hours at a table an instructor entered for a dealer in a
// game: what the kiosk cannot measure.
type TableHours struct {
	ID      int64
	UserID  int64
	Game    string
	Day     time.Time // the day worked, at midnight UTC
	Table   string    // which table, as the house names it
	Minutes int
	Note    string
	// EnteredAt and EnteredBy are when and by whom they were entered.
	EnteredAt     time.Time
	EnteredBy     int64
	EnteredByName string
	// Struck is set once an instructor struck the entry out (a mistake):
	// it stays on record and no longer counts.
	Struck *HoursStrike
}

// HoursStrike is an entry of table hours struck out.
type HoursStrike struct {
	At      time.Time
	ActorID int64
	Actor   string
	Reason  string
}

// MaxTableLen bounds the name of a table in entered hours.
const MaxTableLen = 40

// MeasuredTime is the time a dealer spent on answered questions of one
// kind of one game in one mode, each question's time capped (MeasuredCap).
type MeasuredTime struct {
	Game    string
	Mode    Mode
	Kind    string
	Answers int
	Capped  time.Duration // what counts
	Raw     time.Duration // as measured, uncapped
}

// ProgrammeBody is the content of one version of a game's training
// programme, as it is stored and approved: the programme's file and the
// game's certification standard (the exam's standard), with every title
// in every language the house wrote it in (none: the kiosk's own words).
type ProgrammeBody struct {
	Game              string           `json:"game"`
	MinimumHours      int              `json:"minimum_hours"`
	MinimumBeforeExam bool             `json:"minimum_before_exam"`
	DrillKinds        []string         `json:"drill_kinds"`
	Topics            []ProgrammeTopic `json:"topics"`
	Checklist         []ProgrammeItem  `json:"checklist"`
	Standard          json.RawMessage  `json:"standard"`
}

// Words is a text by language tag.
type Words map[string]string

// ProgrammeTopic is one topic of a programme and its planned hours.
type ProgrammeTopic struct {
	ID    string   `json:"id"`
	Title Words    `json:"title,omitempty"`
	Hours int      `json:"hours"`
	Cites []string `json:"cites,omitempty"`
}

// ProgrammeItem is one item of a programme's table-test checklist.
type ProgrammeItem struct {
	ID    string `json:"id"`
	Title Words  `json:"title,omitempty"`
}

// HasItem reports whether id is an item of the checklist.
func (b *ProgrammeBody) HasItem(id string) bool {
	for _, it := range b.Checklist {
		if it.ID == id {
			return true
		}
	}
	return false
}

// ProgrammeVersion is one version of a game's training programme: numbered
// per game from 1, identified by the digest of its body, approved once by
// an administrator.
type ProgrammeVersion struct {
	ID             int64
	Game           string
	Number         int
	Digest         string
	Body           ProgrammeBody
	RecordedAt     time.Time
	RecordedBy     int64 // 0: the kiosk at start-up, or the machine's operator
	ApprovedAt     time.Time
	ApprovedBy     int64
	ApprovedByName string
	// MovedFrom is the identity of the school a move copied the version
	// from (docs/records.md, "Moving a school"); "" for the kiosk's own. A
	// moved version is the school's history: the table tests judged on it
	// name it, but it is never the group's programme for new ones.
	MovedFrom string
}

// Approved reports whether an administrator approved the version.
func (v *ProgrammeVersion) Approved() bool { return !v.ApprovedAt.IsZero() }

// ProgrammeAssignment puts a dealer on a version of a game's programme:
// the version they train under from then on.
type ProgrammeAssignment struct {
	ID          int64
	UserID      int64
	Game        string
	ProgrammeID int64
	At          time.Time
	ActorID     int64
	Actor       string
}

// ProgrammeCompletion records that a dealer completed a game's programme:
// the version, who recorded it and the hours logged then (kept with it,
// since the attempts the measured hours come from may be deleted after the
// retention period; a completion is kept for ever).
type ProgrammeCompletion struct {
	ID             int64
	UserID         int64
	Game           string
	ProgrammeID    int64
	At             time.Time
	ActorID        int64
	Actor          string
	Measured       time.Duration // capped, as counted
	EnteredMinutes int
	Note           string
}

// CompletionFacts are what a CompletionCheck decides on, read by the store
// inside the transaction that would record the completion.
type CompletionFacts struct {
	Programme      *ProgrammeVersion
	Measured       time.Duration
	EnteredMinutes int
	Now            time.Time
}

// CompletionCheck decides, inside the store's transaction, whether a
// dealer may be recorded as having completed a game's programme.
type CompletionCheck func(c *ProgrammeCompletion, f CompletionFacts) error

// TopicCompletion records that a dealer completed a topic outside the games
// (problem-gambling recognition, CPR…) on a day, with a note of the
// evidence (a certificate's number, the course).
type TopicCompletion struct {
	ID       int64
	UserID   int64
	Topic    string    // the topic's id in the house's records.toml
	Day      time.Time // the day completed, at midnight UTC
	Evidence string
	At       time.Time
	ActorID  int64
	Actor    string
}

// RecordKind names a kind of record for deletion and retention. The same
// word is in the audit log.
type RecordKind string

const (
	RecordTableHours          RecordKind = "table_hours"
	RecordTopicCompletion     RecordKind = "topic_completion"
	RecordProgrammeCompletion RecordKind = "programme_completion"
	RecordTableTest           RecordKind = "table_test"
)

// RecordRef is one record a deletion names, as the store read it.
type RecordRef struct {
	Kind   RecordKind
	ID     int64
	UserID int64
	At     time.Time // when it was recorded
}

// RetentionCheck decides, inside the store's transaction, whether record r
// may be deleted at now: a non-nil error refuses it, with the reason.
type RetentionCheck func(r RecordRef, now time.Time) error

// TopicSubject is the audit subject of a dealer's topic outside the games.
func TopicSubject(userID int64, topic string) string { return UserSubject(userID) + "/topic:" + topic }

// ProgrammeSubject is the audit subject of a game's programme versions.
func ProgrammeSubject(game string) string { return "programme:" + game }

// ProgrammeVersionName is how a version is named in the log: "uth/3".
func ProgrammeVersionName(game string, number int) string { return game + "/" + strconv.Itoa(number) }

// CanBeSigner reports whether an administrator may mark u as one who may
// sign table tests: active staff (a manager, an administrator, the group
// director). Trainees never sign.
func (u *User) CanBeSigner() bool {
	return u.Active && (u.Role == RoleManager || u.Role == RoleAdministrator || u.Role == RoleDirector)
}

// MaxMinutes bounds one entry of table hours: a long day at the table.
const MaxMinutes = 12 * 60

// MaxEvidenceLen bounds the note of a topic completion's evidence and of
// entered hours.
const MaxEvidenceLen = 500

// The refusals of entered records, each a sentence of content/i18n/records.
var (
	ErrHoursMinutes = (&Error{Kind: KindInvalid,
		Message: "Enter between 1 and 720 minutes."}).In("records.err.minutes", "Max", MaxMinutes)
	ErrFutureDay = (&Error{Kind: KindInvalid,
		Message: "The day cannot be in the future."}).In("records.err.future_day")
	ErrHoursTable = (&Error{Kind: KindInvalid,
		Message: "Name the table, in at most 40 characters."}).In("records.err.table", "Max", MaxTableLen)
	ErrNoteLong = (&Error{Kind: KindInvalid,
		Message: "Write at most 500 characters."}).In("records.err.note_long", "Max", MaxEvidenceLen)
	ErrEvidence = (&Error{Kind: KindInvalid,
		Message: "Note the evidence: the certificate's number or the course."}).In("records.err.evidence")
	ErrSignatureMissing = (&Error{Kind: KindInvalid,
		Message: "Type your full name to sign the table test."}).In("records.err.signature_missing")
)

// notFuture checks a day worked or completed at now: a day after today
// (UTC, with a day's grace for the kiosk's time zones) is refused.
func notFuture(day, now time.Time) error {
	if day.After(now.Add(24 * time.Hour)) {
		return ErrFutureDay
	}
	return nil
}

// Validate checks entered table hours at now, after NormalizeNotes of its
// note and a trimmed table. Returns KindInvalid.
func (h *TableHours) Validate(now time.Time) error {
	switch {
	case h.Minutes < 1 || h.Minutes > MaxMinutes:
		return ErrHoursMinutes
	case strings.TrimSpace(h.Table) == "" || utf8.RuneCountInString(h.Table) > MaxTableLen || !utf8.ValidString(h.Table):
		return ErrHoursTable
	case !utf8.ValidString(h.Note) || utf8.RuneCountInString(h.Note) > MaxEvidenceLen:
		return ErrNoteLong
	}
	return notFuture(h.Day, now)
}

// Validate checks a topic completion at now. Returns KindInvalid.
func (c *TopicCompletion) Validate(now time.Time) error {
	switch {
	case strings.TrimSpace(c.Evidence) == "" || !utf8.ValidString(c.Evidence):
		return ErrEvidence
	case utf8.RuneCountInString(c.Evidence) > MaxEvidenceLen:
		return ErrNoteLong
	}
	return notFuture(c.Day, now)
}

// Validate checks what a table test's form gives before the store decides
// on it: a signer, a signature, notes as long as a certification event's
// (with a checklist, a fail's failed items say what went wrong, so its
// notes are optional; a sitting to be taken again still says why).
func (t *TableTest) Validate() error {
	switch {
	case t.Event.ActorID == 0:
		return Errorf(KindInvalid, "A manager must sign this.").In("err.manager_signs")
	case t.Event.ActorID == t.Event.UserID:
		return ErrOwnRecords
	case strings.TrimSpace(t.Signature) == "":
		return ErrSignatureMissing
	}
	k := t.Event.Kind
	if k != EventTableRetest {
		k = EventTablePass
	}
	return ValidateNotes(k, t.Event.Notes)
}
