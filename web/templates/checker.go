package templates

import (
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/web/say"
)

// The hand checker's address and the ID of its form, which htmx swaps whole.
const (
	HandCheckerURL = "/tools/hand-checker"
	HandCheckerID  = "hand-checker"
	// OutcomeID is the part of the form that shows the settlement or why
	// there is none; a plain POST of the Settle button lands on it.
	OutcomeID = "hc-outcome"
	// CardsID is the card places and the picker; a plain POST of a card
	// lands on it.
	CardsID = "hc-cards"
)

// HandCheckerView is the hand checker's page.
type HandCheckerView struct {
	Page
	Form HandCheckerForm
}

// HandCheckerForm is the whole hand checker: the round being entered (card
// places, the picker, each box's wagers and actions) and, once settled, the
// table and the settlement with its reasons.
type HandCheckerForm struct {
	Game      string
	Games     []GameTab
	House     string
	Houses    []Option // offered as a choice only when the book has several
	Target    string   // the card place the picker fills
	Places    []CardPlace
	Picker    []PickerRow
	Boxes     []BoxForm
	CanAddBox bool // the house's table has room for another box
	// Problem is why the round was not settled, as `trainer settle` says it
	// ("boxes[1].cards: duplicate card Qh"); ProblemID is the control at fault.
	Problem   string
	ProblemID string
	// BoxesError is a message about the boxes as a whole (too many).
	BoxesError string
	Notice     say.Message
	Table      *TableView
	Result     *ResultView
}

// TargetLabel names the place the picker fills.
func (f HandCheckerForm) TargetLabel() string {
	for _, p := range f.Places {
		if p.Name == f.Target {
			return p.Label
		}
	}
	return ""
}

// GameTab is one game in the game switcher.
type GameTab struct {
	Slug, Name, URL string
	Current         bool
}

// Option is one choice of a select or of a row of buttons.
type Option struct {
	Value, Label string
	Selected     bool
}

// CardPlace is where cards go: the dealer's hand, the board, a box's cards,
// Lunar's draw cards. Its cards are posted as text (Name = "As Kd"), which
// may also be typed.
type CardPlace struct {
	Name     string // form field: "dealer", "board", "b0.cards", "b0.buy", "b0.in"
	Label    string // "Dealer", "Box 2", "Box 2 · 6th card"
	Hint     string
	Cards    []CardView
	Capacity int
	Targeted bool
	Text     string
	Error    string
}

// Room is the number of empty places left to draw.
func (p CardPlace) Room() int { return max(0, p.Capacity-len(p.Cards)) }

// PickerRow is one suit of the picker (or the joker).
type PickerRow struct {
	Label string
	Cards []PickerCard
}

// PickerCard is a card to tap; a card already in the round cannot be picked again.
type PickerCard struct {
	Card CardView
	Used bool
}

// BoxForm is one box's wagers and actions.
type BoxForm struct {
	Index     int // 0-based, as in the settle contract's field paths
	Number    int
	Controls  []Control // stakes (UTH's Play is a choice of multiple), then actions
	Draw      *Control  // Lunar: no draw, buy a 6th card or exchange (buttons)
	Out       *CardChecks
	Discards  *CardChecks
	Side      []Control // Lunar: Multi Super stakes on the other boxes, then the Dealer Super
	SideError string
	// WagersError is about the box's wagers together ("no wager").
	WagersError string
	Error       string // about the box as a whole
	Removable   bool
}

// Control is one input of a box: a stake, a choice or a tick box.
type Control struct {
	Name    string // "b0.ante"
	Label   string
	Kind    string // "stake", "select" or "check"
	Value   string
	Checked bool
	Options []Option
	Error   string
	Hint    string
}

// CardChecks are tick boxes over a box's own cards: Lunar's cards exchanged
// out, 7 Card Thrill's discards.
type CardChecks struct {
	Name   string
	Label  string
	Hint   string
	Cards  []CardCheck
	Error  string
	Open   bool // shown open (set, in error or required by the house)
	Prompt string
}

// CardCheck is one card of a CardChecks.
type CardCheck struct {
	Card    CardView
	Checked bool
}

// FieldID is the element ID of a form control: "b0.ante" → "hc-b0-ante".
func FieldID(name string) string {
	return "hc-" + strings.NewReplacer(".", "-", ":", "-", "[", "-", "]", "").Replace(name)
}

// ResultView is a settlement as the hand checker lists it.
type ResultView struct {
	Dealer DealerResult
	Boxes  []BoxResultView
}

// DealerResult is the dealer's side of a settlement.
type DealerResult struct {
	Hand      string
	Best      []CardView
	Qualifies bool
	First     []CardView // Lunar: the five as first dealt, when a force replaced a card
	Notes     []string
}

// BoxResultView is one settled box.
type BoxResultView struct {
	Number int
	Hand   string
	Best   []CardView
	Versus string // "The box beats the dealer."; "" when it did not meet him
	Wagers []WagerLine
	Fees   []FeeLine
	Total  games.Money // fees
	Net    games.Money
}

// WagerLine is one settled wager with its reason and the pay-table row used.
type WagerLine struct {
	Label  string
	Stake  games.Money
	Result games.Result
	Pays   games.Money
	// Outcome is the result in words: "Wins +5,000", "Loses 10" or "Push".
	Outcome string
	Row     string
	Reason  string
	// Rule is the section of the rule book that decides the wager (the
	// server fills it in); empty when the book has none.
	Rule Citation
}

// FeeLine is one fee a box paid.
type FeeLine struct {
	Label  string
	Amount games.Money
	Reason string
}

// NewResult lists settlement s of a round of game, each wager called by
// name (the practice screens' names: the server's drills.WagerTitle).
func NewResult(game string, s *games.Settlement, name func(wager string, on *games.Target) string) *ResultView {
	return NewResultIn(s, SettleWords{Wager: name})
}

// NewResultIn lists settlement s in w's words: the reader's language.
func NewResultIn(s *games.Settlement, w SettleWords) *ResultView {
	l := w.loc()
	notes := make([]string, len(s.Dealer.Notes))
	for i, n := range s.Dealer.Notes {
		notes[i] = w.note(n)
	}
	v := &ResultView{Dealer: DealerResult{
		Hand:      w.hand(s.Dealer.Best, s.Dealer.Description),
		Best:      views(s.Dealer.Best),
		Qualifies: s.Dealer.Qualifies,
		First:     views(s.Dealer.First),
		Notes:     notes,
	}}
	for _, b := range s.Boxes {
		bv := BoxResultView{Number: b.Box, Hand: w.boxHand(b.Box, b.Best, b.Description), Best: views(b.Best),
			Versus: boxVersusIn(l, b.Versus), Total: b.Fees, Net: b.Net}
		for _, wr := range b.Wagers {
			label := wr.Wager
			if w.Wager != nil {
				label = w.Wager(wr.Wager, wr.On)
			}
			bv.Wagers = append(bv.Wagers, WagerLine{Label: label, Stake: wr.Stake,
				Result: wr.Result, Pays: wr.Pays, Outcome: outcome(l, wr.Result, wr.Pays),
				Row: w.row(wr.Row), Reason: w.reason(wr.Reason, wr.Why)})
		}
		for _, f := range b.FeeItems {
			bv.Fees = append(bv.Fees, FeeLine{Label: feeLabelIn(l, f.Fee), Amount: f.Amount, Reason: w.reason(f.Reason, f.Why)})
		}
		v.Boxes = append(v.Boxes, bv)
	}
	return v
}
