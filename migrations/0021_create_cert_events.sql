-- What happened to each trainee's certification in each game (issue 8): exam
-- results, table tests, revocations, sittings allowed, expiries noticed.
-- The state (in training, exam passed, certified, due, expired, revoked) is
-- not stored: package eval computes it from these events and the date, so it
-- can never disagree with them. Events are facts: never changed or removed.
CREATE TABLE cert_events (
	id       INTEGER PRIMARY KEY,
	user_id  INTEGER NOT NULL REFERENCES users (id), -- the trainee who holds the certification
	game     TEXT    NOT NULL,
	kind     TEXT    NOT NULL CHECK (kind IN ('exam_passed', 'exam_failed', 'table_pass', 'table_fail',
	                                          'table_retest', 'revoked', 'retake_allowed', 'expired')),
	at       TEXT    NOT NULL,
	-- Who signed the table test, revoked or allowed a sitting; NULL for what
	-- the kiosk records by itself (exam results, an expiry).
	actor_id INTEGER REFERENCES users (id),
	exam_id  INTEGER REFERENCES exams (session_id),
	-- For 'expired': the table-test pass that granted the certificate.
	ref_id   INTEGER REFERENCES cert_events (id),
	notes    TEXT    NOT NULL DEFAULT '', -- the table test's notes, a revocation's reason
	-- Nobody signs off, revokes or allows on their own certification: the
	-- handler and the domain refuse it first; this is the last line.
	CHECK (actor_id IS NULL OR actor_id <> user_id),
	CHECK (kind NOT IN ('table_pass', 'table_fail', 'table_retest', 'revoked', 'retake_allowed') OR actor_id IS NOT NULL),
	CHECK (kind NOT IN ('exam_passed', 'exam_failed') OR exam_id IS NOT NULL),
	-- A failed or repeated table test says why; so does a revocation.
	CHECK (kind NOT IN ('table_fail', 'table_retest', 'revoked') OR notes <> ''),
	CHECK (kind <> 'expired' OR ref_id IS NOT NULL)
) STRICT;

CREATE INDEX cert_events_user_game ON cert_events (user_id, game, at);
-- One result per exam, and one expiry on record per certificate granted.
CREATE UNIQUE INDEX cert_events_one_result ON cert_events (exam_id) WHERE kind IN ('exam_passed', 'exam_failed');
CREATE UNIQUE INDEX cert_events_one_expiry ON cert_events (ref_id) WHERE kind = 'expired';

CREATE TRIGGER cert_events_no_update BEFORE UPDATE ON cert_events
BEGIN
	SELECT RAISE(ABORT, 'certification events are never changed');
END;
CREATE TRIGGER cert_events_no_delete BEFORE DELETE ON cert_events
BEGIN
	SELECT RAISE(ABORT, 'certification events are never deleted');
END;
