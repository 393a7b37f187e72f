// Package eval judges trainees: it scores an answer against a drill's key,
// grades the time taken against the kind's target, aggregates attempts into
// a mastery of each skill, and schedules skills for review.
//
// It is pure: no database, no clock (the caller passes elapsed times and
// "now"), no randomness. It does not rank hands or settle wagers — the keys
// it compares with come from package drills, which takes them from the
// engine — and it does not store attempts (the store does).
package eval
