// Package rulebook loads and validates the house data of content/rules: each
// game's named pay tables and each house's settings, resolved into the typed
// Settings of the game packages. Validation is strict and happens before the
// kiosk starts: an unknown key, malformed odds, a pay table missing a row or a
// reference to a table that does not exist stops the load, and the error names
// the file and the key. It also reads each game's certification standard
// (certification.go: the exam's blueprint, pass thresholds and policy), keeps
// every rules file it hashed so that a past version can be loaded again
// (SnapshotFS), and lists what changed between two versions (Diff). The
// books and procedures of every other offered language are loaded and
// checked against the English at the same time (translations.go, books.go:
// House.BookIn, Procedures.SituationIn), so that a broken translation stops
// the kiosk like a broken pay table.
//
// It does not settle anything (the game packages do) and does not know about
// users, drills or the database.
package rulebook
