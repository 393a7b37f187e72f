package templates

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// CardView is one card as the table draws it: a face (rank and suit, or the
// joker), a face-down card (Back) or an empty place on the layout (Empty).
type CardView struct {
	Code  string // the settle contract's notation (docs): "As", "Td", "Jk"; "" for a back or an empty place
	Name  string // the accessible name in English: "king of spades", "joker", "face-down card"; the Card component says NameIn the reader's language
	Rank  string // as printed in the corner: "A", "10", "K"
	Suit  string // "clubs", "diamonds", "hearts" or "spades"; "" for the joker
	Red   bool   // hearts and diamonds
	Joker bool
	Back  bool // face down: the card back is drawn
	Empty bool // no card yet: a dashed outline
}

// NewCard is the view of card c.
func NewCard(c cards.Card) CardView {
	if c == cards.Joker {
		return CardView{Code: "Jk", Name: "joker", Rank: "JK", Joker: true}
	}
	if !c.Valid() {
		return EmptyCard()
	}
	rank := c.Rank().String()
	if c.Rank() == cards.Ten {
		rank = "10" // a dealer reads "10", never "T"
	}
	return CardView{
		Code: c.String(),
		Name: c.Name(),
		Rank: rank,
		Suit: c.Suit().Name(),
		Red:  c.Suit().Red(),
	}
}

// CardOf is the view of a card written in SETTLE.md notation ("As", "10h",
// "jk"). Text that is not a card is an empty place named after the text, so
// a half-typed round still draws.
func CardOf(text string) CardView {
	c, err := cards.Parse(text)
	if err != nil {
		v := EmptyCard()
		v.Name = strings.TrimSpace(text)
		return v
	}
	return NewCard(c)
}

// CardBack is a face-down card (a dealer's hole card in a drill, Texas
// Oracle's C1 and C2 before they are turned).
func CardBack() CardView { return CardView{Name: "face-down card", Back: true} }

// EmptyCard is a place on the layout where no card has been dealt yet.
func EmptyCard() CardView { return CardView{Name: "no card yet", Empty: true} }

// NameIn is the card's accessible name in l's language, as a dealer says it
// at the table: "king of spades", "re di picche", "король пик"; "joker",
// "jolly", "джокер"; "face-down card", "carta coperta", "карта рубашкой
// вверх". A standard card is its rank's name from the drills' catalogue
// (drill.rank.<rank>.name, the words the explanations use) inside its
// suit's message (card.of_<suit>): Russian puts the suit in the genitive
// ("пик", "червей"), which a word glued after the rank could not. An
// empty place keeps Name: it is hidden from screen readers.
func (c CardView) NameIn(l *i18n.Localizer) string {
	switch {
	case c.Back:
		return l.T("card.back")
	case c.Joker:
		return l.T("card.joker")
	case c.Empty || c.Code == "":
		return c.Name
	}
	card, err := cards.Parse(c.Code)
	if err != nil || card == cards.Joker {
		return c.Name
	}
	rank := l.T("drill.rank." + card.Rank().Name() + ".name")
	return l.T("card.of_"+card.Suit().Name(), "Rank", rank)
}

// cardName is c's accessible name in the request's language.
func cardName(ctx context.Context, c CardView) string { return c.NameIn(i18n.FromContext(ctx)) }

// jokerFaceLong reports whether the word the joker's face prints in the
// request's language ("JOKER", "JOLLY", "ДЖОКЕР") has more than the five
// letters the face was drawn for: it is then squeezed to the card's width
// rather than run off its edges.
func jokerFaceLong(ctx context.Context) bool {
	return utf8.RuneCountInString(T(ctx, "card.joker_face")) > 5
}

// suitClass is the CSS class that colours a face: red or black suits and
// the joker. A four-colour deck would only change the stylesheet.
func (c CardView) suitClass() string {
	switch {
	case c.Joker:
		return "card-joker"
	case c.Suit != "":
		return "suit-" + c.Suit
	}
	return ""
}

// class is the class list of the card's <svg>.
func (c CardView) class() string {
	switch {
	case c.Back:
		return "card card-back"
	case c.Empty:
		return "card card-empty"
	}
	return "card " + c.suitClass()
}

// rankLong reports whether the corner index has two characters ("10"),
// which are drawn narrower so that they stay the same height.
func (c CardView) rankLong() bool { return len(c.Rank) > 1 }

// The suit symbols are drawn, not typed: a font's ♣ differs from one tablet to
// the next and may be missing. Each is drawn in a 100 × 100 box.
const (
	heartPath   = "M50 93C50 93 4 62 4 31C4 15 16 5 29 5C39 5 46 11 50 21C54 11 61 5 71 5C84 5 96 15 96 31C96 62 50 93 50 93Z"
	diamondPath = "M50 2L88 50L50 98L12 50Z"
	spadePath   = "M50 3C50 3 5 37 5 60C5 75 16 84 29 84C38 84 44 80 48 73C47 84 42 91 33 97L67 97C58 91 53 84 52 73C56 80 62 84 71 84C84 84 95 75 95 60C95 37 50 3 50 3Z"
	clubStem    = "M45 52C45 76 40 88 31 97L69 97C60 88 55 76 55 52Z"
	starPath    = "M50 4L61 37L96 37L68 58L78 92L50 71L22 92L32 58L4 37L39 37Z"
)

// views is the view of each card of cs.
func views(cs []cards.Card) []CardView {
	out := make([]CardView, len(cs))
	for i, c := range cs {
		out[i] = NewCard(c)
	}
	return out
}
