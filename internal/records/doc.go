// Package records decides the records a gaming regulator inspects (issue 24,
// docs/records.md): who may sign a table test and whether a table test with
// its checklist and typed signature may be recorded, what authorises a
// dealer to deal a game and what ended it, the training hours (measured
// time capped per question, entered table hours) against the house's
// minimum, a programme version's content and its approval, the topics
// outside the games and their expiry, the freshness of a programme's
// completion, and the retention of each kind of record.
//
// Its decisions are pure: the store reads the facts inside its transaction
// and calls the checks made here (trainer.TableTestCheck,
// trainer.RetentionCheck), and time is passed in. Register (register.go)
// reads what the kiosk's records pages show from a trainer.Store and hands
// the programme's approval and a topic's completion to it, after these
// checks; it decides nothing of its own. The package does not render or
// translate: refusals are trainer.Errors naming their catalogue message
// (content/i18n/records).
package records
