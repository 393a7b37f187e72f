package games

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// Round is one round as written in SETTLE.md: the cards, the wagers and the
// players' actions, before any game has validated it. Cards and stakes stay
// text here so that each game can report a bad one with its field path.
type Round struct {
	Game       string   `json:"game"`
	House      string   `json:"house,omitempty"`
	Dealer     []string `json:"dealer"`
	DealerDraw string   `json:"dealer_draw,omitempty"`
	Board      []string `json:"board,omitempty"`
	Boxes      []Box    `json:"boxes"`
}

// Box is one player box of a Round. Which fields a game reads is in SETTLE.md.
type Box struct {
	Cards      []string               `json:"cards"`
	Wagers     map[string]json.Number `json:"wagers"`
	Fold       bool                   `json:"fold,omitempty"`
	FourthCard bool                   `json:"fourth_card,omitempty"` // oracle
	Exchanged  int                    `json:"exchanged,omitempty"`   // oracle
	Draw       *Draw                  `json:"draw,omitempty"`        // lunar
	Force      bool                   `json:"force,omitempty"`       // lunar
	MultiSuper []SideBet              `json:"multi_super,omitempty"` // lunar
	Discards   []string               `json:"discards,omitempty"`    // thrill

	// Exchanges is what a drill's generator recorded of Texas Oracle's
	// exchanges for the screen: which cards each gave up and drew, in
	// order. It is no part of SETTLE.md's contract (json:"-"): a round read
	// from JSON has none, and no settlement reads it.
	Exchanges []Exchange `json:"-"`
}

// Exchange is one exchange of hole cards: the cards given up and the
// cards drawn for them.
type Exchange struct {
	Out, In []string
}

// Draw is a Lunar Poker draw: a bought 6th card, or an exchange of 2 to 5 cards.
type Draw struct {
	Buy string   `json:"buy,omitempty"`
	Out []string `json:"out,omitempty"`
	In  []string `json:"in,omitempty"`
}

// SideBet is a Lunar Multi Super (on another box) or Dealer Super bet.
type SideBet struct {
	On    Target      `json:"on"`
	Stake json.Number `json:"stake"`
}

// Target is where a side bet sits: a box number (1-based) or the dealer.
type Target struct {
	Box    int
	Dealer bool
}

// String is "dealer" or the box number.
func (t Target) String() string {
	if t.Dealer {
		return "dealer"
	}
	return strconv.Itoa(t.Box)
}

// MarshalJSON writes "dealer" or the box number.
func (t Target) MarshalJSON() ([]byte, error) {
	if t.Dealer {
		return []byte(`"dealer"`), nil
	}
	return []byte(strconv.Itoa(t.Box)), nil
}

// UnmarshalJSON reads "dealer" or a box number.
func (t *Target) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		if s != "dealer" {
			return fmt.Errorf("%q is neither a box number nor \"dealer\"", s)
		}
		*t = Target{Dealer: true}
		return nil
	}
	var n int
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("%s is neither a box number nor \"dealer\"", b)
	}
	*t = Target{Box: n}
	return nil
}

// FieldError is a rejected input that names its field path as SETTLE.md
// writes it: "boxes[0].cards: duplicate card Kd".
type FieldError struct {
	Field string // "boxes[0].wagers.blind"
	Msg   string // "must equal the ante (10)"
}

func (e *FieldError) Error() string {
	if e.Field == "" {
		return e.Msg
	}
	return e.Field + ": " + e.Msg
}

// Fieldf returns a FieldError for field with a formatted message.
func Fieldf(field, format string, args ...any) *FieldError {
	return &FieldError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// BoxField returns the path of a field of box i (0-based): "boxes[0].cards".
func BoxField(i int, field string) string {
	if field == "" {
		return fmt.Sprintf("boxes[%d]", i)
	}
	return fmt.Sprintf("boxes[%d].%s", i, field)
}

// Stake parses the stake of a wager in box field path, "" and absent meaning 0.
// A negative, malformed or over-precise amount is a FieldError.
func Stake(field string, n json.Number) (Money, error) {
	if n == "" {
		return 0, nil
	}
	m, err := ParseMoney(string(n))
	if err != nil {
		return 0, &FieldError{Field: field, Msg: err.Error()}
	}
	if m < 0 {
		return 0, Fieldf(field, "a stake cannot be negative")
	}
	return m, nil
}
