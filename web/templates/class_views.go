package templates

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/i18n"
)

// The view models of the class pages and the live drill (issue 23,
// class*.templ). They carry facts (counts, times, states as codes, the
// names of people and games); the templates say them with T and the
// helpers below.

// IDs of the live drill's parts that the event stream and the polling
// fallback swap (class.js).
const (
	LivePanelID    = "live-panel"
	LiveControlsID = "live-controls"
	LiveClockID    = "live-clock"
)

// GameWord is a game as a page names it: its slug (the catalogue's
// game.<slug>) and the rules' name, said when the catalogue has none.
type GameWord struct {
	Slug string
	Name string
}

// classGame says a game in the page's language.
func classGame(ctx context.Context, g GameWord) string {
	if s := T(ctx, "game."+g.Slug); s != "game."+g.Slug {
		return s
	}
	return g.Name
}

// classKind says a kind of drill in the page's language.
func classKind(ctx context.Context, k string) string {
	if s := T(ctx, "kind."+k); s != "kind."+k {
		return s
	}
	return k
}

// classLevel says a level of drills.toml in the page's language.
func classLevel(ctx context.Context, n int, title string) string {
	if s := T(ctx, "level."+strconv.Itoa(n)); s != "level."+strconv.Itoa(n) {
		return s
	}
	return title
}

// classDay says a date in the page's language; "" for none.
func classDay(ctx context.Context, t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return i18n.FromContext(ctx).Date(t)
}

// classDayTime says a moment in the page's language, in the kiosk's time zone.
func classDayTime(ctx context.Context, t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return i18n.FromContext(ctx).DateTime(t.Local())
}

// classSeconds says a time in seconds with one decimal ("8.4 s").
func classSeconds(ctx context.Context, d time.Duration) string {
	return i18n.FromContext(ctx).Seconds(d, 1)
}

// ClassListView is /classes: the classes of the staff member's site.
type ClassListView struct {
	Page
	Classes   []ClassRow
	CanCreate bool
	ListsURL  string
}

// ClassRow is one class in the list.
type ClassRow struct {
	URL         string
	Name        string
	Instructors []string
	Members     int
	Games       []GameWord
	Starts      time.Time
	Ends        time.Time
	Live        bool // a live drill runs
	Drives      bool // the reader may drive it
	LiveURL     string
}

// ClassNewView is the new class's page.
type ClassNewView struct {
	Page
	Form ClassForm
}

// ClassForm makes a class: its name, instructors, games and days.
type ClassForm struct {
	Action      string
	Name        string
	Instructors []ClassPick
	Games       []ClassPick
	Starts      string // yyyy-mm-dd, as the date field takes it
	Ends        string
	Errors      Errors
}

// ClassPick is one box of a group of checkboxes or one option of a select.
type ClassPick struct {
	Value   string
	Name    string
	Checked bool
}

// ClassShowView is a class's page.
type ClassShowView struct {
	Page
	Name        string
	Instructors []string
	Games       []GameWord
	Starts      time.Time
	Ends        time.Time
	Roster      []RosterRow
	Runs        []RunRow
	Drives      bool
	Live        bool
	LiveURL     string
	// The roster import: the form's action, the file's size limit, and why
	// the last file was refused.
	ImportAction string
	MaxRosterKB  int
	ImportError  string
	// The practice tables' form, and why it was refused.
	TablesAction string
	TablesError  string
	// Notice is a message id: what was just done.
	Notice string
}

// RosterRow is one trainee of a class's roster.
type RosterRow struct {
	ID     string
	Name   string
	Badge  string
	Table  string
	Active bool
}

// RunRow is one live drill of a class, with its report.
type RunRow struct {
	Started   time.Time
	Ended     time.Time // zero while it runs
	By        string
	List      string // the prepared list it asked, "" for none
	ReportURL string
	CSVURL    string
}

