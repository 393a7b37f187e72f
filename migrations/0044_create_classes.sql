-- Classes and their live drills (issue 23, docs/classes.md): a class of a
-- site, its instructors and trainees, the prepared lists of questions, and
-- each live drill with its questions, the instructor's actions, the
-- trainees who joined and their answers. migrations/postgres/0008 says the
-- same in PostgreSQL's words, with the same columns under the same names.

CREATE TABLE classes (
	id         INTEGER PRIMARY KEY,
	site_id    INTEGER NOT NULL REFERENCES sites (id),
	-- Compared without regard to case, as users' names; the store also
	-- compares them folded (Unicode), which NOCASE does for ASCII only.
	name       TEXT    NOT NULL COLLATE NOCASE,
	games      TEXT    NOT NULL, -- JSON: the game slugs it learns, in the kiosk's order
	-- The class's first and last days (YYYY-MM-DD, both included), or NULL.
	starts_on  TEXT    CHECK (starts_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
	ends_on    TEXT    CHECK (ends_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
	-- No leaderboard by default; names on the projector only when chosen.
	standing   TEXT    NOT NULL DEFAULT 'none' CHECK (standing IN ('none', 'anonymous', 'teams')),
	show_names INTEGER NOT NULL DEFAULT 0 CHECK (show_names IN (0, 1)),
	created_at TEXT    NOT NULL,
	created_by INTEGER REFERENCES users (id), -- NULL: the machine's operator
	UNIQUE (site_id, name),
	CHECK (starts_on IS NULL OR ends_on IS NULL OR starts_on <= ends_on)
) STRICT;

-- The staff who lead a class: they drive its live drills.
CREATE TABLE class_instructors (
	class_id INTEGER NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
	user_id  INTEGER NOT NULL REFERENCES users (id),
	PRIMARY KEY (class_id, user_id)
) STRICT;

CREATE INDEX class_instructors_user ON class_instructors (user_id);

-- A class's roster. A member may sit at a practice table, for a standing
-- by teams ('' for none).
CREATE TABLE class_members (
	class_id       INTEGER NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
	user_id        INTEGER NOT NULL REFERENCES users (id),
	practice_table TEXT    NOT NULL DEFAULT '',
	added_at       TEXT    NOT NULL,
	PRIMARY KEY (class_id, user_id)
) STRICT;

CREATE INDEX class_members_user ON class_members (user_id);

-- A prepared list of questions, its maker's, asked in any class that
-- learns its games.
CREATE TABLE class_lists (
	id         INTEGER PRIMARY KEY,
	owner_id   INTEGER NOT NULL REFERENCES users (id),
	name       TEXT    NOT NULL COLLATE NOCASE,
	items      TEXT    NOT NULL, -- JSON: class.Item's, in order
	created_at TEXT    NOT NULL,
	updated_at TEXT    NOT NULL,
	UNIQUE (owner_id, name)
) STRICT;

-- A live drill of a class: from a prepared list (list_id, its name as it
-- was; list_id NULL once the list is deleted) or from the instructor's
-- choices one by one (list_name '').
CREATE TABLE class_runs (
	id            INTEGER PRIMARY KEY,
	class_id      INTEGER NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
	list_id       INTEGER REFERENCES class_lists (id) ON DELETE SET NULL,
	list_name     TEXT    NOT NULL DEFAULT '',
	house         TEXT    NOT NULL,
	rules_version TEXT    NOT NULL,
	started_at    TEXT    NOT NULL,
	started_by    INTEGER REFERENCES users (id), -- NULL: the machine's operator
	ended_at      TEXT,                          -- NULL while it runs
	ended_by      INTEGER REFERENCES users (id)
) STRICT;

-- One live drill of a class at a time, whichever process starts it.
CREATE UNIQUE INDEX class_runs_live ON class_runs (class_id) WHERE ended_at IS NULL;

-- A question of a live drill: what makes its drill (one seed for every
-- tablet), when it started and its timing. Its phase at any moment is
-- worked out from these and its events (class.Question.At), never kept.
CREATE TABLE class_questions (
	id             INTEGER PRIMARY KEY,
	run_id         INTEGER NOT NULL REFERENCES class_runs (id) ON DELETE CASCADE,
	number         INTEGER NOT NULL CHECK (number BETWEEN 1 AND 200),
	game           TEXT    NOT NULL,
	kind           TEXT    NOT NULL,
	level          INTEGER NOT NULL CHECK (level >= 1),
	seed           INTEGER NOT NULL CHECK (seed >= 0),
	house          TEXT    NOT NULL,
	rules_version  TEXT    NOT NULL,
	skill          TEXT    NOT NULL,
	target_seconds INTEGER NOT NULL CHECK (target_seconds >= 1),
	started_at     TEXT    NOT NULL,
	preview_ms     INTEGER NOT NULL CHECK (preview_ms >= 0),
	window_ms      INTEGER NOT NULL CHECK (window_ms > 0),
	UNIQUE (run_id, number)
) STRICT;

-- The instructor's actions on a question, in the order recorded (seq).
CREATE TABLE class_events (
	question_id INTEGER NOT NULL REFERENCES class_questions (id) ON DELETE CASCADE,
	seq         INTEGER NOT NULL CHECK (seq >= 1),
	action      TEXT    NOT NULL CHECK (action IN ('pause', 'resume', 'add', 'lock', 'skip')),
	at          TEXT    NOT NULL,
	add_ms      INTEGER NOT NULL DEFAULT 0 CHECK (add_ms >= 0),
	actor_id    INTEGER REFERENCES users (id), -- NULL: the machine's operator
	PRIMARY KEY (question_id, seq)
) STRICT;

-- The trainees who joined a live drill, each with their session of mode
-- 'class', which holds their answers as attempts, and the practice table
-- they sat at then.
CREATE TABLE class_participants (
	run_id         INTEGER NOT NULL REFERENCES class_runs (id) ON DELETE CASCADE,
	user_id        INTEGER NOT NULL REFERENCES users (id),
	session_id     INTEGER NOT NULL UNIQUE REFERENCES practice_sessions (id),
	practice_table TEXT    NOT NULL DEFAULT '',
	joined_at      TEXT    NOT NULL,
	PRIMARY KEY (run_id, user_id)
) STRICT;

-- A trainee's answer to a question: the attempt that holds it. One per
-- trainee per question, whichever process takes it.
CREATE TABLE class_answers (
	question_id INTEGER NOT NULL REFERENCES class_questions (id) ON DELETE CASCADE,
	user_id     INTEGER NOT NULL REFERENCES users (id),
	attempt_id  INTEGER NOT NULL UNIQUE REFERENCES attempts (id) ON DELETE CASCADE,
	PRIMARY KEY (question_id, user_id)
) STRICT;

-- A class's live version: a number bumped in the transaction of every
-- change to its live drill (a drill started or ended, a trainee joined, a
-- question started, an action, an answer) and to the class, so that every
-- process polls one small row to learn that its projectors and tablets
-- need more (docs/classes.md, "The live version").
CREATE TABLE class_live (
	class_id INTEGER PRIMARY KEY REFERENCES classes (id) ON DELETE CASCADE,
	version  INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0)
) STRICT;
