// Package eval judges trainees: it scores an answer against a drill's key,
// grades the time taken against the kind's target, aggregates attempts into
// a mastery of each skill, and schedules skills for review. For certification
// it judges an exam against its standard (JudgeExam) and tells a
// certification's state from its events (Certification, the state machine of
// docs/certification.md) and what a manager may record next (CheckEvent).
//
// It is pure: no database, no clock (the caller passes elapsed times and
// "now"), no randomness. It does not rank hands or settle wagers — the keys
// it compares with come from package drills, which takes them from the
// engine — and it does not store attempts (the store does).
package eval
