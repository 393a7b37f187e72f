-- Entered table hours struck out (issue 24): a mistaken entry stays on the
-- dealer's file, struck, with who struck it, when and why, and no longer
-- counts towards the house's minimum.
ALTER TABLE table_hours ADD COLUMN struck_at     TIMESTAMPTZ;
ALTER TABLE table_hours ADD COLUMN struck_by     BIGINT REFERENCES users (id); -- NULL with struck_at set: the machine's operator
ALTER TABLE table_hours ADD COLUMN strike_reason TEXT CHECK (strike_reason IS NULL OR strike_reason <> '');

-- A strike is for ever: it is never taken back nor rewritten.
CREATE FUNCTION table_hours_strike_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.struck_at IS NOT NULL AND (NEW.struck_at IS DISTINCT FROM OLD.struck_at
		OR NEW.struck_by IS DISTINCT FROM OLD.struck_by OR NEW.strike_reason IS DISTINCT FROM OLD.strike_reason) THEN
		RAISE EXCEPTION 'table hours struck out stay struck out';
	END IF;
	RETURN NEW;
END $$;

CREATE TRIGGER table_hours_strike_kept BEFORE UPDATE ON table_hours
FOR EACH ROW EXECUTE FUNCTION table_hours_strike_kept();
