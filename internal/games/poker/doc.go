// Package poker ranks poker hands for every poker-derived game of the kiosk:
// the best five of 5, 6 or 7 cards, as a comparable Value, with the category,
// the five cards used and the words a dealer would say.
//
// The ranking rules that differ between games (7 Card Thrill's bug joker, Five
// Aces and its second-highest wheel) are options in Rules, never forks of the
// code. The package knows nothing of wagers or pay tables: the game packages
// settle bets; this one only reads hands.
package poker