// RosterPreviewView is the import's preview: each row's fate before
// anything is saved.
type RosterPreviewView struct {
	Page
	ClassName string
	ClassURL  string
	Rows      []RosterPreviewRow
	Added     int
	Joining   int
	Members   int
	Refused   int
	// The commit: where it posts, the file (base64) and the plan's digest.
	Action string
	Roster string
	Digest string
	// Notice is a message id: why the preview is shown again.
	Notice string
	// Problem is why the store refused the commit, and ProblemName the
	// row's trainee it refused.
	Problem     string
	ProblemName string
}

// RosterPreviewRow is one row of the file with its fate: "add", "join",
// "member" or "refused" (class.Fate), why a refused row is, and where a new
// trainee's PIN comes from ("made", "given") or that a file's PIN is not
// used ("unused").
type RosterPreviewRow struct {
	Line   int
	Name   string
	Badge  string
	Fate   string
	Reason string
	PIN    string
}

// Accepted reports whether the commit saves the row.
func (r RosterPreviewRow) Accepted() bool { return r.Fate == "add" || r.Fate == "join" }

// RosterResultView is the import's result, with the slips of the PINs the
// kiosk made: shown this once.
type RosterResultView struct {
	Page
	ClassName string
	ClassURL  string
	House     string
	Added     int
	Joined    int
	Members   int
	Refused   int
	Slips     []Slip
}

// Slip is one cut-out slip: a new trainee's name, badge and PIN.
type Slip struct {
	Name  string
	Badge string
	PIN   string
}

// ClassListsView is the prepared lists' page.
type ClassListsView struct {
	Page
	Lists []ListRow
	Form  ListForm
	// Notice is a message id: what was just done.
	Notice string
}

// ListRow is one prepared list.
type ListRow struct {
	Name         string
	Owner        string
	Items        []ListItemView
	DeleteAction string // "" unless the reader made it
}

// ListItemView is one question of a list.
type ListItemView struct {
	Game  GameWord
	Kind  string
	Level int
	Title string // the level's title in the rules, said when the catalogue has none
}

// ListForm makes a list: a name and rows of game, kind and level.
type ListForm struct {
	Action string
	Name   string
	Rows   []ListFormRow
	Games  []ClassPick
	Kinds  []ClassPick
	Levels []LevelPick
	Errors Errors
}

// ListFormRow is one question of the list form, as chosen.
type ListFormRow struct {
	N     int
	Game  string
	Kind  string
	Level string
	Error string
}

// LevelPick is one level of drills.toml.
type LevelPick struct {
	Level int
	Title string
}

// The states of a live drill as the projector and the tablets show it.
const (
	LiveIdle     = "idle"     // no live drill runs
	LiveWaiting  = "waiting"  // runs, no question yet
	LivePreview  = "preview"  // the round shown, answers not open
	LiveOpen     = "open"     // answers open
	LiveLocked   = "locked"   // answers closed: the results
	LiveSkipped  = "skipped"  // the question dropped
	LiveJoin     = "join"     // tablet: the trainee has not joined
	LiveLate     = "late"     // tablet: joined once answers were open
	LiveAnswered = "answered" // tablet: answered, answers still open
)

// ProjectorView is the instructor's live page, shown on the projector.
type ProjectorView struct {
	Page
	ClassName string
	ClassURL  string
	EventsURL string
	PollURL   string
	Panel     ProjectorPanel
	Controls  ProjectorControls
}

// LiveClock is a question's countdown: the time left when made, and
// whether it stands still. Key changes when the clock does otherwise than
// by running (time added, a pause), which the event stream tells the
// tablets.
type LiveClock struct {
	Key    string
	State  string // LivePreview or LiveOpen; "" shows no clock
	Left   time.Duration
	Paused bool
}

// LeftMS is the time left in milliseconds, for class.js.
func (c LiveClock) LeftMS() string { return strconv.FormatInt(c.Left.Milliseconds(), 10) }

// LeftSeconds is the time left in whole seconds, rounded up, as the clock
// first shows it.
func (c LiveClock) LeftSeconds() int { return int((c.Left + time.Second - 1) / time.Second) }

