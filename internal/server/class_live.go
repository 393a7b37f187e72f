package server

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/live"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// The instructor's live drill (issue 23): the projector's page and the
// controls under it. Every action is a write of the store, decided by
// package class inside its transaction with the store's clock; the page
// learns of it through the event stream (class_stream.go), as every tablet
// does. Without JavaScript each form posts and the page comes back.

// handleProjector is the live drill's page for the projector: the question
// as the class sees it, the count answered while answers are open, the
// results once closed, and the instructor's controls.
func (s *Server) handleProjector(w http.ResponseWriter, r *http.Request) {
	c, err := s.drivenClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	ctx := r.Context()
	sn, err := s.live.Current(ctx, c.ID, false)
	if err != nil {
		s.error(w, r, err)
		return
	}
	now := s.db.Clock()
	panel, err := s.view.ProjectorPanel(ctx, &sn.Live, drillLang(ctx), now)
	if err != nil {
		s.error(w, r, err)
		return
	}
	controls, err := s.projectorControls(ctx, sn, now)
	if err != nil {
		s.error(w, r, err)
		return
	}
	page := s.page(r, say.Msg("classes.live.title", "Class", c.Name), "classes")
	page.RefreshSeconds = 5 // without JavaScript; the event stream does it otherwise
	v := templates.ProjectorView{Page: page, ClassName: c.Name, ClassURL: classURL(c.ID),
		EventsURL: classLiveURL(c.ID) + "/events", PollURL: classLiveURL(c.ID) + "/panel", Panel: panel, Controls: controls}
	s.render(w, r, http.StatusOK, templates.ProjectorPage(v), nil)
}

// projectorControls are the instructor's controls at now: with the
// prepared lists to start a drill from while none runs, with the list the
// drill asks while it waits for the next question.
func (s *Server) projectorControls(ctx context.Context, sn *live.Snap, now time.Time) (templates.ProjectorControls, error) {
	var lists []*trainer.ClassList
	var asked *trainer.ClassList
	var err error
	switch state, _ := view.LiveState(&sn.Live, now); state {
	case templates.LiveIdle:
		lists, err = s.db.ListClassLists(ctx, 0)
	case templates.LiveWaiting, templates.LiveLocked, templates.LiveSkipped:
		if run := sn.Live.Live.Run; run != nil && run.ListID != 0 {
			asked, err = s.db.FindClassList(ctx, run.ListID)
			if trainer.KindOf(err) == trainer.KindNotFound { // deleted since: the name stays, no question is next
				asked, err = nil, nil
			}
		}
	}
	if err != nil {
		return templates.ProjectorControls{}, err
	}
	return s.view.ProjectorControls(ctx, &sn.Live, lists, asked, now)
}

// done ends an instructor's action: htmx hears the result through the
// event stream (204); a plain form comes back to the page.
func (s *Server) done(w http.ResponseWriter, r *http.Request, classID int64) {
	s.live.Poke()
	if isHTMX(r) {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	s.redirect(w, r, classLiveURL(classID))
}

// handleLiveStart starts a live drill of the class, asking the prepared
// list chosen ("list", empty for none) or the questions chosen one by one.
func (s *Server) handleLiveStart(w http.ResponseWriter, r *http.Request) {
	c, err := s.drivenClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	run := &trainer.ClassRun{ClassID: c.ID, House: s.house.Name, RulesVersion: s.plan.Version()}
	if v := r.PostForm.Get("list"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			s.error(w, r, trainer.ErrClassListNotFound)
			return
		}
		l, err := s.db.FindClassList(r.Context(), id)
		if err != nil {
			s.error(w, r, err)
			return
		}
		items, err := class.ListItems(l)
		if err != nil {
			s.error(w, r, err)
			return
		}
		if err := c.CheckList(&class.List{Items: items}); err != nil {
			s.error(w, r, err)
			return
		}
		run.ListID = l.ID
	}
	if err := s.db.StartClassRun(r.Context(), run); err != nil {
		s.error(w, r, err)
		return
	}
	s.live.Poke()
	s.redirect(w, r, classLiveURL(c.ID))
}

// handleLiveQuestion asks the next question: the prepared list's next
// ("from_list"), or the game, kind and level of the form, with its preview
// and answer window (the kind's target time when left empty). One seed,
// drawn here, makes the question on every tablet.
func (s *Server) handleLiveQuestion(w http.ResponseWriter, r *http.Request) {
	c, err := s.drivenClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if c.RunID == 0 {
		s.error(w, r, errClassNoRun)
		return
	}
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	ctx := r.Context()
	it, err := s.nextItem(ctx, c, r.PostForm)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if err := it.Validate(s.plan); err != nil {
		s.error(w, r, err)
		return
	}
	if !c.Learns(it.Game) {
		s.error(w, r, trainer.ErrClassGame)
		return
	}
	seed := it.SeedFrom(practice.NewRand())
	d, err := s.plan.Rebuild(trainer.Spec{Game: it.Game, Kind: it.Kind, Level: it.Level, Seed: seed, House: s.house.Name,
		RulesVersion: s.plan.Version()})
	if err != nil {
		s.error(w, r, err)
		return
	}
	timing, err := formTiming(r.PostForm, class.DefaultTiming(d))
	if err != nil {
		s.error(w, r, err)
		return
	}
	q := &trainer.ClassQuestion{RunID: c.RunID, Game: it.Game, Kind: it.Kind, Level: it.Level, Seed: seed, House: s.house.Name,
		RulesVersion: s.plan.Version(), Skill: d.Skill, TargetSeconds: d.TargetSeconds, Timing: timing}
	if err := s.db.StartClassQuestion(ctx, q, class.CheckNext); err != nil {
		s.error(w, r, err)
		return
	}
	s.done(w, r, c.ID)
}

