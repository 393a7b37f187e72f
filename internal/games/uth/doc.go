// Package uth settles Ultimate Texas Hold'em (RULES.md §2): Ante, Blind, Play,
// Trips and the Progressive, under a house's Settings and pay tables.
//
// It reads hands through package poker and takes its pay tables from the
// rulebook; it holds no pay table of its own and does no I/O.
package uth
