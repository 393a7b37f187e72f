// Package class holds the domain of classes and of the live drill an
// instructor runs on every tablet of a class (issue 23): a class and its
// validation; reading a roster file and planning its import, row by row,
// against the kiosk's users; the phases of a live question as a pure
// function of its stored start and the instructor's recorded actions; the
// prepared lists of questions; what the projector shows after the lock
// (the spread of answers, the share right and the median time, the
// mistakes made most often with their feedback, the optional standings);
// and the report of a live drill, as a table and as CSV.
//
// It is pure: no database, no HTTP, no clock and no randomness of its own
// (times, and the random source that makes PINs, are passed in). Every
// sentence it gives people is a trainer.Error naming a message of
// content/i18n/class with its arguments, its English rendered from that
// catalogue.
//
// It does not store classes, rosters, questions or answers (the stores
// do, committing an import Plan at once), send anything to the tablets
// (the server does), generate drills (package drills, through
// practice.Planner), grade answers (package eval, which Tally calls for
// the anticipated mistakes), or decide who is signed in. It imports
// trainer, drills, eval, practice, i18n and sheet; nothing imports it yet,
// and the server and the stores will, never the other way.
package class
