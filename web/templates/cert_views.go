package templates

// View models of the certification pages (issue 8): the trainee's exam, the
// managers' dashboard and trainee file, the rules versions, and the printable
// transcript, certificate and training programme.

import (
	"context"
	"time"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/web/say"
)

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
	Game     string
	GameName string
	Items    int
	Kinds    []StandardRow
	Sittings string // "1 of 3 sittings in this cycle"
	Rules    string // the rules version
	Blocked  string // why it cannot start, or ""
	Action   string // the form that starts it
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
	Notice   say.Message
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
	Refs     []Citation // the sections of the rule book the right answer rests on
	Time     string     // "12.4 s of 30 s"
	Verdict  string     // "Right", "Wrong", "Too late", "Not answered"
	Ok       bool
	Seed     string
}

// DashboardView is the managers' dashboard: every trainee's certification in
// every game, the lists of those due and expired, each trainee's weakest
// skills and the class's most-missed questions and rulings.
type DashboardView struct {
	Page
	Filter    DashboardFilter
	Games     []string // the games shown, by name
	Glance    GlanceView
	Count     string // "12 trainees", "3 trainees of 12" under a filter
	Due       []CertListRow
	Expired   []CertListRow
	Questions []MissRow
	Rulings   []MissRow
	CSVURL    string
	RulesNote string // the rules in use wait for approval, or ""
	RulesURL  string
	AuditHead string // "1042 entries · head 3f9c…": the number to write down
	// Sites compares the group's sites game by game, for the group
	// director at a group of several sites; nil otherwise.
	Sites []SiteCompareRow
	// Visiting lists, for a manager at a group of several sites, the other
	// sites' dealers who need a table test at the manager's site.
	Visiting []VisitingRow
}

// VisitingRow is a dealer of another site whose certification in a game
// asks for a table test at the manager's site, with the form recording it.
type VisitingRow struct {
	Dealer, Site, GameName string
	Until                  string // the certificate's expiry
	URL, SiteID            string // the form: POST URL with site=SiteID
	Here                   string // the manager's site, by name
}

// SiteCompareRow is one site and game on the director's dashboard.
type SiteCompareRow struct {
	Site, Game                        string
	Trainees, Certified, Due, Expired int
	Accuracy                          string // "87% of 240 answers", or "no answers"
}

// DashboardFilter narrows the dashboard by game and state (a GET form).
type DashboardFilter struct {
	Games  []ChoiceOption
	States []ChoiceOption
	Any    bool // a filter is set
}

// DashboardRow is one trainee's card on the dashboard.
type DashboardRow struct {
	Trainee string
	Badge   string
	URL     string
	Cells   []CertCell // one per game shown
	Weakest []string   // "Payouts · Blind (Ultimate Texas Hold'em) 40 %"
}

// CertCell is one trainee's certification in one game: what it waits for
// and its date, read as one line ("Exam failed — next sitting on 3 Dec
// 2026 14:00").
type CertCell struct {
	GameName   string
	State      string // "Exam failed"; "" when the filter leaves it out
	StateClass string // the step's word, for the badge's colour
	Step       string // eval's step: "exam_failed", "table_test" …
	Date       string // "next sitting on 3 Dec 2026 14:00"
	Note       string // "a manager must allow another sitting", "refresher required" …
}

// CertListRow is one line of the due and expired lists.
type CertListRow struct {
	Trainee  string
	URL      string
	GameName string
	Date     string // the expiry
	When     string // "in 12 days", "40 days ago"
}

// MissRow is a question or ruling the class misses.
type MissRow struct {
	GameName string
	Skill    string
	Wrong    int
	Answered int
	Share    string // "62 %"
	Mistake  string // the anticipated mistake most often matched, or ""
}

// TraineeFileView is a trainee's personnel file for the managers.
type TraineeFileView struct {
	Page
	Trainee     string
	Badge       string
	Active      bool
	Notice      say.Message
	Problem     string
	Games       []FileGame
	DealerFile  string // the dealer's file for a regulator, printable
	AttemptsCSV string
	Weakest     []string
	Practice    FilePractice
	Hours       HoursForm
	Topics      TopicsForm
	Audit       []AuditRow
}

// HoursForm enters a dealer's table hours on their file (issue 24): the
// values typed, kept when the form is refused.
type HoursForm struct {
	Action                    string
	Games                     []ChoiceOption
	Day, Table, Minutes, Note string
	Entries                   []HoursEntry // the hours entered so far, oldest first
}