// ProjectorPanel is what the class sees on the projector.
type ProjectorPanel struct {
	Key      string
	State    string
	Paused   bool
	Number   int
	Game     GameWord
	Kind     string
	Clock    LiveClock
	Joined   int
	Members  int
	Answered int
	// Question is the round as the tablets show it, without the answer
	// form; nil without a question.
	Question *QuestionView
	// Results are the question's after the lock.
	Results *LiveResults
	// Standing is the class's ("none", "anonymous", "teams"), and Teams
	// the tables' places once the question is closed.
	Standing string
	Teams    []TeamRow
	// RightNames are those who answered right, shown only when the
	// instructor lets names on the projector.
	ShowNames  bool
	RightNames []string
}

// LiveResults are a question's results after the lock (class.Tally).
type LiveResults struct {
	Answered int
	Right    int
	Percent  int
	Median   time.Duration
	// Bars are the spread of an amount, a choice or chips: each answer
	// given and how many gave it, the right one marked; Lines the spread
	// of an outcome question, a line per wager.
	Bars  []SpreadBar
	Lines []SpreadLine
	Other int
	// The right answer, its explanation and the rule-book sections.
	RightAnswer []AnswerLine
	Explanation string
	Refs        []Citation
	Mistakes    []MistakeRow
}

// SpreadBar is one answer of the spread.
type SpreadBar struct {
	Label string
	Count int
	Right bool
	// Width is the bar's length in percent of the longest.
	Width int
}

// SpreadLine is one wager of an outcome question with a bar per result.
type SpreadLine struct {
	Label string
	Bars  []SpreadBar
}

// MistakeRow is one of the mistakes made most often: the wrong answer, how
// many gave it, and what went wrong (empty for one the drill did not
// anticipate).
type MistakeRow struct {
	Answer []AnswerLine
	Count  int
	Text   string
	Refs   []Citation
}

// TeamRow is one practice table in a standing by teams.
type TeamRow struct {
	Table   string
	Place   int
	Shared  bool
	Members int
	// Mean is the members' mean number right, in tenths.
	Mean int
}

// MeanText writes the mean number right with one decimal, in the page's
// language.
func (t TeamRow) MeanText(ctx context.Context) string {
	return Dec(ctx, strconv.Itoa(t.Mean/10)+"."+strconv.Itoa(t.Mean%10))
}

// ProjectorControls are the instructor's controls under the projector's
// panel: the question's (pause, go on, add time, close, skip), the next
// question's form, the standing, the end.
type ProjectorControls struct {
	Key      string
	State    string
	Paused   bool
	Question string // the current question's ID, posted with each action
	// Actions is where the question's controls post.
	Actions string
	// Start starts a live drill (no drill runs): with a prepared list or
	// none.
	Start *StartRunForm
	// Next asks the next question (no question yet, or the last one closed).
	Next *NextQuestionForm
	// The standing's form.
	StandingAction string
	Standing       string
	ShowNames      bool
	EndAction      string
}

// StartRunForm starts a live drill.
type StartRunForm struct {
	Action string
	Lists  []ClassPick
}

// NextQuestionForm asks the next question: the next of the prepared list,
// or a game, kind and level chosen here, with the preview and the answer
// window.
type NextQuestionForm struct {
	Action  string
	Games   []ClassPick
	Kinds   []ClassPick
	Levels  []LevelPick
	Level   int
	Preview int
	Window  string // "" for the kind's target time
	// The prepared list the drill asks: its name, the next question of it
	// (nil once every question has been asked), and its place in the list.
	ListName string
	ListNext *ListItemView
	ListN    int
	ListLen  int
}

// TabletView is a trainee's live page.
type TabletView struct {
	Page
	ClassName string
	EventsURL string
	PollURL   string
	Panel     TabletPanel
}

