package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// msgAttemptNotFound is the answer for another trainee's attempt as much as
// for a missing one.
const msgAttemptNotFound = "Question not found."

// endedPending reports whether attempt id of user userID is waiting for its
// answer in a session that has ended. An attempt answered, or not the
// user's, is not: the caller's UPDATE says which.
func endedPending(ctx context.Context, tx *Tx, id, userID int64) (bool, error) {
	var ended bool
	err := tx.QueryRowContext(ctx, `SELECT s.ended_at IS NOT NULL FROM attempts a JOIN practice_sessions s ON s.id = a.session_id
		WHERE a.id = ? AND a.user_id = ? AND a.answered_at IS NULL`, id, userID).Scan(&ended)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return ended, err
}

// attemptColumnsOf are the columns of an attempt that attemptScan reads,
// of the table named (with its dot: "a.") or, with "", of the only one.
func attemptColumnsOf(table string) string {
	return strings.ReplaceAll(`$id, $session_id, $user_id, $position, $game, $kind, $level, $seed, $house, $rules_version, $skill,
	$target_seconds, $source, coalesce($retry_of, 0), $served_at, $hint_used, $answered_at,
	coalesce($answer, ''), coalesce($key, ''), coalesce($correct, 0), coalesce($score, 0), coalesce($speed, ''), coalesce($elapsed_ms, 0),
	coalesce($mistake_id, ''), $language`, "$", table)
}

var attemptColumns = attemptColumnsOf("")

// ServeAttempt stores a as the next scenario of its session, served now: it
// sets a's ID, Position and ServedAt, which starts the server-side timer. If
// the session already has a scenario waiting for its answer, that one is
// returned instead and nothing is stored, so a double tap on "Next" serves one
// scenario. Returns KindNotFound if the session is not a.UserID's, and
// KindConflict if it has ended, has no scenario left to serve, or is a
// class's (ModeClass: the instructor puts its questions).
//
// The serve is one statement, sent with its transaction's BEGIN, locks and
// COMMIT (one round trip on PostgreSQL): the INSERT stores the question only
// when its session is the user's, open, not a class's, with a question left
// and none waiting, all checked under the user's lock as it runs. When it
// stores nothing, the reason is read after (serveRefused).
func (db *DB) ServeAttempt(ctx context.Context, a *trainer.Attempt) (*trainer.Attempt, error) {
	return db.serveAttempt(ctx, a, true)
}

func (db *DB) serveAttempt(ctx context.Context, a *trainer.Attempt, retry bool) (*trainer.Attempt, error) {
	tx, err := db.BeginUserTx(ctx, a.UserID) // the user's rows only
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	// The serve's time is the request's, read before the locks, as an
	// answer's is (practice.Flow.Grade): reading it after them would cost
	// a round trip of its own. The statement serves only once the session's
	// last question has its answer, so the time never precedes what the
	// trainee saw.
	a.ServedAt = tx.nowUnlocked()
	var retryOf any
	if a.RetryOf != 0 {
		retryOf = a.RetryOf
	}
	serve := &Stmt{Dest: []any{&a.ID, &a.Position}, Query: `
		INSERT INTO attempts (session_id, user_id, position, game, kind, level, seed, house, rules_version, skill,
			target_seconds, source, retry_of, served_at, language)
		SELECT s.id, s.user_id, (SELECT coalesce(max(m.position), 0) + 1 FROM attempts m WHERE m.session_id = s.id),
			?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
		FROM practice_sessions s
		WHERE s.id = ? AND s.user_id = ? AND s.ended_at IS NULL AND s.mode <> ? AND s.answered_count < s.planned
			AND NOT EXISTS (SELECT 1 FROM attempts p WHERE p.session_id = s.id AND p.answered_at IS NULL)
		RETURNING id, position`, Args: []any{
		a.Game, a.Kind, a.Level, int64(a.Seed), a.House, a.RulesVersion, a.Skill,
		a.TargetSeconds, string(a.Source), retryOf, formatTime(a.ServedAt), a.Lang,
		a.SessionID, a.UserID, string(trainer.ModeClass)}}
	if err := tx.commitAfter(ctx, true, serve); err != nil {
		return nil, fmt.Errorf("serve attempt: %w", err)
	}
	if !serve.NoRow {
		return a, nil
	}
	return db.serveRefused(ctx, a, retry)
}

