package view

import (
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
)

// TestCheckerWords: the engine's refusals read in the screen's words, name
// the box as the form does, say what to change, and carry no field path,
// setting key or card code.
func TestCheckerWords(t *testing.T) {
	tests := []struct {
		game, path, msg string
		field, problem  string
	}{
		{"uth", "boxes[0].wagers.blind", "must equal the ante (25)",
			"The Blind must equal the Ante (25).",
			"Box 1: the Blind must equal the Ante (25). Make the Blind 25, or change the Ante."},
		{"uth", "boxes[1].cards", "duplicate card Qh",
			"Q♥ is entered twice: a deck has one.",
			"Box 2: Q♥ is entered twice: a deck has one. Take it out of the box, or out of the other place."},
		{"uth", "board", "needs 5 cards, got 4",
			"The board needs 5 cards and has 4.",
			"The board needs 5 cards and has 4. Tap a card to add it, or tap one of its cards to take it back."},
		{"uth", "boxes[0].cards", "needs 2 cards, got 1",
			"The box needs 2 cards and has 1.",
			"Box 1 needs 2 cards and has 1. Tap a card to add it, or tap one of its cards to take it back."},
		{"uth", "boxes[0].wagers.trips", `"five" is not an amount`,
			"“five” is not an amount.",
			"Box 1: “five” is not an amount. Write the Trips in figures, such as 25 or 12.50."},
		{"uth", "boxes[0].wagers.play", "a box that folded has no Play bet (it folded instead of betting)",
			"A box that folded has no Play bet.",
			"Box 1: a box that folded has no Play bet. Choose “No Play bet”, or untick Fold."},
		{"thrill", "boxes[2].wagers.kings_or_better", "3 is below the house's minimum of 5 on the Pair of Kings or Better",
			"The Pair of Kings or Better (3) is below the house's minimum of 5.",
			"Box 3: the Pair of Kings or Better (3) is below the house's minimum of 5. Make it 5 or more."},
		{"oracle", "boxes[0].wagers.bet", "is 20; the BET is 2× the Ante (30)",
			"The BET is 2× the Ante, so it is 30 here, not 20.",
			"Box 1: the BET is 2× the Ante, so it is 30 here, not 20. Make the BET 30."},
		{"uth", "boxes", "7 boxes, but the table has 6 (uth.max_boxes)",
			"7 boxes, but the table has 6.", "7 boxes, but the table has 6."},
		{"uth", "boxes[0].wagers.ante", `"1.234" has more than two decimal places`,
			"“1.234” has more than two decimal places.",
			"Box 1: “1.234” has more than two decimal places. Write the Ante to the cent, such as 12.50."},
		{"oracle", "boxes[1].exchanged", "3 cards; the house allows at most 2",
			"The house allows an exchange of at most 2 cards, not 3.",
			"Box 2: the house allows an exchange of at most 2 cards, not 3. Choose how many cards the box exchanged."},
		{"thrill", "boxes[0].wagers.special", "the house takes the Special Bet only beside a primary wager (poker, kings_or_better, trips_or_better, full_house_or_better)",
			"The house takes the Special only beside one of the main wagers: Poker Bet, Pair of Kings or Better, 3 of a Kind or Better or Full House or Better.",
			"Box 1: the house takes the Special only beside one of the main wagers: Poker Bet, Pair of Kings or Better, 3 of a Kind or Better or Full House or Better. Add one, or take the Special off."},
		{"thrill", "boxes[0].wagers", "no wager: a box needs at least one primary wager (poker, kings_or_better, trips_or_better, full_house_or_better)",
			"A box needs one of the main wagers: Poker Bet, Pair of Kings or Better, 3 of a Kind or Better or Full House or Better.",
			"Box 1: a box needs one of the main wagers: Poker Bet, Pair of Kings or Better, 3 of a Kind or Better or Full House or Better."},
	}
	for _, tt := range tests {
		field, problem := checkerWords(&games.FieldError{Field: tt.path, Msg: tt.msg}, tt.game)
		if field != tt.field {
			t.Errorf("%s %q: field message\n%q; want\n%q", tt.path, tt.msg, field, tt.field)
		}
		if problem != tt.problem {
			t.Errorf("%s %q: problem\n%q; want\n%q", tt.path, tt.msg, problem, tt.problem)
		}
		for _, bad := range []string{"boxes[", "wagers.", "_", "Qh", "ante ("} {
			if strings.Contains(problem, bad) {
				t.Errorf("%s: %q shows %q", tt.path, problem, bad)
			}
		}
	}
}

