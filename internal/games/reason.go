package games

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
