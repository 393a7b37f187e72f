-- Schools moved into the group (trainer migrate, issue 17): for each row
-- copied from a SQLite kiosk, its id there and its id here, keyed by the
-- school's identity (the hash of its audit trail's first entry, which no
-- other kiosk's log shares). A second run copies only what is not here yet.
CREATE TABLE moved_rows (
	school TEXT   NOT NULL,
	kind   TEXT   NOT NULL, -- user, session, attempt, cert_event, rules_version, audit
	old_id TEXT   NOT NULL, -- the id at the school (a rules version is its name)
	new_id BIGINT NOT NULL, -- the id here (0 where the row is kept by another key)
	PRIMARY KEY (school, kind, old_id)
);
