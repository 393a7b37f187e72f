package trainer

import (
	"context"
	"encoding/json"
	"time"
)

// The services below are what the server and the command ask of a store,
// defined here beside the types they carry (as wtf defines its services), so
// that the server depends on no storage technology. internal/sqlite and
// internal/postgres implement every one; internal/storetest holds the
// behaviour both must show. Decisions that must hold across several kiosk
// processes (sign-in limits, one open session, one answer, the audit chain)
// are taken inside the store's transactions, never in a process's memory.

// UserService stores the people who use the kiosk and their secrets.
type UserService interface {
	CreateUser(ctx context.Context, u *User) error
	CreateFirstAdministrator(ctx context.Context, u *User) error
	CountUsers(ctx context.Context) (int, error)
	FindUserByID(ctx context.Context, id int64) (*User, error)
	FindUserByName(ctx context.Context, name string) (*User, error)
	FindUserByBadge(ctx context.Context, badge string) (*User, error)
	ListUsers(ctx context.Context, f UserFilter) ([]*User, error)
	SetUserSecret(ctx context.Context, id int64, hash string) error
	SetUserActive(ctx context.Context, id int64, active bool) error
	UpdateUser(ctx context.Context, id int64, name, badge string) (*User, error)
	// SetUserLanguage sets a user's language: a tag of Languages, or "" for the house's default.
	SetUserLanguage(ctx context.Context, id int64, tag string) error
}

// SigninService keeps the sign-in limits: each attempt is reserved before the secret is checked and finished after, so that
// every kiosk process sharing the store counts the same attempts, and the holds those limits place.
type SigninService interface {
	ReserveSigninAttempt(ctx context.Context, a SigninAttempt) (SigninDecision, error)
	FinishSigninAttempt(ctx context.Context, attempt int64, ok bool) ([]*SigninHold, error)
	ListSigninHolds(ctx context.Context) ([]*SigninHold, error)
	LiftSigninHold(ctx context.Context, id int64) (*SigninHold, error)
	Unlock(ctx context.Context, userID int64) ([]*SigninHold, error)
	UnlockAll(ctx context.Context) ([]*SigninHold, error)
}

// SessionService keeps the signed-in sessions of the kiosk's users.
type SessionService interface {
	CreateSession(ctx context.Context, userID int64, replaces string) (string, error)
	AuthenticateSession(ctx context.Context, token string) (*Session, EndReason, error)
	// DeferTouch returns ctx for a request whose session's touch may go
	// with its next statement, and the function that writes it otherwise,
	// called when the request ends.
	DeferTouch(ctx context.Context) (context.Context, func())
	DeleteSession(ctx context.Context, token string) error
}

// PracticeService keeps practice sessions and the attempts served in them (exam items too): one open session per
// trainee, one answer per question.
type PracticeService interface {
	StartPracticeSession(ctx context.Context, s *PracticeSession) error
	FindPracticeSession(ctx context.Context, id, userID int64) (*PracticeSession, error)
	FindPracticeSessionLast(ctx context.Context, id, userID int64) (*PracticeSession, *Attempt, error)
	OpenPracticeSession(ctx context.Context, userID int64) (*PracticeSession, error)
	EndPracticeSession(ctx context.Context, id, userID int64) (*PracticeSession, error)
	ListPracticeSessions(ctx context.Context, f SessionFilter) ([]*PracticeSession, error)
	ServeAttempt(ctx context.Context, a *Attempt) (*Attempt, error)
	RenewAttempt(ctx context.Context, a *Attempt) error
	FindAttempt(ctx context.Context, id, userID int64) (*Attempt, error)
	FindAttemptInSession(ctx context.Context, id, userID int64) (*Attempt, *PracticeSession, error)
	PendingAttempt(ctx context.Context, sessionID int64) (*Attempt, error)
	LastAttempt(ctx context.Context, sessionID int64) (*Attempt, error)
	AnswerAttempt(ctx context.Context, id, userID int64, answeredAt time.Time, g Grade) (*Attempt, error)
	AnswerAttemptInSession(ctx context.Context, id, userID int64, answeredAt time.Time, g Grade) (*Attempt, *PracticeSession, error)
	UseHint(ctx context.Context, id, userID int64) (*Attempt, error)
	ListAttempts(ctx context.Context, f AttemptFilter) ([]*Attempt, error)
	ReviewMistakes(ctx context.Context, userID int64, game, kind string, exclude int64, limit int) ([]*Attempt, error)
	MissedSkills(ctx context.Context, f MissFilter) ([]SkillMiss, error)
}

// ExamService keeps certification exams: their items, in the order drawn, and their results.
type ExamService interface {
	StartExam(ctx context.Context, ex *Exam, check CertCheck) error
	FinishExam(ctx context.Context, ex *Exam, passed bool, result json.RawMessage) (*Exam, error)
	FindExam(ctx context.Context, id, userID int64) (*Exam, error)
	ListExams(ctx context.Context, f ExamFilter) ([]*Exam, error)
}