// serveRefused says why ServeAttempt stored nothing: the scenario already
// waiting, or the session's state as an error. If the session has changed
// since so that it would now serve (its waiting question answered in
// between), the serve is tried once more.
func (db *DB) serveRefused(ctx context.Context, a *trainer.Attempt, retry bool) (*trainer.Attempt, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	// The session with the scenario waiting in it, if any, in one statement.
	var ss sessionScan
	var ps attemptScan
	err = tx.QueryRowContext(ctx, `SELECT `+sessionColumns+`, `+attemptColumnsOf("p.")+`
		FROM practice_sessions s LEFT JOIN attempts p ON p.session_id = s.id AND p.answered_at IS NULL
		WHERE s.id = ? AND s.user_id = ?`, a.SessionID, a.UserID).Scan(append(ss.dest(), orZero(ps.dest())...)...)
	if err != nil {
		return nil, tx.translate(err, msgSessionNotFound)
	}
	if ps.a.ID != 0 {
		return ps.attempt()
	}
	s, err := ss.session()
	if err != nil {
		return nil, err
	}
	switch {
	case s.Mode == trainer.ModeClass: // its questions come from the instructor (AnswerClassQuestion)
		return nil, trainer.Errorf(trainer.KindConflict, "The questions of a class's live drill come from its instructor.")
	case !s.Open():
		return nil, trainer.Errorf(trainer.KindConflict, "This practice session has ended.")
	case s.Done():
		return nil, trainer.Errorf(trainer.KindConflict, "Every question of this session has been answered.")
	case retry:
		tx.Rollback()
		return db.serveAttempt(ctx, a, false)
	}
	// Changed twice while served: not seen in practice (KindInternal).
	return nil, fmt.Errorf("serve attempt: session %d changed twice while its question was served", a.SessionID)
}

// RenewAttempt replaces the spec of a scenario still waiting for its answer
// and serves it again now (a new timer): the kiosk does this when the rules
// changed since it was served, as the old drill can no longer be rebuilt.
// Returns KindNotFound, or trainer.ErrAnswered once it has its answer.
func (db *DB) RenewAttempt(ctx context.Context, a *trainer.Attempt) error {
	tx, err := db.BeginUserTx(ctx, a.UserID) // the user's rows only
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `
		UPDATE attempts SET rules_version = ?, skill = ?, target_seconds = ?, served_at = ?, hint_used = 0
		WHERE id = ? AND user_id = ? AND answered_at IS NULL`,
		a.RulesVersion, a.Skill, a.TargetSeconds, formatTime(tx.Now()), a.ID, a.UserID)
	if err := pendingChanged(ctx, tx, res, err, a.ID, a.UserID); err != nil {
		return fmt.Errorf("renew attempt: %w", err)
	}
	a.ServedAt, a.HintUsed = tx.Now(), false
	return tx.Commit()
}

// FindAttempt returns attempt id of user userID. Returns KindNotFound if
// there is no such attempt or it is another user's.
func (db *DB) FindAttempt(ctx context.Context, id, userID int64) (*trainer.Attempt, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return findAttempt(ctx, tx, `id = ? AND user_id = ?`, id, userID)
}

// FindAttemptInSession returns attempt id of user userID and its session,
// both as of one moment, so the session's counts agree with the attempt.
// Returns KindNotFound if there is no such attempt or it is another user's.
func (db *DB) FindAttemptInSession(ctx context.Context, id, userID int64) (*trainer.Attempt, *trainer.PracticeSession, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, nil, err
	}
	defer tx.Rollback()
	// One statement, so that both are read as of one moment.
	var as attemptScan
	var ss sessionScan
	err = tx.QueryRowContext(ctx, `SELECT `+attemptColumnsOf("a.")+`, `+sessionColumns+`
		FROM attempts a JOIN practice_sessions s ON s.id = a.session_id
		WHERE a.id = ? AND a.user_id = ? AND s.user_id = ?`, id, userID, userID).Scan(append(as.dest(), ss.dest()...)...)
	if err != nil {
		return nil, nil, tx.translate(err, msgAttemptNotFound)
	}
	a, err := as.attempt()
	if err != nil {
		return nil, nil, err
	}
	s, err := ss.session()
	if err != nil {
		return nil, nil, err
	}
	return a, s, nil
}

