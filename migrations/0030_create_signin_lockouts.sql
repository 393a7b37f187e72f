-- Sign-in lockouts (issue 9, docs/hardening.md). Each wrong PIN or password
-- is a row of signin_failures until the account signs in, is locked, or the
-- row falls out of the counting window; enough of them in the window lock the
-- account (a row of lockouts). Both are kept in the database so that a
-- restart of the kiosk neither forgets a lock nor resets the count.
CREATE TABLE signin_failures (
	id        INTEGER PRIMARY KEY,
	user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	address   TEXT    NOT NULL, -- the client's IP address, for the log and the users page
	failed_at TEXT    NOT NULL  -- RFC 3339, UTC
) STRICT;

CREATE INDEX signin_failures_user ON signin_failures (user_id, failed_at);

-- The last lockout of each account. The lock holds while now < locked_until;
-- the row stays after that so that a lockout soon after counts as a repeat
-- (strike) and lasts longer. An administrator's unlock deletes it.
CREATE TABLE lockouts (
	user_id      INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
	locked_at    TEXT    NOT NULL,
	locked_until TEXT    NOT NULL,
	failures     INTEGER NOT NULL CHECK (failures >= 1),
	strike       INTEGER NOT NULL CHECK (strike >= 1), -- 1 for a first lockout, 2 for a repeat …
	address      TEXT    NOT NULL  -- the address of the failure that locked it
) STRICT;