// HoursEntry is one entry of table hours on the file: struck out (Struck
// says by whom, when and why), or with the form that strikes it out.
type HoursEntry struct {
	ID, Line, Note string
	Struck         string
	Action         string // strikes it out; "" once struck
	Reason, Error  string // the reason as typed and its refusal, when refused
}

// TopicsForm records a dealer's completion of a topic outside the games
// on their file, under each topic's standing.
type TopicsForm struct {
	Action        string
	Standing      []string
	Topics        []ChoiceOption
	Day, Evidence string
	Errors        Errors // by field: topic, day, evidence; "" the form's
}

// FileGame is one game of a trainee's file.
type FileGame struct {
	Game        string
	GameName    string
	State       string
	StateClass  string
	Since       string
	Expires     string
	SignedBy    string
	SignedAt    string
	Pending     string // the exam that waits for its table test, or ""
	Blocked     string // why no exam can start now, for the manager's information
	Sittings    string
	Exams       []FileExam
	Events      []FileEvent
	TableTest   *TableTestForm
	Checklist   string // the table test with its checklist, when the programme has one approved
	Revoke      *RevokeForm
	Allow       *AllowForm
	Transcript  string
	Certificate string // "" when no certificate was ever granted
	// Sites says, at a group of several sites, where a valid certification
	// holds: "Valid at North Shore", "Table test needed at Riverside".
	Sites []string
	// SiteTests are the forms that record a passing table test at a site
	// that asks for one, for a signer who certifies there.
	SiteTests []SiteTestForm
}

// SiteTestForm records a passing table test at another site of the group.
type SiteTestForm struct {
	URL    string
	SiteID string
	Site   string
}

// FileExam is one exam in a trainee's file.
type FileExam struct {
	When   time.Time // when it started
	URL    string
	Right  string
	Result string
	Rules  string
}

// FileEvent is one event of a certification.
type FileEvent struct {
	When  time.Time
	What  string
	Who   string
	Notes string
}

// TableTestForm records a table test: pass, fail or re-test, with notes.
// With Confirm set it shows what it will record, for the manager to
// confirm.
type TableTestForm struct {
	ID      string
	Action  string
	Options []ChoiceOption
	Notes   string
	Exam    string // the exam it follows, for people
	Errors  Errors
	Confirm *TableTestConfirm
}

// TableTestConfirm is a table test about to be recorded.
type TableTestConfirm struct {
	Title  string // "Record a pass for Tia Trainee in Ultimate Texas Hold'em?"
	What   string // what it does, and who signs
	Pass   bool
	Result string // the form's values, sent again with the confirmation
	Notes  string
}

// RevokeForm revokes a certification, with the reason.
type RevokeForm struct {
	ID     string
	Action string
	Reason string
	Errors Errors
}

// AllowForm allows another sitting once a cycle's are used up.
type AllowForm struct {
	ID     string
	Action string
	Notes  string
	Errors Errors
}

// AuditRow is one audit entry, as a file lists it.
type AuditRow struct {
	Seq    string
	Code   string // say.VerificationCode: what a certificate prints of it
	When   time.Time
	Actor  string
	Action string
	Detail string
}

// ExamResultPageView is a finished exam on a manager's page.
type ExamResultPageView struct {
	Page
	BackURL string
	Result  ExamResultView
}

// RulesView lists the rules versions the kiosk has run with.
type RulesView struct {
	Page
	Current  string
	Versions []RulesRow
}

// RulesRow is one rules version.
type RulesRow struct {
	Version   string
	URL       string
	FirstSeen string
	Approved  string // "3 Mar 2026 10:04 by Max Manager", or ""
	Current   bool
	Files     int
}

// RulesVersionView is one version: what it changes for the kiosk's house,
// in words, and its approval.
type RulesVersionView struct {
	Page
	Version   string
	URL       string
	House     string // the house's name
	FirstSeen string
	Approved  string
	Current   bool
	Against   string // what it is compared with
	// First is set when there is nothing to compare with: every section is
	// new, and the page shows the whole book.
	First    bool
	Problem  string // why the changes cannot be shown
	Sections []SectionChangeView
	Rows     []RowChangeView
	Edges    []EdgeChangeView
	Settings []SettingChangeView
	Others   []string // other rules that changed, in words
	// Languages are the translations of the books that changed, one block
	// per language.
	Languages []LanguageChangeView
	Action    string // the approval form, "" once approved
	Notice    say.Message
}