// PendingAttempt returns the scenario of the session that waits for its
// answer. Returns KindNotFound when none waits.
func (db *DB) PendingAttempt(ctx context.Context, sessionID int64) (*trainer.Attempt, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return findAttempt(ctx, tx, `session_id = ? AND answered_at IS NULL`, sessionID)
}

// LastAttempt returns the session's scenario served last. Returns
// KindNotFound for a session with none.
func (db *DB) LastAttempt(ctx context.Context, sessionID int64) (*trainer.Attempt, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return findAttempt(ctx, tx, `session_id = ? ORDER BY position DESC LIMIT 1`, sessionID)
}

// AnswerAttempt stores the graded answer g of attempt id, answered at
// answeredAt, and returns the attempt as stored. It writes once: a second
// answer to the same scenario changes nothing and returns the stored attempt
// with trainer.ErrAnswered (kind KindConflict), so the caller can show the feedback
// already given. Returns trainer.ErrSessionEnded for a question left waiting when
// its session ended, and KindNotFound if there is no such attempt or it is
// another user's.
func (db *DB) AnswerAttempt(ctx context.Context, id, userID int64, answeredAt time.Time, g trainer.Grade) (*trainer.Attempt, error) {
	a, _, err := db.AnswerAttemptInSession(ctx, id, userID, answeredAt, g)
	return a, err
}

// AnswerAttemptInSession is AnswerAttempt that also returns the attempt's
// session with its counts after the answer, read in the same transaction
// (the feedback shows them). With trainer.ErrAnswered, both are as stored.
func (db *DB) AnswerAttemptInSession(ctx context.Context, id, userID int64, answeredAt time.Time, g trainer.Grade) (*trainer.Attempt, *trainer.PracticeSession, error) {
	tx, err := db.BeginUserTx(ctx, userID) // the user's rows only
	if err != nil {
		return nil, nil, err
	}
	defer tx.Rollback()
	var mistake any
	if g.MistakeID != "" {
		mistake = g.MistakeID
	}
	// The answer to a question still waiting in a session still open,
	// returning the attempt as stored, and the session with its counts after
	// it, sent with the COMMIT: one round trip. When it changes nothing, the
	// reason is read after (answerRefused).
	var as attemptScan
	var ss sessionScan
	answer := &Stmt{Query: `
		UPDATE attempts SET answered_at = ?, answer = ?, key = ?, correct = ?, score = ?, speed = ?, elapsed_ms = ?, mistake_id = ?
		WHERE id = ? AND user_id = ? AND answered_at IS NULL
			AND NOT EXISTS (SELECT 1 FROM practice_sessions s WHERE s.id = attempts.session_id AND s.ended_at IS NOT NULL)
		RETURNING ` + attemptColumns,
		Args: []any{formatTime(answeredAt), string(g.Answer), string(g.Key), g.Correct, g.Score, string(g.Speed),
			g.Elapsed.Milliseconds(), mistake, id, userID},
		Dest: as.dest()}
	session := &Stmt{Query: `SELECT ` + sessionColumns + ` FROM practice_sessions s
		WHERE s.id = (SELECT session_id FROM attempts WHERE id = ? AND user_id = ?) AND s.user_id = ?`,
		Args: []any{id, userID, userID}, Dest: ss.dest()}
	if err := tx.commitAfter(ctx, true, answer, session); err != nil {
		return nil, nil, fmt.Errorf("answer attempt: %w", err)
	}
	if answer.NoRow {
		return db.answerRefused(ctx, id, userID)
	}
	if session.NoRow { // its attempt's session: cannot be missing
		return nil, nil, trainer.Errorf(trainer.KindNotFound, "%s", msgSessionNotFound)
	}
	a, err := as.attempt()
	if err != nil {
		return nil, nil, err
	}
	s, err := ss.session()
	if err != nil {
		return nil, nil, err
	}
	return a, s, nil
}

