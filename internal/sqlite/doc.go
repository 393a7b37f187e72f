// Package sqlite is the kiosk's store: one SQLite file, opened with the pure-Go
// modernc.org/sqlite driver, migrated from the embedded migrations/*.sql at
// Open, with one file per aggregate (user.go, session.go, settings.go).
//
// It translates database errors into trainer.Error kinds at this boundary
// (no rows → KindNotFound, a UNIQUE clash → KindConflict) and never matches
// on error text. It knows nothing of HTTP, templates or game rules.
package sqlite
