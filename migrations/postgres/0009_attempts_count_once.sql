-- A session's counts change only when an answer changes them, as SQLite's
-- triggers of 0031 do (docs/load.md, "PostgreSQL at SQLite's cost"): a
-- question served unanswered no longer updates its session's row, and an
-- answer updates it once, not twice (each update of a row is a new version
-- of it on PostgreSQL). The counts are as before.
CREATE OR REPLACE FUNCTION attempts_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND OLD.session_id = NEW.session_id THEN
		UPDATE practice_sessions
		SET answered_count = answered_count + (NEW.answered_at IS NOT NULL)::int - (OLD.answered_at IS NOT NULL)::int,
		    correct_count = correct_count + coalesce(NEW.correct, 0) - coalesce(OLD.correct, 0)
		WHERE id = NEW.session_id;
		RETURN NULL;
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE practice_sessions
		SET answered_count = answered_count - (OLD.answered_at IS NOT NULL)::int,
		    correct_count = correct_count - coalesce(OLD.correct, 0)
		WHERE id = OLD.session_id;
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN
		UPDATE practice_sessions
		SET answered_count = answered_count + (NEW.answered_at IS NOT NULL)::int,
		    correct_count = correct_count + coalesce(NEW.correct, 0)
		WHERE id = NEW.session_id;
	END IF;
	RETURN NULL;
END;
$$;

DROP TRIGGER attempts_count ON attempts;

-- An attempt counts once answered; a change that moves no count (the hint,
-- a question renewed) leaves the session's row alone.
CREATE TRIGGER attempts_count_insert AFTER INSERT ON attempts
FOR EACH ROW WHEN (NEW.answered_at IS NOT NULL) EXECUTE FUNCTION attempts_count();

CREATE TRIGGER attempts_count_update AFTER UPDATE OF session_id, answered_at, correct ON attempts
FOR EACH ROW WHEN (OLD.session_id <> NEW.session_id
	OR (OLD.answered_at IS NULL) <> (NEW.answered_at IS NULL)
	OR OLD.correct IS DISTINCT FROM NEW.correct)
EXECUTE FUNCTION attempts_count();

CREATE TRIGGER attempts_count_delete AFTER DELETE ON attempts
FOR EACH ROW WHEN (OLD.answered_at IS NOT NULL) EXECUTE FUNCTION attempts_count();
