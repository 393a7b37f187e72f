// Package thrill settles 7 Card Thrill (RULES.md §4): the Poker Bet, the three bonus bets and the Special, under a house's Settings and pay tables.
//
// It reads hands through package poker and takes its pay tables from the
// rulebook; it holds no pay table of its own and does no I/O.
package thrill
