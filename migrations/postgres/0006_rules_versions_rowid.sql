-- The order rules versions were first seen in, named as SQLite's implicit
-- column (rowid), so that both stores list the versions with one statement
-- (internal/sqlstore/rules.go): ORDER BY r.first_seen_at, r.rowid.
ALTER TABLE rules_versions RENAME COLUMN seq TO rowid;
