package drills

import "strings"

// WagerTitle names wager w of game as the drills ask about it and the rule
// books call it ("Pair of Kings or Better", "BET", "Dealer Super"), so that
// the hand checker and the managers' pages use the practice screens' words.
// A wager the game does not name is written with spaces for underscores.
func WagerTitle(slug, w string) string {
	if g, ok := gameBySlug(slug); ok {
		return g.title(w)
	}
	return strings.ReplaceAll(w, "_", " ")
}
