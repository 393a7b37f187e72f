package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
)

// examResultView is a finished exam as the trainee and the managers see it:
// the stored result per kind and overall, then every item rebuilt from its
// spec under the exam's own rules version, with the answer given, the right
// answer and the time. forTrainee links each item to the trainee's own page
// of it.
func (s *Server) examResultView(ctx context.Context, ex *trainer.Exam, trainee string, forTrainee bool) (templates.ExamResultView, error) {
	var res eval.ExamResult
	if err := json.Unmarshal(ex.Result, &res); err != nil {
		return templates.ExamResultView{}, fmt.Errorf("exam %d: stored result: %w", ex.ID, err)
	}
	v := templates.ExamResultView{
		Passed: res.Passed, Trainee: trainee, GameName: s.gameNameIn(i18n.FromContext(ctx), ex.Game),
		StartedAt: dateTimeIn(i18n.FromContext(ctx), ex.StartedAt), FinishedAt: dateTimeIn(i18n.FromContext(ctx), ex.FinishedAt), Rules: ex.RulesVersion,
		Right: i18n.FromContext(ctx).T("exam.n_of", "N", res.Right, "Of", res.Items),
	}
	if forTrainee {
		v.HomeURL, v.HomeLabel = "/trainee", i18n.FromContext(ctx).T("exam.back_to_games")
	}
	for _, k := range res.Kinds {
		v.Kinds = append(v.Kinds, templates.ExamKindRow{Kind: kindName(i18n.FromContext(ctx), k.Kind), Items: k.Items, Right: k.Right,
			OverTime: k.OverTime, Unanswered: k.Unanswered, Required: strconv.Itoa(k.Required) + " %",
			Accuracy: accuracyText(k.Right, k.Items), Seconds: i18n.FromContext(ctx).Seconds(time.Duration(k.Seconds)*time.Second, 0), Passed: k.Passed})
	}
	as, err := s.db.ListAttempts(ctx, trainer.AttemptFilter{UserID: ex.UserID, SessionID: ex.ID, Limit: len(ex.Items) + 1})
	if err != nil {
		return v, err
	}
	byPos := map[int]*trainer.Attempt{}
	for _, a := range as {
		byPos[a.Position] = a
	}
	for _, it := range ex.Items {
		row, err := s.examItemRow(i18n.FromContext(ctx), ex, it, byPos[it.Position], forTrainee)
		if err != nil {
			return v, err
		}
		v.Items = append(v.Items, row)
	}
	return v, nil
}

// examItemRow is one item of a finished exam.
func (s *Server) examItemRow(l *i18n.Localizer, ex *trainer.Exam, it trainer.ExamItem, a *trainer.Attempt, forTrainee bool) (templates.ExamItemRow, error) {
	row := templates.ExamItemRow{Position: it.Position, Kind: kindName(l, it.Kind), Skill: s.skillName(l, it.Skill),
		Seed: strconv.FormatUint(it.Seed, 10)}
	// An item served reads in the language it was asked in (its attempt's);
	// one never served, in the reader's.
	spec := trainer.Spec{Game: ex.Game, Kind: it.Kind, Level: it.Level, Seed: it.Seed, House: ex.House, RulesVersion: ex.RulesVersion}
	if a != nil {
		spec.Lang = a.Lang
	} else if l.Lang() != i18n.Source {
		spec.Lang = l.Lang()
	}
	d, err := s.plan.Rebuild(spec)
	if err != nil {
		// The rules of this exam cannot be loaded again: what is stored
		// is shown as stored.
		row.Prompt = "(this question can no longer be rebuilt: " + err.Error() + ")"
	} else {
		row.Prompt = d.Prompt
		row.Right = joinLines(answerLines(l, d, d.Key))
		row.Refs = s.citations(l.Lang(), d.Game, d.Refs)
	}
	switch eval.JudgeItem(it, a) {
	case eval.ItemRight:
		row.Verdict, row.Ok = l.T("verdict.right"), true
	case eval.ItemWrong:
		row.Verdict = l.T("verdict.wrong")
	case eval.ItemOverTime:
		row.Verdict = l.T("exam.too_late")
	case eval.ItemUnanswered:
		row.Verdict = l.T("exam.not_answered")
	}
	allowed := l.Seconds(time.Duration(it.Seconds)*time.Second, 0)
	row.Time = l.T("exam.time_of", "Time", "–", "Allowed", allowed)
	if a != nil && a.Answered() {
		row.Time = l.T("exam.time_of", "Time", l.Seconds(a.Elapsed, 1), "Allowed", allowed)
		row.Yours = string(a.Answer)
		if d != nil {
			if k, err := storedAnswer(a); err == nil {
				row.Yours = joinLines(answerLines(l, d, drills.Key(k)))
			}
		}
		if forTrainee {
			row.URL = attemptURL(a.ID)
		}
	}
	return row, nil
}

func joinLines(ls []templates.AnswerLine) string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Text
	}
	return strings.Join(out, "; ")
}

// examTiming puts the exam's time allowed on the feedback of one of its
// items, instead of the practice target: an exam judges an answer by the
// time its standard allows (late counts wrong), not by FAST, OK or SLOW.
func (s *Server) examTiming(ctx context.Context, sess *trainer.PracticeSession, a *trainer.Attempt, f *templates.FeedbackView) error {
	ex, err := s.db.FindExam(ctx, sess.ID, a.UserID)
	if err != nil {
		return err
	}
	if a.Position < 1 || a.Position > len(ex.Items) {
		return fmt.Errorf("exam %d: no item %d", ex.ID, a.Position)
	}
	allowed := ex.Items[a.Position-1].Seconds
	l := i18n.FromContext(ctx)
	limit := l.Seconds(time.Duration(allowed)*time.Second, 0)
	f.Target = l.T("exam.target_allowed", "Allowed", limit)
	f.Speed, f.SpeedClass = "", ""
	if eval.JudgeItem(ex.Items[a.Position-1], a) == eval.ItemOverTime {
		f.SpeedNote = l.T("exam.answered_late", "Allowed", limit)
	} else {
		f.SpeedNote = l.T("exam.answered_within", "Allowed", limit)
	}
	return nil
}
