-- The language each question was shown in (issue 18, docs/i18n.md), as
-- SQLite's 0041_attempt_language.sql: '' for English, the source, which
-- every attempt stored before it was shown in; else an offered language's tag.
ALTER TABLE attempts ADD COLUMN language TEXT NOT NULL DEFAULT '';
