package sqlstore

import (
	"context"
	"fmt"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The class at a glance (issue 23): two statements for the whole page,
// whatever the number of trainees (docs/load.md).

// glanceWhere narrows attempts a to f's active trainees and game.
func glanceWhere(f trainer.GlanceFilter) (string, []any) {
	where := `a.answered_at IS NOT NULL AND a.user_id IN (SELECT u.id FROM users u WHERE u.role = 'trainee' AND u.active = 1`
	var args []any
	if f.SiteID != 0 {
		where, args = where+` AND (u.site_id = ? OR u.site_id IS NULL)`, append(args, f.SiteID)
	}
	where += `)`
	if f.ClassID != 0 {
		where, args = where+` AND a.user_id IN (SELECT m.user_id FROM class_members m WHERE m.class_id = ?)`, append(args, f.ClassID)
	}
	if f.Game != "" {
		where, args = where+` AND a.game = ?`, append(args, f.Game)
	}
	return where, args
}

// GlanceAnswers returns the answers matching f given outside exams, oldest
// first.
func (db *DB) GlanceAnswers(ctx context.Context, f trainer.GlanceFilter) ([]trainer.GlanceAnswer, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	where, args := glanceWhere(f)
	rows, err := tx.QueryContext(ctx, `
		SELECT a.user_id, a.game, a.skill, coalesce(a.correct, 0), coalesce(a.score, 0), coalesce(a.speed, ''),
			coalesce(a.elapsed_ms, 0), a.target_seconds, a.answered_at
		FROM attempts a JOIN practice_sessions s ON s.id = a.session_id
		WHERE `+where+` AND s.mode <> 'exam' AND a.answered_at >= ?
		ORDER BY a.answered_at, a.id`, append(args, formatTime(f.Since))...)
	if err != nil {
		return nil, fmt.Errorf("glance answers: %w", err)
	}
	defer rows.Close()
	var out []trainer.GlanceAnswer
	for rows.Next() {
		var a trainer.GlanceAnswer
		var speed string
		var ms int64
		var at storedTime
		if err := rows.Scan(&a.UserID, &a.Game, &a.Skill, &a.Correct, &a.Score, &speed, &ms, &a.TargetSeconds, &at); err != nil {
			return nil, fmt.Errorf("glance answers: %w", err)
		}
		a.Speed, a.Elapsed = trainer.Speed(speed), time.Duration(ms)*time.Millisecond
		if a.At, err = at.time(); err != nil {
			return nil, fmt.Errorf("glance answers: %w", err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// LastActive returns each matching trainee's last answer in each game, in
// any mode.
func (db *DB) LastActive(ctx context.Context, f trainer.GlanceFilter) ([]trainer.Activity, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	where, args := glanceWhere(f)
	rows, err := tx.QueryContext(ctx, `SELECT a.user_id, a.game, max(a.answered_at) FROM attempts a
		WHERE `+where+` GROUP BY a.user_id, a.game`, args...)
	if err != nil {
		return nil, fmt.Errorf("last active: %w", err)
	}
	defer rows.Close()
	var out []trainer.Activity
	for rows.Next() {
		var a trainer.Activity
		var at storedTime
		if err := rows.Scan(&a.UserID, &a.Game, &at); err != nil {
			return nil, fmt.Errorf("last active: %w", err)
		}
		if a.At, err = at.time(); err != nil {
			return nil, fmt.Errorf("last active: %w", err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}
