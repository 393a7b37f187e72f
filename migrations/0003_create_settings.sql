-- Kiosk-wide settings, one row per key. A missing key reads as its default
-- (internal/trainer.DefaultSettings), so new settings need no data migration.
-- The generated session key lives here too when TRAINER_SESSION_KEY is unset.
CREATE TABLE settings (
	key        TEXT NOT NULL PRIMARY KEY,
	value      TEXT NOT NULL,
	updated_at TEXT NOT NULL
) STRICT;
