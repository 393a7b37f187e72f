package class

import (
	"context"
	"net/url"
	"strconv"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Answer is a trainee's answer to a live question as Drive.Answer read
// it: the question and its drill, and, when the form could not be read,
// why, field by field (nothing is stored then).
type Answer struct {
	Question *Question
	Drill    *drills.Drill
	Errs     map[string]*trainer.Error
}

// Spec is the spec live question q's drill is rebuilt from, asked in
// lang: its seed under the rules it was asked with.
func (q *Question) Spec(lang string) trainer.Spec {
	return trainer.Spec{Game: q.Game, Kind: q.Kind, Level: q.Level, Seed: q.Seed, House: q.House,
		RulesVersion: q.RulesVersion, Lang: lang}
}

// Answer grades trainee userID's answer, read from form, to the question
// of class classID whose id is question (the route's digits), on the
// server from the question's seed, and stores it once (Grader); the drill
// is asked in lang and chips are the house's, the form's amounts made of
// them. refused is why the answer was not taken: trainer.ErrClassMovedOn
// when the class is at another question or none, or the store's refusal of
// a second or a late answer; err is anything else
// (trainer.ErrClassQuestionNotFound for a question id that is no number).
func (d *Drive) Answer(ctx context.Context, classID, userID int64, question, lang string, chips []games.Money, form url.Values) (a *Answer, refused, err error) {
	qID, err := strconv.ParseInt(question, 10, 64)
	if err != nil {
		return nil, nil, trainer.ErrClassQuestionNotFound
	}
	live, err := d.DB.ClassLive(ctx, classID, userID)
	if err != nil {
		return nil, nil, err
	}
	if live.Question == nil || live.Question.ID != qID {
		return nil, trainer.ErrClassMovedOn, nil
	}
	a = &Answer{Question: (*Question)(live.Question)}
	if a.Drill, err = d.Plan.Rebuild(a.Question.Spec(lang)); err != nil {
		return nil, nil, err
	}
	answer, errs := practice.DecodeAnswer(a.Drill, chips, form)
	if len(errs) > 0 {
		a.Errs = errs
		return a, nil, nil
	}
	_, err = d.DB.AnswerClassQuestion(ctx, qID, userID, lang, Grader(a.Drill, answer))
	if err != nil && trainer.KindOf(err) != trainer.KindInternal {
		return a, err, nil
	}
	return a, nil, err
}
