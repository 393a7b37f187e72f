-- A session's answered and correct counts, kept in its row (docs/load.md).
-- Every page of the kiosk shows them and counting the session's attempts on
-- each read was a large share of the store's work under load. Triggers keep
-- them, so they change in the same transaction as the attempt that changes
-- them, whichever statement does it: they can never disagree with the
-- attempts after a commit, a rollback or a crash.
ALTER TABLE practice_sessions ADD COLUMN answered_count INTEGER NOT NULL DEFAULT 0 CHECK (answered_count >= 0);
ALTER TABLE practice_sessions ADD COLUMN correct_count  INTEGER NOT NULL DEFAULT 0 CHECK (correct_count >= 0);

-- The sessions that exist already: count once.
UPDATE practice_sessions SET
	answered_count = (SELECT count(*) FROM attempts a WHERE a.session_id = practice_sessions.id AND a.answered_at IS NOT NULL),
	correct_count  = (SELECT count(*) FROM attempts a WHERE a.session_id = practice_sessions.id AND a.correct = 1);

-- An attempt counts once answered (answered_at set), and as correct when
-- correct = 1; correct is NULL until then (0011), hence coalesce.
CREATE TRIGGER attempts_count_insert AFTER INSERT ON attempts
WHEN NEW.answered_at IS NOT NULL
BEGIN
	UPDATE practice_sessions
	SET answered_count = answered_count + 1, correct_count = correct_count + coalesce(NEW.correct, 0)
	WHERE id = NEW.session_id;
END;

CREATE TRIGGER attempts_count_update AFTER UPDATE OF session_id, answered_at, correct ON attempts
BEGIN
	UPDATE practice_sessions
	SET answered_count = answered_count - (OLD.answered_at IS NOT NULL), correct_count = correct_count - coalesce(OLD.correct, 0)
	WHERE id = OLD.session_id;
	UPDATE practice_sessions
	SET answered_count = answered_count + (NEW.answered_at IS NOT NULL), correct_count = correct_count + coalesce(NEW.correct, 0)
	WHERE id = NEW.session_id;
END;

CREATE TRIGGER attempts_count_delete AFTER DELETE ON attempts
WHEN OLD.answered_at IS NOT NULL
BEGIN
	UPDATE practice_sessions
	SET answered_count = answered_count - 1, correct_count = correct_count - coalesce(OLD.correct, 0)
	WHERE id = OLD.session_id;
END;
