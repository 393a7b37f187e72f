-- Sign-in limits, second round (issue 16, docs/hardening.md). Every PIN or
-- password is counted here before it is checked, so that concurrent guesses
-- cannot slip past a limit, and the limits are counted per account and
-- device, per account everywhere and per device. All of it lives in the
-- database, none in the kiosk's memory: a restart forgets nothing, and
-- several kiosk processes on one database would share the limits.

-- One row per attempt counted against the limits: reserved before the hash
-- is computed, taken back only by a success (the account's rows on that
-- device go), forgotten once older than every counting window.
CREATE TABLE signin_attempts (
	id      INTEGER PRIMARY KEY,
	-- "user:12", or "name:<hash>" for a staff name that matches nobody
	-- (counted alike, so the answers never tell names from non-names).
	account TEXT    NOT NULL,
	user_id INTEGER REFERENCES users (id) ON DELETE CASCADE, -- NULL for a name of nobody's
	device  TEXT    NOT NULL, -- the client's address
	at      TEXT    NOT NULL  -- RFC 3339, UTC
) STRICT;

CREATE INDEX signin_attempts_pair ON signin_attempts (account, device, at);
CREATE INDEX signin_attempts_device ON signin_attempts (device, at);
CREATE INDEX signin_attempts_at ON signin_attempts (at);

-- The last hold of each account on a device (account and device set), of
-- each account everywhere (device ''), and of each device (account ''). It
-- holds while now < held_until; the row stays for a day after that so that
-- the next hold counts as a repeat (strike) and lasts longer.
CREATE TABLE signin_holds (
	id         INTEGER PRIMARY KEY,
	account    TEXT    NOT NULL, -- '' for a device's hold
	device     TEXT    NOT NULL, -- '' for an account locked everywhere
	user_id    INTEGER REFERENCES users (id) ON DELETE CASCADE,
	staff      INTEGER NOT NULL CHECK (staff IN (0, 1)), -- a password account: shorter holds
	started_at TEXT    NOT NULL,
	held_until TEXT    NOT NULL,
	failures   INTEGER NOT NULL CHECK (failures >= 1),
	strike     INTEGER NOT NULL CHECK (strike >= 1), -- 1 for a first hold, 2 for a repeat …
	-- The attempt whose count started it, until that attempt's PIN or
	-- password has been checked: a right one takes the hold back.
	started_by INTEGER,
	UNIQUE (account, device),
	CHECK (account <> '' OR device <> '')
) STRICT;

CREATE INDEX signin_holds_user ON signin_holds (user_id);
CREATE INDEX signin_holds_started_by ON signin_holds (started_by);

-- The locks of the first round were of accounts everywhere: they stay so,
-- with their strikes.
INSERT INTO signin_holds (account, device, user_id, staff, started_at, held_until, failures, strike)
SELECT 'user:' || l.user_id, '', l.user_id, u.role <> 'trainee', l.locked_at, l.locked_until, l.failures, l.strike
FROM lockouts l JOIN users u ON u.id = l.user_id;

DROP TABLE signin_failures;
DROP TABLE lockouts;
