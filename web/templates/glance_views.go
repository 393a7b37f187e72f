package templates

import "time"

// The class at a glance (issue 23): the dashboard's table of trainees ×
// games, its search, its state filter and its sortable columns.

// GlanceTableID is the table's swap target.
const GlanceTableID = "glance"

// GlanceView is the class at a glance.
type GlanceView struct {
	// Search is the name searched for; Hidden are the form's other
	// choices (class, game, state, sort), kept by the search.
	Search string
	Hidden []GlanceParam
	// Classes choose a class (the first is "every trainee").
	Classes []ChoiceOption
	// States are the state filter's links, the current one marked.
	States  []GlanceLink
	Columns []GlanceColumn
	// Trainees are the table's trainees, in the order chosen, each with
	// a line per game.
	Trainees []GlanceTrainee
	Count    string // "35 trainees", "4 trainees of 35"
}

// GlanceParam is a query parameter a form keeps.
type GlanceParam struct{ Name, Value string }

// GlanceLink is one choice of the state filter.
type GlanceLink struct {
	Label, URL, Class string
	Current           bool
}

// GlanceColumn is a column's head: its name and, for a sortable one, the
// link that sorts by it; Sort is "ascending" or "descending" for the
// column the table is sorted by (aria-sort), else "".
type GlanceColumn struct {
	Label, URL, Sort string
}

// GlanceTrainee is one trainee's lines.
type GlanceTrainee struct {
	Name, Badge, URL string
	Lines            []GlanceLine
}

// GlanceLine is one trainee's practice and certification in one game.
type GlanceLine struct {
	Cell     string // the line's test id: "cell-" and the game's place among the games shown
	GameName string // "" when the table shows one game
	CertCell        // the state, its date and note ("ready for the exam" included)
	Week     string // answers of the last 7 days
	Month    string // answers of the last 30 days
	Accuracy string // share right of the 30 days' answers, or "—"
	Time     string // "6.2 s · target 8 s", or "—"
	Slow     bool   // the median time is over the target
	Weakest  []string
	Active   string // the day of the last answer, or "never"
	Stale    string // the programme completed longer ago than the house allows, as the file warns; or ""
}

// FilePractice is a trainee's practice on their file: the progress panels
// of their own progress page, and their last answers.
type FilePractice struct {
	Games   []GameProgress
	Answers []FileAnswer
}

// FileAnswer is one of a trainee's last answers, with the mode it was
// given in (practice, timed, review, class or exam) and its feedback.
type FileAnswer struct {
	When            time.Time
	Game, Skill     string
	Mode, ModeClass string
	Correct         bool
	Result          string
	Elapsed         string
	HintUsed        bool
	Feedback        string // the anticipated mistake the answer matched, in words, or ""
}
