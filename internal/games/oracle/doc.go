// Package oracle settles Texas Oracle (RULES.md §3, seed 002): the Ante, the
// 4th-card and exchange fees, and the BET, under a house's Settings and pay
// tables. It validates a SETTLE.md round (Parse), settles it (Settle) and
// deals random legal rounds for the drills and the property tests (Random).
//
// It reads hands through package poker and takes its pay tables from the
// rulebook; it holds no pay table of its own and does no I/O. Box sharing
// (back-betting), the early-reveal and overpayment rulings and the misdeal
// policy are house settings here, but they govern the procedures, not the
// settlement: SETTLE.md's box is one player.
package oracle
