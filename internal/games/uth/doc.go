// Package uth settles Ultimate Texas Hold'em (RULES.md §2): Ante, Blind, Play,
// Trips and the Progressive, under a house's Settings and pay tables.
//
// Parse validates a round in SETTLE.md's format and builds a typed Round;
// Settle settles it into a games.Settlement; Random deals random legal,
// decided rounds for the drills and the conservation tests. Settings are
// decoded by package rulebook from content/rules and resolved here.
//
// It reads hands through package poker and takes its pay tables, the
// even-money Ante and Play included, from the rulebook; it holds no odds of
// its own and does no I/O. Decisions where RULES.md leaves a choice are listed
// in docs/uth.md.
package uth