// LanguageChangeView is the sections of one language's books that changed.
type LanguageChangeView struct {
	Tag      string // "it": the texts' lang attribute
	Name     string // "Italiano"
	Heading  string // "The rule books in Italian: …", in the reader's language
	Sections []SectionChangeView
}

// Changed counts the changes, for the confirmation.
func (v RulesVersionView) Changed() int {
	n := len(v.Sections) + len(v.Rows) + len(v.Settings) + len(v.Others)
	for _, l := range v.Languages {
		n += len(l.Sections)
	}
	return n
}

// SectionChangeView is a section of a rule book added, changed or removed,
// with its old and new text.
type SectionChangeView struct {
	GameName string
	Change   string // "added", "changed" or "removed"
	Number   string // the section's number and title now (or before, when removed)
	Title    string
	OldTitle string // "2.3 The Blind bet"
	OldHTML  string
	NewTitle string
	NewHTML  string
}

// ChangeID is the change as the last word of its message id
// (rulespage.change_new, _removed, _changed), which says it in words.
func (c SectionChangeView) ChangeID() string {
	switch c.Change {
	case "added":
		return "new"
	case "removed":
		return "removed"
	}
	return "changed"
}

// RowChangeView is one pay-table row paying otherwise.
type RowChangeView struct {
	GameName string
	Table    string // "Trips"
	Row      string // "Flush"
	OldTable string // the table's name before and now: "B"
	NewTable string
	Old, New string // "6 to 1", "nothing"
}

// EdgeChangeView is a wager's house edge before and after the change.
type EdgeChangeView struct {
	GameName      string
	Wager         string
	Before, After EdgeFigure
}

// EdgeFigure is one house edge and how it was found.
type EdgeFigure struct {
	Text string // "3.528 %", "2.19 % ± 0.05 %"
	How  string // "exact", "simulated, 1,000,000 rounds"
}

// SettingChangeView is one setting changed, in words.
type SettingChangeView struct {
	Scope    string // the game, or "The whole house"
	Label    string
	Old, New string
}

// PrintView is the frame of a printable page: the page, in the reader's
// language, around a sheet in the language of the person it is for.
type PrintView struct {
	Page
	Printed   string // when it was printed, and by whom, in the sheet's language
	BackURL   string
	Sheet     *i18n.Localizer // the sheet's language: the article's words and lang
	Languages []PrintLanguage // the sheet's languages to choose from, on screen only
}

// PrintLanguage is a link that shows the sheet in another language.
type PrintLanguage struct {
	Name    string // the language's name in itself: "Italiano"
	Lang    string // its tag, for the link's lang
	URL     string // the page with ?lang=
	Current bool   // the sheet is in this language
}

// sheet is the Localizer the sheet speaks: v.Sheet, or the page's own
// when a view sets none (a component rendered alone in a test).
func (v PrintView) sheet(ctx context.Context) *i18n.Localizer {
	if v.Sheet != nil {
		return v.Sheet
	}
	return i18n.FromContext(ctx)
}

// TranscriptView is a trainee's transcript in one game.
type TranscriptView struct {
	PrintView
	Trainee  string
	Badge    string
	GameName string
	House    string
	State    string
	Since    string
	Expires  string
	SignedBy string
	SignedAt string
	Exams    []TranscriptExam
	Events   []FileEvent
}

// TranscriptExam is one exam on a transcript.
type TranscriptExam struct {
	When   time.Time // when it finished
	Rules  string
	Right  string
	Kinds  string // "Payouts 8/8 · Rulings 7/8 …"
	Result string
}

// CertificateView is the certificate of one trainee in one game.
type CertificateView struct {
	PrintView
	HouseTitle string
	Trainee    string
	Badge      string
	GameName   string
	Granted    string
	Expires    string
	SignedBy   string
	ExamDate   string
	ExamRight  string
	Rules      string
	Status     string // "Valid", or why it no longer is
	Valid      bool
	AuditSeq   string
	AuditCode  string // say.VerificationCode of the entry's hash
}

// ProgrammeView is the house's training programme, for the regulator.
type ProgrammeView struct {
	PrintView
	HouseTitle string
	Rules      string   // "The house rules approved on 3 Dec 2026 by Max Manager"
	Levels     []string // "1: One box, round stakes, common hands"
	Games      []ProgrammeGame
}

// ProgrammeGame is one game of the programme.
type ProgrammeGame struct {
	Name   string
	Items  int
	Kinds  []StandardRow
	Policy []string
}
