-- A trainee's run of drills on the kiosk (issue 7): practice, timed and review
-- sessions, and the certification exams of issue 8, which reuse the same flow.
-- The session keeps what the trainee chose; each scenario served is a row of
-- attempts (0011).
CREATE TABLE practice_sessions (
	id            INTEGER PRIMARY KEY,
	user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	-- 'exam' is issue 8's: no hints, no feedback until the end.
	mode          TEXT    NOT NULL CHECK (mode IN ('practice', 'timed', 'review', 'exam')),
	game          TEXT    NOT NULL, -- a game slug (uth, oracle, thrill, lunar)
	-- A drill kind (payout, outcome, hand, chips, procedure, ruling) or 'mixed'.
	kind          TEXT    NOT NULL,
	level         INTEGER NOT NULL CHECK (level >= 1),
	house         TEXT    NOT NULL,
	rules_version TEXT    NOT NULL, -- the rules the session started on
	planned       INTEGER NOT NULL CHECK (planned BETWEEN 1 AND 200), -- scenarios in the session
	started_at    TEXT    NOT NULL, -- RFC 3339, UTC
	ended_at      TEXT              -- NULL while the session is open
) STRICT;

-- A trainee has at most one open session: the one the kiosk resumes after a
-- sign-in on any tablet. Starting another ends it.
CREATE UNIQUE INDEX practice_sessions_open ON practice_sessions (user_id) WHERE ended_at IS NULL;
-- Progress charts read a trainee's recent sessions per game.
CREATE INDEX practice_sessions_user_game ON practice_sessions (user_id, game, started_at);
