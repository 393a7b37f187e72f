// Package settle is the one door to the rules engine for rounds written in
// SETTLE.md's JSON: it picks the house and the game, has the game validate and
// settle the round, and checks the settlement's arithmetic before it leaves.
// `trainer settle`, the hand-checker page and the drills all come through here,
// so they always agree.
//
// It holds no game rule itself.
package settle
