package templates

// The instructors' content page (issue 6): every ruling situation and
// sequence of play of the house with its ruling and citation, and a sample
// drill of each kind with its key. The key is shown on purpose: the page is
// for managers only.
const (
	ContentURL       = "/tools/content"        // ?game=&level=&seed_<kind>=
	ContentSampleURL = "/tools/content/sample" // ?game=&kind=&level=&seed=: one sample
)

// SampleID is the ID of the sample of a kind, which "another sample" swaps.
func SampleID(kind string) string { return "sample-" + kind }

// ContentView is the content page of one game.
type ContentView struct {
	Page
	House    string
	GameName string
	Games    []GameTab
	Levels   []GameTab // the level links, Slug being the level's number
	Level    int
	Samples  []SampleView
	// Situations are the game's ruling situations; Common those of every game.
	Situations []SituationView
	Common     []SituationView
	Sequences  []SequenceView
	// Unresolved are the ids this house cannot ask about: it changes a
	// setting that decides them and has not written its own ruling.
	Unresolved []UnresolvedView
}

// SampleView is one sample drill with its key.
type SampleView struct {
	ID          string
	Kind        string
	KindLabel   string // "Payouts"
	Level       int
	Seed        uint64
	Skill       string // "uth.payout.blind"
	Target      string // "12 s"
	Prompt      string
	Table       *RoundView // the round as the trainee sees it, if the drill has one
	Ask         []ChipCountView
	AskLabel    string
	AskAmount   string
	Choices     []SampleChoice
	Key         []string // the key in words, as the trainee's feedback writes it
	SampleName  string   // "Sample 1" (the first dealt), or "Another sample"
	Explanation string
	Mistakes    []MistakeView // anticipated wrong answers of a typed drill
	AnotherURL  string        // this page with a new seed for this kind
	AnotherHX   string        // the sample alone with that seed, for htmx
	Problem     string        // why no drill could be made
}

// SampleChoice is one choice of a multiple-choice drill, with why it is
// right (the key) or wrong.
type SampleChoice struct {
	N    int
	Text string
	Key  bool
	Why  string
	Rule Citation
}

// MistakeView is one anticipated wrong answer with the rule it breaks.
type MistakeView struct {
	Answer      string
	ID          string
	Rule        Citation
	Explanation string
}

// SituationView is one ruling situation as content/rules holds it.
type SituationView struct {
	ID      string
	Title   string
	Prompt  []PromptPart
	Vars    []VarView
	Choices []SituationChoice
	Ruling  []PromptPart
	Ref     Citation
	Setting string // the house setting that decides the ruling, in words, if any
	// HouseNote says when the house's own procedures.toml wrote the ruling
	// rather than the kiosk's shipped content.
	HouseNote string
}

// PromptPart is a piece of a text with {placeholders}: plain text, or the
// name of a placeholder (Var set), which the drill fills in.
type PromptPart struct {
	Text string
	Var  bool
}

// VarView is one placeholder and the values a drill draws from.
type VarView struct {
	Name   string
	Values []string
}

// SituationChoice is one ruling offered, with the house's marked.
type SituationChoice struct {
	N     int
	Text  []PromptPart
	Right bool
	Why   []PromptPart
}

// SequenceView is one sequence of play, its steps in order.
type SequenceView struct {
	ID        string
	Title     string
	Steps     []string
	Ref       Citation
	Settings  []string // in words
	HouseNote string
}

// UnresolvedView is one id the house has left without a ruling.
type UnresolvedView struct {
	ID      string
	Title   string
	Setting string // in words
}
