package templates

// View models of the certification pages (issue 8): the trainee's exam, the
// managers' dashboard and trainee file, the rules versions, and the printable
// transcript, certificate and training programme.

// IDs of the certification fragments.
const (
	TableTestFormID = "table-test-form"
	RevokeFormID    = "revoke-form"
	AllowFormID     = "allow-form"
)

// CertTile is one game's certification on the trainee's home page.
type CertTile struct {
	Game       string // slug
	GameName   string
	State      string // "Certified", for people
	StateClass string // the state's word, for the badge's colour
	Since      string // "since 3 Mar 2026", or ""
	Detail     string // expiry, or why the exam cannot start now
	ExamURL    string // the exam's start page, when it may start
	ReviewURL  string // the refresher (a review session), when required
}

// CertHomeView is the certification part of the trainee's home page.
type CertHomeView struct {
	Tiles []CertTile
	// RulesNote says that exams wait for a manager to approve the rules in
	// use, or "".
	RulesNote string
}

// ExamStartView is the page that shows what an exam holds before it starts.
type ExamStartView struct {
	Page
	Game      string
	GameName  string
	Items     int
	Kinds     []StandardRow
	Sittings  string // "1 of 3 sittings in this cycle"
	Rules     string // the rules version
	Blocked   string // why it cannot start, or ""
	Action    string // the form that starts it
	RulesNote string
}

// StandardRow is one kind of a game's certification standard.
type StandardRow struct {
	Kind     string // "Payouts"
	Items    int
	Levels   string // "levels 2, 3, 4"
	Required string // "100 %"
	Seconds  string // "30 s"
}

// ExamView is the exam page: the panel that htmx swaps.
type ExamView struct {
	Page
	Panel ExamPanel
}

// ExamPanel is one state of an exam: a question, or the result once
// finished. Exactly one of the two is set.
type ExamPanel struct {
	Bar      ExamBar
	Question *QuestionView
	Result   *ExamResultView
	Notice   string
}

// ExamBar is the exam's header: no score until the end.
type ExamBar struct {
	Title    string // the game's name
	Position int    // the question on screen, from 1; 0 for none
	Planned  int
	Answered int
}

// ExamResultView is a finished exam: the verdict per kind and overall, then
// every item with its right answer.
type ExamResultView struct {
	Passed     bool
	Trainee    string
	GameName   string
	StartedAt  string
	FinishedAt string
	Rules      string
	Right      string // "27 of 30"
	Kinds      []ExamKindRow
	Items      []ExamItemRow
	HomeURL    string // "" on a manager's page
	HomeLabel  string
}

// ExamKindRow is one kind's result.
type ExamKindRow struct {
	Kind       string
	Items      int
	Right      int
	OverTime   int
	Unanswered int
	Required   string // "100 %"
	Accuracy   string // "87.5 %"
	Seconds    string
	Passed     bool
}

// ExamItemRow is one item of a finished exam.
type ExamItemRow struct {
	Position int
	URL      string // the item as it was shown, with its feedback; "" if none
	Kind     string
	Skill    string
	Prompt   string
	Yours    string
	Right    string
	Time     string // "12.4 s of 30 s"
	Verdict  string // "Right", "Wrong", "Too late", "Not answered"
	Ok       bool
	Seed     string
}
