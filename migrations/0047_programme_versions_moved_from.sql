-- A programme version a move copied from a school into a group
-- (docs/records.md, "Moving a school"): moved_from is the school's identity.
-- SQLite's kiosk never moves a school in, so the column stays NULL here; it
-- exists so that both stores run the same statements.
ALTER TABLE programme_versions ADD COLUMN moved_from TEXT CHECK (moved_from IS NULL OR moved_from <> ''); -- NULL: the kiosk's own version
