-- Certification exams (issue 8). An exam is a practice session in mode 'exam'
-- (0010): its questions are that session's attempts (0011), served one at a
-- time with the server's timer and answered once. This table keeps what only
-- an exam has: the standard it is judged by and, once finished, its result.
CREATE TABLE exams (
	-- The exam's session: the exam and its session share one ID.
	session_id    INTEGER PRIMARY KEY REFERENCES practice_sessions (id) ON DELETE CASCADE,
	user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	game          TEXT    NOT NULL,
	house         TEXT    NOT NULL,
	-- The rules version the exam started under; every item is rebuilt from it.
	rules_version TEXT    NOT NULL,
	-- The game's standard (blueprint, thresholds, policy) when the exam
	-- started, as JSON: an old result is judged as it was.
	standard      TEXT    NOT NULL,
	started_at    TEXT    NOT NULL,
	-- NULL until the last item is answered; then all three are set together.
	finished_at   TEXT,
	passed        INTEGER CHECK (passed IN (0, 1)),
	result        TEXT, -- JSON: eval's ExamResult (per kind and overall)
	CHECK ((finished_at IS NULL) = (passed IS NULL) AND (finished_at IS NULL) = (result IS NULL))
) STRICT;

CREATE INDEX exams_user_game ON exams (user_id, game, started_at);

-- The items of an exam, fixed when it starts: what makes each drill (with the
-- exam's game, house and rules version) and the time allowed. Item n is
-- served as the session's attempt at position n.
CREATE TABLE exam_items (
	session_id INTEGER NOT NULL REFERENCES exams (session_id) ON DELETE CASCADE,
	position   INTEGER NOT NULL CHECK (position >= 1),
	kind       TEXT    NOT NULL,
	level      INTEGER NOT NULL CHECK (level >= 1),
	-- Below 2^53, like the attempts' seeds.
	seed       INTEGER NOT NULL CHECK (seed >= 0),
	skill      TEXT    NOT NULL,
	seconds    INTEGER NOT NULL CHECK (seconds >= 1), -- the time allowed to answer
	PRIMARY KEY (session_id, position)
) STRICT;
