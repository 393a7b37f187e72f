-- Names are stored in Unicode's composed form, NFC (issue 16): "José" typed
-- as an e and an accent is the same name as "José" typed with an é. SQL
-- cannot normalise text, so this migration's work is done in Go, in the same
-- transaction: normalizeUserNames in internal/sqlite/names.go. A name whose
-- normal form another user already has is renamed with a number, and every
-- rename is written to the audit log.
SELECT 1;
