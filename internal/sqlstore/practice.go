package sqlstore

import (
	"cmp"
	"context"
	"fmt"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// msgSessionNotFound is the answer for a session that is not the trainee's
// own as much as for one that does not exist: nobody learns which IDs exist.
const msgSessionNotFound = "Practice session not found."

// sessionColumns reads a session with its answered and correct counts, which
// triggers keep in its row as its attempts change (migration 0031).
const sessionColumns = `s.id, s.user_id, s.mode, s.game, s.kind, s.level, s.house, s.rules_version, s.planned,
	s.started_at, s.ended_at, s.answered_count, s.correct_count, s.site_id`

// StartPracticeSession stores s as the trainee's open session and sets its
// ID and start. The trainee's previous open session, if any, ends now: a
// trainee runs one session at a time, the one that resumes on any tablet.
// Returns KindNotFound if the user does not exist, trainer.ErrExamOpen (KindConflict)
// while the trainee's exam is open, and KindInvalid for ModeExam (StartExam
// starts exams) and ModeClass (JoinClassRun starts those).
func (db *DB) StartPracticeSession(ctx context.Context, s *trainer.PracticeSession) error {
	tx, err := db.BeginUserTx(ctx, s.UserID) // the user's rows only
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if s.Mode == trainer.ModeExam {
		return trainer.Errorf(trainer.KindInvalid, "An exam starts from its own page.")
	}
	if s.Mode == trainer.ModeClass {
		return trainer.Errorf(trainer.KindInvalid, "A class's session starts when its trainee joins the live drill.")
	}
	// The user, with their open session if any, in one statement.
	var userID int64
	var open sessionScan
	err = tx.QueryRowContext(ctx, `SELECT u.id, `+sessionColumns+`
		FROM users u LEFT JOIN practice_sessions s ON s.user_id = u.id AND s.ended_at IS NULL
		WHERE u.id = ?`, s.UserID).Scan(append([]any{&userID}, orZero(open.dest())...)...)
	if err != nil {
		return fmt.Errorf("start practice session: %w", tx.translate(err, "User not found."))
	}
	if open.s.ID != 0 {
		// An open exam is never ended by practice: it would lose its
		// unanswered questions.
		if trainer.Mode(open.mode) == trainer.ModeExam {
			return trainer.ErrExamOpen
		}
		if err := endOpenSessions(ctx, tx, s.UserID); err != nil {
			return fmt.Errorf("start practice session: %w", err)
		}
	}
	s.SiteID = cmp.Or(s.SiteID, trainer.FirstSiteID)
	if err := tx.commitAfter(ctx, true, &Stmt{Dest: []any{&s.ID}, Query: `
		INSERT INTO practice_sessions (user_id, mode, game, kind, level, house, rules_version, planned, started_at, site_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id`,
		Args: []any{s.UserID, string(s.Mode), s.Game, s.Kind, s.Level, s.House, s.RulesVersion, s.Planned, formatTime(tx.Now()), s.SiteID}}); err != nil {
		return fmt.Errorf("start practice session: %w", err)
	}
	s.StartedAt, s.EndedAt, s.Answered, s.Correct = tx.Now(), time.Time{}, 0, 0
	return nil
}

// FindPracticeSession returns session id of user userID with its answered
// and correct counts. Returns KindNotFound if there is no such session or it
// is another user's.
func (db *DB) FindPracticeSession(ctx context.Context, id, userID int64) (*trainer.PracticeSession, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return findPracticeSession(ctx, tx, `s.id = ? AND s.user_id = ?`, id, userID)
}

// FindPracticeSessionLast returns session id of user userID, as
// FindPracticeSession does, and its scenario served last (nil when none has
// been), read together. A scenario waiting for its answer is always the last
// one served. Returns KindNotFound if there is no such session or it is
// another user's.
func (db *DB) FindPracticeSessionLast(ctx context.Context, id, userID int64) (*trainer.PracticeSession, *trainer.Attempt, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, nil, err
	}
	defer tx.Rollback()
	// One statement, so that both are read as of one moment.
	var ss sessionScan
	var as attemptScan
	err = tx.QueryRowContext(ctx, `SELECT `+sessionColumns+`, `+attemptColumnsOf("a.")+`
		FROM practice_sessions s LEFT JOIN attempts a ON a.session_id = s.id
			AND a.position = (SELECT max(m.position) FROM attempts m WHERE m.session_id = s.id)
		WHERE s.id = ? AND s.user_id = ?`, id, userID).Scan(append(ss.dest(), orZero(as.dest())...)...)
	if err != nil {
		return nil, nil, tx.translate(err, msgSessionNotFound)
	}
	s, err := ss.session()
	if err != nil || as.a.ID == 0 {
		return s, nil, err
	}
	last, err := as.attempt()
	if err != nil {
		return nil, nil, err
	}
	return s, last, nil
}

