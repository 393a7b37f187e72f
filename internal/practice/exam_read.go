package practice

import (
	"context"
	"errors"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Refusals of an exam's pages: another trainee's exam or session is not
// found, as none is.
var (
	ErrExamNotFound    = trainer.NewError(trainer.KindNotFound, "error.exam_not_found")
	ErrSessionNotFound = trainer.NewError(trainer.KindNotFound, "error.session_not_found")
)

// Exam reads trainee userID's exam id and its session. Returns
// KindNotFound (ErrExamNotFound, ErrSessionNotFound) for another trainee's.
func (f *Flow) Exam(ctx context.Context, id, userID int64) (*trainer.Exam, *trainer.PracticeSession, error) {
	ex, err := f.DB.FindExam(ctx, id, userID)
	if err != nil {
		return nil, nil, trainer.NotFoundAs(err, ErrExamNotFound)
	}
	sess, err := f.DB.FindPracticeSession(ctx, id, userID)
	if err != nil {
		return nil, nil, trainer.NotFoundAs(err, ErrSessionNotFound)
	}
	return ex, sess, nil
}

// ExamAt is where an exam stands: the item waiting for its answer
// (Waiting, with the exam's session read after it was served), or, with
// Waiting nil, the exam finished.
type ExamAt struct {
	Exam    *trainer.Exam
	Waiting *Served
	Session *trainer.PracticeSession
}

// ExamWhere is where exam ex stands: the item waiting for its answer,
// served now (in lang) if none waits, or the exam finished; a finish
// interrupted by a crash (every item answered, no result) is completed
// here (FinishExam).
func (f *Flow) ExamWhere(ctx context.Context, ex *trainer.Exam, lang string) (ExamAt, error) {
	if ex.Finished() {
		return ExamAt{Exam: ex}, nil
	}
	sv, err := f.ExamItem(ctx, ex, lang)
	if errors.Is(err, ErrSessionDone) {
		ex, err = f.FinishExam(ctx, ex)
		return ExamAt{Exam: ex}, err
	}
	if err != nil {
		return ExamAt{}, err
	}
	sess, err := f.DB.FindPracticeSession(ctx, ex.ID, ex.UserID)
	if err != nil {
		return ExamAt{}, err
	}
	return ExamAt{Exam: ex, Waiting: sv, Session: sess}, nil
}

// Reviewed is one item of a finished exam as its review shows it: the
// attempt that served it (nil if never served) and its drill rebuilt under
// the exam's rules, or why it could not be.
type Reviewed struct {
	Item    trainer.ExamItem
	Attempt *trainer.Attempt
	Drill   *drills.Drill
	Err     error
}

// Review reads finished exam ex for its result page: each item with its
// attempt and its drill rebuilt from its spec (ItemSpec; an item never
// served in lang), and the rules version the exam was sat under, nil when
// the store no longer keeps it. An item that cannot be rebuilt carries
// why (Reviewed.Err) and the others are still shown.
func (f *Flow) Review(ctx context.Context, ex *trainer.Exam, lang string) ([]Reviewed, *trainer.RulesVersion, error) {
	as, err := f.DB.ListAttempts(ctx, trainer.AttemptFilter{UserID: ex.UserID, SessionID: ex.ID, Limit: len(ex.Items) + 1})
	if err != nil {
		return nil, nil, err
	}
	byPos := map[int]*trainer.Attempt{}
	for _, a := range as {
		byPos[a.Position] = a
	}
	items := make([]Reviewed, len(ex.Items))
	for i, it := range ex.Items {
		x := Reviewed{Item: it, Attempt: byPos[it.Position]}
		x.Drill, x.Err = f.Plan.Rebuild(ItemSpec(ex, it, x.Attempt, lang))
		items[i] = x
	}
	rv, err := f.DB.FindRulesVersion(ctx, ex.RulesVersion)
	if err != nil && trainer.KindOf(err) != trainer.KindNotFound {
		return nil, nil, err
	}
	return items, rv, nil
}

// ItemSpec is the spec an exam's item is rebuilt from: an item served
// reads in the language it was asked in (its attempt's); one never served,
// in the reader's (lang, "" for English).
func ItemSpec(ex *trainer.Exam, it trainer.ExamItem, a *trainer.Attempt, lang string) trainer.Spec {
	spec := trainer.Spec{Game: ex.Game, Kind: it.Kind, Level: it.Level, Seed: it.Seed, House: ex.House, RulesVersion: ex.RulesVersion}
	if a != nil {
		spec.Lang = a.Lang
	} else if lang != i18n.Source {
		spec.Lang = lang
	}
	return spec
}

// ExamItemOf is the item of exam session sessionID that attempt a served.
func (f *Flow) ExamItemOf(ctx context.Context, sessionID int64, a *trainer.Attempt) (trainer.ExamItem, error) {
	ex, err := f.DB.FindExam(ctx, sessionID, a.UserID)
	if err != nil {
		return trainer.ExamItem{}, err
	}
	if a.Position < 1 || a.Position > len(ex.Items) {
		return trainer.ExamItem{}, fmt.Errorf("exam %d: no item %d", ex.ID, a.Position)
	}
	return ex.Items[a.Position-1], nil
}
