// Package records decides the records a gaming regulator inspects (issue 24,
// docs/records.md): who may sign a table test and whether a table test with
// its checklist and typed signature may be recorded, what authorises a
// dealer to deal a game and what ended it, the training hours (measured
// time capped per question, entered table hours) against the house's
// minimum, a programme version's content and its approval, the topics
// outside the games and their expiry, the freshness of a programme's
// completion, and the retention of each kind of record.
//
// It is pure: the store reads the facts inside its transaction and calls the
// checks made here (trainer.TableTestCheck, trainer.RetentionCheck), and
// time is passed in. It does not store, render or translate: refusals are
// trainer.Errors naming their catalogue message (content/i18n/records).
package records
