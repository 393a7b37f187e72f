// Package solver computes the exact optimal strategy of Ultimate Texas
// Hold'em's Ante + Blind + Play and its house edge, by backward induction over
// every deal: for a game manager approving a Blind pay table, and as a check
// of the hand engine against the published figure (2.185% of the Ante with
// pay table A).
//
// The river is valued a board at a time. For each of the 134,459 boards that
// are distinct up to suits (each standing for its class of boards), every
// two-card holding of the 47 cards left is evaluated once and sorted; a walk
// up the sorted list, counting per card the lower holdings that contain it,
// gives for each player holding the dealer hands it beats, ties and loses to
// and how many of them qualify — card removal by inclusion–exclusion, not by
// playing 990 dealer hands. That fixes the river decision (bet 1× or fold) and
// the pieces of every earlier bet's value. Each board is then read as its ten
// flop + turn-and-river splits, and the values are added to the flop states
// (hole cards and flop, up to suits): there the flop decision (2× or check) is
// taken, then the pre-flop one (each allowed multiple or check) for each of
// the 169 starting-hand classes.
//
// Everything is summed in integers, in units of 1/scale of the Ante (scale is
// the least common multiple of the Blind table's denominators, 2 for 3:2), so
// the house edge is an exact fraction over the number of deals. docs/solver.md
// explains the symmetry argument and gives the figures and times.
package solver