// answerRefused says why an answer changed nothing: trainer.ErrSessionEnded
// for a question left waiting when its session ended, KindNotFound for no
// attempt or another user's, and otherwise trainer.ErrAnswered with the
// attempt and its session as stored.
func (db *DB) answerRefused(ctx context.Context, id, userID int64) (*trainer.Attempt, *trainer.PracticeSession, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, nil, err
	}
	defer tx.Rollback()
	if ended, err := endedPending(ctx, tx, id, userID); err != nil {
		return nil, nil, fmt.Errorf("answer attempt: %w", err)
	} else if ended {
		return nil, nil, trainer.ErrSessionEnded
	}
	a, err := findAttempt(ctx, tx, `id = ? AND user_id = ?`, id, userID)
	if err != nil {
		return nil, nil, err // not the user's
	}
	s, err := findPracticeSession(ctx, tx, `s.id = ? AND s.user_id = ?`, a.SessionID, userID)
	if err != nil {
		return nil, nil, err
	}
	return a, s, trainer.ErrAnswered
}

// UseHint records that the trainee asked for the hint of attempt id and
// returns the attempt. Returns KindNotFound, trainer.ErrAnswered once the attempt
// has its answer, or trainer.ErrSessionEnded once its session has ended.
func (db *DB) UseHint(ctx context.Context, id, userID int64) (*trainer.Attempt, error) {
	tx, err := db.BeginUserTx(ctx, userID) // the user's rows only
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if ended, err := endedPending(ctx, tx, id, userID); err != nil {
		return nil, fmt.Errorf("use hint: %w", err)
	} else if ended {
		return nil, trainer.ErrSessionEnded
	}
	res, err := tx.ExecContext(ctx, `UPDATE attempts SET hint_used = 1 WHERE id = ? AND user_id = ? AND answered_at IS NULL`,
		id, userID)
	if err := pendingChanged(ctx, tx, res, err, id, userID); err != nil {
		return nil, fmt.Errorf("use hint: %w", err)
	}
	a, err := findAttempt(ctx, tx, `id = ? AND user_id = ?`, id, userID)
	if err != nil {
		return nil, err
	}
	return a, tx.Commit()
}

// pendingChanged turns the result of an UPDATE … WHERE answered_at IS NULL
// of attempt id into an error: nil when a row changed, trainer.ErrAnswered when the
// attempt exists but has its answer, KindNotFound when it is not the user's.
func pendingChanged(ctx context.Context, tx *Tx, res Result, err error, id, userID int64) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	if _, err := findAttempt(ctx, tx, `id = ? AND user_id = ?`, id, userID); err != nil {
		return err
	}
	return trainer.ErrAnswered
}

// notOpenExam leaves out the attempts (of alias a) of an exam still open: a
// trainee learns nothing of an exam's answers, right or wrong, until its end,
// neither from the history nor from progress or review.
func notOpenExam(a string) string {
	return `NOT EXISTS (SELECT 1 FROM practice_sessions h WHERE h.id = ` + a + `.session_id
		AND h.mode = 'exam' AND h.ended_at IS NULL)`
}

// ListAttempts returns the user's attempts that match f: a session's in the
// order served, otherwise the newest first. Without SessionID it leaves out
// the attempts of an exam still open.
func (db *DB) ListAttempts(ctx context.Context, f trainer.AttemptFilter) ([]*trainer.Attempt, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	where, args := `user_id = ?`, []any{f.UserID}
	add := func(cond string, arg any) {
		where += ` AND ` + cond
		args = append(args, arg)
	}
	if f.SessionID != 0 {
		add(`session_id = ?`, f.SessionID)
	} else {
		where += ` AND ` + notOpenExam("attempts")
	}
	if f.Game != "" {
		add(`game = ?`, f.Game)
	}
	if f.Kind != "" {
		add(`kind = ?`, f.Kind)
	}
	if f.Answered {
		where += ` AND answered_at IS NOT NULL`
	}
	if f.Wrong {
		where += ` AND correct = 0`
	}
	if f.Before > 0 {
		add(`id < ?`, f.Before)
	}
	order := `id DESC`
	if f.SessionID != 0 {
		order = `position ASC`
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 50
	}
	// Each answer's mode, from its session (by its key), so that pages
	// keep an exam's answers apart from practice.
	rows, err := tx.QueryContext(ctx, `SELECT `+attemptColumns+`,
		coalesce((SELECT h.mode FROM practice_sessions h WHERE h.id = attempts.session_id), '')
		FROM attempts WHERE `+where+` ORDER BY `+order+` LIMIT ?`, append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("list attempts: %w", err)
	}
	defer rows.Close()
	var out []*trainer.Attempt
	for rows.Next() {
		var as attemptScan
		var mode string
		if err := rows.Scan(append(as.dest(), &mode)...); err != nil {
			return nil, fmt.Errorf("list attempts: %w", err)
		}
		a, err := as.attempt()
		if err != nil {
			return nil, fmt.Errorf("list attempts: %w", err)
		}
		a.Mode = trainer.Mode(mode)
		out = append(out, a)
	}
	return out, rows.Err()
}

