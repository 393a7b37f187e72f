package view

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The live drill's views (issue 23, docs/classes.md "Live drill"): the
// projector's and each tablet's, built from what the store says of a
// class's live drill at one moment (class.Live) at the store's time now. They
// leave out what a phase must not show: the key before the lock (on every
// tablet and on the projector), who answered and what while answers are
// open, names unless the instructor lets them on the projector.

// LiveState is the state of the live drill at now.
func LiveState(lv *class.Live, now time.Time) (string, class.State) {
	switch {
	case !lv.Running():
		return templates.LiveIdle, class.State{}
	case lv.Question() == nil:
		return templates.LiveWaiting, class.State{}
	}
	st := lv.Question().At(now)
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
func liveClock(lv *class.Live, state string, st class.State) templates.LiveClock {
	c := templates.LiveClock{}
	if state == templates.LivePreview || state == templates.LiveOpen {
		c.State, c.Left, c.Paused = state, st.Left, st.Paused
		c.Key = fmt.Sprintf("%d:%s:%d:%t", lv.Live.Question.ID, state, st.Window.Milliseconds(), st.Paused)
	}
	return c
}

// ClassDrill rebuilds a live question's drill in the reader's language
// (lang as drills.Spec.Lang writes it).
func (k *Kiosk) ClassDrill(q *class.Question, lang string) (*drills.Drill, error) {
	return k.Plan.Rebuild(q.Spec(lang))
}

// classSession is the session a live question's views are made in: a
// class's, closed, so that the practice views show no hint, no timer of
// their own and no "next".
var classSession = &trainer.PracticeSession{Mode: trainer.ModeClass, EndedAt: time.Unix(1, 0)}

// LiveQuestion is the question as practice shows it, with the answer form
// posting to action ("" for none: the projector, the preview); form and
// errs show a refused answer again.
func (k *Kiosk) LiveQuestion(ctx context.Context, q *class.Question, d *drills.Drill, action string, form url.Values, errs templates.Errors) *templates.QuestionView {
	qv := k.Question(ctx, classSession, &trainer.Attempt{ID: q.ID, ServedAt: q.Start}, d, q.Start, form, errs)
	qv.Action, qv.TargetSeconds, qv.ElapsedSeconds, qv.HintAction = action, 0, 0, ""
	return &qv
}

// ProjectorPanel is what the projector shows at now; lang is the drill's
// language (drills.Spec.Lang).
func (k *Kiosk) ProjectorPanel(ctx context.Context, lv *class.Live, lang string, now time.Time) (templates.ProjectorPanel, error) {
	state, st := LiveState(lv, now)
	p := templates.ProjectorPanel{State: state, Paused: st.Paused, Joined: lv.Live.Joined, Members: len(lv.Class.Members),
		Answered: lv.Live.Answered, Standing: string(lv.Class.Standing), ShowNames: lv.Class.ShowNames}
	p.Clock = liveClock(lv, state, st)
	var qID int64
	if q := lv.Question(); q != nil {
		qID = q.ID
		p.Number, p.Game, p.Kind = q.Number, templates.GameWord{Slug: q.Game}, q.Kind
		d, err := k.ClassDrill(q, lang)
		if err != nil {
			return p, err
		}
		if state != templates.LiveSkipped {
			p.Question = k.LiveQuestion(ctx, q, d, "", nil, nil)
		}
		if state == templates.LiveLocked {
			res, err := k.liveResults(ctx, d, lv.Answers)
			if err != nil {
				return p, err
			}
			p.Results = res
			if lv.Class.ShowNames {
				for _, a := range lv.Answers {
					if a.Correct && lv.Names[a.UserID] != "" {
						p.RightNames = append(p.RightNames, lv.Names[a.UserID])
					}
				}
			}
		}
		for _, tm := range lv.Teams {
			p.Teams = append(p.Teams, teamRow(tm))
		}
	}
	p.Key = fmt.Sprintf("%s|%d|%d|%t|%d|%d|%d|%s|%t|%d|%s", state, lv.RunID(), qID, st.Paused, lv.Live.Answered,
		lv.Live.Joined, st.Window.Milliseconds(), lv.Class.Standing, lv.Class.ShowNames, len(lv.Class.Members), i18n.FromContext(ctx).Tag())
	return p, nil
}

func teamRow(t class.Team) templates.TeamRow {
	return templates.TeamRow{Table: t.Table, Place: t.Place, Shared: t.Shared, Members: t.Members, Mean: t.MeanTenths()}
}

// liveResults are a closed question's results: the spread, the share
// right and the median time apart, the right answer with its explanation
// and sections, and the mistakes made most often with theirs.
func (k *Kiosk) liveResults(ctx context.Context, d *drills.Drill, answers []*trainer.Attempt) (*templates.LiveResults, error) {
	lang := i18n.FromContext(ctx).Lang()
	rs, err := class.Responses(answers)
	if err != nil {
		return nil, err
	}
	t := class.Tally(d, rs)
	res := &templates.LiveResults{Answered: t.Answered, Right: t.Right, Percent: t.Percent(), Median: t.Median,
		Other: t.Spread.Other, RightAnswer: AnswerLines(ctx, d, d.Key), Explanation: d.Explanation,
		Refs: k.Citations(lang, d.Game, d.Refs)}
	top := 0
	for _, b := range t.Spread.Bars {
		top = max(top, b.Count)
	}
	for _, b := range t.Spread.Bars {
		res.Bars = append(res.Bars, templates.SpreadBar{Label: joinLines(AnswerLines(ctx, d, drills.Key(b.Answer))), Count: b.Count,
			Right: b.Right, Width: barWidth(b.Count, top)})
	}
	for _, line := range t.Spread.Lines {
		top := 0
		for _, b := range line.Bars {
			top = max(top, b.Count)
		}
		sl := templates.SpreadLine{Label: outcomeLabel(ctx, d.Game, line.Outcome)}
		for _, b := range line.Bars {
			sl.Bars = append(sl.Bars, templates.SpreadBar{Label: resultLabel(ctx, line.Outcome, b.Result), Count: b.Count,
				Right: b.Right, Width: barWidth(b.Count, top)})
		}
		res.Lines = append(res.Lines, sl)
	}
	for _, m := range t.Mistakes {
		mr := templates.MistakeRow{Answer: AnswerLines(ctx, d, drills.Key(m.Answer)), Count: m.Count}
		if m.Rule != nil {
			mr.Text, mr.Refs = m.Rule.Explanation, k.mistakeCitations(lang, d.Game, m.Rule)
		}
		res.Mistakes = append(res.Mistakes, mr)
	}
	return res, nil
}

// barWidth is a bar's length in percent of the longest bar's count top; a
// bar with answers is never shorter than a sliver.
func barWidth(n, top int) int {
	if top == 0 || n == 0 {
		return 0
	}
	return max(100*n/top, 2)
}

// TabletPanel is what trainee userID's tablet shows at now: p is their
// participation in the live drill (nil until they join); lang is the
// drill's language.
func (k *Kiosk) TabletPanel(ctx context.Context, lv *class.Live, p *trainer.ClassParticipant, userID int64, lang string, now time.Time) (templates.TabletPanel, error) {
	return k.TabletPanelSince(ctx, lv, p, userID, lang, now, "")
}

// TabletPanelSince is TabletPanel for a tablet that shows the panel of key
// shown already (an event stream): while the question is shown, unanswered
// or answered, and that key still holds, it returns the key and the clock
// only, without rebuilding the drill and its view. Every answer to a
// question makes a new snapshot of the class, and each of a process's
// streams rebuilt the question for it only to find its key unchanged
// (docs/load.md, "The live drill's fan-out").
func (k *Kiosk) TabletPanelSince(ctx context.Context, lv *class.Live, p *trainer.ClassParticipant, userID int64, lang string, now time.Time, shown string) (templates.TabletPanel, error) {
	state, st := LiveState(lv, now)
	v := templates.TabletPanel{State: state, Paused: st.Paused, HomeURL: "/trainee"}
	q := lv.Question()
	if p != nil && lv.Running() && p.RunID != lv.Live.Run.ID {
		p = nil // a past drill's participation
	}
	switch {
	case state == templates.LiveIdle:
		v.Key = "idle"
		return v, nil
	case p == nil:
		v.State, v.JoinAction = templates.LiveJoin, templates.TabletURL(lv.Class.ID)+"/join"
		v.Key = fmt.Sprintf("join|%d", lv.Live.Run.ID)
		return v, nil
	case q == nil:
		v.Key = fmt.Sprintf("waiting|%d", lv.Live.Run.ID)
		return v, nil
	}
	v.Number = q.Number
	mine := lv.AnswerOf(userID)
	late := p.JoinedAt.After(q.Start) && !q.At(p.JoinedAt).Admits()
	switch {
	case late:
		v.State = templates.LiveLate
	case state == templates.LiveOpen && mine != nil:
		v.State = templates.LiveAnswered
	}
	v.Clock = liveClock(lv, state, st)
	v.Key = fmt.Sprintf("%s|%d|%t|%s", v.State, q.ID, st.Paused, i18n.FromContext(ctx).Tag())
	if v.State == templates.LiveSkipped || v.State == templates.LiveLate && state != templates.LiveLocked {
		return v, nil
	}
	if v.Key == shown && (v.State == templates.LivePreview || v.State == templates.LiveOpen || v.State == templates.LiveAnswered) {
		return v, nil // the tablet shows it: its clock is all that may move
	}
	d, err := k.ClassDrill(q, lang)
	if err != nil {
		return v, err
	}
	switch v.State {
	case templates.LivePreview:
		v.Question = k.LiveQuestion(ctx, q, d, "", nil, nil)
	case templates.LiveOpen:
		v.Question = k.LiveQuestion(ctx, q, d, templates.ClassAnswerURL(lv.Class.ID, q.ID), nil, nil)
		v.Form = !st.Paused
	case templates.LiveAnswered:
		v.Question = k.LiveQuestion(ctx, q, d, "", nil, nil)
		ans, err := StoredAnswer(mine)
		if err != nil {
			return v, err
		}
		v.Yours = AnswerLines(ctx, d, drills.Key(ans))
	case templates.LiveLocked, templates.LiveLate:
		if err := k.tabletResult(ctx, lv, p, userID, d, mine, &v); err != nil {
			return v, err
		}
		v.Key += fmt.Sprintf("|%t|%d|%d", mine != nil, v.Place, len(lv.Teams))
	}
	return v, nil
}

// tabletResult fills a closed question's result on the tablet: the
// trainee's own verdict and the explanation, as practice gives them, or
// the right answer when they gave none, and their place when the class
// shows a standing.
func (k *Kiosk) tabletResult(ctx context.Context, lv *class.Live, p *trainer.ClassParticipant, userID int64, d *drills.Drill, mine *trainer.Attempt, v *templates.TabletPanel) error {
	if mine != nil {
		f, err := k.Feedback(ctx, classSession, mine, d, true)
		if err != nil {
			return err
		}
		v.Result = &f
	} else {
		v.NoAnswer = &templates.LiveResults{RightAnswer: AnswerLines(ctx, d, d.Key), Explanation: d.Explanation,
			Refs: k.Citations(i18n.FromContext(ctx).Lang(), d.Game, d.Refs)}
	}
	if pl, ok := lv.Places[userID]; ok {
		v.Place, v.Of, v.Shared = pl.Place, pl.Of, pl.Shared
	}
	for _, tm := range lv.Teams {
		if tm.Table == p.Table {
			row := teamRow(tm)
			v.Team = &row
		}
	}
	return nil
}

// ClassResume is the home page's way back to a class's live page, for a
// trainee whose open session is the class's.
func ClassResume(ctx context.Context, className string, classID int64, answered int) *templates.ResumeView {
	return &templates.ResumeView{URL: templates.TabletURL(classID), Title: className,
		Progress: say.T(ctx, "classes.home.answered", "Count", answered)}
}

// ProjectorControls are the instructor's controls under the projector at
// now: to start a drill (from one of lists the class can ask, or question
// by question) while none runs, to ask the next question (asked is the
// prepared list the drill asks, nil for none or one deleted since), to
// pause, add time, close or skip, the standing, and to end the drill.
func (k *Kiosk) ProjectorControls(ctx context.Context, lv *class.Live, lists []*trainer.ClassList, asked *trainer.ClassList, now time.Time) (templates.ProjectorControls, error) {
	base := templates.ClassLiveURL(lv.Class.ID)
	state, st := LiveState(lv, now)
	c := templates.ProjectorControls{State: state, Paused: st.Paused, Actions: base + "/action",
		StandingAction: base + "/standing", Standing: string(lv.Class.Standing), ShowNames: lv.Class.ShowNames}
	var qID int64
	if q := lv.Question(); q != nil {
		qID = q.ID
		c.Question = strconv.FormatInt(q.ID, 10)
	}
	c.Key = fmt.Sprintf("%s|%d|%d|%t|%s|%t", state, lv.RunID(), qID, st.Paused, lv.Class.Standing, lv.Class.ShowNames)
	switch state {
	case templates.LiveIdle:
		c.Start = &templates.StartRunForm{Action: base + "/start"}
		for _, l := range lists {
			if items, err := class.ListItems(l); err == nil && lv.Class.CheckList(&class.List{Items: items}) == nil {
				c.Start.Lists = append(c.Start.Lists, templates.ClassPick{Value: strconv.FormatInt(l.ID, 10), Name: l.Name})
			}
		}
		return c, nil
	case templates.LiveWaiting, templates.LiveLocked, templates.LiveSkipped:
		f, err := k.nextForm(ctx, lv, asked)
		if err != nil {
			return c, err
		}
		c.Next = f
		c.Key += fmt.Sprintf("|%d", f.ListN)
	}
	c.EndAction = base + "/end"
	return c, nil
}

// nextForm is the form that asks the next question: the class's games,
// the kinds and levels, the same as the question before by default, and
// the next question of the prepared list the drill asks (asked, nil when
// it asks none or the list was deleted since).
func (k *Kiosk) nextForm(ctx context.Context, lv *class.Live, asked *trainer.ClassList) (*templates.NextQuestionForm, error) {
	f := &templates.NextQuestionForm{Action: templates.ClassLiveURL(lv.Class.ID) + "/question", Level: 1,
		Preview: int(class.DefaultPreview / time.Second)}
	game, kind := "", "payout"
	if len(lv.Class.Games) > 0 {
		game = lv.Class.Games[0]
	}
	if q := lv.Question(); q != nil {
		game, kind, f.Level = q.Game, q.Kind, q.Level
		f.Preview = int(q.Timing.Preview / time.Second)
	}
	for _, g := range lv.Class.Games {
		f.Games = append(f.Games, templates.ClassPick{Value: g, Name: say.Game(ctx, g), Checked: g == game})
	}
	for _, kd := range k.kindsOf(lv.Class.Games) {
		f.Kinds = append(f.Kinds, templates.ClassPick{Value: kd, Name: kd, Checked: kd == kind})
	}
	for _, l := range k.Plan.Levels() {
		f.Levels = append(f.Levels, templates.LevelPick{Level: l.Level, Title: l.Title})
	}
	if run := lv.Live.Run; run != nil && run.ListID != 0 {
		f.ListName = run.ListName
		if asked != nil {
			items, err := class.ListItems(asked)
			if err != nil {
				return nil, err
			}
			f.ListLen = len(items)
			if q := lv.Question(); q != nil {
				f.ListN = q.Number
			}
			if f.ListN < len(items) {
				it := k.ListItem(items[f.ListN])
				f.ListNext = &it
			}
		}
	}
	return f, nil
}

// kindsOf are the kinds of drill any of games has, in drills.Kinds' order.
func (k *Kiosk) kindsOf(games []string) []string {
	var out []string
	for _, kd := range drills.Kinds {
		for _, g := range games {
			if k.Plan.Offers(g, kd) {
				out = append(out, kd)
				break
			}
		}
	}
	return out
}

// ReadLiveItem reads the question the live drill's form asks: the prepared
// list's next ("from_list"), or the game, kind and level chosen.
func ReadLiveItem(form url.Values) (it class.Item, fromList bool) {
	get := func(k string) string {
		if v := form[k]; len(v) > 0 {
			return strings.TrimSpace(v[0])
		}
		return ""
	}
	if get("from_list") != "" {
		return class.Item{}, true
	}
	level, _ := strconv.Atoi(get("level"))
	return class.Item{Game: get("game"), Kind: get("kind"), Level: level}, false
}

// ReadTiming reads the preview and the answer window in whole seconds
// ("preview", "window"; the window empty for def's), checked by
// class.CheckTiming.
func ReadTiming(form url.Values, def class.Timing) (class.Timing, error) {
	t := def
	read := func(k string, to *time.Duration) error {
		v := ""
		if vs := form[k]; len(vs) > 0 {
			v = strings.TrimSpace(vs[0])
		}
		if v == "" {
			return nil
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return trainer.NewError(trainer.KindInvalid, "classes.live.seconds")
		}
		*to = time.Duration(n) * time.Second
		return nil
	}
	if err := read("preview", &t.Preview); err != nil {
		return t, err
	}
	if err := read("window", &t.Window); err != nil {
		return t, err
	}
	return t, class.CheckTiming(t)
}

// JoinCards are the trainee's classes whose live drill runs, for the home
// page: "Join the class" in one tap, or back to it once joined (unless the
// session to resume, resume, is that class's already).
func JoinCards(running []class.Running, resume *templates.ResumeView) []templates.JoinCard {
	var out []templates.JoinCard
	for _, r := range running {
		url := templates.TabletURL(r.Class.ID)
		if r.Participant != nil && resume != nil && resume.URL == url {
			continue
		}
		out = append(out, templates.JoinCard{Name: r.Class.Name, Action: url + "/join", URL: url, Joined: r.Participant != nil})
	}
	return out
}
