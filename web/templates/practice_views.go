package templates

import (
	"strconv"
	"strings"
)

// IDs of the practice fragments (issue 7).
const (
	DrillPanelID  = "drill-panel"
	HintBoxID     = "hint-box"
	StartFormID   = "start-form"
	AnswerFormID  = "answer-form"
	AmountFieldID = "f-amount"
)

// TraineeHomeView is a trainee's start page: the games, and the session to
// resume if one is open.
type TraineeHomeView struct {
	Page
	Name   string
	Games  []GameTile
	Resume *ResumeView // nil when no session is open
	Cert   CertHomeView
}

// GameTile is one game on the trainee's start page.
type GameTile struct {
	URL   string
	Name  string
	Slug  string
	Kinds string // "Payouts, outcomes, hand reading …"
}

// ResumeView offers the open session.
type ResumeView struct {
	URL      string
	Title    string // "Ultimate Texas Hold'em · Practice · Payouts"
	Progress string // "3 of 10 answered"
}

// ChoiceOption is one choice of a radio group or select.
type ChoiceOption struct {
	Value    string
	Label    string
	Hint     string
	Selected bool
}

// StartView is the page where a trainee starts a session of one game.
type StartView struct {
	Page
	GameName string
	Form     StartForm
}

// StartForm chooses the kind, mode and level of a new session.
type StartForm struct {
	Action string
	Game   string // posted back in a hidden field
	Kinds  []ChoiceOption
	Modes  []ChoiceOption
	Levels []ChoiceOption
	Errors Errors
}

// DrillView is the session page: its header and the panel that htmx swaps.
type DrillView struct {
	Page
	Panel DrillPanel
}

// SessionBar is the session's header inside the panel: it moves on with each
// answer, so it travels with the fragment.
type SessionBar struct {
	URL       string
	Title     string // "Ultimate Texas Hold'em"
	Mode      string // "Practice"
	Kind      string // "Payouts" or "Mixed"
	Position  int    // the scenario on screen, from 1
	Planned   int
	Answered  int
	Correct   int
	EndAction string // form action that ends the session, "" once ended
	// Book opens the game's rule book in the dialog over the question.
	Book Citation
}

// DrillPanel is one state of the session: a question, its feedback, or the
// summary at the end. Exactly one of the three is set.
type DrillPanel struct {
	Bar      SessionBar
	Question *QuestionView
	Feedback *FeedbackView
	Summary  *SummaryView
	Notice   string
}

// The shapes of an answer form.
const (
	ShapeAmount   = "amount"
	ShapeChoice   = "choice"
	ShapeOutcomes = "outcomes"
	ShapeChips    = "chips"
)

// QuestionView is a scenario as the trainee sees it before answering. It holds
// nothing of the key.
type QuestionView struct {
	AttemptID int64
	Action    string // where the answer posts
	Skill     string // "Payouts · Blind", for people
	Prompt    string
	Table     *RoundView // nil for a question without a round
	Ask       []ChipCountView
	AskLabel  string // "Stack to colour up" or "Amount to pay"
	AskAmount string

	Shape     string // ShapeAmount …
	AllowSign bool   // a net can be negative: the keypad has ±
	Amount    string // the amount typed, after a 422
	Choices   []ChoiceView
	Outcomes  []OutcomeRow
	ChipRows  []ChipRow
	ChipSet   []ChipView // chips to tap into the amount
	Errors    Errors

	HintAction string    // "" when hints are not allowed in this mode
	Hint       *HintView // the hint, once asked for
	HintTarget string    // what the hint form swaps: the hint box or the panel

	TargetSeconds  int // shown in timed mode; 0 hides it
	ElapsedSeconds int // since served, at render: the page's clock starts there
	// TimerLabel names TargetSeconds beside the clock: "" for "target"
	// (practice), "allowed" in an exam, where a late answer counts wrong.
	TimerLabel string
}

// timerText is the clock before the script starts it: "Target 12 s".
func (q QuestionView) timerText() string {
	l := q.timerLabel()
	return strings.ToUpper(l[:1]) + l[1:] + " " + strconv.Itoa(q.TargetSeconds) + " s"
}

// timerLabel is the word beside the clock's limit.
func (q QuestionView) timerLabel() string {
	if q.TimerLabel == "" {
		return "target"
	}
	return q.TimerLabel
}

// ChoiceView is one answer of a multiple-choice question.
type ChoiceView struct {
	N      int
	Value  string
	Text   string
	Struck bool // struck out by the hint
}

// OutcomeRow is one wager or fee of an outcome question.
type OutcomeRow struct {
	Field   string
	Label   string
	Options []ChoiceOption
	Error   string
}

// ChipRow is one denomination of a chips answer.
type ChipRow struct {
	Field string
	Chip  ChipView
	Count string
	Error string
}