// TabletPanel is what one trainee's tablet shows.
type TabletPanel struct {
	Key    string
	State  string
	Paused bool
	Number int
	Clock  LiveClock
	// JoinAction joins the live drill (LiveJoin).
	JoinAction string
	// Question is the round, with the answer form while answers are open
	// (Form), as in practice.
	Question *QuestionView
	Form     bool
	// Yours is the trainee's answer once given; Result the verdict and
	// the explanation after the lock (nil for no answer, NoAnswer then).
	Yours    []AnswerLine
	Result   *FeedbackView
	NoAnswer *LiveResults
	// Place is the trainee's own place in an anonymous standing (0 for
	// none), Of how many, Shared if others have it too; Team the table's.
	Place  int
	Of     int
	Shared bool
	Team   *TeamRow
	// Notice is a message id, with its arguments: why an answer was
	// refused, say.
	Notice     string
	NoticeArgs []any
	// HomeURL leaves the live page.
	HomeURL string
}

// JoinCard is the trainee home page's "Join the class" for each class
// whose live drill runs.
type JoinCard struct {
	Name   string
	Action string // posts the join
	URL    string // the live page, once joined
	Joined bool
}

// ReportView is a live drill's report: per trainee and per question.
type ReportView struct {
	Page
	ClassName string
	ClassURL  string
	House     string
	Started   time.Time
	Ended     time.Time
	List      string
	CSVURL    string
	Questions []ReportQuestion
	Rows      []ReportRowView
	Totals    []ReportTotal
}

// ReportQuestion is one question's column.
type ReportQuestion struct {
	Number  int
	Game    GameWord
	Kind    string
	Level   int
	Skipped bool
}

// ReportRowView is one trainee's line.
type ReportRowView struct {
	Name     string
	Badge    string
	Cells    []ReportCell
	Answered int
	Right    int
	Median   time.Duration
}

// ReportCell is one trainee's answer to one question.
type ReportCell struct {
	Answered bool
	Correct  bool
	Skipped  bool
	Elapsed  time.Duration
}

// ReportTotal is one question's totals.
type ReportTotal struct {
	Answered int
	Right    int
	Median   time.Duration
	Skipped  bool
}

// classGames says games in the page's language, separated by commas.
func classGames(ctx context.Context, gs []GameWord) string {
	out := ""
	for i, g := range gs {
		if i > 0 {
			out += ", "
		}
		out += classGame(ctx, g)
	}
	return out
}

// classDays says the days a class runs: from and to, from, or to.
func classDays(ctx context.Context, starts, ends time.Time) string {
	switch {
	case !starts.IsZero() && !ends.IsZero():
		return T(ctx, "classes.days.from_to", "From", classDay(ctx, starts), "To", classDay(ctx, ends))
	case !starts.IsZero():
		return T(ctx, "classes.days.from", "From", classDay(ctx, starts))
	case !ends.IsZero():
		return T(ctx, "classes.days.to", "To", classDay(ctx, ends))
	}
	return ""
}

// joinNames lists people's names, separated by commas.
func joinNames(names []string) string { return strings.Join(names, ", ") }

// lineTexts writes an answer's lines on one line.
func lineTexts(ls []AnswerLine) string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Text
	}
	return strings.Join(out, "; ")
}

// withKeys is u with the query names and values of kv, escaped: an event
// stream's URL with the keys of what the page shows.
func withKeys(u string, kv ...string) string {
	q := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		q.Set(kv[i], kv[i+1])
	}
	return u + "?" + q.Encode()
}

// TabletURL is a class's live page on a trainee's tablet.
func TabletURL(classID int64) string { return fmt.Sprintf("/live/%d", classID) }

// ClassAnswerURL is where a tablet posts its answer to a live question.
func ClassAnswerURL(classID, questionID int64) string {
	return fmt.Sprintf("%s/questions/%d/answer", TabletURL(classID), questionID)
}

// ClassURL is a class's page for the staff.
func ClassURL(classID int64) string { return fmt.Sprintf("/classes/%d", classID) }

// ClassLiveURL is a class's live drill on the projector.
func ClassLiveURL(classID int64) string { return ClassURL(classID) + "/live" }

// ClassReportURL is the report of a class's live drill runID.
func ClassReportURL(classID, runID int64) string {
	return fmt.Sprintf("%s/runs/%d", ClassURL(classID), runID)
}
