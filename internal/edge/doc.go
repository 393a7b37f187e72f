// Package edge computes the return of every wager of the kiosk's four games
// under any house's pay tables: `trainer math` (SETTLE.md) and the figures
// of the pay-table review page.
//
// A wager whose result depends on the cards alone is counted exactly: every
// hand of its space is tallied once (Tally, with the counts of every class a
// pay table can tell apart), and any table — a named one, or a "what if" with
// one row changed — is then priced from the cached tally as exact fractions
// (math/big), in well under a millisecond. These are UTH Trips and the
// Blind's hand distribution, every 7 Card Thrill bonus bet and the Special,
// Lunar Poker's Super and Instant Cash.
//
// A wager that depends on the player's decisions — each game's main wager,
// per unit of Ante — is simulated under a named, documented strategy
// (UTHStrategy, ThrillStrategy, OracleStrategy, LunarStrategy), with a
// standard error. The rounds are dealt in blocks whose random streams derive
// from the seed alone and every sum is an exact integer, so the same seed
// gives the same figures to the last digit on any number of cores. UTH and 7
// Card Thrill run in a tight loop of their own, held against uth.Settle and
// thrill.Settle on thousands of rounds by the tests; Texas Oracle and Lunar
// Poker, whose fees, draws and second combinations are the engine's own,
// settle every simulated round through their game package.
//
// Calculator is the entry point for the server; Command is `trainer math`.
// The package reads hands through package poker and settles through the
// game packages; it owns no game rule of its own beyond the strategies, and
// keeps no state but the Calculator's cache.
package edge