// ChipView is one chip of the house's set.
type ChipView struct {
	Value   string // "25"
	Label   string // printed on the chip: "25", "½", "1K"
	Colour  string // CSS class suffix from the colour, see chipClass
	Pattern string // the edge pattern's name: "dots", "stripes" …
	Name    string // for screen readers: "chip of 25"
}

// ChipCountView is a number of chips of one denomination.
type ChipCountView struct {
	Chip  ChipView
	Count int
}

// HintView is the hint shown under a question.
type HintView struct {
	Text string
}

// RoundView is the round on the table: the dealer's cards, the board and the
// boxes with their wagers. It is the seam where the shared table components
// (branch table) replace this plain rendering.
type RoundView struct {
	Game   string
	Dealer []PlainCard
	// DealerDraw is Lunar's card bought by the dealer, if any.
	DealerDraw []PlainCard
	Board      []PlainCard
	Boxes      []RoundBox
}

// RoundBox is one player box.
type RoundBox struct {
	N      int
	Asked  bool // the box the question is about
	Cards  []PlainCard
	Wagers []RoundWager
	Notes  []string // actions: folded, forced, bought a card …
}

// RoundWager is one wager on a box.
type RoundWager struct {
	Name   string
	Amount string
	Asked  bool
}

// PlainCard is one card.
type PlainCard struct {
	Code  string // "Kc"
	Name  string // "king of clubs"
	Short string // "K♣"
	Red   bool
	Joker bool
}

// FeedbackView is the answer's feedback, and a past scenario in the history.
type FeedbackView struct {
	Correct     bool
	Verdict     string // "Right" or "Not quite"
	Question    QuestionView
	Yours       []AnswerLine
	Right       []AnswerLine
	Explanation string
	// Refs are the sections of the rule book the right answer rests on.
	Refs []Citation
	// Mistake is set when the answer matched an anticipated mistake:
	// MistakeText says what went wrong, MistakeRefs the sections it breaks.
	Mistake     bool
	MistakeText string
	MistakeRefs []Citation
	Elapsed     string // "8.4 s"
	Speed       string // "FAST", shown when the mode grades speed
	SpeedClass  string
	Target      string // "target 12 s"
	HintUsed    bool
	AnsweredAt  string
	Context     string // in the history: "Ultimate Texas Hold'em · Payouts · blind · Practice"

	NextAction string // POST here for the next question; "" in the history
	NextLabel  string
	BackURL    string // the history, when shown from there
	Problem    string // why the scenario cannot be shown as it was
}

// AnswerLine is one line of an answer: "Ante: win", with whether it was right.
type AnswerLine struct {
	Text  string
	Right bool
}

// SummaryView ends a session.
type SummaryView struct {
	Answered    int
	Correct     int
	Accuracy    string // "70 %"
	MeanTime    string
	OnTime      int
	Rows        []HistoryRow
	AgainURL    string
	ProgressURL string
}

// HistoryRow is one answered scenario in a list.
type HistoryRow struct {
	URL      string
	When     string
	Game     string
	Skill    string
	Correct  bool
	Result   string // "Right" / "Wrong"
	Elapsed  string
	Speed    string
	HintUsed bool
}

// HistoryView is the trainee's list of past attempts.
type HistoryView struct {
	Page
	Rows    []HistoryRow
	MoreURL string // the next page, or ""
	Games   []ChoiceOption
}

// ProgressView is a trainee's progress page.
type ProgressView struct {
	Page
	Games []GameProgress
}

// GameProgress is one game on the progress page.
type GameProgress struct {
	Slug     string
	Name     string
	Answered int
	Accuracy string
	MeanTime string
	OnTime   string
	Mastery  string
	Trend    Chart
	Skills   Chart
	Rows     []SkillRow
	StartURL string
}

// SkillRow is one skill in the table under the charts (the charts' text alternative).
type SkillRow struct {
	Skill    string
	Answered int
	Accuracy string
	MeanTime string
	OnTime   string
	Mastery  string
}

// Chart is a small server-rendered SVG chart. Coordinates are computed by the
// handler; the template only writes them.
type Chart struct {
	ID     string
	Title  string
	Desc   string
	Width  int
	Height int
	Empty  string // shown instead of the chart when there is nothing to draw
	Line   string // SVG path of a trend line
	Points []ChartPoint
	Bars   []ChartBar
	Grid   []ChartTick
}

// ChartPoint is one point of a trend: a session.
type ChartPoint struct {
	X, Y  float64
	Label string // "Session 3: 70 % right"
}

// ChartBar is one horizontal bar: a skill's mastery.
type ChartBar struct {
	Y, Width  float64
	Label     string
	Value     string
	LabelY    float64
	BarHeight float64
	Level     string // "low", "mid", "high": a pattern as well as a colour
}

// ChartTick is a grid line with its label.
type ChartTick struct {
	X1, Y1, X2, Y2 float64
	TX, TY         float64
	Label          string
}
