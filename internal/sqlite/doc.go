// Package sqlite is the kiosk's store of a single kiosk (the default; the
// group edition's is internal/postgres, with the same services of
// trainer.Store): one SQLite file, opened with the pure-Go
// modernc.org/sqlite driver, migrated from the embedded migrations/*.sql at
// Open, with one file per aggregate (user.go, session.go, settings.go,
// practice.go, attempt.go; for certification exam.go, cert.go, rules.go,
// audit.go, stats.go).
//
// Every change that the audit log records (users, settings, exams,
// certification events, rules versions) appends its entry in the same
// transaction (audit.go), naming the signed-in user the server put in the
// context (trainer.WithActor). Decisions about a certification stay out of
// the store: a caller passes a CertCheck, a closure over package eval's
// decision, which the store runs inside the transaction that writes.
//
// It translates database errors into trainer.Error kinds at this boundary
// (no rows → KindNotFound, a UNIQUE clash → KindConflict) and never matches
// on error text. It knows nothing of HTTP, templates or game rules.
package sqlite
