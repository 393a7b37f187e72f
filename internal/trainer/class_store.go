package trainer

import "time"

// The audit actions of classes: made, changed (its name, instructors,
// roster, games, days or standing), and a trainee put on its roster by an
// import (each trainee the import creates is also user.created).
const (
	AuditClassCreated = "class.created"
	AuditClassChanged = "class.changed"
	AuditClassJoined  = "class.joined"
)

// ClassFilter narrows ListClasses. Zero values match every class.
type ClassFilter struct {
	SiteID       int64 // the classes of one site
	InstructorID int64 // the classes one instructor leads
	MemberID     int64 // the classes one trainee is in
	Live         bool  // only classes whose live drill runs now
}

// ClassImport is a roster import as the store commits it, all or nothing:
// the trainees it creates, with the hash of the PIN each is issued, and
// the existing trainees who join (class.Plan.Import makes it from a plan).
type ClassImport struct {
	// New are the trainees to create: Name, Badge and SecretHash; the
	// store sets the rest (a trainee of the class's site) and their IDs,
	// in order.
	New []*User
	// Join are the IDs of existing trainees who join the class.
	Join []int64
}

// The checks the stores run inside the transactions of a live drill,
// given by the caller (package class has them: class.CheckNext,
// class.CheckEvent, class.Answering), as a CertCheck decides a
// certification: the store reads the question as it stands under its
// lock, with its own clock, and the domain decides.
type (
	// ClassNextCheck decides whether the live drill may move on to a new
	// question at now, with current the question asked last (nil before
	// the first).
	ClassNextCheck func(current *ClassQuestion, now time.Time) error
	// ClassEventCheck decides whether the instructor's action e (its At
	// the store's now) may be recorded on q as stored.
	ClassEventCheck func(q *ClassQuestion, e ClassEvent) error
	// ClassGrader grades a trainee's answer to q given at the store's now
	// (at) by a trainee who joined the live drill at joined, or refuses
	// it: answers closed, paused, joined once answers had opened. The
	// grade's Elapsed is the time the answer took.
	ClassGrader func(q *ClassQuestion, joined, at time.Time) (Grade, error)
)

// The refusals of classes and live drills that only the store can make.
// Each names its sentence in the catalogue (content/i18n/staff's err.*,
// or class's own where the rule is class's).
var (
	ErrClassNameTaken        = (&Error{Kind: KindConflict, Message: "Another class of this site already has this name."}).In("err.class_name_taken")
	ErrClassListNameTaken    = (&Error{Kind: KindConflict, Message: "You have a list of this name already."}).In("err.class_list_name_taken")
	ErrClassNotFound         = (&Error{Kind: KindNotFound, Message: "Class not found."}).In("err.class_not_found")
	ErrClassListNotFound     = (&Error{Kind: KindNotFound, Message: "List not found."}).In("err.class_list_not_found")
	ErrClassRunNotFound      = (&Error{Kind: KindNotFound, Message: "Live drill not found."}).In("err.class_run_not_found")
	ErrClassQuestionNotFound = (&Error{Kind: KindNotFound, Message: "Question not found."}).In("err.class_question_not_found")
	// ErrClassLive refuses a second live drill of a class while one runs.
	ErrClassLive = (&Error{Kind: KindConflict, Message: "A live drill of this class is running already."}).In("err.class_live")
	// ErrClassEnded refuses anything but reading once a live drill ended.
	ErrClassEnded = (&Error{Kind: KindConflict, Message: "This live drill has ended."}).In("err.class_ended")
	// ErrClassNotMember refuses a trainee who is not in the class (403).
	ErrClassNotMember = (&Error{Kind: KindForbidden, Message: "You are not in this class."}).In("err.class_not_member")
	// ErrClassNotJoined refuses an answer from a trainee who has not
	// joined the live drill.
	ErrClassNotJoined = (&Error{Kind: KindConflict, Message: "Join the class's live drill first."}).In("err.class_not_joined")
	// ErrClassMovedOn refuses an action or an answer on a question once
	// the next one has started.
	ErrClassMovedOn = (&Error{Kind: KindConflict, Message: "The live drill has moved on to the next question."}).In("err.class_moved_on")
	// ErrClassGame refuses a question in a game the class does not learn.
	ErrClassGame = (&Error{Kind: KindInvalid, Message: "This class does not learn that game."}).In("class.list.class_game")
)

// ErrClassQuestionsMany refuses a question past MaxClassQuestions.
var ErrClassQuestionsMany = Errorf(KindConflict, "A live drill asks at most %d questions.", MaxClassQuestions).
	In("err.class_questions_many", "Max", MaxClassQuestions)

// ClassInstructorRefused refuses name as an instructor: not an active
// manager or administrator (class.CheckInstructor's sentence).
func ClassInstructorRefused(name string) error {
	return Errorf(KindInvalid, "%s cannot lead a class: only active managers and administrators can.", name).
		In("class.err.instructor", "Name", name)
}

// ClassMemberRefused refuses name as a member: not an active trainee
// (class.CheckMember's sentence).
func ClassMemberRefused(name string) error {
	return Errorf(KindInvalid, "%s cannot join a class: only active trainees can.", name).In("class.err.member", "Name", name)
}

// ClassOtherSite refuses name in a class of a site they do not belong to.
func ClassOtherSite(name string) error {
	return Errorf(KindInvalid, "%s belongs to another site.", name).In("err.class_other_site", "Name", name)
}

// ClassMembersMany refuses a roster past MaxClassMembers
// (class.Validate's sentence).
func ClassMembersMany() error {
	return Errorf(KindInvalid, "A class has at most %d trainees.", MaxClassMembers).
		In("class.err.members_many", "Max", MaxClassMembers)
}

// ClassImportError is a roster import refused at one trainee (a name taken
// since the preview, a trainee deactivated since): Name is the row's, and
// Err the refusal. The whole import is rolled back.
type ClassImportError struct {
	Name string
	Err  error
}

func (e *ClassImportError) Error() string { return e.Name + ": " + e.Err.Error() }

// Unwrap gives KindOf, MessageOf and errors.Is the refusal.
func (e *ClassImportError) Unwrap() error { return e.Err }
