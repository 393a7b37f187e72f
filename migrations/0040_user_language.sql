-- Each user's language (issue 18, docs/i18n.md): the BCP 47 tag of one of
-- the languages the kiosk offers ("en", "it", "ru"), or '' for the house's
-- default. No CHECK lists the tags: adding a language is a new catalogue,
-- not a migration, so the store checks the tag against trainer.Languages.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT '';
