-- A programme version a move copied from a school into the group
-- (docs/records.md, "Moving a school"): moved_from is the school's identity.
-- Such a version is the school's history (the sheets judged on it name it);
-- it is never the group's programme for new table tests, which is the
-- newest version the group's own administrator approved.
ALTER TABLE programme_versions ADD COLUMN moved_from TEXT CHECK (moved_from IS NULL OR moved_from <> ''); -- NULL: the group's own version
