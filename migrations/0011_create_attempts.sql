-- One scenario served to a trainee and, once answered, the graded answer.
-- The page never holds the answer key: this row keeps the drill's spec (game,
-- kind, level, seed, house, rules version), and the server regenerates the
-- drill from it to grade the answer and to show it again later. The row is
-- written when the scenario is served (served_at starts the server-side
-- timer) and completed exactly once by the answer.
CREATE TABLE attempts (
	id             INTEGER PRIMARY KEY,
	session_id     INTEGER NOT NULL REFERENCES practice_sessions (id) ON DELETE CASCADE,
	-- The session's owner, copied so history and progress need no join and
	-- every lookup can be scoped to the signed-in trainee.
	user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	position       INTEGER NOT NULL CHECK (position >= 1), -- 1, 2, 3 … within the session
	game           TEXT    NOT NULL,
	kind           TEXT    NOT NULL,
	level          INTEGER NOT NULL CHECK (level >= 1),
	-- Seeds are drawn below 2^53 so they fit SQLite's INTEGER and JSON numbers.
	seed           INTEGER NOT NULL CHECK (seed >= 0),
	house          TEXT    NOT NULL,
	rules_version  TEXT    NOT NULL,
	skill          TEXT    NOT NULL, -- "<game>.<kind>.<detail>", what progress aggregates on
	target_seconds INTEGER NOT NULL CHECK (target_seconds >= 1),
	-- Why this scenario was served: a new one, a past mistake asked again
	-- (review), or a skill the spaced-repetition schedule said was due.
	source         TEXT    NOT NULL CHECK (source IN ('new', 'retry', 'scheduled')),
	retry_of       INTEGER REFERENCES attempts (id) ON DELETE SET NULL,
	served_at      TEXT    NOT NULL,
	hint_used      INTEGER NOT NULL DEFAULT 0 CHECK (hint_used IN (0, 1)),
	-- NULL until answered; then all of the following are set together.
	answered_at    TEXT,
	answer         TEXT, -- JSON, in the shape of the drill's key
	key            TEXT, -- JSON: the key the answer was graded against
	correct        INTEGER CHECK (correct IN (0, 1)),
	-- eval's score, 0 … 1: an outcome answer scores the share of its lines
	-- right, chips that make the amount with too many chips score ½.
	score          REAL    CHECK (score BETWEEN 0 AND 1),
	speed          TEXT    CHECK (speed IN ('fast', 'ok', 'slow')),
	elapsed_ms     INTEGER CHECK (elapsed_ms >= 0), -- answered_at − served_at
	mistake_id     TEXT, -- the anticipated mistake the answer matched, if any
	UNIQUE (session_id, position),
	-- An attempt is either pending (nothing graded) or answered (all graded).
	CHECK ((answered_at IS NULL) = (correct IS NULL)
		AND (answered_at IS NULL) = (speed IS NULL)
		AND (answered_at IS NULL) = (score IS NULL)
		AND (answered_at IS NULL) = (elapsed_ms IS NULL)
		AND (answered_at IS NULL) = (answer IS NULL))
) STRICT;

-- At most one scenario of a session waits for its answer: a double tap on
-- "Next" serves one scenario, not two.
CREATE UNIQUE INDEX attempts_one_pending ON attempts (session_id) WHERE answered_at IS NULL;
-- History, newest first, and progress per game and skill.
CREATE INDEX attempts_user_answered ON attempts (user_id, answered_at);
CREATE INDEX attempts_user_game_skill ON attempts (user_id, game, skill);
-- Review finds the mistakes already asked again.
CREATE INDEX attempts_retry_of ON attempts (retry_of) WHERE retry_of IS NOT NULL;
