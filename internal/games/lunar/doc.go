// Package lunar settles Lunar Poker (RULES.md §5) under a house's Settings and
// pay tables: the Ante with its Instant Cash, the Super, the Multi Super and
// Dealer Super bets on other hands, the draw (a bought 6th card or an exchange
// of 2 to 5 cards), the force that makes a dealer who does not qualify replace
// his highest card, and the BET with its second combination (§5.5).
//
// Parse validates a round written in SETTLE.md's JSON, Settle settles it in the
// order of §5.3, and Random deals random legal rounds for the drills and the
// property tests. The Super combinations and the second combination are read
// by package-local helpers (combos.go) until package poker offers them.
//
// It reads hands through package poker and takes its pay tables from the
// rulebook; it holds no pay table of its own and does no I/O.
package lunar
