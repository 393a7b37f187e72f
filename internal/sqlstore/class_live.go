package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Live drills (docs/classes.md). Nothing of a live drill lives in a
// process's memory: a question's start, timing and the instructor's
// actions are rows, and package class works its phase out from them
// (class.Question.At) with the store's clock, in the transaction that
// records an action or an answer. Every change bumps the class's live
// version (class_live), which the processes poll.

const classRunColumns = `id, class_id, coalesce(list_id, 0), list_name, house, rules_version, started_at,
	coalesce(started_by, 0), ended_at, coalesce(ended_by, 0)`

const classQuestionColumns = `id, run_id, number, game, kind, level, seed, house, rules_version, skill,
	target_seconds, started_at, preview_ms, window_ms`

const participantColumns = `run_id, user_id, session_id, practice_table, joined_at`

// StartClassRun starts a live drill of class r.ClassID, from list r.ListID
// (0 for the instructor's choices), on r's house and rules version, and
// sets its ID, list name, start and who started it (the request's actor).
// Returns trainer.ErrClassLive while a live drill of the class runs,
// trainer.ErrClassNotFound and trainer.ErrClassListNotFound.
func (db *DB) StartClassRun(ctx context.Context, r *trainer.ClassRun) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	c, err := findClass(ctx, tx, r.ClassID)
	if err != nil {
		return fmt.Errorf("start live drill: %w", err)
	}
	if c.RunID != 0 {
		return trainer.ErrClassLive
	}
	var list any
	r.ListName = ""
	if r.ListID != 0 {
		l, err := findClassList(ctx, tx, r.ListID)
		if err != nil {
			return fmt.Errorf("start live drill: %w", err)
		}
		list, r.ListName = l.ID, l.Name
	}
	r.StartedAt, r.StartedBy, r.EndedAt, r.EndedBy = tx.Now(), actorOf(ctx).ID, time.Time{}, 0
	r.ID, err = tx.Insert(ctx, `
		INSERT INTO class_runs (class_id, list_id, list_name, house, rules_version, started_at, started_by)
		VALUES (?, ?, ?, ?, ?, ?, ?)`,
		r.ClassID, list, r.ListName, r.House, r.RulesVersion, formatTime(tx.Now()), userRef(r.StartedBy))
	if err != nil {
		if tx.db.d.IsUnique(err) {
			return trainer.ErrClassLive
		}
		return fmt.Errorf("start live drill: %w", err)
	}
	if err := bumpLive(ctx, tx, r.ClassID); err != nil {
		return fmt.Errorf("start live drill: %w", err)
	}
	return tx.Commit()
}

