// Package games holds what every table game shares: exact money, odds, pay
// tables, the round as it is written in SETTLE.md's JSON, field errors that
// name their path, and the settlement every game returns.
//
// It holds no game's rules: those live in the game packages (uth, oracle,
// thrill, lunar), which import this one.
package games
