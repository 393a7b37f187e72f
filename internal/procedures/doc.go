// Package procedures turns a house's ruling situations and sequences of play
// (content/rules/procedures, loaded and validated by package rulebook) into
// seeded multiple-choice questions: a ruling for a situation a dealer meets,
// the next step of a sequence of play, or the right order of a few steps.
//
// A Question is fully determined by (house, id, seed), and its language only
// changes its words (NewIn): the key, the choices' order and the variant are
// the same in every language. The variant (which box,
// card or stage) and the order of the choices are drawn from a math/rand/v2
// PCG seeded with the seed and the id, so a stored attempt can be shown again
// exactly, and two questions asked with the same seed do not share the
// position of their answer. Every question explains itself from the data: the
// right answer with the ruling and its source, each wrong choice with the rule
// it breaks.
//
// It does not score answers (package eval), choose levels or mix in the other
// drill kinds (package drills), and it does no I/O.
package procedures