// CertService keeps certification events, decided by a CertCheck inside the transaction that writes them, and
// compares them with the audit entries that recorded them.
type CertService interface {
	FindCertRecord(ctx context.Context, userID int64, game string) (CertRecord, error)
	ListCertRecords(ctx context.Context, game string) ([]CertRecord, error)
	RecordCertEvent(ctx context.Context, e *CertEvent, check CertCheck) error
	CheckCertRecords(ctx context.Context, userID int64, game string) ([]RecordMismatch, error)
	VerifyRecords(ctx context.Context) (RecordsReport, []RecordMismatch, error)
}

// AuditService reads and verifies the audit log. Entries are appended by the other services, in the transaction of
// the change they record.
type AuditService interface {
	VerifyAudit(ctx context.Context) (AuditReport, error)
	ListAudit(ctx context.Context, f AuditFilter) ([]*AuditEntry, error)
}

// RulesService keeps every rules version the kiosk ran with, and their approval.
type RulesService interface {
	RecordRulesVersion(ctx context.Context, version string, files map[string][]byte) (*RulesVersion, error)
	FindRulesVersion(ctx context.Context, version string) (*RulesVersion, error)
	ListRulesVersions(ctx context.Context) ([]*RulesVersion, error)
	ApproveRulesVersion(ctx context.Context, version string) (*RulesVersion, error)
}

// SettingsService keeps the kiosk-wide settings and the key that signs session cookies.
type SettingsService interface {
	Settings(ctx context.Context) (Settings, error)
	UpdateSettings(ctx context.Context, s Settings) error
	SessionKey(ctx context.Context) ([]byte, error)
}

// ClassService keeps classes, their rosters, prepared lists of questions and
// live drills (issue 23, docs/classes.md). Package class validates what is
// given and decides every rule of a live question; the store re-checks what
// only it can (a name taken, the people as they are stored) and runs the
// domain's checks inside its transactions, with its own clock. A trainee's
// answers are attempts in a session of ModeClass.
type ClassService interface {
	CreateClass(ctx context.Context, c *Class) error
	UpdateClass(ctx context.Context, c *Class) error
	FindClass(ctx context.Context, id int64) (*Class, error)
	FindClassByName(ctx context.Context, siteID int64, name string) (*Class, error)
	ListClasses(ctx context.Context, f ClassFilter) ([]*Class, error)
	ImportClassRoster(ctx context.Context, classID int64, im *ClassImport) error
	SaveClassList(ctx context.Context, l *ClassList) error
	FindClassList(ctx context.Context, id int64) (*ClassList, error)
	ListClassLists(ctx context.Context, ownerID int64) ([]*ClassList, error)
	DeleteClassList(ctx context.Context, id, ownerID int64) error
	StartClassRun(ctx context.Context, r *ClassRun) error
	EndClassRun(ctx context.Context, runID int64) (*ClassRun, error)
	ListClassRuns(ctx context.Context, classID int64) ([]*ClassRun, error)
	StartClassQuestion(ctx context.Context, q *ClassQuestion, next ClassNextCheck) error
	RecordClassEvent(ctx context.Context, questionID int64, e ClassEvent, check ClassEventCheck) (*ClassQuestion, error)
	JoinClassRun(ctx context.Context, runID, userID int64) (*ClassParticipant, error)
	AnswerClassQuestion(ctx context.Context, questionID, userID int64, lang string, grade ClassGrader) (*Attempt, error)
	ClassLive(ctx context.Context, classID, userID int64) (*ClassLive, error)
	// ReadClassLive returns a class's live drill whole, read at one moment:
	// what a process reads each time the class's live version moves.
	ReadClassLive(ctx context.Context, classID int64) (*ClassLiveRead, error)
	ClassRunRecord(ctx context.Context, runID int64) (*ClassRunRecord, error)
	// ClassLiveVersions returns the live version of each class named: a
	// number that grows with every change to its live drill, polled to
	// learn cheaply that something changed.
	ClassLiveVersions(ctx context.Context, classIDs ...int64) (map[int64]int64, error)
}

// HealthService says whether the store can be read and written, for /healthz.
type HealthService interface {
	Ping(ctx context.Context) error
	SchemaVersion(ctx context.Context) (string, error)
	ProbeWrite(ctx context.Context) error
	LastWriteError() error
	// Clock is the time the store's next transaction records (tests move it).
	Clock() time.Time
}

// Store is every service of one database, as the server holds it.
type Store interface {
	UserService
	SigninService
	SessionService
	PracticeService
	ExamService
	CertService
	AuditService
	RulesService
	SettingsService
	HealthService
	SiteService
	SiteTableTestService
	ClassService
	RecordsService
	GlanceService
	// Close releases the database.
	Close() error
}
