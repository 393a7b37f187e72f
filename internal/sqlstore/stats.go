package sqlstore

import (
	"context"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// MissedSkills returns the skills the whole class misses most: most wrong
// answers first, then the highest share wrong. Every answer counts, exams
// included (managers only see this).
func (db *DB) MissedSkills(ctx context.Context, f trainer.MissFilter) ([]trainer.SkillMiss, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	where, args := `a.answered_at IS NOT NULL`, []any{}
	if f.Game != "" {
		where, args = where+` AND a.game = ?`, append(args, f.Game)
	}
	if f.Kind != "" {
		where, args = where+` AND a.kind = ?`, append(args, f.Kind)
	}
	if f.ClassID != 0 {
		where, args = where+` AND a.user_id IN (SELECT m.user_id FROM class_members m WHERE m.class_id = ?)`, append(args, f.ClassID)
	}
	if f.ExcludeKind != "" {
		where, args = where+` AND a.kind <> ?`, append(args, f.ExcludeKind)
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 10
	}
	rows, err := tx.QueryContext(ctx, `
		SELECT game, skill, answered, wrong, mistake FROM (
			SELECT a.game, a.skill, count(*) AS answered, count(*) FILTER (WHERE a.correct = 0) AS wrong,
				coalesce((SELECT m.mistake_id FROM attempts m
					WHERE m.game = a.game AND m.skill = a.skill AND m.mistake_id IS NOT NULL
					GROUP BY m.mistake_id ORDER BY count(*) DESC, m.mistake_id LIMIT 1), '') AS mistake
			FROM attempts a
			WHERE `+where+`
			GROUP BY a.game, a.skill
		) s
		WHERE wrong > 0
		ORDER BY wrong DESC, 1.0 * wrong / answered DESC, skill
		LIMIT ?`, append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("missed skills: %w", err)
	}
	defer rows.Close()
	var out []trainer.SkillMiss
	for rows.Next() {
		var m trainer.SkillMiss
		if err := rows.Scan(&m.Game, &m.Skill, &m.Answered, &m.Wrong, &m.Mistake); err != nil {
			return nil, fmt.Errorf("missed skills: %w", err)
		}
		out = append(out, m)
	}
	return out, rows.Err()
}
