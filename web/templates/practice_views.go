package templates

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/web/say"
)

// IDs of the practice fragments (issue 7).
const (
	DrillPanelID  = "drill-panel"
	HintBoxID     = "hint-box"
	StartFormID   = "start-form"
	AnswerFormID  = "answer-form"
	AmountFieldID = "f-amount"
	// PromptID is the whole prompt (its heading, lines and lists), which
	// names the choices' group.
	PromptID = "drill-prompt"
)

// TraineeHomeView is a trainee's start page: the games, and the session to
// resume if one is open.
type TraineeHomeView struct {
	Page
	Name   string
	Games  []GameTile
	Resume *ResumeView // nil when no session is open
	Cert   CertHomeView
	// Classes are the trainee's classes whose live drill runs (class_tablet.templ).
	Classes []JoinCard
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
	Exam     bool   // the open one is a certification exam
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
	// Open is the trainee's open session, which starting a new one ends
	// (or the exam under way, which practice cannot start beside), or nil.
	Open *ResumeView
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
	Notice   say.Message
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
	// ChipTotal is what the chips entered make ("0" before any), which the
	// chips answer shows and practice.js keeps up to date.
	ChipTotal string
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

// timerText is the clock before the script starts it: "4 s · target 12 s",
// as practice.js writes it each second.
// The unit is the language's symbol for seconds (s · с, drill.timer.seconds).
func (q QuestionView) timerText(ctx context.Context) string {
	s := " " + T(ctx, "drill.timer.seconds")
	return strconv.Itoa(q.ElapsedSeconds) + s + " · " + q.timerLabel(ctx) + " " + strconv.Itoa(q.TargetSeconds) + s
}

// Late reports whether the question has been waiting longer than its time
// when the page is made (a resumed exam item): the page says at once that
// it counts as wrong.
func (q QuestionView) Late() bool { return q.TargetSeconds > 0 && q.ElapsedSeconds > q.TargetSeconds }

// timerLabel is the word beside the clock's limit, in the page's language.
func (q QuestionView) timerLabel(ctx context.Context) string {
	if q.TimerLabel == "" {
		return T(ctx, "drill.timer.target")
	}
	return q.TimerLabel
}

// ChoiceView is one answer of a multiple-choice question. A choice that
// names a hand's cards has them in Cards (drawn) and its other words in
// Words; Text is always the whole choice.
type ChoiceView struct {
	N      int
	Value  string
	Text   string
	Words  string
	Cards  []CardView
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

// RoundView is the round on the table as a question shows it: the dealer's
// cards, the board and the boxes with the hand each plays and its wagers,
// drawn with the card faces of the hand checker (Card). Density says how
// much the felt holds, so that the stylesheet sizes the cards: the whole
// round and the answer fit the screen (practice.css, "The round").
type RoundView struct {
	Game   string
	Dealer []CardView
	// DealerDraw is Lunar's next card, which replaces the dealer's highest
	// card if a box forces him; DealerDrawLabel says so.
	DealerDraw      []CardView
	DealerDrawLabel string
	Board           []CardView
	Boxes           []RoundBox
	// Density is "roomy", "snug" or "tight" (RoundDensity).
	Density string
	// Label names the table for screen readers where a page shows several
	// ("The table" when empty).
	Label string
}

// RoundBox is one player box: the hand that plays, the cards given up
// (exchanged out, discarded), drawn greyed and struck, and the wagers.
type RoundBox struct {
	N     int
	Asked bool // the box the question is about
	// The hand that plays: the cards kept of those dealt, and the cards
	// that joined them, AddedLabel saying how ("Drawn" in an exchange,
	// "Bought" for a 6th card).
	Kept       []CardView
	Added      []CardView
	AddedLabel string
	// The cards given up (an exchange's, 7 Card Thrill's discards), drawn
	// greyed and struck through, under GivenUpLabel.
	GivenUp      []CardView
	GivenUpLabel string
	// Bought is the board card a Texas Oracle box paid to see (the 4th
	// card), drawn beside its hand under BoughtLabel.
	Bought      []CardView
	BoughtLabel string
	Wagers      []RoundWager
	// Side are Lunar's Multi Super bets on the other boxes and the dealer.
	Side  []RoundWager
	Notes []string // actions: folded, forced the dealer, bought the 4th card …
	// Folded greys the box out.
	Folded bool
}

// RoundWager is one wager on a box, named as the prompts name it.
type RoundWager struct {
	Name   string
	Amount string
	Asked  bool
	Fee    bool // a fee the player put down (Texas Oracle's 4th card, exchange), not a wager
}

// RoundDensity says how much a round holds for the layout: "roomy" for a
// box or two (the cards drawn large), "snug" for three or four, "tight" for
// more, or for 7 Card Thrill's seven-card hands from three boxes.
func RoundDensity(boxes, cardsPerBox int) string {
	switch {
	case boxes <= 2 && cardsPerBox <= 5, boxes == 1:
		return "roomy"
	case boxes <= 4 && cardsPerBox <= 5, boxes <= 2:
		return "snug"
	}
	return "tight"
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
	// Note adds to the answer what the trainee could not see in it: what a
	// chips answer's chips make ("Your chips make 25, not 120.").
	Note       string
	Elapsed    string // "8.4 s"
	Speed      string // "FAST", shown when the mode grades speed
	SpeedClass string
	// SpeedNote says what the grade means against the target: "FAST:
	// within half the 12 s target (6 s)."
	SpeedNote  string
	Target     string // "target 12 s", or in an exam "allowed 25 s"
	HintUsed   bool
	AnsweredAt time.Time
	Context    string // in the history: "Ultimate Texas Hold'em · Payouts · blind · Practice"

	NextAction string // POST here for the next question; "" in the history
	NextLabel  string
	BackURL    string      // the history, when shown from there
	Problem    say.Message // why the scenario cannot be shown as it was
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
	When     time.Time // when it was answered, said without the year
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
	// Figures define the page's figures, each once, under the games.
	Figures []ProgressFigure
}

// GameProgress is one game on the progress page.
type GameProgress struct {
	Slug     string
	Name     string
	Answered int
	// Right is the share of the game's answers wholly right, all of them
	// counted alike (ProgressFigures).
	Right    string
	MeanTime string
	OnTime   string
	Mastery  string // "2 of 9 skills"
	// Exams says the game's exam answers, counted apart from the figures
	// above ("" with none).
	Exams    string
	Trend    Chart
	Skills   Chart
	Rows     []SkillRow
	StartURL string
}

// SkillRow is one skill in the table under the charts (the charts' text
// alternative): Recent is the figure the mastery chart draws.
type SkillRow struct {
	Skill    string
	Answered int
	Right    string // share wholly right, of all the skill's answers
	Recent   string // recent accuracy, as in the chart and the manager's pages
	MeanTime string
	OnTime   string
	Mastery  string
}

// ProgressFigure is one figure of the progress page and the sentence that
// defines it, shown once under the games.
type ProgressFigure struct {
	Name, Means string
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
	Full      string // the whole label where Label had to be shortened to fit, else ""
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

// PromptBlock is a paragraph of a question's prompt after its first line,
// or a list: the steps done ("3. …", numbered as in the sequence) or the
// steps to order ("A. …").
type PromptBlock struct {
	Text    string
	Items   []string
	Start   int  // the first item's number
	Letters bool // the items are lettered A, B, C …
}

// promptParts splits a prompt into its first line, the question's heading,
// and the blocks that follow: runs of lines written "3. …" or "A. …" become
// lists, other lines paragraphs. A one-line prompt is all heading.
func promptParts(prompt string) (string, []PromptBlock) {
	lines := strings.Split(strings.TrimSpace(prompt), "\n")
	var blocks []PromptBlock
	for _, l := range lines[1:] {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		n, letter, text, ok := listItem(l)
		if !ok {
			blocks = append(blocks, PromptBlock{Text: l})
			continue
		}
		if k := len(blocks) - 1; k >= 0 && blocks[k].Items != nil && blocks[k].Letters == letter {
			blocks[k].Items = append(blocks[k].Items, text)
			continue
		}
		blocks = append(blocks, PromptBlock{Items: []string{text}, Start: n, Letters: letter})
	}
	return lines[0], blocks
}

// listItem reads "12. text" (n = 12) or "C. text" (n = 3, letter).
func listItem(l string) (n int, letter bool, text string, ok bool) {
	head, text, found := strings.Cut(l, ". ")
	if !found || head == "" || text == "" {
		return 0, false, "", false
	}
	if len(head) == 1 && head[0] >= 'A' && head[0] <= 'Z' {
		return int(head[0]-'A') + 1, true, text, true
	}
	n, err := strconv.Atoi(head)
	if err != nil || n < 1 || len(head) > 3 {
		return 0, false, "", false
	}
	return n, false, text, true
}

// listType is an ordered list's type attribute.
func (b PromptBlock) listType() string {
	if b.Letters {
		return "A"
	}
	return "1"
}
