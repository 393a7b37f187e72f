-- A school moved into a casino group's database (trainer migrate, issue 25):
-- the school's file keeps its records, but a kiosk no longer starts on it,
-- so nothing done at the school after the move is left behind. At most one
-- row. 'moving' while a move is under way (a crash leaves it so, and the next
-- run of the same command finishes it); 'moved' once the group holds the
-- school's records, which the school's audit trail records too.
CREATE TABLE moved_out (
	id       INTEGER PRIMARY KEY CHECK (id = 1),
	state    TEXT NOT NULL CHECK (state IN ('moving', 'moved')),
	to_group TEXT NOT NULL, -- the group's database and server, never a password
	site     TEXT NOT NULL, -- the site of the group the school became
	at       TEXT NOT NULL
) STRICT;
