-- The language each question was shown in (issue 18, docs/i18n.md): '' for
-- English, the source, which every attempt stored before this migration was
-- shown in; else an offered language's tag ("it", "ru"). The kiosk rebuilds
-- a past question from its seed in this language, so that history and review
-- read it as it was asked even after the trainee changes language. No CHECK
-- lists the tags, as for users.language: a new language is not a migration.
ALTER TABLE attempts ADD COLUMN language TEXT NOT NULL DEFAULT '';
