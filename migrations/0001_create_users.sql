-- Everyone who signs in. Users are never deleted (their attempts and
-- certifications must keep an owner); an administrator deactivates them.
CREATE TABLE users (
	id          INTEGER PRIMARY KEY,
	-- NOCASE: "ana lee" and "Ana Lee" would be the same tile on the sign-in grid.
	name        TEXT    NOT NULL UNIQUE COLLATE NOCASE,
	role        TEXT    NOT NULL CHECK (role IN ('administrator', 'manager', 'trainee')),
	-- NULL when the user has no badge; several NULLs do not clash in a UNIQUE column.
	badge       TEXT    UNIQUE,
	-- argon2id of the PIN (trainees) or password (staff), in PHC string format.
	secret_hash TEXT    NOT NULL,
	active      INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
	created_at  TEXT    NOT NULL, -- RFC 3339, UTC
	updated_at  TEXT    NOT NULL
) STRICT;

-- The sign-in grid lists the active trainees by name.
CREATE INDEX users_role_active_name ON users (role, active, name);
