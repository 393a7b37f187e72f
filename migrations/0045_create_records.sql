-- The records a gaming regulator inspects (issue 24, docs/records.md): who
-- may sign table tests, each game's programme versions, the table tests'
-- checklists and typed signatures, the table hours instructors enter and
-- the topics outside the games dealers complete. migrations/postgres/0010
-- says the same in PostgreSQL's words, with the same columns under the same
-- names. Every row is written with its audit entry in one transaction.

-- The staff an administrator marked as ones who may sign a table test
-- ("pit manager or higher"). Taking the mark away deletes the row; the
-- audit log keeps both.
CREATE TABLE table_test_signers (
	user_id    INTEGER PRIMARY KEY REFERENCES users (id),
	allowed_at TEXT    NOT NULL,
	allowed_by INTEGER REFERENCES users (id) -- NULL: the machine's operator
) STRICT;

-- Each version of a game's training programme: its content (JSON
-- trainer.ProgrammeBody, with the exam's standard) and the SHA-256 of it,
-- numbered per game from 1, approved once by an administrator.
CREATE TABLE programme_versions (
	id          INTEGER PRIMARY KEY,
	game        TEXT    NOT NULL,
	number      INTEGER NOT NULL CHECK (number >= 1),
	digest      TEXT    NOT NULL CHECK (length(digest) = 64),
	body        TEXT    NOT NULL,
	recorded_at TEXT    NOT NULL,
	recorded_by INTEGER REFERENCES users (id), -- NULL: the kiosk at start-up, or the operator
	approved_at TEXT,                          -- NULL until approved
	approved_by INTEGER REFERENCES users (id),
	UNIQUE (game, number)
) STRICT;

-- A table test's checklist and typed signature: the sheet of one table
-- test event (cert_events), judged on one programme version. A re-test of a
-- dealer in force grants nothing (retest 1).
CREATE TABLE table_test_sheets (
	event_id     INTEGER PRIMARY KEY REFERENCES cert_events (id),
	programme_id INTEGER NOT NULL REFERENCES programme_versions (id),
	signature    TEXT    NOT NULL CHECK (signature <> ''), -- the signer's full name as typed
	items        TEXT    NOT NULL,                         -- JSON: trainer.ChecklistResult's, in the checklist's order
	retest       INTEGER NOT NULL CHECK (retest IN (0, 1))
) STRICT;

-- Hours at a table an instructor entered for a dealer in a game: what the
-- kiosk cannot measure. Kept for the house's retention_years, then they
-- may be deleted (with an audit entry).
CREATE TABLE table_hours (
	id         INTEGER PRIMARY KEY,
	user_id    INTEGER NOT NULL REFERENCES users (id),
	game       TEXT    NOT NULL,
	day        TEXT    NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
	table_name TEXT    NOT NULL CHECK (table_name <> ''),
	minutes    INTEGER NOT NULL CHECK (minutes BETWEEN 1 AND 720),
	note       TEXT    NOT NULL DEFAULT '',
	entered_at TEXT    NOT NULL,
	entered_by INTEGER REFERENCES users (id) -- NULL: the machine's operator
) STRICT;

CREATE INDEX table_hours_user ON table_hours (user_id, game);

-- A dealer's completion of a topic outside the games (records.toml), with
-- the day and a note of the evidence. Kept for ever.
CREATE TABLE topic_completions (
	id          INTEGER PRIMARY KEY,
	user_id     INTEGER NOT NULL REFERENCES users (id),
	topic       TEXT    NOT NULL,
	day         TEXT    NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
	evidence    TEXT    NOT NULL CHECK (evidence <> ''),
	recorded_at TEXT    NOT NULL,
	recorded_by INTEGER REFERENCES users (id)
) STRICT;

CREATE INDEX topic_completions_user ON topic_completions (user_id);

-- What is kept for ever is never changed or removed: the domain refuses it
-- first (records.RetentionCheck); these are the last line.
CREATE TRIGGER table_test_sheets_no_update BEFORE UPDATE ON table_test_sheets
BEGIN
	SELECT RAISE(ABORT, 'table test sheets are never changed');
END;
CREATE TRIGGER table_test_sheets_no_delete BEFORE DELETE ON table_test_sheets
BEGIN
	SELECT RAISE(ABORT, 'table test sheets are never deleted');
END;
CREATE TRIGGER topic_completions_no_delete BEFORE DELETE ON topic_completions
BEGIN
	SELECT RAISE(ABORT, 'topic completions are never deleted');
END;
CREATE TRIGGER programme_versions_no_delete BEFORE DELETE ON programme_versions
BEGIN
	SELECT RAISE(ABORT, 'programme versions are never deleted');
END;
