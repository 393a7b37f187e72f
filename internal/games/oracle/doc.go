// Package oracle settles Texas Oracle (RULES.md §3): Ante, the 4th-card and exchange fees, and the BET, under a house's Settings and pay tables.
//
// It reads hands through package poker and takes its pay tables from the
// rulebook; it holds no pay table of its own and does no I/O.
package oracle