// OpenPracticeSession returns the trainee's open session, the one to resume.
// Returns KindNotFound when there is none.
func (db *DB) OpenPracticeSession(ctx context.Context, userID int64) (*trainer.PracticeSession, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return findPracticeSession(ctx, tx, `s.user_id = ? AND s.ended_at IS NULL`, userID)
}

// EndPracticeSession ends session id of user userID now. Ending a session
// that has already ended changes nothing. Returns KindNotFound if there is no
// such session or it is another user's.
func (db *DB) EndPracticeSession(ctx context.Context, id, userID int64) (*trainer.PracticeSession, error) {
	tx, err := db.BeginUserTx(ctx, userID) // the user's rows only
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `
		UPDATE practice_sessions SET ended_at = ? WHERE id = ? AND user_id = ? AND ended_at IS NULL`,
		formatTime(tx.Now()), id, userID); err != nil {
		return nil, fmt.Errorf("end practice session: %w", err)
	}
	s, err := findPracticeSession(ctx, tx, `s.id = ? AND s.user_id = ?`, id, userID)
	if err != nil {
		return nil, err
	}
	return s, tx.Commit()
}

// ListPracticeSessions returns the user's sessions that have at least one
// answer, newest first, leaving out an exam still open (its score is told
// only at the end).
func (db *DB) ListPracticeSessions(ctx context.Context, f trainer.SessionFilter) ([]*trainer.PracticeSession, error) {
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	where, args := `s.user_id = ? AND s.answered_count > 0
		AND NOT (s.mode = 'exam' AND s.ended_at IS NULL)`, []any{f.UserID}
	if f.Game != "" {
		where += ` AND s.game = ?`
		args = append(args, f.Game)
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 50
	}
	rows, err := tx.QueryContext(ctx, `SELECT `+sessionColumns+` FROM practice_sessions s
		WHERE `+where+` ORDER BY s.started_at DESC, s.id DESC LIMIT ?`, append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("list practice sessions: %w", err)
	}
	defer rows.Close()
	var out []*trainer.PracticeSession
	for rows.Next() {
		s, err := scanSession(rows)
		if err != nil {
			return nil, fmt.Errorf("list practice sessions: %w", err)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

func findPracticeSession(ctx context.Context, tx *Tx, where string, args ...any) (*trainer.PracticeSession, error) {
	row := tx.QueryRowContext(ctx, `SELECT `+sessionColumns+` FROM practice_sessions s WHERE `+where, args...)
	s, err := scanSession(row)
	if err != nil {
		return nil, tx.translate(err, msgSessionNotFound)
	}
	return s, nil
}

// endOpenSessions ends every open session of the user (at most one).
func endOpenSessions(ctx context.Context, tx *Tx, userID int64) error {
	_, err := tx.ExecContext(ctx, `UPDATE practice_sessions SET ended_at = ? WHERE user_id = ? AND ended_at IS NULL`,
		formatTime(tx.Now()), userID)
	return err
}

func scanSession(sc scanner) (*trainer.PracticeSession, error) {
	var ss sessionScan
	if err := sc.Scan(ss.dest()...); err != nil {
		return nil, err
	}
	return ss.session()
}

// sessionScan is a session as its columns are scanned (sessionColumns).
type sessionScan struct {
	s              trainer.PracticeSession
	mode           string
	started, ended storedTime
}

// dest are where the columns go, in order.
func (ss *sessionScan) dest() []any {
	s := &ss.s
	return []any{&s.ID, &s.UserID, &ss.mode, &s.Game, &s.Kind, &s.Level, &s.House, &s.RulesVersion, &s.Planned,
		&ss.started, &ss.ended, &s.Answered, &s.Correct, &s.SiteID}
}

// session is the session scanned.
func (ss *sessionScan) session() (*trainer.PracticeSession, error) {
	s := ss.s
	s.Mode = trainer.Mode(ss.mode)
	var err error
	if s.StartedAt, err = ss.started.time(); err != nil {
		return nil, err
	}
	if s.EndedAt, err = ss.ended.time(); err != nil {
		return nil, err
	}
	return &s, nil
}
