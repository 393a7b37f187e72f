// Package drills generates the kiosk's practice questions: seeded scenarios
// built on the rules engine, each with its answer key, the explanation a
// trainee is shown, and the wrong answers dealers really give, each named by
// the rule it breaks.
//
// A Drill is fully determined by (game, kind, level, seed, rules version,
// house): the same Spec on the same content/rules gives a byte-identical
// drill, so a disputed attempt is shown again exactly from what the attempt
// stored. Randomness is a math/rand/v2 PCG seeded from the Spec.
//
// Keys are never written by hand. A round is dealt by the game's own Random,
// steered toward what the level trains (rejection sampling on the seeded
// stream with a bounded number of tries, and for rare hands a relabelling of
// the cards that plants the hand), and settled through settle.Round, the one
// door to the engine. A wrong answer in a multiple-choice drill is the
// engine's answer under one flipped rule (a copy of the house's Settings or
// pay tables with one setting changed, or another games.Rounding), or, when
// too few rules apply, a named arithmetic slip. Levels and target times are
// data: content/rules/drills.toml, read by Load.
//
// The kinds are payout (one wager, or the box's net), outcome (each wager of
// a box), hand (reading hands), chips (paying with the fewest chips, colouring
// up), procedure (sequences of play) and ruling (situations), the last two
// wrapping package procedures.
//
// It does not score answers or track progress (package eval does), settle
// anything itself (the game packages do), or touch the database.
package drills
