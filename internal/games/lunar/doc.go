// Package lunar settles Lunar Poker (RULES.md §5): Ante, Super, Multi Super, Dealer Super, the draw, the force and the BET with its second combination, under a house's Settings and pay tables.
//
// It reads hands through package poker and takes its pay tables from the
// rulebook; it holds no pay table of its own and does no I/O.
package lunar
