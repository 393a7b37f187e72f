-- Entered table hours struck out (issue 24): a mistaken entry stays on the
-- dealer's file, struck, with who struck it, when and why, and no longer
-- counts towards the house's minimum. All three are set together, or none.
ALTER TABLE table_hours ADD COLUMN struck_at     TEXT;
ALTER TABLE table_hours ADD COLUMN struck_by     INTEGER REFERENCES users (id); -- NULL with struck_at set: the machine's operator
ALTER TABLE table_hours ADD COLUMN strike_reason TEXT CHECK (strike_reason IS NULL OR strike_reason <> '');

-- A strike is for ever: it is never taken back nor rewritten.
CREATE TRIGGER table_hours_strike_kept BEFORE UPDATE OF struck_at, struck_by, strike_reason ON table_hours
WHEN OLD.struck_at IS NOT NULL
BEGIN
	SELECT RAISE(ABORT, 'table hours struck out stay struck out');
END;
