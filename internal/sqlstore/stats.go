package sqlstore

import (
	"context"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// MissedSkills returns the skills the whole class misses most: most wrong
// answers first, then the highest share wrong, each with the mistake its
// answerers (f.ClassID's members, or everyone) made most. Every answer
// counts, exams included (managers only see this).
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
	// The mistake named is the one made most often by the same answerers:
	// a class's own, not everyone's (issue 23). Its placeholder comes
	// first, as the subquery stands before the WHERE.
	mistakeBy := ``
	if f.ClassID != 0 {
		member := ` IN (SELECT c.user_id FROM class_members c WHERE c.class_id = ?)`
		where, args = where+` AND a.user_id`+member, append(args, f.ClassID)
		mistakeBy, args = ` AND m.user_id`+member, append([]any{f.ClassID}, args...)
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
					WHERE m.game = a.game AND m.skill = a.skill AND m.mistake_id IS NOT NULL`+mistakeBy+`
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
