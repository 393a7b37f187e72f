package server

import (
	"context"
	"fmt"
	"time"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The live drill's views (the projector's and each tablet's), built from a
// snapshot of the hub (class_hub.go) at the store's time now. They leave
// out what a phase must not show: the key before the lock (on every
// tablet and on the projector), who answered and what while answers are
// open, names unless the instructor lets them on the projector.

// liveState is the state of the snapshot's live drill at now.
func liveState(sn *liveSnap, now time.Time) (string, class.State) {
	switch {
	case !sn.running():
		return templates.LiveIdle, class.State{}
	case sn.Question() == nil:
		return templates.LiveWaiting, class.State{}
	}
	st := sn.Question().At(now)
	switch st.Phase {
	case class.PhasePreview:
		return templates.LivePreview, st
	case class.PhaseOpen:
		return templates.LiveOpen, st
	case class.PhaseLocked:
		return templates.LiveLocked, st
	}
	return templates.LiveSkipped, st
}

// liveClock is the question's countdown at state st.
func liveClock(sn *liveSnap, state string, st class.State) templates.LiveClock {
	c := templates.LiveClock{}
	if state == templates.LivePreview || state == templates.LiveOpen {
		c.State, c.Left, c.Paused = state, st.Left, st.Paused
		c.Key = fmt.Sprintf("%d:%s:%d:%t", sn.Live.Question.ID, state, st.Window.Milliseconds(), st.Paused)
	}
	return c
}

// drillFor rebuilds the current question's drill in the reader's language.
func (s *Server) drillFor(ctx context.Context, q *class.Question) (*drills.Drill, error) {
	return s.plan.Rebuild(trainer.Spec{Game: q.Game, Kind: q.Kind, Level: q.Level, Seed: q.Seed, House: q.House,
		RulesVersion: q.RulesVersion, Lang: drillLang(ctx)})
}

// classSession is the session a live question's views are made in: a
// class's, closed, so that the practice views show no hint, no timer of
// their own and no "next".
var classSession = &trainer.PracticeSession{Mode: trainer.ModeClass, EndedAt: time.Unix(1, 0)}

// liveQuestion is the question as practice shows it, with the answer form
// posting to action ("" for none: the projector, the preview).
func (s *Server) liveQuestion(l *i18n.Localizer, q *class.Question, d *drills.Drill, action string) *templates.QuestionView {
	qv := s.questionView(l, classSession, &served{a: &trainer.Attempt{ID: q.ID, ServedAt: q.Start}, d: d}, nil, nil)
	qv.Action, qv.TargetSeconds, qv.ElapsedSeconds, qv.HintAction = action, 0, 0, ""
	return &qv
}

// projectorPanel is what the projector shows at now.
func (s *Server) projectorPanel(ctx context.Context, sn *liveSnap, now time.Time) (templates.ProjectorPanel, error) {
	l := i18n.FromContext(ctx)
	state, st := liveState(sn, now)
	p := templates.ProjectorPanel{State: state, Paused: st.Paused, Joined: sn.Live.Joined, Members: len(sn.Class.Members),
		Answered: sn.Live.Answered, Standing: string(sn.Class.Standing), ShowNames: sn.Class.ShowNames}
	p.Clock = liveClock(sn, state, st)
	var qID int64
	if q := sn.Question(); q != nil {
		qID = q.ID
		p.Number, p.Game, p.Kind = q.Number, templates.GameWord{Slug: q.Game, Name: s.gameName(q.Game)}, q.Kind
		d, err := s.drillFor(ctx, q)
		if err != nil {
			return p, err
		}
		if state != templates.LiveSkipped {
			p.Question = s.liveQuestion(l, q, d, "")
		}
		if state == templates.LiveLocked {
			res, err := s.liveResults(l, d, sn.Answers)
			if err != nil {
				return p, err
			}
			p.Results = res
			if sn.Class.ShowNames {
				for _, a := range sn.Answers {
					if a.Correct && sn.Names[a.UserID] != "" {
						p.RightNames = append(p.RightNames, sn.Names[a.UserID])
					}
				}
			}
		}
		for _, tm := range sn.Teams {
			p.Teams = append(p.Teams, teamRow(tm))
		}
	}
	p.Key = fmt.Sprintf("%s|%d|%d|%t|%d|%d|%d|%s|%t|%d|%s", state, runID(sn), qID, st.Paused, sn.Live.Answered,
		sn.Live.Joined, st.Window.Milliseconds(), sn.Class.Standing, sn.Class.ShowNames, len(sn.Class.Members), l.Tag())
	return p, nil
}

func runID(sn *liveSnap) int64 {
	if sn.Live.Run == nil {
		return 0
	}
	return sn.Live.Run.ID
}

func teamRow(t class.Team) templates.TeamRow {
	return templates.TeamRow{Table: t.Table, Place: t.Place, Shared: t.Shared, Members: t.Members, Mean: t.MeanTenths()}
}

// liveResults are a closed question's results in l's language: the spread,
// the share right and the median time apart, the right answer with its
// explanation and sections, and the mistakes made most often with theirs.
func (s *Server) liveResults(l *i18n.Localizer, d *drills.Drill, answers []*trainer.Attempt) (*templates.LiveResults, error) {
	rs, err := class.Responses(answers)
	if err != nil {
		return nil, err
	}
	t := class.Tally(d, rs)
	res := &templates.LiveResults{Answered: t.Answered, Right: t.Right, Percent: t.Percent(), Median: t.Median,
		Other: t.Spread.Other, RightAnswer: answerLines(l, d, d.Key), Explanation: d.Explanation,
		Refs: s.citations(l.Lang(), d.Game, d.Refs)}
	top := 0
	for _, b := range t.Spread.Bars {
		top = max(top, b.Count)
	}
	for _, b := range t.Spread.Bars {
		res.Bars = append(res.Bars, templates.SpreadBar{Label: lineText(answerLines(l, d, drills.Key(b.Answer))), Count: b.Count,
			Right: b.Right, Width: width(b.Count, top)})
	}
	for _, line := range t.Spread.Lines {
		top := 0
		for _, b := range line.Bars {
			top = max(top, b.Count)
		}
		sl := templates.SpreadLine{Label: outcomeLabel(l, d.Game, line.Outcome)}
		for _, b := range line.Bars {
			sl.Bars = append(sl.Bars, templates.SpreadBar{Label: resultLabel(l, line.Outcome, b.Result), Count: b.Count,
				Right: b.Right, Width: width(b.Count, top)})
		}
		res.Lines = append(res.Lines, sl)
	}
	for _, m := range t.Mistakes {
		mr := templates.MistakeRow{Answer: answerLines(l, d, drills.Key(m.Answer)), Count: m.Count}
		if m.Rule != nil {
			mr.Text, mr.Refs = m.Rule.Explanation, s.mistakeCitations(l.Lang(), d.Game, m.Rule)
		}
		res.Mistakes = append(res.Mistakes, mr)
	}
	return res, nil
}

// lineText is an answer's lines on one line, for a bar's label.
func lineText(ls []templates.AnswerLine) string {
	out := ""
	for i, x := range ls {
		if i > 0 {
			out += "; "
		}
		out += x.Text
	}
	return out
}

// width is a bar's length in percent of the longest bar's count top; a
// bar with answers is never shorter than a sliver.
func width(n, top int) int {
	if top == 0 || n == 0 {
		return 0
	}
	return max(100*n/top, 2)
}

// tabletPanel is what trainee userID's tablet shows at now: p is their
// participation in the live drill (nil until they join).
func (s *Server) tabletPanel(ctx context.Context, sn *liveSnap, p *trainer.ClassParticipant, userID int64, now time.Time) (templates.TabletPanel, error) {
	l := i18n.FromContext(ctx)
	state, st := liveState(sn, now)
	v := templates.TabletPanel{State: state, Paused: st.Paused, HomeURL: "/trainee"}
	q := sn.Question()
	if p != nil && sn.running() && p.RunID != sn.Live.Run.ID {
		p = nil // a past drill's participation
	}
	switch {
	case state == templates.LiveIdle:
		v.Key = "idle"
		return v, nil
	case p == nil:
		v.State, v.JoinAction = templates.LiveJoin, tabletURL(sn.Class.ID)+"/join"
		v.Key = fmt.Sprintf("join|%d", sn.Live.Run.ID)
		return v, nil
	case q == nil:
		v.Key = fmt.Sprintf("waiting|%d", sn.Live.Run.ID)
		return v, nil
	}
	v.Number = q.Number
	mine := sn.AnswerOf(userID)
	late := p.JoinedAt.After(q.Start) && !q.At(p.JoinedAt).Admits()
	switch {
	case late:
		v.State = templates.LiveLate
	case state == templates.LiveOpen && mine != nil:
		v.State = templates.LiveAnswered
	}
	v.Clock = liveClock(sn, state, st)
	lang := l.Tag()
	v.Key = fmt.Sprintf("%s|%d|%t|%s", v.State, q.ID, st.Paused, lang)
	if v.State == templates.LiveSkipped || v.State == templates.LiveLate && state != templates.LiveLocked {
		return v, nil
	}
	d, err := s.drillFor(ctx, q)
	if err != nil {
		return v, err
	}
	switch v.State {
	case templates.LivePreview:
		v.Question = s.liveQuestion(l, q, d, "")
	case templates.LiveOpen:
		v.Question = s.liveQuestion(l, q, d, answerURL(sn.Class.ID, q.ID))
		v.Form = !st.Paused
	case templates.LiveAnswered:
		v.Question = s.liveQuestion(l, q, d, "")
		ans, err := storedAnswer(mine)
		if err != nil {
			return v, err
		}
		v.Yours = answerLines(l, d, drills.Key(ans))
	case templates.LiveLocked, templates.LiveLate:
		if err := s.tabletResult(l, sn, p, userID, d, mine, &v); err != nil {
			return v, err
		}
		v.Key += fmt.Sprintf("|%t|%d|%d", mine != nil, v.Place, len(sn.Teams))
	}
	return v, nil
}

// tabletResult fills a closed question's result on the tablet: the
// trainee's own verdict and the explanation, as practice gives them, or
// the right answer when they gave none, and their place when the class
// shows a standing.
func (s *Server) tabletResult(l *i18n.Localizer, sn *liveSnap, p *trainer.ClassParticipant, userID int64, d *drills.Drill, mine *trainer.Attempt, v *templates.TabletPanel) error {
	if mine != nil {
		f, err := s.feedbackView(l, classSession, mine, d, true)
		if err != nil {
			return err
		}
		v.Result = &f
	} else {
		v.NoAnswer = &templates.LiveResults{RightAnswer: answerLines(l, d, d.Key), Explanation: d.Explanation,
			Refs: s.citations(l.Lang(), d.Game, d.Refs)}
	}
	if pl, ok := sn.Places[userID]; ok {
		v.Place, v.Of, v.Shared = pl.Place, pl.Of, pl.Shared
	}
	for _, tm := range sn.Teams {
		if tm.Table == p.Table {
			row := teamRow(tm)
			v.Team = &row
		}
	}
	return nil
}

func answerURL(classID, questionID int64) string {
	return fmt.Sprintf("%s/questions/%d/answer", tabletURL(classID), questionID)
}
