// Package thrill settles 7 Card Thrill (RULES.md §4): the Poker Bet, the three
// bonus bets (Pair of Kings or Better, 3 of a Kind or Better, Full House or
// Better) and the Special, under a house's Settings and pay tables.
//
// Parse validates a round in SETTLE.md's format, Settle settles it (every
// wager with its pay-table row, the reason a trainee is told and the rule that
// decided it) and Random deals legal rounds for drills and property tests.
//
// Hands are ranked by package poker with the house's Rules (the bug joker,
// Five Aces, the second-highest wheel, the joker's rank in a flush); pay tables
// come from the rulebook. The package holds no pay table of its own, does no
// I/O and does not know about drills, users or the database.
package thrill
