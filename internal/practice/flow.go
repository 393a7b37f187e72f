package practice

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/dealerkiosk/trainer/internal/certs"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The session flow, shared by the practice pages and (issue 8) the exams:
// serve the next scenario, rebuild a served one, grade an answer. The
// server's handlers call these and render; the state lives in the
// database, never in the page, so a session resumes on any tablet and
// survives a restart.

// Flow serves, rebuilds and grades the scenarios of sessions and exams
// over the store, with the planner's drills; Certs judges whether an exam
// may start.
type Flow struct {
	DB    trainer.Store
	Plan  *Planner
	Certs *certs.Certs
}

// ErrSessionDone says every planned scenario of a session has its answer.
var ErrSessionDone = trainer.NewError(trainer.KindConflict, "error.session_done")

// reviewHistory bounds the answers read to schedule a review.
const reviewHistory = 1000

// NewRand returns a random stream for one decision; seeds themselves are
// stored, so nothing here needs to be reproducible.
func NewRand() *rand.Rand { return rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())) }

// Served is a scenario on screen: the stored attempt and its drill.
type Served struct {
	Attempt *trainer.Attempt
	Drill   *drills.Drill
}

// Next returns the session's scenario waiting for its answer, or serves
// a new one: in review, the trainee's last mistake not yet asked again (the
// same seed), then the skill the schedule finds most due; otherwise, or when
// review has nothing, a fresh drill of the session's kind. last is the
// session's scenario served last, read with sess (nil when none): the one
// waiting, if any, is always the last. Returns ErrSessionDone when every
// planned scenario has been answered. A new scenario is asked in lang (as
// drills.Spec.Lang writes it, "" for English); one served already keeps
// the language it was asked in.
func (f *Flow) Next(ctx context.Context, sess *trainer.PracticeSession, last *trainer.Attempt, lang string) (*Served, error) {
	if last != nil && !last.Answered() {
		return f.Rebuild(ctx, last)
	}
	if sess.Done() {
		return nil, ErrSessionDone
	}
	a := &trainer.Attempt{SessionID: sess.ID, UserID: sess.UserID, Source: trainer.SourceNew}
	d, err := f.pickDrill(ctx, sess, a, lang)
	if err != nil {
		return nil, err
	}
	a.Spec, a.Skill, a.TargetSeconds = SpecOf(d), d.Skill, d.TargetSeconds
	stored, err := f.DB.ServeAttempt(ctx, a)
	if err != nil {
		return nil, err
	}
	if stored != a { // another request served one first: show that one
		return f.Rebuild(ctx, stored)
	}
	return &Served{Attempt: a, Drill: d}, nil
}

// pickDrill chooses the next drill of sess, setting a's Source and RetryOf.
func (f *Flow) pickDrill(ctx context.Context, sess *trainer.PracticeSession, a *trainer.Attempt, lang string) (*drills.Drill, error) {
	rng := NewRand()
	kind := sess.Kind
	if kind == trainer.KindMixed {
		kind = ""
	}
	if sess.Mode == trainer.ModeReview {
		ms, err := f.DB.ReviewMistakes(ctx, sess.UserID, sess.Game, kind, sess.ID, 1)
		if err != nil {
			return nil, err
		}
		if len(ms) > 0 {
			// The same scenario again: same seed, under the kiosk's rules
			// now, in the trainee's language now.
			spec := ms[0].Spec
			spec.RulesVersion, spec.Lang = f.Plan.Version(), lang
			if d, err := f.Plan.Rebuild(spec); err == nil {
				a.Source, a.RetryOf = trainer.SourceRetry, ms[0].ID
				return d, nil
			}
		}
		past, err := f.DB.ListAttempts(ctx, trainer.AttemptFilter{UserID: sess.UserID, Game: sess.Game, Kind: kind,
			Answered: true, Limit: reviewHistory})
		if err != nil {
			return nil, err
		}
		for _, skill := range Due(past, f.DB.Clock()) {
			if !f.Plan.Offers(SkillGame(skill), SkillKind(skill)) {
				continue
			}
			if d, err := f.Plan.ForSkill(rng, skill, sess.Level, lang); err == nil {
				a.Source = trainer.SourceScheduled
				return d, nil
			}
		}
	}
	return f.Plan.Fresh(rng, sess.Game, sess.Kind, sess.Level, lang)
}

