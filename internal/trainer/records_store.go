package trainer

import "context"

// RecordsService keeps the records a gaming regulator inspects (issue 24,
// docs/records.md). Package records validates and decides; the store
// re-checks what only it can (who the people are as stored, the marks, the
// programme's versions, the retention) and runs the domain's checks inside
// its transactions, with its own clock. Every change is audited in the
// transaction that makes it.
type RecordsService interface {
	// SetTableTestSigner marks staff member userID as one who may sign
	// table tests, or takes the mark away (signer.allowed, signer.withdrawn).
	// Only an administrator of the user's site or the group director (or
	// the machine's operator) does it.
	SetTableTestSigner(ctx context.Context, userID int64, allowed bool) (*Signer, error)
	ListTableTestSigners(ctx context.Context) ([]Signer, error)
	// RecordProgrammeVersion records v's body as the next version of its
	// game's programme, unless the newest version has the same digest
	// (then it returns that one): start-up calls it with every programme.
	RecordProgrammeVersion(ctx context.Context, v *ProgrammeVersion) (*ProgrammeVersion, error)
	ApproveProgrammeVersion(ctx context.Context, id int64) (*ProgrammeVersion, error)
	ListProgrammeVersions(ctx context.Context, game string) ([]*ProgrammeVersion, error)
	// RecordTableTest records a table test with its checklist and typed
	// signature, decided by check inside the transaction.
	RecordTableTest(ctx context.Context, t *TableTest, check TableTestCheck) error
	// ListTableTests lists the dealer's table tests in game ("" for every
	// game), oldest first, with their sheets where they have one.
	ListTableTests(ctx context.Context, userID int64, game string) ([]TableTest, error)
	EnterTableHours(ctx context.Context, h *TableHours) error
	ListTableHours(ctx context.Context, userID int64) ([]TableHours, error)
	// StrikeTableHours strikes entered hours out with a reason (audited
	// hours.struck): they stay on record and no longer count.
	StrikeTableHours(ctx context.Context, userID, id int64, reason string) (*TableHours, error)
	// MeasuredTime is the dealer's time on practice and class questions,
	// each capped (MeasuredCap), by game, mode and kind: worked out from
	// the attempts each time, never copied.
	MeasuredTime(ctx context.Context, userID int64) ([]MeasuredTime, error)
	RecordTopicCompletion(ctx context.Context, c *TopicCompletion) error
	ListTopicCompletions(ctx context.Context, userID int64) ([]TopicCompletion, error)
	// DeleteRecord deletes one record if check allows it now; a refusal
	// says why (and is audited).
	DeleteRecord(ctx context.Context, kind RecordKind, id int64, reason string, check RetentionCheck) error
	// DealerFileCode is the verification code of the dealer's file as the
	// records stand now (records_file.go).
	DealerFileCode(ctx context.Context, userID int64) (FileCode, error)
	// CheckFileCode checks a file's code against the audit trail.
	CheckFileCode(ctx context.Context, code FileCode) (*FileCheck, error)
}

// RecordsCount counts the records of issue 24 that VerifyRecords compared
// with the audit trail.
type RecordsCount struct {
	TableTests, Hours, Completions, Topics, Programmes, Signers int
}

// The refusals of the records' store, each a sentence of
// content/i18n/records.
var (
	ErrProgrammeNotApproved = (&Error{Kind: KindConflict,
		Message: "The training programme of this game has no approved version yet: an administrator approves it first."}).In("records.err.programme_not_approved")
	ErrProgrammeApproved = (&Error{Kind: KindConflict,
		Message: "This version of the programme is approved already."}).In("records.err.programme_approved")
	ErrProgrammeOtherGame = (&Error{Kind: KindInvalid,
		Message: "This version of the programme is another game's."}).In("records.err.programme_other_game")
	ErrProgrammeNotFound = (&Error{Kind: KindNotFound,
		Message: "Programme version not found."}).In("records.err.programme_not_found")
	ErrOnlyAdministrator = (&Error{Kind: KindForbidden,
		Message: "Only an administrator of the site, or the group director, does this."}).In("records.err.only_administrator")
	ErrNotInstructor = (&Error{Kind: KindForbidden,
		Message: "Only an active manager or administrator of the dealer's site, or the group director, records this."}).In("records.err.not_instructor")
	ErrOwnRecords = (&Error{Kind: KindForbidden,
		Message: "You cannot record your own training or table test."}).In("records.err.own_records")
	ErrDealerNotFound = (&Error{Kind: KindNotFound,
		Message: "Dealer not found."}).In("records.err.dealer_not_found")
	ErrRecordNotFound = (&Error{Kind: KindNotFound,
		Message: "Record not found."}).In("records.err.record_not_found")
	ErrHoursStruck = (&Error{Kind: KindConflict,
		Message: "These hours are struck out already."}).In("records.err.hours_struck")
	ErrStrikeReason = (&Error{Kind: KindInvalid,
		Message: "Give the reason for striking these hours out."}).In("records.err.strike_reason")
	ErrDeleteReason = (&Error{Kind: KindInvalid,
		Message: "Give the reason for deleting this record."}).In("records.err.delete_reason")
)

// SignerRefused refuses to mark someone who is not active staff.
func SignerRefused(name string) *Error {
	return (&Error{Kind: KindInvalid,
		Message: name + " cannot sign table tests: only active managers, administrators and the group director can."}).In("records.err.signer_role", "Name", name)
}

// NotMarkedSigner refuses a table test signed by someone the administrator
// did not mark (package records says it in the house's words first).
func NotMarkedSigner(name string) *Error {
	return (&Error{Kind: KindForbidden,
		Message: name + " may not sign table tests: an administrator marks who may."}).In("records.err.signer_not_marked", "Name", name)
}
