package drills

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/dealerkiosk/trainer/internal/book"
	"github.com/dealerkiosk/trainer/internal/games"
)

// The kinds of drill, as in URLs, `trainer drill --kind` and the database.
const (
	KindPayout    = "payout"    // what one wager pays, or a box's net
	KindOutcome   = "outcome"   // win, half, lose or push for each wager of a box
	KindHand      = "hand"      // reading hands: best hand, who beats the dealer, qualification, the joker, Lunar's second combination
	KindChips     = "chips"     // pay an amount with the fewest chips, or colour up a stack
	KindProcedure = "procedure" // the next step of a sequence of play, or the order of steps
	KindRuling    = "ruling"    // the house's ruling on a situation
)

// Kinds lists every kind, in the order the kiosk shows them.
var Kinds = []string{KindPayout, KindOutcome, KindHand, KindChips, KindProcedure, KindRuling}

// The results of an outcome drill. A half pay is a win at 1:2 (7 Card Thrill);
// a fee is a non-returnable fee the box paid (Texas Oracle, Lunar Poker).
const (
	OutcomeWin  = "win"
	OutcomeHalf = "half"
	OutcomeLose = "lose"
	OutcomePush = "push"
	OutcomeFee  = "fee"
)

// Drill is one generated question with its key. Its JSON is what
// `trainer drill` prints and what an attempt stores beside the answer.
type Drill struct {
	Game         string `json:"game"`
	Kind         string `json:"kind"`
	Level        int    `json:"level"`
	Seed         uint64 `json:"seed"`
	RulesVersion string `json:"rules_version"`
	House        string `json:"house"`
	// Lang is the language of the drill's words (Spec.Lang): "" for English.
	Lang string `json:"lang,omitempty"`
	// Skill is what progress and certification aggregate on:
	// "<game>.<kind>.<detail>", e.g. "uth.payout.blind", "thrill.hand.joker",
	// "oracle.ruling.R7" (Skills lists them all).
	Skill string `json:"skill"`
	// TargetSeconds is the kind's target time from drills.toml, for the speed grade.
	TargetSeconds int    `json:"target_seconds"`
	Prompt        string `json:"prompt"`
	// Choices are the options of a multiple-choice drill; Key.Choice counts from 1.
	Choices []string `json:"choices,omitempty"`
	// Round is the dealt and decided round in SETTLE.md's format, for the kinds
	// built on one (payout, outcome, hand, and chips when it pays a wager).
	Round *games.Round `json:"round,omitempty"`
	Ask   Ask          `json:"ask"`
	Key   Key          `json:"key"`
	// Explanation is shown after the answer: the engine's reason and the
	// pay-table row, in plain words. It cites nothing itself: Refs does.
	Explanation string `json:"explanation"`
	// Refs are the sections of the house's rule book the key rests on
	// (Cites resolved in the game's book): the kiosk shows them beside the
	// explanation as links, "§2.3 The Blind bet".
	Refs []book.Ref `json:"refs,omitempty"`
	// Mistakes are the wrong answers the drill anticipates: every wrong choice
	// of a multiple-choice drill, and for the typed kinds the amounts or
	// outcomes that a flipped rule gives. Each differs from the key.
	Mistakes []Mistake `json:"mistakes,omitempty"`
	// Cites are the section ids the key rests on, as the drill's builders
	// cited them (the wager's rule, the hand ranking, the ruling's section):
	// Refs holds those the house's book resolves. Only a drill fresh from
	// Generate has them; a stored drill keeps Refs.
	Cites []string `json:"-"`
}

// Ask says what the drill asks about. Box counts from 1.
type Ask struct {
	Box   int    `json:"box,omitempty"`
	Wager string `json:"wager,omitempty"` // payout: the wager asked (SETTLE.md name)
	// On is the box or dealer a Lunar Multi Super or Dealer Super wager sits on.
	On    *games.Target `json:"on,omitempty"`
	Total bool          `json:"total,omitempty"` // payout: the box's net, every wager and fee
	// Question names the question of a hand, chips, procedure or ruling drill:
	// best_hand, beats_dealer, dealer_qualifies, dealer_half_pay, joker,
	// second_combination; pay, colour_up; next_step, order; ruling.
	Question string `json:"question,omitempty"`
	// Amount is what a chips drill pays.
	Amount *games.Money `json:"amount,omitempty"`
	// Stack is the stack a colour-up drill starts from, largest chip first.
	Stack []ChipCount `json:"stack,omitempty"`
	// Chips is the house's chip set, smallest first, for a chips drill: an
	// answer may use only these.
	Chips []games.Money `json:"chips,omitempty"`
	// ID is the situation or sequence of a procedure or ruling drill ("oracle.R7").
	ID string `json:"id,omitempty"`
}

// Key is the right answer. Exactly one field is set, by kind:
//   - payout: Amount, in SETTLE.md's sign convention — for one wager its
//     "pays" (positive: paid to the player on top of the returned stake;
//     0: a push; negative: the stake collected), for a box total its "net"
//     (every wager's pays less the fees);
//   - hand, procedure, ruling: Choice, counting from 1;
//   - outcome: Outcomes, one per wager placed and fee paid, in SETTLE.md order;
//   - chips: Chips, the fewest chips that make the amount, largest first.
type Key struct {
	Amount   *games.Money `json:"amount,omitempty"`
	Choice   int          `json:"choice,omitempty"`
	Outcomes []Outcome    `json:"outcomes,omitempty"`
	Chips    []ChipCount  `json:"chips,omitempty"`
}

// Outcome is how one wager (or fee) of a box ended: win, half, lose or push
// (fee for a fee kept, push for a fee returned).
type Outcome struct {
	Wager  string        `json:"wager,omitempty"`
	On     *games.Target `json:"on,omitempty"`
	Fee    string        `json:"fee,omitempty"`
	Result string        `json:"result"`
}

// ChipCount is a number of chips of one denomination.
type ChipCount struct {
	Value games.Money `json:"value"`
	Count int         `json:"count"`
}

// Mistake is one anticipated wrong answer: the answer (in the key's shape),
// the flipped rule or slip that produces it, and what the trainee is told.
type Mistake struct {
	Key
	// ID names the mistake: "uth.ante_paid_on_no_qualify", "slip.stake_included".
	ID string `json:"id"`
	// Rule cites the rule broken: a section id of the house's rule book
	// ("uth.blind"), which Refs resolves.
	Rule string `json:"rule"`
	// Explanation says what the rule is, as the trainee is told when he
	// gives this answer. The kiosk shows it above the drill's Explanation,
	// so the two never say the same thing.
	Explanation string     `json:"explanation"`
	Refs        []book.Ref `json:"refs,omitempty"`
}

// Amount returns a pointer to m, for Key.Amount and Ask.Amount.
func Amount(m games.Money) *games.Money { return &m }

// WriteJSON writes v (a Drill, a Listing) as indented JSON with a final
// newline, HTML left unescaped: the exact bytes `trainer drill` prints and
// the golden files hold.
func WriteJSON(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}