// Rebuild regenerates the drill of a served practice attempt. A scenario
// still waiting for its answer whose rules have changed since is served
// again, same seed, under the new rules with a new timer; an answered one is
// rebuilt under its own rules from their snapshot, or returns an error
// wrapping ErrRulesChanged when no copy of them was kept. (Exam items
// keep their exam's rules: ExamItem.)
func (f *Flow) Rebuild(ctx context.Context, a *trainer.Attempt) (*Served, error) {
	if !a.Answered() && a.RulesVersion != f.Plan.Version() {
		a.RulesVersion = f.Plan.Version()
		d, err := f.Plan.Rebuild(a.Spec)
		if err != nil {
			return nil, fmt.Errorf("rebuild attempt %d: %w", a.ID, err)
		}
		a.Skill, a.TargetSeconds = d.Skill, d.TargetSeconds
		if err := f.DB.RenewAttempt(ctx, a); err != nil {
			return nil, err
		}
		return &Served{Attempt: a, Drill: d}, nil
	}
	d, err := f.Plan.Rebuild(a.Spec)
	if err != nil {
		return nil, fmt.Errorf("rebuild attempt %d: %w", a.ID, err)
	}
	return &Served{Attempt: a, Drill: d}, nil
}

// Grade scores answer to the served scenario, answered now, and stores it.
// It returns the stored attempt and its session with the counts after the
// answer, read in the answer's transaction. The answer is acknowledged only
// once this returns: the feedback is rendered from the committed row. A
// second answer to the same scenario returns the stored attempt with
// trainer.ErrAnswered and writes nothing.
func (f *Flow) Grade(ctx context.Context, sv *Served, answer eval.Answer) (*trainer.Attempt, *trainer.PracticeSession, error) {
	now := f.DB.Clock()
	elapsed := max(now.Sub(sv.Attempt.ServedAt), 0)
	res := Score(sv.Drill, answer, elapsed)
	ans, err := json.Marshal(answer)
	if err != nil {
		return nil, nil, err
	}
	key, err := json.Marshal(sv.Drill.Key)
	if err != nil {
		return nil, nil, err
	}
	g := trainer.Grade{Answer: ans, Key: key, Correct: res.Correct, Score: res.Score, Speed: Speed(res.Grade),
		Elapsed: elapsed.Round(time.Millisecond)}
	if res.Mistake != nil {
		g.MistakeID = res.Mistake.ID
	}
	return f.DB.AnswerAttemptInSession(ctx, sv.Attempt.ID, sv.Attempt.UserID, now, g)
}

// AdvanceExam serves the exam's next item after an answer, or finishes the
// exam after the last; an item is asked in lang, as ExamItem's.
func (f *Flow) AdvanceExam(ctx context.Context, ex *trainer.Exam, lang string) error {
	_, err := f.ExamItem(ctx, ex, lang)
	if errors.Is(err, ErrSessionDone) {
		_, err = f.FinishExam(ctx, ex)
	}
	return err
}