// nextItem is the question the form asks: the run's list's next, or the
// game, kind and level chosen.
func (s *Server) nextItem(ctx context.Context, c *class.Class, form map[string][]string) (class.Item, error) {
	get := func(k string) string {
		if v := form[k]; len(v) > 0 {
			return strings.TrimSpace(v[0])
		}
		return ""
	}
	if get("from_list") == "" {
		level, _ := strconv.Atoi(get("level"))
		return class.Item{Game: get("game"), Kind: get("kind"), Level: level}, nil
	}
	live, err := s.db.ClassLive(ctx, c.ID, 0)
	if err != nil {
		return class.Item{}, err
	}
	if live.Run == nil || live.Run.ListID == 0 {
		return class.Item{}, refuse(trainer.KindConflict, "classes.live.list_done")
	}
	l, err := s.db.FindClassList(ctx, live.Run.ListID)
	if err != nil {
		return class.Item{}, err
	}
	items, err := class.ListItems(l)
	if err != nil {
		return class.Item{}, err
	}
	n := 0
	if live.Question != nil {
		n = live.Question.Number
	}
	if n >= len(items) {
		return class.Item{}, refuse(trainer.KindConflict, "classes.live.list_done")
	}
	return items[n], nil
}

// formTiming reads the preview and the answer window in whole seconds
// ("preview", "window"; the window empty for def's), checked by
// class.CheckTiming.
func formTiming(form map[string][]string, def class.Timing) (class.Timing, error) {
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
			return refuse(trainer.KindInvalid, "classes.live.seconds")
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

// handleLiveAction records the instructor's action on the current question
// ("question"): pause, resume, add ("add" seconds), lock or skip.
func (s *Server) handleLiveAction(w http.ResponseWriter, r *http.Request) {
	c, err := s.drivenClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	qID, err := strconv.ParseInt(r.PostForm.Get("question"), 10, 64)
	if err != nil {
		s.error(w, r, trainer.ErrClassQuestionNotFound)
		return
	}
	e := trainer.ClassEvent{Action: class.Action(r.PostForm.Get("action"))}
	if e.Action == class.ActionAdd {
		n, err := strconv.Atoi(r.PostForm.Get("add"))
		if err != nil {
			s.error(w, r, refuse(trainer.KindInvalid, "classes.live.seconds"))
			return
		}
		e.Add = time.Duration(n) * time.Second
	}
	if err := s.questionOf(r.Context(), c, qID); err != nil {
		s.error(w, r, err)
		return
	}
	if _, err := s.db.RecordClassEvent(r.Context(), qID, e, class.CheckEvent); err != nil {
		s.error(w, r, err)
		return
	}
	s.done(w, r, c.ID)
}

// questionOf refuses question qID unless it is the class's live drill's:
// an instructor drives their own class's questions only.
func (s *Server) questionOf(ctx context.Context, c *class.Class, qID int64) error {
	live, err := s.db.ClassLive(ctx, c.ID, 0)
	if err != nil {
		return err
	}
	if live.Run == nil {
		return errClassNoRun
	}
	switch {
	case live.Question == nil:
		return trainer.ErrClassQuestionNotFound
	case live.Question.ID != qID: // a page left open on a question since followed
		return trainer.ErrClassMovedOn
	}
	return nil
}

// handleLiveStanding switches the standing the class shows (none,
// anonymous, teams by practice table) and whether names may appear on the
// projector.
func (s *Server) handleLiveStanding(w http.ResponseWriter, r *http.Request) {
	c, err := s.drivenClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	st, err := class.ParseStanding(r.PostForm.Get("standing"))
	if err != nil {
		s.error(w, r, err)
		return
	}
	c.Standing, c.ShowNames = st, r.PostForm.Get("names") == "show"
	if err := s.db.UpdateClass(r.Context(), (*trainer.Class)(c)); err != nil {
		s.error(w, r, err)
		return
	}
	s.done(w, r, c.ID)
}

// handleLiveEnd ends the live drill and shows its report.
func (s *Server) handleLiveEnd(w http.ResponseWriter, r *http.Request) {
	c, err := s.drivenClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if c.RunID == 0 {
		s.error(w, r, errClassNoRun)
		return
	}
	run, err := s.db.EndClassRun(r.Context(), c.RunID)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.live.Poke()
	s.redirect(w, r, reportURL(c.ID, run.ID))
}
