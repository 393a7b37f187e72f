// Package poker ranks poker hands for every poker-derived game of the kiosk:
// the best five of 5, 6 or 7 cards, as a comparable Value, with the category,
// the five cards used and the words a dealer would say.
//
// The ranking rules that differ between games (7 Card Thrill's bug joker, Five
// Aces and its second-highest wheel) are options in Rules, never forks of the
// code. Evaluation is table-driven (table.go): each card adds a precomputed
// key, a perfect hash maps the rank part to a non-flush value, and a 16K-entry
// table values flushes; the tables are built on first use. Tally counts every
// hand of a deck exactly for game-math. The Lunar Poker helpers (lunar.go)
// find BET combinations by core cards and Super combinations.
//
// The package knows nothing of wagers or pay tables: the game packages settle
// bets; this one only reads hands. docs/ENGINE.md has the design and the
// measured speed.
package poker