// ReviewMistakes returns the user's wrong answers in game (and kind, unless
// "") that have not been asked again since, newest first, leaving out those of
// session exclude: review mode serves them again, the same scenario.
func (db *DB) ReviewMistakes(ctx context.Context, userID int64, game, kind string, exclude int64, limit int) ([]*trainer.Attempt, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	where, args := `a.user_id = ? AND a.game = ? AND a.correct = 0 AND a.session_id <> ?
		AND NOT EXISTS (SELECT 1 FROM attempts r WHERE r.retry_of = a.id) AND `+notOpenExam("a"), []any{userID, game, exclude}
	if kind != "" {
		where += ` AND a.kind = ?`
		args = append(args, kind)
	}
	return listAttempts(ctx, tx, `SELECT `+attemptColumns+` FROM attempts a WHERE `+where+`
		ORDER BY a.answered_at DESC, a.id DESC LIMIT ?`, append(args, limit)...)
}

func listAttempts(ctx context.Context, tx *Tx, query string, args ...any) ([]*trainer.Attempt, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list attempts: %w", err)
	}
	defer rows.Close()
	var out []*trainer.Attempt
	for rows.Next() {
		a, err := scanAttempt(rows)
		if err != nil {
			return nil, fmt.Errorf("list attempts: %w", err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

func findAttempt(ctx context.Context, tx *Tx, where string, args ...any) (*trainer.Attempt, error) {
	row := tx.QueryRowContext(ctx, `SELECT `+attemptColumns+` FROM attempts WHERE `+where, args...)
	a, err := scanAttempt(row)
	if err != nil {
		return nil, tx.translate(err, msgAttemptNotFound)
	}
	return a, nil
}

func scanAttempt(sc scanner) (*trainer.Attempt, error) {
	var as attemptScan
	if err := sc.Scan(as.dest()...); err != nil {
		return nil, err
	}
	return as.attempt()
}

// attemptScan is an attempt as its columns are scanned (attemptColumnsOf).
type attemptScan struct {
	a                          trainer.Attempt
	seed, elapsed              int64
	source, answer, key, speed string
	served, answered           storedTime
}

// dest are where the columns go, in order.
func (as *attemptScan) dest() []any {
	a := &as.a
	return []any{&a.ID, &a.SessionID, &a.UserID, &a.Position, &a.Game, &a.Kind, &a.Level, &as.seed, &a.House,
		&a.RulesVersion, &a.Skill, &a.TargetSeconds, &as.source, &a.RetryOf, &as.served, &a.HintUsed, &as.answered,
		&as.answer, &as.key, &a.Correct, &a.Score, &as.speed, &as.elapsed, &a.MistakeID, &a.Lang}
}

// attempt is the attempt scanned.
func (as *attemptScan) attempt() (*trainer.Attempt, error) {
	a := as.a
	a.Seed, a.Source, a.Speed = uint64(as.seed), trainer.Source(as.source), trainer.Speed(as.speed)
	a.Elapsed = time.Duration(as.elapsed) * time.Millisecond
	if as.answer != "" {
		a.Answer = json.RawMessage(as.answer)
	}
	if as.key != "" {
		a.Key = json.RawMessage(as.key)
	}
	var err error
	if a.ServedAt, err = as.served.time(); err != nil {
		return nil, err
	}
	if a.AnsweredAt, err = as.answered.time(); err != nil {
		return nil, err
	}
	return &a, nil
}
