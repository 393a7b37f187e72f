package server

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/live"
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
	panel, controls, err := s.projectorNow(ctx, sn)
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

// projectorNow is the projector's panel and the instructor's controls at
// the store's time, with the prepared lists the controls offer
// (class.Drive.Lists).
func (s *Server) projectorNow(ctx context.Context, sn *live.Snap) (templates.ProjectorPanel, templates.ProjectorControls, error) {
	now := s.db.Clock()
	panel, err := s.view.ProjectorPanel(ctx, &sn.Live, drillLang(ctx), now)
	if err != nil {
		return templates.ProjectorPanel{}, templates.ProjectorControls{}, err
	}
	lists, asked, err := s.drive.Lists(ctx, &sn.Live, now)
	if err != nil {
		return templates.ProjectorPanel{}, templates.ProjectorControls{}, err
	}
	controls, err := s.view.ProjectorControls(ctx, &sn.Live, lists, asked, now)
	return panel, controls, err
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
	if err := s.drive.Start(r.Context(), c, r.PostForm.Get("list")); err != nil {
		s.error(w, r, err)
		return
	}
	s.live.Poke()
	s.redirect(w, r, classLiveURL(c.ID))
}

// handleLiveQuestion asks the next question (class.Drive.Ask): the
// prepared list's next ("from_list"), or the game, kind and level of the
// form, with its preview and answer window (the kind's target time when
// left empty).
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
	it, fromList := view.ReadLiveItem(r.PostForm)
	timing := func(def class.Timing) (class.Timing, error) { return view.ReadTiming(r.PostForm, def) }
	if err := s.drive.Ask(r.Context(), c, it, fromList, timing); err != nil {
		s.error(w, r, err)
		return
	}
	s.done(w, r, c.ID)
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
	if err := s.drive.Act(r.Context(), c, qID, e); err != nil {
		s.error(w, r, err)
		return
	}
	s.done(w, r, c.ID)
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
