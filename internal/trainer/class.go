package trainer

import (
	"encoding/json"
	"strconv"
	"time"
)

// The records of classes and their live drills (issue 23), as the stores
// keep them. Package class gives them their behaviour: class.Class is a
// Class, class.Question a ClassQuestion (defined on these very structs, so
// that a record and its domain value convert without copying), and
// class.Timing, class.Event and class.Action are these types under their
// domain names. They live here because the stores import trainer only and
// must read and write them, and package class imports trainer: one
// definition serves both.

// ClassStanding is how a live drill ranks its trainees: "none",
// "anonymous" or "teams" (class.Standing names them).
type ClassStanding string

// Class is a group of trainees taught together: a name, the managers or
// administrators who lead it, its roster, the games it learns and,
// optionally, the days it runs. A trainee may be in several classes.
type Class struct {
	ID int64
	// SiteID is the site the class belongs to (a group's property); 0 when
	// created means the first site, as for users.
	SiteID int64
	Name   string
	// Instructors are the user IDs of the staff who lead the class and may
	// drive its live drills (class.Class.Drives): managers or
	// administrators.
	Instructors []int64
	// Members are the user IDs of its trainees.
	Members []int64
	// Tables are the practice tables members sit at, by user ID, for a
	// standing by teams; a member not in it sits at none.
	Tables map[int64]string
	// Games are the slugs of the games it learns, in the kiosk's order.
	Games []string
	// Starts and Ends are the class's first and last days, or zero when
	// not set; only the date counts.
	Starts, Ends time.Time
	// Standing is the standing its live drills show ("" or "none" for
	// none), and ShowNames whether names may appear on the projector.
	Standing  ClassStanding
	ShowNames bool
	CreatedAt time.Time
	// CreatedBy is the user who created it; 0 for the machine's operator.
	CreatedBy int64
	// RunID is the live drill in progress, 0 when none; the stores fill it
	// in when they read a class.
	RunID int64
}

// MaxClassMembers is the most trainees a class has (class.MaxMembers).
const MaxClassMembers = 200

// ClassSubject is the audit subject of class id.
func ClassSubject(id int64) string { return "class:" + strconv.FormatInt(id, 10) }

// ClassList is a prepared list of questions as the stores keep it. Its
// items are class.Item's JSON, which the stores never look into.
type ClassList struct {
	ID        int64
	OwnerID   int64
	Name      string // unique among its owner's, without regard to case
	Items     json.RawMessage
	CreatedAt time.Time
	UpdatedAt time.Time
}

// ClassRun is one live drill of a class: when and by whom it started and
// ended, and whether it asks a prepared list (ListID, with its name as it
// was then) or the questions the instructor chooses one by one (ListID 0).
type ClassRun struct {
	ID           int64
	ClassID      int64
	ListID       int64
	ListName     string
	House        string // the house and rules version its questions are made on
	RulesVersion string
	StartedAt    time.Time
	StartedBy    int64 // 0 for the machine's operator
	EndedAt      time.Time
	EndedBy      int64
}

// Live reports whether the live drill is still running.
func (r *ClassRun) Live() bool { return r.EndedAt.IsZero() }

// MaxClassQuestions is the most questions one live drill asks: the
// planned count of its trainees' sessions while it runs.
const MaxClassQuestions = 200

// ClassTiming is how long a question's phases last (class.Timing).
type ClassTiming struct {
	Preview time.Duration // the round shown before answers open
	Window  time.Duration // the time to answer, before any time added
}

// ClassAction is what the instructor does to a running question
// (class.Action); the same word is stored.
type ClassAction string

// ClassEvent is one action of the instructor on a question, at the
// store's time (class.Event).
type ClassEvent struct {
	Action ClassAction
	At     time.Time
	Add    time.Duration // ActionAdd only
	// By is the user who acted; the store sets it from the request's
	// actor (0 for the machine's operator).
	By int64
}

// ClassQuestion is one question of a live drill as the store keeps it
// (class.Question): what makes its drill, when it started, its timing and
// the instructor's actions since, in the order recorded.
type ClassQuestion struct {
	ID     int64
	RunID  int64
	Number int // 1, 2, 3 … within the live drill
	Game   string
	Kind   string
	Level  int
	Seed   uint64
	House  string
	// RulesVersion is the rules the drill is made on, as an attempt's.
	RulesVersion string
	// Skill and TargetSeconds are the drill's, copied to every answer.
	Skill         string
	TargetSeconds int
	Start         time.Time
	Timing        ClassTiming
	Events        []ClassEvent
}

// ClassParticipant is a trainee who joined a live drill: their session of
// ModeClass, which holds their answers, and the practice table they sat
// at then.
type ClassParticipant struct {
	RunID     int64
	UserID    int64
	SessionID int64
	Table     string
	JoinedAt  time.Time
}

// ClassLive is what a projector or a tablet polls: the class's live drill
// in progress, its current question and how many answered it. Version
// changes with every change to the live drill (ClassService's live
// version), so a poll that finds the version it has seen reads no more.
type ClassLive struct {
	ClassID int64
	Version int64
	// Run is the live drill in progress, nil when none runs.
	Run *ClassRun
	// Question is the question asked last (the current one), nil before
	// the first.
	Question *ClassQuestion
	Answered int // answers to Question
	Joined   int // trainees who joined Run
	// For one trainee (ClassLive's userID): their participation, nil
	// until they join, and their answer to Question, nil until given.
	Participant *ClassParticipant
	Answer      *Attempt
}

// ClassLiveRead is a class's live drill read at one moment: the class, its
// live drill as ClassLive says it for no trainee, and the answers to the
// question asked last, in the order given.
type ClassLiveRead struct {
	Class   *Class
	Live    *ClassLive
	Answers []*Attempt
}

// ClassRunRecord is a live drill whole, for its report: its questions in
// order, each with its events, the trainees who joined, and every answer,
// by question ID.
type ClassRunRecord struct {
	Run          *ClassRun
	Questions    []*ClassQuestion
	Participants []ClassParticipant
	Answers      map[int64][]*Attempt
}
