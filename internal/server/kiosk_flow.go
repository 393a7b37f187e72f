package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The session flow, shared by the practice pages and (issue 8) the exams:
// serve the next scenario, rebuild a served one, grade an answer. Handlers
// call these and render; the state lives in the database, never in the page,
// so a session resumes on any tablet and survives a restart.

// errSessionDone says every planned scenario of a session has its answer.
var errSessionDone = trainer.NewError(trainer.KindConflict, "error.session_done")

// reviewHistory bounds the answers read to schedule a review.
const reviewHistory = 1000

// newRand returns a random stream for one decision; seeds themselves are
// stored, so nothing here needs to be reproducible.
func newRand() *rand.Rand { return rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())) }

// served is a scenario on screen: the stored attempt and its drill.
type served struct {
	a *trainer.Attempt
	d *drills.Drill
}

// serveNext returns the session's scenario waiting for its answer, or serves
// a new one: in review, the trainee's last mistake not yet asked again (the
// same seed), then the skill the schedule finds most due; otherwise, or when
// review has nothing, a fresh drill of the session's kind. last is the
// session's scenario served last, read with sess (nil when none): the one
// waiting, if any, is always the last. Returns errSessionDone when every
// planned scenario has been answered.
func (s *Server) serveNext(ctx context.Context, sess *trainer.PracticeSession, last *trainer.Attempt) (*served, error) {
	if last != nil && !last.Answered() {
		return s.rebuild(ctx, last)
	}
	if sess.Done() {
		return nil, errSessionDone
	}
	a := &trainer.Attempt{SessionID: sess.ID, UserID: sess.UserID, Source: trainer.SourceNew}
	d, err := s.pickDrill(ctx, sess, a)
	if err != nil {
		return nil, err
	}
	a.Spec, a.Skill, a.TargetSeconds = practice.SpecOf(d), d.Skill, d.TargetSeconds
	stored, err := s.db.ServeAttempt(ctx, a)
	if err != nil {
		return nil, err
	}
	if stored != a { // another request served one first: show that one
		return s.rebuild(ctx, stored)
	}
	return &served{a: a, d: d}, nil
}

// pickDrill chooses the next drill of sess, setting a's Source and RetryOf.
func (s *Server) pickDrill(ctx context.Context, sess *trainer.PracticeSession, a *trainer.Attempt) (*drills.Drill, error) {
	rng := newRand()
	kind := sess.Kind
	if kind == trainer.KindMixed {
		kind = ""
	}
	if sess.Mode == trainer.ModeReview {
		ms, err := s.db.ReviewMistakes(ctx, sess.UserID, sess.Game, kind, sess.ID, 1)
		if err != nil {
			return nil, err
		}
		if len(ms) > 0 {
			// The same scenario again: same seed, under the kiosk's rules
			// now, in the trainee's language now.
			spec := ms[0].Spec
			spec.RulesVersion, spec.Lang = s.plan.Version(), drillLang(ctx)
			if d, err := s.plan.Rebuild(spec); err == nil {
				a.Source, a.RetryOf = trainer.SourceRetry, ms[0].ID
				return d, nil
			}
		}
		past, err := s.db.ListAttempts(ctx, trainer.AttemptFilter{UserID: sess.UserID, Game: sess.Game, Kind: kind,
			Answered: true, Limit: reviewHistory})
		if err != nil {
			return nil, err
		}
		for _, skill := range practice.Due(past, s.db.Clock()) {
			if !s.plan.Offers(practice.SkillGame(skill), practice.SkillKind(skill)) {
				continue
			}
			if d, err := s.plan.ForSkill(rng, skill, sess.Level, drillLang(ctx)); err == nil {
				a.Source = trainer.SourceScheduled
				return d, nil
			}
		}
	}
	return s.plan.Fresh(rng, sess.Game, sess.Kind, sess.Level, drillLang(ctx))
}

// drillLang is the language a new question is asked in: the request's
// (server.language: the signed-in user's own, else the house's), as
// drills.Spec.Lang writes it, "" for English. The pseudo-locale asks in
// English: its drills are not converted. The attempt stores it; a question
// already served keeps the language it was asked in.
func drillLang(ctx context.Context) string {
	if lang := i18n.FromContext(ctx).Lang(); lang != i18n.Source {
		return lang
	}
	return ""
}

// rebuild regenerates the drill of a served practice attempt. A scenario
// still waiting for its answer whose rules have changed since is served
// again, same seed, under the new rules with a new timer; an answered one is
// rebuilt under its own rules from their snapshot, or returns an error
// wrapping practice.ErrRulesChanged when no copy of them was kept. (Exam items
// keep their exam's rules: serveExamItem.)
func (s *Server) rebuild(ctx context.Context, a *trainer.Attempt) (*served, error) {
	if !a.Answered() && a.RulesVersion != s.plan.Version() {
		a.RulesVersion = s.plan.Version()
		d, err := s.plan.Rebuild(a.Spec)
		if err != nil {
			return nil, fmt.Errorf("rebuild attempt %d: %w", a.ID, err)
		}
		a.Skill, a.TargetSeconds = d.Skill, d.TargetSeconds
		if err := s.db.RenewAttempt(ctx, a); err != nil {
			return nil, err
		}
		return &served{a: a, d: d}, nil
	}
	d, err := s.plan.Rebuild(a.Spec)
	if err != nil {
		return nil, fmt.Errorf("rebuild attempt %d: %w", a.ID, err)
	}
	return &served{a: a, d: d}, nil
}

// grade scores answer to the served scenario, answered now, and stores it.
// It returns the stored attempt and its session with the counts after the
// answer, read in the answer's transaction. The answer is acknowledged only
// once this returns: the feedback is rendered from the committed row. A
// second answer to the same scenario returns the stored attempt with
// trainer.ErrAnswered and writes nothing.
func (s *Server) grade(ctx context.Context, sv *served, answer eval.Answer) (*trainer.Attempt, *trainer.PracticeSession, error) {
	now := s.db.Clock()
	elapsed := max(now.Sub(sv.a.ServedAt), 0)
	res := practice.Score(sv.d, answer, elapsed)
	ans, err := json.Marshal(answer)
	if err != nil {
		return nil, nil, err
	}
	key, err := json.Marshal(sv.d.Key)
	if err != nil {
		return nil, nil, err
	}
	g := trainer.Grade{Answer: ans, Key: key, Correct: res.Correct, Score: res.Score, Speed: practice.Speed(res.Grade),
		Elapsed: elapsed.Round(time.Millisecond)}
	if res.Mistake != nil {
		g.MistakeID = res.Mistake.ID
	}
	return s.db.AnswerAttemptInSession(ctx, sv.a.ID, sv.a.UserID, now, g)
}
