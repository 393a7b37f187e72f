package games

import (
	"github.com/dealerkiosk/trainer/internal/games/poker"
)

// Why is a reason (WagerResult.Reason, Fee.Reason) in words that can be
// translated: message ids of the catalogue content/i18n/drills
// ("reason.<game>.<case>") with their named arguments, phrase after phrase.
// Written in English and joined, the phrases say Reason word for word
// (internal/drills' TestReasonsSayTheEngine holds every game to it), so the
// drills show the reason in the trainee's language while `trainer settle`
// prints the English Reason as before: Why is never in the JSON.
//
// A Why is nil where the engine's sentence has no id yet: the reason is then
// shown in English in every language. Each game lists the ids it may produce
// (its Reasons), and a test checks that every catalogue has each of them.
type Why []Phrase

// Phrase is one message of a Why. Args are name, value pairs; a Money value
// is an amount, which the reader's language writes with its own decimal mark.
type Phrase struct {
	ID   string
	Args []any
}

// Say sets w's Reason to reason and its Why to one phrase, id with args:
// the caller writes the English sentence, the catalogue's English message
// says the same.
func (w *WagerResult) Say(reason, id string, args ...any) {
	w.Reason, w.Why = reason, Why{{ID: id, Args: args}}
}

// Add appends a phrase to w's reason: more, its English words, and id with
// args. A reason with no Why keeps none: part of it would stay English.
func (w *WagerResult) Add(more, id string, args ...any) {
	w.Reason += more
	if w.Why != nil {
		w.Why = append(w.Why, Phrase{ID: id, Args: args})
	}
}

// ReasonCut is the phrase the house's maximum payout adds to a reason it cut
// (cap.go); the games' own ids are listed in their packages (Reasons).
const ReasonCut = "reason.common.cut"

// WagerID is a wager's id given as a reason's argument ("kings_or_better"):
// the reader's language names it (the catalogue's wager.<id>).
type WagerID string

// Hand is a hand given as a reason's argument: the reader's language
// describes it ("one pair, nines, ace kicker" · "coppia di nove, kicker
// asso"), lower-case as a reason quotes it. Wheel says that the game names a
// five-high straight "five high (A-2-3-4-5)", as 7 Card Thrill does.
type Hand struct {
	poker.Hand
	Wheel bool
}

// Category is a hand's category given as a reason's argument: the reader's
// language names it. A says that English puts its article before it, as a
// reason quotes a hand it names ("won with a flush", "has two pair").
type Category struct {
	Key string // the category's key: "straight", "two_pair"
	A   bool
}

// Says sets w's Reason and Why from y: its English words, and its phrases
// if every one has an id (else none, so the reason stays English whole).
func (w *WagerResult) Says(y *Words) {
	w.Reason, w.Why = y.Text, y.Why()
}

// Words is a reason being written phrase by phrase: its English text and,
// while every phrase has an id, its Why.
type Words struct {
	Text   string
	phrase Why
	plain  bool
}

// Say appends a phrase with an id: english is its English words.
func (y *Words) Say(english, id string, args ...any) {
	y.Text += english
	y.phrase = append(y.phrase, Phrase{ID: id, Args: args})
}

// English appends words that have no id yet: the whole reason then has no Why.
func (y *Words) English(english string) {
	if english == "" {
		return
	}
	y.Text += english
	y.plain = true
}

// Why is the reason's phrases, or nil when a part of it has no id.
func (y *Words) Why() Why {
	if y.plain {
		return nil
	}
	return y.phrase
}

// Append appends z's phrases to y.
func (y *Words) Append(z *Words) {
	y.Text += z.Text
	y.phrase = append(y.phrase, z.phrase...)
	y.plain = y.plain || z.plain
}

// AddWords appends y to w's reason: its English words, and its phrases if
// both w's reason and y have ids for every part (else w keeps no Why, so the
// reason stays English whole). A rounding note is added so, after the
// reason's own words (Rounding.Note and the like).
func (w *WagerResult) AddWords(y *Words) {
	w.Reason += y.Text
	switch {
	case w.Why == nil:
	case y.plain:
		w.Why = nil
	default:
		w.Why = append(w.Why, y.phrase...)
	}
}
