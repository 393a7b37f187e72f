-- Each user's language (issue 18, docs/i18n.md), as SQLite's
-- 0040_user_language.sql: the tag of one of the languages the kiosk offers,
-- or '' for the house's default; the store checks the tag.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT '';
