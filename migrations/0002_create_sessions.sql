-- Signed-in browsers. The cookie carries a random token; this table keeps only
-- its SHA-256, so a copy of the database cannot be used to take over a session.
CREATE TABLE sessions (
	token_hash   TEXT    PRIMARY KEY,
	-- A session cannot outlive its user (users are deactivated, not deleted,
	-- but the cascade keeps the rule explicit).
	user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	created_at   TEXT    NOT NULL,
	last_seen_at TEXT    NOT NULL, -- moves on every request; trainees time out from it
	expires_at   TEXT    NOT NULL  -- created_at + the session lifetime
) STRICT;

CREATE INDEX sessions_user_id ON sessions (user_id);
