package postgres

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
)

// Moving a school's records of issue 24 (docs/records.md, "Moving a
// school"): the signers' marks, the programme versions, the table tests'
// sheets (their certification events are copied before), the entered table
// hours with their strikes, and the topic completions. Each row keeps its
// values; its ids and those its audit entries name become the group's.
//
// A programme version is numbered per game in the group. A school's version
// whose content (its digest) the group already holds as a version of its
// own is that version: the school's sheets judged on it name the group's,
// and the school's entries about it are kept as its history (same_as_group).
// A version of other content becomes the game's next number in the group,
// marked moved_from the school: the school's history, never the group's
// programme for new table tests. The copied entries name the group's number
// (school_number keeps the school's when it differs).

// signers copies the marks of who may sign table tests; each is known by
// its user's id.
func (mv *mover) signers(ctx context.Context) error {
	todo, err := mv.pending(ctx, "signer", `SELECT user_id, allowed_at, allowed_by FROM table_test_signers ORDER BY user_id`, 3)
	if err != nil {
		return err
	}
	for _, v := range todo {
		c := &converter{mv: mv}
		user := c.ref("user", v[0])
		args := []any{user, c.time(v[1]), c.ref("user", v[2])}
		if c.err != nil {
			return c.err
		}
		if _, err := mv.tx.ExecContext(ctx, `INSERT INTO table_test_signers (user_id, allowed_at, allowed_by) VALUES (?, ?, ?)`, args...); err != nil {
			return err
		}
		if err := mv.record(ctx, "signer", nullInt(v[0]).Int64, user.(int64)); err != nil {
			return err
		}
	}
	return nil
}

// groupVersion is a programme version of the group's own (not one a move
// copied from a school: two schools of the same content each keep theirs).
type groupVersion struct {
	id     int64
	number int
}

