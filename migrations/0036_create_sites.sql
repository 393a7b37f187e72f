-- Sites (issue 17): the properties of a casino group. A kiosk on SQLite is
-- one site, made here, whose house the kiosk's -house flag keeps up to date
-- at start; every user belongs to it. A school moved into a group
-- (trainer migrate) becomes a site there, with this site's house.
CREATE TABLE sites (
	id         INTEGER PRIMARY KEY,
	name       TEXT    NOT NULL UNIQUE COLLATE NOCASE,
	house      TEXT    NOT NULL,
	created_at TEXT    NOT NULL
) STRICT;

INSERT INTO sites (id, name, house, created_at)
VALUES (1, 'This kiosk', 'default', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));

-- No REFERENCES: SQLite adds a column that references another table only
-- with a NULL default, and the kiosk has the one site.
ALTER TABLE users ADD COLUMN site_id INTEGER NOT NULL DEFAULT 1;

-- A passing table test of a certified dealer at a site whose house plays the
-- game otherwise than where the certification was granted.
CREATE TABLE site_table_tests (
	id        INTEGER PRIMARY KEY,
	user_id   INTEGER NOT NULL REFERENCES users (id),
	game      TEXT    NOT NULL,
	site_id   INTEGER NOT NULL REFERENCES sites (id),
	passed_at TEXT    NOT NULL,
	actor_id  INTEGER NOT NULL REFERENCES users (id)
) STRICT;

CREATE INDEX site_table_tests_user_game ON site_table_tests (user_id, game);

-- Practice sessions and exams (through their session) are stamped with the
-- site where they were taken.
ALTER TABLE practice_sessions ADD COLUMN site_id INTEGER NOT NULL DEFAULT 1;
