-- The audit log (issue 8): every certification event, sign-off, revocation,
-- user change, settings change and rules version, appended in the same
-- transaction as the change it records. Each entry holds the SHA-256 of its
-- canonical encoding (trainer.AuditEntry.Encode), which includes the previous
-- entry's hash, so a changed or deleted entry breaks the chain at that point
-- (`trainer audit verify`). The triggers stop the kiosk itself, or a slip in
-- its code, from changing the log; the chain catches whoever drops them.
CREATE TABLE audit_log (
	seq       INTEGER PRIMARY KEY, -- 1, 2, 3 … with no gaps; hashed with the entry
	at        TEXT    NOT NULL,    -- RFC 3339, UTC, to the millisecond (hashed as written)
	-- No REFERENCES: the log stands on its own and names the actor as well.
	actor_id  INTEGER NOT NULL,    -- 0 for the kiosk itself
	actor     TEXT    NOT NULL,
	action    TEXT    NOT NULL,    -- "table_test.recorded", "user.created" …
	subject   TEXT    NOT NULL,    -- "user:12/game:uth", "rules:2fc3195ba6f1" …
	detail    TEXT    NOT NULL,    -- a JSON object, keys sorted; never a secret
	prev_hash TEXT    NOT NULL,
	hash      TEXT    NOT NULL UNIQUE
) STRICT;

CREATE INDEX audit_log_subject ON audit_log (subject, seq);

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
	SELECT RAISE(ABORT, 'the audit log is append-only');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
	SELECT RAISE(ABORT, 'the audit log is append-only');
END;