// programmes copies the programme versions, or finds the group's own of the
// same content (above).
func (mv *mover) programmes(ctx context.Context) error {
	same := map[string]groupVersion{} // game + digest → the group's newest own version of it
	rows, err := mv.tx.QueryContext(ctx, `SELECT id, game, number, digest FROM programme_versions
		WHERE moved_from IS NULL ORDER BY number`)
	if err != nil {
		return fmt.Errorf("the group's programme versions: %w", err)
	}
	for rows.Next() {
		var g groupVersion
		var game, digest string
		if err := rows.Scan(&g.id, &game, &g.number, &digest); err != nil {
			rows.Close()
			return err
		}
		same[game+"/"+digest] = g
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	todo, err := mv.pending(ctx, "programme", `SELECT id, game, number, digest, body, recorded_at, recorded_by, approved_at, approved_by
		FROM programme_versions ORDER BY game, number`, 9)
	if err != nil {
		return err
	}
	for _, v := range todo {
		old, game, digest := nullInt(v[0]).Int64, nullText(v[1]).String, nullText(v[3]).String
		if g, ok := same[game+"/"+digest]; ok {
			// Not a row copied: only where the school's id now points.
			if _, err := mv.tx.ExecContext(ctx, `INSERT INTO moved_rows (school, kind, old_id, new_id) VALUES (?, 'programme', ?, ?)`,
				mv.m.School, strconv.FormatInt(old, 10), g.id); err != nil {
				return err
			}
			mv.ids["programme"][old] = g.id
			mv.count["programme_same"]++
			continue
		}
		var number int
		if err := mv.tx.QueryRowContext(ctx, `SELECT coalesce(max(number), 0) + 1 FROM programme_versions WHERE game = ?`, game).Scan(&number); err != nil {
			return err
		}
		c := &converter{mv: mv}
		args := []any{game, number, digest, text(v[4]), c.time(v[5]), c.ref("user", v[6]), c.time(v[7]), c.ref("user", v[8]), mv.m.School}
		if c.err != nil {
			return c.err
		}
		id, err := mv.tx.Insert(ctx, `INSERT INTO programme_versions (game, number, digest, body, recorded_at, recorded_by,
			approved_at, approved_by, moved_from) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, args...)
		if err != nil {
			return err
		}
		if err := mv.record(ctx, "programme", old, id); err != nil {
			return err
		}
	}
	return nil
}

// sheets copies the table tests' sheets; each is known by its event's id.
func (mv *mover) sheets(ctx context.Context) error {
	todo, err := mv.pending(ctx, "sheet", `SELECT event_id, programme_id, signature, items, retest FROM table_test_sheets ORDER BY event_id`, 5)
	if err != nil {
		return err
	}
	for _, v := range todo {
		c := &converter{mv: mv}
		event := c.ref("cert_event", v[0])
		args := []any{event, c.ref("programme", v[1]), text(v[2]), text(v[3]), v[4]}
		if c.err != nil {
			return c.err
		}
		if _, err := mv.tx.ExecContext(ctx, `INSERT INTO table_test_sheets (event_id, programme_id, signature, items, retest)
			VALUES (?, ?, ?, ?, ?)`, args...); err != nil {
			return err
		}
		if err := mv.record(ctx, "sheet", nullInt(v[0]).Int64, event.(int64)); err != nil {
			return err
		}
	}
	return nil
}

// hours copies the entered table hours with their strikes.
func (mv *mover) hours(ctx context.Context) error {
	return mv.copyRows(ctx, "hours",
		`SELECT id, user_id, game, day, table_name, minutes, note, entered_at, entered_by, struck_at, struck_by, strike_reason
		FROM table_hours ORDER BY id`,
		`INSERT INTO table_hours (user_id, game, day, table_name, minutes, note, entered_at, entered_by, struck_at, struck_by, strike_reason)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, 11,
		func(_ int64, v []any) ([]any, error) {
			c := &converter{mv: mv}
			out := []any{c.ref("user", v[0]), text(v[1]), text(v[2]), text(v[3]), v[4], text(v[5]), c.time(v[6]), c.ref("user", v[7]),
				c.time(v[8]), c.ref("user", v[9]), text(v[10])}
			return out, c.err
		})
}

// topics copies the topic completions.
func (mv *mover) topics(ctx context.Context) error {
	return mv.copyRows(ctx, "topic",
		`SELECT id, user_id, topic, day, evidence, recorded_at, recorded_by FROM topic_completions ORDER BY id`,
		`INSERT INTO topic_completions (user_id, topic, day, evidence, recorded_at, recorded_by) VALUES (?, ?, ?, ?, ?, ?)`, 6,
		func(_ int64, v []any) ([]any, error) {
			c := &converter{mv: mv}
			out := []any{c.ref("user", v[0]), text(v[1]), text(v[2]), text(v[3]), c.time(v[4]), c.ref("user", v[5])}
			return out, c.err
		})
}

// deletedHours gives entered hours the school deleted (after the retention
// period: no row to copy, only their entries) an id of the group's that no
// row will ever have, so that their entries name neither a row of the
// group's nor each other's.
func (mv *mover) deletedHours(ctx context.Context, old int64) (int64, error) {
	var id int64
	if err := mv.tx.QueryRowContext(ctx, `SELECT nextval(pg_get_serial_sequence('table_hours', 'id'))`).Scan(&id); err != nil {
		return 0, fmt.Errorf("an id for deleted hours: %w", err)
	}
	if _, err := mv.tx.ExecContext(ctx, `INSERT INTO moved_rows (school, kind, old_id, new_id) VALUES (?, 'hours', ?, ?)`,
		mv.m.School, strconv.FormatInt(old, 10), id); err != nil {
		return 0, err
	}
	mv.ids["hours"][old] = id
	return id, nil
}

// programmeNumber is the number of the group's programme version id, and
// whether it is one of the group's own (not copied from the school).
func (mv *mover) programmeNumber(ctx context.Context, id int64) (int, bool, error) {
	var number int
	var from sql.NullString
	if err := mv.tx.QueryRowContext(ctx, `SELECT number, moved_from FROM programme_versions WHERE id = ?`, id).Scan(&number, &from); err != nil {
		return 0, false, fmt.Errorf("programme version %d: %w", id, err)
	}
	return number, !from.Valid, nil
}
