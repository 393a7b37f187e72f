// Package rulebook loads and validates the house data of content/rules: each
// game's named pay tables and each house's settings, resolved into the typed
// Settings of the game packages. Validation is strict and happens before the
// kiosk starts: an unknown key, malformed odds, a pay table missing a row or a
// reference to a table that does not exist stops the load, and the error names
// the file and the key.
//
// It does not settle anything (the game packages do) and does not know about
// users, drills or the database.
package rulebook
