// Package cards owns playing cards: their notation, decks of 52 and 53 cards
// (the 53rd is the joker of 7 Card Thrill) and a seeded shoe from which any
// dealt hand can be rebuilt.
//
// It does not rank hands (package poker does) and knows nothing of any game.
package cards
