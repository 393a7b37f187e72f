-- The write probe of /healthz and of the kiosk's start (internal/sqlite/
-- health.go). A probe inserts a row with a blob that needs fresh pages and
-- rolls it back, so this table stays empty: it shows whether SQLite can take
-- the write lock and find room for new pages (a read-only file, a full disk,
-- a database at its size limit), without leaving anything behind.
CREATE TABLE health_probe (
	filler BLOB NOT NULL
) STRICT;