// TestCheckerWagerName: the checker names wagers as the practice screens
// ask about them.
func TestCheckerWagerName(t *testing.T) {
	for _, tt := range []struct{ game, w, want string }{
		{"thrill", "kings_or_better", "Pair of Kings or Better"},
		{"thrill", "trips_or_better", "3 of a Kind or Better"},
		{"oracle", "bet", "BET"},
		{"uth", "blind", "Blind"},
		{"lunar", "dealer_super", "Dealer Super"},
	} {
		if got := checkerWagerName(tt.game, tt.w, nil); got != tt.want {
			t.Errorf("%s %s: %q; want %q", tt.game, tt.w, got, tt.want)
		}
	}
	if got := checkerWagerName("lunar", "multi_super", &games.Target{Box: 2}); got != "Multi Super on box 2" {
		t.Errorf("multi super: %q", got)
	}
}

// TestCheckerWordsInLanguages: every refusal the checker rewrites reads in
// Italian and Russian in other words than English, beside the field and at
// the top, with no message id, field path or card code; the refusals only
// Italian and Russian rewrite are matched on the engine's own sentences
// (English keeps those as the engine says them).
func TestCheckerWordsInLanguages(t *testing.T) {
	t.Parallel()
	tests := []struct{ game, path, msg string }{
		{"uth", "boxes[0].wagers.blind", "must equal the ante (12.5)"},
		{"uth", "boxes[1].cards", "duplicate card Qh"},
		{"uth", "board", "needs 5 cards, got 4"},
		{"thrill", "boxes[0].cards", "needs 7 cards, got 6 (a wrong card count is a misdeal: the round is void and the bets are returned)"},
		{"uth", "boxes[0].wagers.trips", `"five" is not an amount`},
		{"uth", "boxes[0].wagers.trips", "a stake cannot be negative"},
		{"uth", "boxes[0].wagers.play", "a box that folded has no Play bet (it folded instead of betting)"},
		{"uth", "boxes[0].wagers.play", "a box that did not fold has a Play bet: 4× (40) or 3× (30) preflop, 2× (20) on the flop or 1× (10) on the river"},
		{"uth", "boxes[0].wagers.play", "35 is not an allowed Play bet: 4× (40) or 3× (30) preflop, 2× (20) on the flop or 1× (10) on the river"},
		{"uth", "boxes[0].wagers.ante", "required: every box bets the Ante and an equal Blind"},
		{"thrill", "boxes[2].wagers.kings_or_better", "3 is below the house's minimum of 5 on the Pair of Kings or Better"},
		{"thrill", "boxes[2].wagers.poker", "3000 is above the house's maximum of 2000 on the Poker Bet"},
		{"oracle", "boxes[0].wagers.bet", "is 20; the BET is 2× the Ante (30)"},
		{"oracle", "boxes[0].wagers.bet", "missing: a box that bought the 4th card bets 2× the Ante (30)"},
		{"uth", "boxes", "7 boxes, but the table has 6 (uth.max_boxes)"},
		{"thrill", "boxes", "7 boxes; the house's 7 Card Thrill table has 6"},
		{"lunar", "boxes", "a round needs at least one box"},
		{"uth", "boxes[0].cards", "the joker is not in a 52-card deck (7 Card Thrill only)"},
		{"uth", "boxes[0].cards", `"1x" is not a card`},
		{"thrill", "boxes[0].discards", "Qd is not one of the box's cards"},
		{"uth", "boxes[0].wagers.progressive", "this house does not offer the Progressive"},
		{"uth", "boxes[0].wagers.progressive", "must be the Progressive's fixed stake of 5, not 10"},
		{"uth", "boxes[0].wagers.ante", "100000 is more than the largest stake the kiosk settles (50000)"},
		{"lunar", "boxes[0].wagers.bet", "must be 2× the Ante (20), got 15"},
		{"lunar", "boxes[0].wagers.bet", "missing: a box that plays bets 2× the Ante (20), or folds"},
		{"lunar", "boxes[0].wagers.super", "must be at least the Ante (10), got 5"},
		{"thrill", "boxes[0].wagers", "no wager: a box needs at least one primary wager (poker, kings_or_better)"},
		{"thrill", "boxes[0].wagers", "2 primary wagers (poker, kings_or_better); the house allows one primary wager per box"},
		{"thrill", "boxes[0].discards", "missing: the house holds the player to the five he kept, so name his 2 discards"},
		{"oracle", "boxes[0].fourth_card", "a box that did not fold must have bought the 4th card: at this house a player stays in only by buying it"},
		{"oracle", "boxes[0].fold", "a box cannot fold after an exchange: at this house an exchange commits the box to the showdown"},
		{"lunar", "boxes[0].force", "the dealer qualifies (one pair, kings), so there is nothing to force"},
		{"lunar", "dealer_draw", "missing: box 1 forces the dealer to try to qualify, so the next card off the deck is needed"},
		{"lunar", "boxes[0].draw", "empty: buy a 6th card or exchange 1 to 5 cards"},
		{"lunar", "boxes[0].draw", "buy a 6th card or exchange cards, not both: one draw option per hand"},
		{"lunar", "boxes[0].draw.out", "exchange 1 to 5 cards, not 6"},
		{"lunar", "boxes[0].draw.in", "2 cards out need 2 in, got 1"},
		{"lunar", "boxes[0].multi_super[0]", "this house does not take Multi Super bets"},
		{"lunar", "boxes[0].wagers.bet", "a box that folded has no BET"},
		{"lunar", "boxes[0].force", "a box that folded cannot force the dealer"},
		{"lunar", "boxes[0].wagers.insurance", "insurance needs three of a kind or better in the box's final hand, not a pair"},
		{"uth", "", "no round to settle"},
		{"uth", "boxes[0].wagers.blind", `"1.234" has more than two decimal places`},
		{"uth", "boxes[0].wagers.trips", `"123456789012345678901234" is too large`},
		{"oracle", "boxes[0].exchanged", "cannot be negative"},
		{"oracle", "boxes[0].exchanged", "3 cards; the house allows at most 2"},
		{"oracle", "boxes[0].exchanged", "an exchange comes after the 4th card is bought, and this box did not buy it"},
		{"thrill", "boxes[0].wagers.special", "the house takes the Special Bet only beside a primary wager (poker, kings_or_better)"},
		{"lunar", "boxes[0].draw", "the box won Instant Cash with a straight flush in its first five cards, so its round is over: no draw"},
		{"lunar", "boxes[0].fold", "the box won Instant Cash with a royal flush in its first five cards, so its round is over: there is nothing to fold"},
		{"lunar", "boxes[0].force", "the box won Instant Cash with a straight flush in its first five cards, so its round is over: no force"},
		{"lunar", "boxes[0].wagers.bet", "the box won Instant Cash with a straight flush in its first five cards, so its round is over: no BET"},
		{"lunar", "boxes[0].wagers.insurance", "the box won Instant Cash with a royal flush in its first five cards, so its round is over: no insurance"},
	}
	c := i18n.Default()
	for _, tag := range []string{"it", "ru"} {
		l := c.Localizer(tag)
		for _, tt := range tests {
			fe := &games.FieldError{Field: tt.path, Msg: tt.msg}
			enField, enProblem := checkerWords(fe, tt.game)
			field, problem := checkerWordsIn(l, fe, tt.game)
			for _, s := range []struct{ got, en string }{{field, enField}, {problem, enProblem}} {
				switch {
				case s.got == s.en:
					t.Errorf("%s %s %q: %q is the English", tag, tt.path, tt.msg, s.got)
				case strings.Contains(s.got, "hc.") || strings.Contains(s.got, "boxes[") || strings.Contains(s.got, "wagers."):
					t.Errorf("%s %s %q: %q shows an id or a field path", tag, tt.path, tt.msg, s.got)
				}
			}
			// Only the refusals no rewrite knows quote the engine's English.
			known := !strings.HasPrefix(tt.msg, "insurance needs") && tt.msg != "no round to settle"
			if quoted := strings.Contains(problem, tt.msg); known && quoted {
				t.Errorf("%s %s %q: %q quotes the engine's English", tag, tt.path, tt.msg, problem)
			}
			if strings.Contains(problem, "Qh") || strings.Contains(problem, "Qd") {
				t.Errorf("%s: %q shows a card code", tag, problem)
			}
		}
	}
	// English keeps the engine's sentence where only the others rewrite it.
	if field, _ := checkerWords(&games.FieldError{Field: "boxes", Msg: "7 boxes; the house's 7 Card Thrill table has 6"}, "thrill"); field != "7 boxes; the house's 7 Card Thrill table has 6." {
		t.Errorf("English too many boxes: %q", field)
	}
}

// TestCheckerNoticesInLanguages: the picker's words about a tap read in
// the reader's language, a card as the screen draws it.
func TestCheckerNoticesInLanguages(t *testing.T) {
	t.Parallel()
	st := &checkRound{}
	st.in.Game = "uth"
	st.in.Dealer = []string{"Qh"}
	st.in.Boxes = make([]games.Box, 1)
	st.draws, st.plays = []string{""}, []string{""}
	st.target = "dealer"
	st.pick("Qh")
	for tag, want := range map[string]string{
		"en": "The queen of hearts is already in the round.",
		"it": "Q♥ è già nel colpo.",
		"ru": "Q♥ уже есть в раунде.",
	} {
		if got := noticeIn(st, tag); got != want {
			t.Errorf("%s: %q; want %q", tag, got, want)
		}
	}
	st.pick("Jk")
	if got := noticeIn(st, "it"); got != "Il jolly c'è solo nel mazzo del 7 Card Thrill." {
		t.Errorf("it joker: %q", got)
	}
}
