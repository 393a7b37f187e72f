package view

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// ExamStart describes the exam of game under standard st and whether it
// may start now, from its gate g: refused is why starting it was just
// refused (nil when it was not), said before the gate's own reasons.
func ExamStart(ctx context.Context, page templates.Page, game string, st *rulebook.Standard, g practice.ExamGate, refused error) templates.ExamStartView {
	status, rules := g.Status, g.Rules
	if refused == nil {
		refused = g.Hours
	}
	blocked := ""
	switch {
	case refused != nil:
		blocked = say.Error(ctx, refused)
	case !rules.Approved():
		blocked = say.T(ctx, "cert.rules_not_approved")
	case !status.CanStartExam:
		blocked = say.CertBlocked(ctx, status, st.Policy)
	}
	page.Title = say.Msg("exam.title_of", "Game", say.GameWord(game))
	return templates.ExamStartView{
		Page: page, Game: game, GameName: say.Game(ctx, game), Items: st.Items(), Kinds: StandardRows(ctx, st), Rules: say.RulesVersion(ctx, rules),
		Action: "/exams", Blocked: blocked,
		Sittings: say.T(ctx, "exam.sittings_left", "Left", status.SittingsLeft, "Of", 1+st.Policy.Retakes),
	}
}

// ExamBar is the exam's header at position (0 for none): no score until
// the end.
func ExamBar(ctx context.Context, ex *trainer.Exam, answered, position int) templates.ExamBar {
	return templates.ExamBar{Title: say.Game(ctx, ex.Game), Position: position, Planned: len(ex.Items), Answered: answered}
}

// ExamQuestion is an exam item before its answer: the practice question
// with no hint, the exam's own form action, and the time allowed instead of
// the practice target.
func (k *Kiosk) ExamQuestion(ctx context.Context, sess *trainer.PracticeSession, ex *trainer.Exam, a *trainer.Attempt, d *drills.Drill,
	now time.Time, form map[string][]string, errs templates.Errors) templates.QuestionView {
	q := k.Question(ctx, sess, a, d, now, form, errs)
	q.Action = templates.ExamAnswerURL(ex.ID, a.Position)
	q.HintAction, q.Hint = "", nil
	q.TargetSeconds = ex.Items[a.Position-1].Seconds
	q.TimerLabel = say.T(ctx, "exam.timer_allowed")
	return q
}

// ExamItem is one item of a finished exam as the handler read it
// (practice.Flow.Review).
type ExamItem = practice.Reviewed

// ExamResult is a finished exam as the trainee and the managers see it:
// the stored result per kind and overall, then every item with the answer
// given, the right answer and the time. forTrainee links each item to the
// trainee's own page of it.
func (k *Kiosk) ExamResult(ctx context.Context, ex *trainer.Exam, rules *trainer.RulesVersion, trainee string, items []ExamItem, forTrainee bool) (templates.ExamResultView, error) {
	var res eval.ExamResult
	if err := json.Unmarshal(ex.Result, &res); err != nil {
		return templates.ExamResultView{}, fmt.Errorf("exam %d: stored result: %w", ex.ID, err)
	}
	v := templates.ExamResultView{
		Passed: res.Passed, Trainee: trainee, GameName: say.Game(ctx, ex.Game),
		StartedAt: say.DateTime(ctx, ex.StartedAt), FinishedAt: say.DateTime(ctx, ex.FinishedAt), Rules: say.RulesVersion(ctx, rules),
		Right: say.T(ctx, "exam.n_of", "N", res.Right, "Of", res.Items),
	}
	if forTrainee {
		v.HomeURL, v.HomeLabel = "/trainee", say.T(ctx, "exam.back_to_games")
	}
	for _, kr := range res.Kinds {
		v.Kinds = append(v.Kinds, templates.ExamKindRow{Kind: say.Kind(ctx, kr.Kind), Items: kr.Items, Right: kr.Right,
			OverTime: kr.OverTime, Unanswered: kr.Unanswered, Required: strconv.Itoa(kr.Required) + " %",
			Accuracy: say.Accuracy(ctx, kr.Right, kr.Items), Seconds: say.Seconds(ctx, time.Duration(kr.Seconds)*time.Second, 0), Passed: kr.Passed})
	}
	for _, it := range items {
		v.Items = append(v.Items, k.examItemRow(ctx, it, forTrainee))
	}
	return v, nil
}

// examItemRow is one item of a finished exam.
func (k *Kiosk) examItemRow(ctx context.Context, x ExamItem, forTrainee bool) templates.ExamItemRow {
	it, a, d := x.Item, x.Attempt, x.Drill
	row := templates.ExamItemRow{Position: it.Position, Kind: say.Kind(ctx, it.Kind), Skill: say.Skill(ctx, it.Skill),
		Seed: strconv.FormatUint(it.Seed, 10)}
	if d == nil {
		// The rules of this exam cannot be loaded again: what is stored
		// is shown as stored.
		row.Prompt = say.T(ctx, "exam.not_rebuilt")
	} else {
		row.Prompt = d.Prompt
		row.Right = joinLines(AnswerLines(ctx, d, d.Key))
		row.Refs = k.Citations(i18n.FromContext(ctx).Lang(), d.Game, d.Refs)
	}
	switch eval.JudgeItem(it, a) {
	case eval.ItemRight:
		row.Verdict, row.Ok = say.T(ctx, "verdict.right"), true
	case eval.ItemWrong:
		row.Verdict = say.T(ctx, "verdict.wrong")
	case eval.ItemOverTime:
		row.Verdict = say.T(ctx, "exam.too_late")
	case eval.ItemUnanswered:
		row.Verdict = say.T(ctx, "exam.not_answered")
	}
	allowed := say.Seconds(ctx, time.Duration(it.Seconds)*time.Second, 0)
	row.Time = say.T(ctx, "exam.time_of", "Time", "–", "Allowed", allowed)
	if a != nil && a.Answered() {
		row.Time = say.T(ctx, "exam.time_of", "Time", say.Seconds(ctx, a.Elapsed, 1), "Allowed", allowed)
		row.Yours = string(a.Answer)
		if d != nil {
			if ans, err := StoredAnswer(a); err == nil {
				row.Yours = joinLines(AnswerLines(ctx, d, drills.Key(ans)))
			}
		}
		if forTrainee {
			row.URL = templates.AttemptURL(a.ID)
		}
	}
	return row
}

// ExamTiming puts the exam's time allowed for item it on the feedback of
// the attempt a that served it, instead of the practice target: an exam
// judges an answer by the time its standard allows (late counts wrong), not
// by FAST, OK or SLOW.
func ExamTiming(ctx context.Context, it trainer.ExamItem, a *trainer.Attempt, f *templates.FeedbackView) {
	limit := say.Seconds(ctx, time.Duration(it.Seconds)*time.Second, 0)
	f.Target = say.T(ctx, "exam.target_allowed", "Allowed", limit)
	f.Speed, f.SpeedClass = "", ""
	if eval.JudgeItem(it, a) == eval.ItemOverTime {
		f.SpeedNote = say.T(ctx, "exam.answered_late", "Allowed", limit)
	} else {
		f.SpeedNote = say.T(ctx, "exam.answered_within", "Allowed", limit)
	}
}