// EndClassRun ends live drill runID now, and returns it. Every trainee's
// session of the drill ends (those still open) and plans as many
// questions as the drill asked, so that history reads "4 of 5". Ending a
// drill that has ended changes nothing. Returns
// trainer.ErrClassRunNotFound.
func (db *DB) EndClassRun(ctx context.Context, runID int64) (*trainer.ClassRun, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	r, err := findRun(ctx, tx, runID)
	if err != nil {
		return nil, fmt.Errorf("end live drill: %w", err)
	}
	if !r.Live() {
		return r, nil
	}
	var asked int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM class_questions WHERE run_id = ?`, runID).Scan(&asked); err != nil {
		return nil, fmt.Errorf("end live drill: %w", err)
	}
	r.EndedAt, r.EndedBy = tx.Now(), actorOf(ctx).ID
	if _, err := tx.ExecContext(ctx, `UPDATE class_runs SET ended_at = ?, ended_by = ? WHERE id = ?`,
		formatTime(tx.Now()), userRef(r.EndedBy), runID); err != nil {
		return nil, fmt.Errorf("end live drill: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `
		UPDATE practice_sessions SET planned = ?, ended_at = coalesce(ended_at, ?)
		WHERE id IN (SELECT session_id FROM class_participants WHERE run_id = ?)`,
		max(asked, 1), formatTime(tx.Now()), runID); err != nil {
		return nil, fmt.Errorf("end live drill: %w", err)
	}
	if err := bumpLive(ctx, tx, r.ClassID); err != nil {
		return nil, fmt.Errorf("end live drill: %w", err)
	}
	return r, tx.Commit()
}

// ListClassRuns returns the live drills of class classID, the latest
// first.
func (db *DB) ListClassRuns(ctx context.Context, classID int64) ([]*trainer.ClassRun, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT `+classRunColumns+` FROM class_runs WHERE class_id = ?
		ORDER BY started_at DESC, id DESC`, classID)
	if err != nil {
		return nil, fmt.Errorf("list live drills: %w", err)
	}
	defer rows.Close()
	var out []*trainer.ClassRun
	for rows.Next() {
		r, err := scanRun(rows)
		if err != nil {
			return nil, fmt.Errorf("list live drills: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// StartClassQuestion puts q to live drill q.RunID now: it sets q's ID,
// Number (the next) and Start, and clears its events. next decides, on the
// question asked last as it stands, whether the drill may move on
// (class.CheckNext: not while its answers are open). Returns
// trainer.ErrClassEnded once the drill ended, trainer.ErrClassGame for a
// game the class does not learn, trainer.ErrClassQuestionsMany past
// trainer.MaxClassQuestions, trainer.ErrClassRunNotFound and next's
// refusal.
func (db *DB) StartClassQuestion(ctx context.Context, q *trainer.ClassQuestion, next trainer.ClassNextCheck) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	r, err := findRun(ctx, tx, q.RunID)
	if err != nil {
		return fmt.Errorf("start question: %w", err)
	}
	if !r.Live() {
		return trainer.ErrClassEnded
	}
	c, err := findClass(ctx, tx, r.ClassID)
	if err != nil {
		return fmt.Errorf("start question: %w", err)
	}
	if !slices.Contains(c.Games, q.Game) {
		return trainer.ErrClassGame
	}
	cur, err := lastQuestion(ctx, tx, r.ID)
	if err != nil {
		return fmt.Errorf("start question: %w", err)
	}
	if next != nil {
		if err := next(cur, tx.Now()); err != nil {
			return err
		}
	}
	q.Number = 1
	if cur != nil {
		q.Number = cur.Number + 1
	}
	if q.Number > trainer.MaxClassQuestions {
		return trainer.ErrClassQuestionsMany
	}
	q.Start, q.Events = tx.Now(), nil
	q.ID, err = tx.Insert(ctx, `
		INSERT INTO class_questions (run_id, number, game, kind, level, seed, house, rules_version, skill, target_seconds,
			started_at, preview_ms, window_ms)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		q.RunID, q.Number, q.Game, q.Kind, q.Level, int64(q.Seed), q.House, q.RulesVersion, q.Skill, q.TargetSeconds,
		formatTime(tx.Now()), q.Timing.Preview.Milliseconds(), q.Timing.Window.Milliseconds())
	if err != nil {
		return fmt.Errorf("start question: %w", err)
	}
	if err := bumpLive(ctx, tx, r.ClassID); err != nil {
		return fmt.Errorf("start question: %w", err)
	}
	return tx.Commit()
}

// RecordClassEvent records the instructor's action e on question
// questionID, at the store's now and by the request's actor, once check
// allows it on the question as it stands (class.CheckEvent), and returns
// the question with it. Returns trainer.ErrClassEnded once the drill
// ended, KindConflict once the next question has started,
// trainer.ErrClassQuestionNotFound and check's refusal.
func (db *DB) RecordClassEvent(ctx context.Context, questionID int64, e trainer.ClassEvent, check trainer.ClassEventCheck) (*trainer.ClassQuestion, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	q, r, err := currentQuestion(ctx, tx, questionID)
	if err != nil {
		return nil, err
	}
	e.At, e.By = tx.Now(), actorOf(ctx).ID
	if check != nil {
		if err := check(q, e); err != nil {
			return nil, err
		}
	}
	if _, err := tx.ExecContext(ctx, `
		INSERT INTO class_events (question_id, seq, action, at, add_ms, actor_id) VALUES (?, ?, ?, ?, ?, ?)`,
		q.ID, len(q.Events)+1, string(e.Action), formatTime(e.At), e.Add.Milliseconds(), userRef(e.By)); err != nil {
		return nil, fmt.Errorf("record action: %w", err)
	}
	q.Events = append(q.Events, trainer.ClassEvent{Action: e.Action, At: formatTime(e.At), Add: e.Add, By: e.By})
	if err := bumpLive(ctx, tx, r.ClassID); err != nil {
		return nil, fmt.Errorf("record action: %w", err)
	}
	return q, tx.Commit()
}

// JoinClassRun joins trainee userID to live drill runID and returns their
// participation. The first time, it starts their session of
// trainer.ModeClass, which holds their answers, and ends the session they
// had open: a trainee in a class does the class. Joining again (a tablet
// reloaded, a trainee who went to practise and came back) keeps their
// session and their answers, and opens that session again if it ended.
// Returns trainer.ErrClassNotMember (KindForbidden) for anyone not an
// active trainee on the class's roster, trainer.ErrExamOpen while their
// exam is open, trainer.ErrClassEnded once the drill ended and
// trainer.ErrClassRunNotFound.
func (db *DB) JoinClassRun(ctx context.Context, runID, userID int64) (*trainer.ClassParticipant, error) {
	tx, err := db.BeginUserTx(ctx, userID) // the user's rows, and the live version
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	r, err := findRun(ctx, tx, runID)
	if err != nil {
		return nil, fmt.Errorf("join live drill: %w", err)
	}
	if !r.Live() {
		return nil, trainer.ErrClassEnded
	}
	var table string
	err = tx.QueryRowContext(ctx, `
		SELECT m.practice_table FROM class_members m JOIN users u ON u.id = m.user_id
		WHERE m.class_id = ? AND m.user_id = ? AND u.active = 1 AND u.role = 'trainee'`, r.ClassID, userID).Scan(&table)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, trainer.ErrClassNotMember
	} else if err != nil {
		return nil, fmt.Errorf("join live drill: %w", err)
	}
	p, err := findParticipant(ctx, tx, runID, userID)
	switch {
	case err == nil:
		s, err := findPracticeSession(ctx, tx, `s.id = ?`, p.SessionID)
		if err != nil {
			return nil, fmt.Errorf("join live drill: %w", err)
		}
		if s.Open() {
			return p, nil
		}
		if err := endOtherSessions(ctx, tx, userID); err != nil {
			return nil, err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE practice_sessions SET ended_at = NULL WHERE id = ?`, s.ID); err != nil {
			return nil, fmt.Errorf("join live drill: %w", err)
		}
	case trainer.KindOf(err) == trainer.KindNotFound:
		if err := endOtherSessions(ctx, tx, userID); err != nil {
			return nil, err
		}
		c, err := findClass(ctx, tx, r.ClassID)
		if err != nil {
			return nil, fmt.Errorf("join live drill: %w", err)
		}
		game := ""
		if len(c.Games) > 0 {
			game = c.Games[0]
		}
		p = &trainer.ClassParticipant{RunID: runID, UserID: userID, Table: table, JoinedAt: tx.Now()}
		// The session's game is the class's first: each answer has its
		// own game, which history and progress count by.
		p.SessionID, err = tx.Insert(ctx, `
			INSERT INTO practice_sessions (user_id, mode, game, kind, level, house, rules_version, planned, started_at, site_id)
			VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`,
			userID, string(trainer.ModeClass), game, trainer.KindMixed, r.House, r.RulesVersion, trainer.MaxClassQuestions,
			formatTime(tx.Now()), c.SiteID)
		if err != nil {
			return nil, fmt.Errorf("join live drill: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO class_participants (run_id, user_id, session_id, practice_table, joined_at) VALUES (?, ?, ?, ?, ?)`,
			runID, userID, p.SessionID, table, formatTime(tx.Now())); err != nil {
			return nil, fmt.Errorf("join live drill: %w", err)
		}
	default:
		return nil, fmt.Errorf("join live drill: %w", err)
	}
	if err := bumpLive(ctx, tx, r.ClassID); err != nil {
		return nil, fmt.Errorf("join live drill: %w", err)
	}
	return p, tx.Commit()
}

// endOtherSessions ends the user's open session before they join a live
// drill, unless it is an exam, which is never ended by anything but its
// end (trainer.ErrExamOpen).
func endOtherSessions(ctx context.Context, tx *Tx, userID int64) error {
	if open, err := openOutsideExam(ctx, tx, userID); err != nil || open == nil {
		return err
	}
	return endOpenSessions(ctx, tx, userID)
}

// openOutsideExam returns the user's open session, nil for none, and
// refuses with trainer.ErrExamOpen while it is an exam: a trainee in an
// exam neither joins a live drill nor answers in one.
func openOutsideExam(ctx context.Context, tx *Tx, userID int64) (*trainer.PracticeSession, error) {
	open, err := findPracticeSession(ctx, tx, `s.user_id = ? AND s.ended_at IS NULL`, userID)
	switch {
	case trainer.KindOf(err) == trainer.KindNotFound:
		return nil, nil
	case err != nil:
		return nil, err
	case open.Mode == trainer.ModeExam:
		return nil, trainer.ErrExamOpen
	}
	return open, nil
}

// AnswerClassQuestion records trainee userID's answer to question
// questionID, shown in language lang, at the store's now: grade decides,
// on the question as it stands and when the trainee joined, whether the
// answer is taken and grades it (class.Answering: answers open, not
// paused, joined no later than the preview, the time it took). The answer
// is an attempt of the trainee's session of the drill, at the question's
// number, served when the question started, and returned. Returns
// trainer.ErrAnswered for a second answer to the question,
// trainer.ErrClassNotJoined for a trainee who has not joined,
// trainer.ErrExamOpen while their exam is open, trainer.ErrClassEnded once
// the drill ended, KindConflict once the next question has started,
// trainer.ErrClassQuestionNotFound, and grade's refusal.
func (db *DB) AnswerClassQuestion(ctx context.Context, questionID, userID int64, lang string, grade trainer.ClassGrader) (*trainer.Attempt, error) {
	tx, err := db.BeginUserTx(ctx, userID) // the user's rows, and the live version
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	q, r, err := currentQuestion(ctx, tx, questionID)
	if err != nil {
		return nil, err
	}
	p, err := findParticipant(ctx, tx, r.ID, userID)
	if trainer.KindOf(err) == trainer.KindNotFound {
		return nil, trainer.ErrClassNotJoined
	} else if err != nil {
		return nil, fmt.Errorf("answer question: %w", err)
	}
	if _, err := openOutsideExam(ctx, tx, userID); err != nil {
		return nil, err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM class_answers WHERE question_id = ? AND user_id = ?`,
		questionID, userID).Scan(&n); err != nil {
		return nil, fmt.Errorf("answer question: %w", err)
	}
	if n > 0 {
		return nil, trainer.ErrAnswered
	}
	g, err := grade(q, p.JoinedAt, tx.Now())
	if err != nil {
		return nil, err
	}
	if g.Speed == "" || g.Answer == nil {
		return nil, fmt.Errorf("answer question: the grade has no answer or no speed")
	}
	a := &trainer.Attempt{SessionID: p.SessionID, UserID: userID, Position: q.Number,
		Spec: trainer.Spec{Game: q.Game, Kind: q.Kind, Level: q.Level, Seed: q.Seed, House: q.House,
			RulesVersion: q.RulesVersion, Lang: lang},
		Skill: q.Skill, TargetSeconds: q.TargetSeconds, Source: trainer.SourceNew, ServedAt: q.Start,
		AnsweredAt: tx.Now(), Grade: g}
	var mistake any
	if g.MistakeID != "" {
		mistake = g.MistakeID
	}
	a.ID, err = tx.Insert(ctx, `
		INSERT INTO attempts (session_id, user_id, position, game, kind, level, seed, house, rules_version, skill,
			target_seconds, source, served_at, answered_at, answer, key, correct, score, speed, elapsed_ms, mistake_id, language)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.SessionID, a.UserID, a.Position, a.Game, a.Kind, a.Level, int64(a.Seed), a.House, a.RulesVersion, a.Skill,
		a.TargetSeconds, string(a.Source), formatTime(a.ServedAt), formatTime(a.AnsweredAt), string(g.Answer), string(g.Key),
		g.Correct, g.Score, string(g.Speed), g.Elapsed.Milliseconds(), mistake, lang)
	if err != nil {
		if tx.db.d.IsUnique(err) {
			return nil, trainer.ErrAnswered
		}
		return nil, fmt.Errorf("answer question: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO class_answers (question_id, user_id, attempt_id) VALUES (?, ?, ?)`,
		questionID, userID, a.ID); err != nil {
		if tx.db.d.IsUnique(err) {
			return nil, trainer.ErrAnswered
		}
		return nil, fmt.Errorf("answer question: %w", err)
	}
	if err := bumpLive(ctx, tx, r.ClassID); err != nil {
		return nil, fmt.Errorf("answer question: %w", err)
	}
	a.ServedAt, a.AnsweredAt = formatTime(a.ServedAt), formatTime(a.AnsweredAt)
	a.Elapsed = time.Duration(g.Elapsed.Milliseconds()) * time.Millisecond
	return a, tx.Commit()
}

// ClassLive returns what a projector or a tablet polls, read at one
// moment: class classID's live version, its live drill in progress (if
// any) with the question asked last and the counts of answers to it and
// of trainees joined; for userID (0 for none), their participation and
// their answer to that question. Returns trainer.ErrClassNotFound.
func (db *DB) ClassLive(ctx context.Context, classID, userID int64) (*trainer.ClassLive, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return classLive(ctx, tx, classID, userID, true)
}

// ReadClassLive returns class classID's live drill whole, read at one
// moment in one transaction: the class, what ClassLive returns for no
// user, and the answers to the question asked last, in the order given.
// It is what every process of a group reads each time the class's live
// version moves (internal/live), so it is one read of the fewest round
// trips, not three. Returns trainer.ErrClassNotFound.
func (db *DB) ReadClassLive(ctx context.Context, classID int64) (*trainer.ClassLiveRead, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	l, err := classLive(ctx, tx, classID, 0, false)
	if err != nil {
		return nil, err
	}
	c, err := findClass(ctx, tx, classID)
	if err != nil {
		return nil, err
	}
	rd := &trainer.ClassLiveRead{Class: c, Live: l}
	if l.Question != nil {
		if rd.Answers, err = questionAnswers(ctx, tx, l.Question.ID); err != nil {
			return nil, err
		}
		l.Answered = len(rd.Answers)
	}
	return rd, nil
}

// classLive is ClassLive in tx. count says whether to count the answers to
// the question with a statement of its own; ReadClassLive counts those it
// reads instead.
func classLive(ctx context.Context, tx *Tx, classID, userID int64, count bool) (*trainer.ClassLive, error) {
	l := &trainer.ClassLive{ClassID: classID}
	err := tx.QueryRowContext(ctx, `SELECT version FROM class_live WHERE class_id = ?`, classID).Scan(&l.Version)
	if err != nil {
		return nil, notFound(tx, err, trainer.ErrClassNotFound)
	}
	l.Run, err = scanRun(tx.QueryRowContext(ctx, `SELECT `+classRunColumns+` FROM class_runs WHERE class_id = ? AND ended_at IS NULL`, classID))
	if errors.Is(err, sql.ErrNoRows) {
		return l, nil
	} else if err != nil {
		return nil, fmt.Errorf("live drill: %w", err)
	}
	if l.Question, err = lastQuestion(ctx, tx, l.Run.ID); err != nil {
		return nil, fmt.Errorf("live drill: %w", err)
	}
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM class_participants WHERE run_id = ?`, l.Run.ID).Scan(&l.Joined); err != nil {
		return nil, fmt.Errorf("live drill: %w", err)
	}
	if l.Question != nil && count {
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM class_answers WHERE question_id = ?`, l.Question.ID).Scan(&l.Answered); err != nil {
			return nil, fmt.Errorf("live drill: %w", err)
		}
	}
	if userID == 0 {
		return l, nil
	}
	p, err := findParticipant(ctx, tx, l.Run.ID, userID)
	if trainer.KindOf(err) == trainer.KindNotFound {
		return l, nil
	} else if err != nil {
		return nil, fmt.Errorf("live drill: %w", err)
	}
	l.Participant = p
	if l.Question != nil {
		as, err := listAttempts(ctx, tx, `SELECT `+attemptColumns+` FROM attempts
			WHERE id IN (SELECT attempt_id FROM class_answers WHERE question_id = ? AND user_id = ?)`, l.Question.ID, userID)
		if err != nil {
			return nil, err
		}
		if len(as) > 0 {
			l.Answer = as[0]
		}
	}
	return l, nil
}

// questionAnswers returns the answers to question questionID, in the
// order given (for class.Tally).
func questionAnswers(ctx context.Context, tx *Tx, questionID int64) ([]*trainer.Attempt, error) {
	return listAttempts(ctx, tx, `SELECT `+attemptColumns+` FROM attempts
		WHERE id IN (SELECT attempt_id FROM class_answers WHERE question_id = ?) ORDER BY answered_at, id`, questionID)
}

// ClassRunRecord returns live drill runID whole, for its report: its
// questions with their events, the trainees who joined, every answer.
// Returns trainer.ErrClassRunNotFound.
func (db *DB) ClassRunRecord(ctx context.Context, runID int64) (*trainer.ClassRunRecord, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rec := &trainer.ClassRunRecord{Answers: map[int64][]*trainer.Attempt{}}
	if rec.Run, err = findRun(ctx, tx, runID); err != nil {
		return nil, err
	}
	rows, err := tx.QueryContext(ctx, `SELECT `+classQuestionColumns+` FROM class_questions WHERE run_id = ? ORDER BY number`, runID)
	if err != nil {
		return nil, fmt.Errorf("live drill record: %w", err)
	}
	for rows.Next() {
		q, err := scanQuestion(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("live drill record: %w", err)
		}
		rec.Questions = append(rec.Questions, q)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, q := range rec.Questions {
		if q.Events, err = questionEvents(ctx, tx, q.ID); err != nil {
			return nil, err
		}
	}
	rows, err = tx.QueryContext(ctx, `SELECT `+participantColumns+` FROM class_participants WHERE run_id = ? ORDER BY joined_at, user_id`, runID)
	if err != nil {
		return nil, fmt.Errorf("live drill record: %w", err)
	}
	for rows.Next() {
		p, err := scanParticipant(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("live drill record: %w", err)
		}
		rec.Participants = append(rec.Participants, *p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// An answer's position is its question's number.
	byNumber := make(map[int]int64, len(rec.Questions))
	for _, q := range rec.Questions {
		byNumber[q.Number] = q.ID
	}
	as, err := listAttempts(ctx, tx, `SELECT `+attemptColumns+` FROM attempts WHERE id IN (
			SELECT n.attempt_id FROM class_answers n JOIN class_questions q ON q.id = n.question_id WHERE q.run_id = ?)
		ORDER BY answered_at, id`, runID)
	if err != nil {
		return nil, fmt.Errorf("live drill record: %w", err)
	}
	for _, a := range as {
		id := byNumber[a.Position]
		rec.Answers[id] = append(rec.Answers[id], a)
	}
	return rec, nil
}

// ClassLiveVersions returns the live version of each class of classIDs
// that exists: one small indexed read, which every process of a group
// polls for the classes its projectors and tablets show.
func (db *DB) ClassLiveVersions(ctx context.Context, classIDs ...int64) (map[int64]int64, error) {
	out := make(map[int64]int64, len(classIDs))
	if len(classIDs) == 0 {
		return out, nil
	}
	// One statement reads one state: PostgreSQL sends no BEGIN for it.
	tx, err := db.BeginTx(ctx, readOne)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	args := make([]any, len(classIDs))
	for i, id := range classIDs {
		args[i] = id
	}
	rows, err := tx.QueryContext(ctx, `SELECT class_id, version FROM class_live
		WHERE class_id IN (?`+strings.Repeat(", ?", len(classIDs)-1)+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("live versions: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, v int64
		if err := rows.Scan(&id, &v); err != nil {
			return nil, fmt.Errorf("live versions: %w", err)
		}
		out[id] = v
	}
	return out, rows.Err()
}

// bumpLive bumps class classID's live version, in the transaction of the
// change. Concurrent answers (each a user's transaction) update the one
// row in turn: the database's row lock serializes the increments.
func bumpLive(ctx context.Context, tx *Tx, classID int64) error {
	_, err := tx.ExecContext(ctx, `UPDATE class_live SET version = version + 1 WHERE class_id = ?`, classID)
	return err
}

func findRun(ctx context.Context, tx *Tx, id int64) (*trainer.ClassRun, error) {
	r, err := scanRun(tx.QueryRowContext(ctx, `SELECT `+classRunColumns+` FROM class_runs WHERE id = ?`, id))
	if err != nil {
		return nil, notFound(tx, err, trainer.ErrClassRunNotFound)
	}
	return r, nil
}

func scanRun(sc scanner) (*trainer.ClassRun, error) {
	var r trainer.ClassRun
	var started, ended storedTime
	if err := sc.Scan(&r.ID, &r.ClassID, &r.ListID, &r.ListName, &r.House, &r.RulesVersion, &started, &r.StartedBy,
		&ended, &r.EndedBy); err != nil {
		return nil, err
	}
	var err error
	if r.StartedAt, err = started.time(); err != nil {
		return nil, err
	}
	if r.EndedAt, err = ended.time(); err != nil {
		return nil, err
	}
	return &r, nil
}

// currentQuestion reads question id with its events and its live drill,
// refusing it once the drill ended or moved on to the next question.
func currentQuestion(ctx context.Context, tx *Tx, id int64) (*trainer.ClassQuestion, *trainer.ClassRun, error) {
	q, err := scanQuestion(tx.QueryRowContext(ctx, `SELECT `+classQuestionColumns+` FROM class_questions WHERE id = ?`, id))
	if err != nil {
		return nil, nil, notFound(tx, err, trainer.ErrClassQuestionNotFound)
	}
	r, err := findRun(ctx, tx, q.RunID)
	if err != nil {
		return nil, nil, err
	}
	if !r.Live() {
		return nil, nil, trainer.ErrClassEnded
	}
	var later int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM class_questions WHERE run_id = ? AND number > ?`,
		q.RunID, q.Number).Scan(&later); err != nil {
		return nil, nil, err
	}
	if later > 0 {
		return nil, nil, trainer.ErrClassMovedOn
	}
	if q.Events, err = questionEvents(ctx, tx, q.ID); err != nil {
		return nil, nil, err
	}
	return q, r, nil
}

// lastQuestion reads the question live drill runID asked last, with its
// events; nil before the first.
func lastQuestion(ctx context.Context, tx *Tx, runID int64) (*trainer.ClassQuestion, error) {
	q, err := scanQuestion(tx.QueryRowContext(ctx, `SELECT `+classQuestionColumns+` FROM class_questions
		WHERE run_id = ? ORDER BY number DESC LIMIT 1`, runID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	if q.Events, err = questionEvents(ctx, tx, q.ID); err != nil {
		return nil, err
	}
	return q, nil
}

func scanQuestion(sc scanner) (*trainer.ClassQuestion, error) {
	var q trainer.ClassQuestion
	var seed, preview, window int64
	var started storedTime
	if err := sc.Scan(&q.ID, &q.RunID, &q.Number, &q.Game, &q.Kind, &q.Level, &seed, &q.House, &q.RulesVersion, &q.Skill,
		&q.TargetSeconds, &started, &preview, &window); err != nil {
		return nil, err
	}
	q.Seed = uint64(seed)
	q.Timing = trainer.ClassTiming{Preview: time.Duration(preview) * time.Millisecond, Window: time.Duration(window) * time.Millisecond}
	var err error
	if q.Start, err = started.time(); err != nil {
		return nil, err
	}
	return &q, nil
}

// questionEvents reads the instructor's actions on question id, in the
// order recorded.
func questionEvents(ctx context.Context, tx *Tx, id int64) ([]trainer.ClassEvent, error) {
	rows, err := tx.QueryContext(ctx, `SELECT action, at, add_ms, coalesce(actor_id, 0) FROM class_events
		WHERE question_id = ? ORDER BY seq`, id)
	if err != nil {
		return nil, fmt.Errorf("question actions: %w", err)
	}
	defer rows.Close()
	var out []trainer.ClassEvent
	for rows.Next() {
		var e trainer.ClassEvent
		var action string
		var at storedTime
		var add int64
		if err := rows.Scan(&action, &at, &add, &e.By); err != nil {
			return nil, fmt.Errorf("question actions: %w", err)
		}
		e.Action, e.Add = trainer.ClassAction(action), time.Duration(add)*time.Millisecond
		if e.At, err = at.time(); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

func findParticipant(ctx context.Context, tx *Tx, runID, userID int64) (*trainer.ClassParticipant, error) {
	p, err := scanParticipant(tx.QueryRowContext(ctx, `SELECT `+participantColumns+` FROM class_participants
		WHERE run_id = ? AND user_id = ?`, runID, userID))
	if err != nil {
		return nil, tx.translate(err, "Not in this live drill.")
	}
	return p, nil
}

func scanParticipant(sc scanner) (*trainer.ClassParticipant, error) {
	var p trainer.ClassParticipant
	var joined storedTime
	if err := sc.Scan(&p.RunID, &p.UserID, &p.SessionID, &p.Table, &joined); err != nil {
		return nil, err
	}
	var err error
	p.JoinedAt, err = joined.time()
	return &p, err
}
