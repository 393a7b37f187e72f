package drills

import (
	"strings"
	"sync"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/cards"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// What the kiosk's screens need to know of a game to ask its questions the
// way the drills word them: the wagers' names, the results an outcome
// question can have, and the cards a hand choice names.

// WagerTitle is a wager's name as the drills' prompts write it ("Pair of
// Kings or Better", "BET"), so that the round drawn beside a question
// names the wager the question names. An unknown game or wager is written
// from its name ("kings_or_better" → "kings or better").
func WagerTitle(game, wager string) string {
	if g, ok := gameBySlug(game); ok {
		return g.title(wager)
	}
	return strings.ReplaceAll(wager, "_", " ")
}

// HalfPays reports whether a wager of game can be paid half at house h: one
// of the game's pay tables there has a row at 1 to 2 (7 Card Thrill's Poker
// Bet against a king/jack-high dealer, its pair of kings). Only then does an
// outcome question offer "half"; elsewhere it would be a result the game
// never has.
func HalfPays(h *rulebook.House, game string) bool {
	g, ok := gameBySlug(game)
	if !ok || g.payTables == nil || h == nil {
		return false
	}
	for _, pt := range g.payTables(h) {
		for _, r := range pt.Rows {
			if halfRow(r.Odds) {
				return true
			}
		}
	}
	return false
}

// OutcomeResults lists the results an outcome question offers for one
// wager of game at house h, in the order the screen shows them: win, half
// (only where HalfPays), lose, push. A fee is kept (OutcomeFee) or returned
// (OutcomePush).
func OutcomeResults(h *rulebook.House, game string, o Outcome) []string {
	if o.Fee != "" {
		return []string{OutcomeFee, OutcomePush}
	}
	if HalfPays(h, game) {
		return []string{OutcomeWin, OutcomeHalf, OutcomeLose, OutcomePush}
	}
	return []string{OutcomeWin, OutcomeLose, OutcomePush}
}

// ChoiceCards splits a choice that ends with the cards it names, as the
// hand questions write them ("Straight, five high: 5♦ 4♠ 3♣ 2♠ A♦"), into
// its words ("Straight, five high") and the cards, so that a screen can
// draw the cards. ok is false for a choice that does not end so.
func ChoiceCards(choice string) (words string, cs []cards.Card, ok bool) {
	i := strings.LastIndex(choice, ": ")
	if i < 0 {
		return choice, nil, false
	}
	for _, f := range strings.Fields(choice[i+2:]) {
		c, ok := readCard(f)
		if !ok {
			return choice, nil, false
		}
		cs = append(cs, c)
	}
	if len(cs) == 0 {
		return choice, nil, false
	}
	return choice[:i], cs, true
}

// readCard reads one card as showCard and showCardsIn write it: "K♠",
// "10♥", the joker in any language ("Joker", "Jolly", "Джокер").
func readCard(s string) (cards.Card, bool) {
	if jokerNames()[s] {
		return cards.Joker, true
	}
	for suit, sym := range suitSymbols {
		if rank, ok := strings.CutSuffix(s, sym); ok {
			if rank == "10" {
				rank = "T"
			}
			c, err := cards.Parse(rank + string("cdhs"[suit]))
			if err != nil || c.Suit() != cards.Suit(suit) {
				return 0, false
			}
			return c, true
		}
	}
	return 0, false
}

// jokerNames are the joker's names among a hand's cards in every language
// offered (showCardsIn).
var jokerNames = sync.OnceValue(func() map[string]bool {
	names := map[string]bool{showCard(cards.Joker): true}
	for _, l := range i18n.Offered {
		names[i18n.Default().Localizer(l.Tag).T(jokerCard)] = true
	}
	return names
})

// halfRow reports whether odds pay half the stake (1 to 2).
func halfRow(o games.Odds) bool { return o.Win > 0 && o.Win*2 == o.Per }