// ExamItem returns the exam's item waiting for its answer, or serves
// the next one: its drill is rebuilt from the spec fixed at the start, under
// the exam's own rules version. Returns ErrSessionDone once every item has
// its answer. A new item is asked in lang (drills.Spec.Lang).
func (f *Flow) ExamItem(ctx context.Context, ex *trainer.Exam, lang string) (*Served, error) {
	if p, err := f.DB.PendingAttempt(ctx, ex.ID); err == nil {
		d, err := f.Plan.Rebuild(p.Spec)
		if err != nil {
			return nil, fmt.Errorf("exam %d, item %d: %w", ex.ID, p.Position, err)
		}
		return &Served{Attempt: p, Drill: d}, nil
	} else if trainer.KindOf(err) != trainer.KindNotFound {
		return nil, err
	}
	sess, err := f.DB.FindPracticeSession(ctx, ex.ID, ex.UserID)
	if err != nil {
		return nil, err
	}
	if sess.Answered >= len(ex.Items) {
		return nil, ErrSessionDone
	}
	it := ex.Items[sess.Answered]
	// The item is asked in the trainee's language now; the attempt that
	// serves it records that language, so the exam's review shows it so.
	spec := trainer.Spec{Game: ex.Game, Kind: it.Kind, Level: it.Level, Seed: it.Seed, House: ex.House,
		RulesVersion: ex.RulesVersion, Lang: lang}
	d, err := f.Plan.Rebuild(spec)
	if err != nil {
		return nil, fmt.Errorf("exam %d, item %d: %w", ex.ID, it.Position, err)
	}
	a := &trainer.Attempt{SessionID: ex.ID, UserID: ex.UserID, Source: trainer.SourceNew, Spec: spec,
		Skill: d.Skill, TargetSeconds: d.TargetSeconds}
	stored, err := f.DB.ServeAttempt(ctx, a)
	if trainer.KindOf(err) == trainer.KindConflict { // every item served and answered meanwhile
		return nil, ErrSessionDone
	}
	if err != nil {
		return nil, err
	}
	if stored != a {
		return f.ExamItem(ctx, ex, lang) // another request served it first
	}
	if a.Position != it.Position {
		return nil, fmt.Errorf("exam %d: item %d was served at position %d", ex.ID, it.Position, a.Position)
	}
	return &Served{Attempt: a, Drill: d}, nil
}

// FinishExam judges the exam from its answers against the standard stored
// with it, and records the result once.
func (f *Flow) FinishExam(ctx context.Context, ex *trainer.Exam) (*trainer.Exam, error) {
	var st rulebook.Standard
	if err := json.Unmarshal(ex.Standard, &st); err != nil {
		return nil, fmt.Errorf("exam %d: stored standard: %w", ex.ID, err)
	}
	as, err := f.DB.ListAttempts(ctx, trainer.AttemptFilter{UserID: ex.UserID, SessionID: ex.ID, Limit: len(ex.Items) + 1})
	if err != nil {
		return nil, err
	}
	res := eval.JudgeExam(&st, ex.Items, as)
	data, err := json.Marshal(res)
	if err != nil {
		return nil, err
	}
	return f.DB.FinishExam(ctx, ex, res.Passed, data)
}

// StartSession starts practice session sess (the store ends the trainee's
// open one) under the kiosk's house and rules, and serves its first
// scenario, asked in lang.
func (f *Flow) StartSession(ctx context.Context, sess *trainer.PracticeSession, lang string) error {
	sess.House, sess.RulesVersion, sess.Planned = f.Certs.House.Name, f.Plan.Version(), trainer.SessionLength
	if err := f.DB.StartPracticeSession(ctx, sess); err != nil {
		return err
	}
	_, err := f.Next(ctx, sess, nil, lang) // a new session has no scenario yet
	return err
}

// NextOrEnd is Next, but a session whose every planned scenario has its
// answer is ended instead: then it returns no scenario and the session as
// ended.
func (f *Flow) NextOrEnd(ctx context.Context, sess *trainer.PracticeSession, last *trainer.Attempt, lang string) (*Served, *trainer.PracticeSession, error) {
	sv, err := f.Next(ctx, sess, last, lang)
	if errors.Is(err, ErrSessionDone) {
		sess, err = f.DB.EndPracticeSession(ctx, sess.ID, sess.UserID)
		return nil, sess, err
	}
	return sv, sess, err
}
