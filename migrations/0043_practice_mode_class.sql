-- A trainee's answers in a class's live drill (issue 23, docs/classes.md)
-- are attempts in a practice session of mode 'class', one per trainee per
-- live drill, so that they show in history and progress and never count
-- towards an exam or a certification.
--
-- SQLite cannot change a CHECK constraint in place, so practice_sessions is
-- rebuilt as SQLite's documentation says (lang_altertable.html, "making
-- other kinds of table schema changes"): a new table, the rows copied, the
-- old table dropped and the new one renamed, its indexes and the triggers
-- that name it made again. The runner turns foreign keys off for this file
-- (foreignKeysOff in internal/sqlite/migrate.go), since dropping the table
-- with them on would delete every attempt and exam through ON DELETE
-- CASCADE, and checks them all (PRAGMA foreign_key_check) before it commits.
-- The columns, their order and every other constraint stay as 0010, 0031
-- and 0036 left them.

-- The counting triggers name practice_sessions: dropped first, so that the
-- rename does not find them naming a table that is gone for a moment.
DROP TRIGGER attempts_count_insert;
DROP TRIGGER attempts_count_update;
DROP TRIGGER attempts_count_delete;

CREATE TABLE practice_sessions_new (
	id             INTEGER PRIMARY KEY,
	user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	-- 'exam' is issue 8's: no hints, no feedback until the end. 'class' is a
	-- trainee's part in a class's live drill (issue 23).
	mode           TEXT    NOT NULL CHECK (mode IN ('practice', 'timed', 'review', 'exam', 'class')),
	game           TEXT    NOT NULL, -- a game slug (uth, oracle, thrill, lunar)
	-- A drill kind (payout, outcome, hand, chips, procedure, ruling) or 'mixed'.
	kind           TEXT    NOT NULL,
	level          INTEGER NOT NULL CHECK (level >= 1),
	house          TEXT    NOT NULL,
	rules_version  TEXT    NOT NULL, -- the rules the session started on
	planned        INTEGER NOT NULL CHECK (planned BETWEEN 1 AND 200), -- scenarios in the session
	started_at     TEXT    NOT NULL, -- RFC 3339, UTC
	ended_at       TEXT,             -- NULL while the session is open
	answered_count INTEGER NOT NULL DEFAULT 0 CHECK (answered_count >= 0),
	correct_count  INTEGER NOT NULL DEFAULT 0 CHECK (correct_count >= 0),
	site_id        INTEGER NOT NULL DEFAULT 1
) STRICT;

INSERT INTO practice_sessions_new (id, user_id, mode, game, kind, level, house, rules_version, planned,
	started_at, ended_at, answered_count, correct_count, site_id)
SELECT id, user_id, mode, game, kind, level, house, rules_version, planned,
	started_at, ended_at, answered_count, correct_count, site_id
FROM practice_sessions;

DROP TABLE practice_sessions;
ALTER TABLE practice_sessions_new RENAME TO practice_sessions;

-- A trainee has at most one open session: the one the kiosk resumes after a
-- sign-in on any tablet. Starting another ends it.
CREATE UNIQUE INDEX practice_sessions_open ON practice_sessions (user_id) WHERE ended_at IS NULL;
-- Progress charts read a trainee's recent sessions per game.
CREATE INDEX practice_sessions_user_game ON practice_sessions (user_id, game, started_at);

-- A session's answered and correct counts follow its attempts, as in 0031.
CREATE TRIGGER attempts_count_insert AFTER INSERT ON attempts
WHEN NEW.answered_at IS NOT NULL
BEGIN
	UPDATE practice_sessions
	SET answered_count = answered_count + 1, correct_count = correct_count + coalesce(NEW.correct, 0)
	WHERE id = NEW.session_id;
END;

CREATE TRIGGER attempts_count_update AFTER UPDATE OF session_id, answered_at, correct ON attempts
BEGIN
	UPDATE practice_sessions
	SET answered_count = answered_count - (OLD.answered_at IS NOT NULL), correct_count = correct_count - coalesce(OLD.correct, 0)
	WHERE id = OLD.session_id;
	UPDATE practice_sessions
	SET answered_count = answered_count + (NEW.answered_at IS NOT NULL), correct_count = correct_count + coalesce(NEW.correct, 0)
	WHERE id = NEW.session_id;
END;

CREATE TRIGGER attempts_count_delete AFTER DELETE ON attempts
WHEN OLD.answered_at IS NOT NULL
BEGIN
	UPDATE practice_sessions
	SET answered_count = answered_count - 1, correct_count = correct_count - coalesce(OLD.correct, 0)
	WHERE id = OLD.session_id;
END;
