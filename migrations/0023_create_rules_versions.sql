-- Every version of the house rules the kiosk has run with (issue 8):
-- rulebook.Book.Version, a hash of every rules file, with a copy of the files,
-- so that an attempt or an exam made under an old version is rebuilt exactly
-- as it was. A manager approves a version before exams start under it.
CREATE TABLE rules_versions (
	version       TEXT    PRIMARY KEY,
	files         TEXT    NOT NULL, -- JSON object: path → the file's text
	first_seen_at TEXT    NOT NULL, -- the first start of the kiosk with these rules
	approved_at   TEXT,
	approved_by   INTEGER REFERENCES users (id),
	CHECK ((approved_at IS NULL) = (approved_by IS NULL))
) STRICT;
