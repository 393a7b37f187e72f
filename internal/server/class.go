package server

import (
	"net/http"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
	"github.com/go-chi/chi/v5"
)

// The staff's class pages (issue 23, docs/classes.md "Live drill"): the
// classes of the staff member's site, a new class, a class's page (its
// roster and practice tables, its games, its live drills and their
// reports). The roster import is class_roster.go, the live drill
// class_live.go (the projector) and class_tablet.go (the trainees),
// the report class_report.go. Handlers read the request, call the store
// and package class, and choose a view: the words are the templates'.

func classURL(id int64) string     { return templates.ClassURL(id) }
func classLiveURL(id int64) string { return templates.ClassLiveURL(id) }
func tabletURL(id int64) string    { return templates.TabletURL(id) }

// refuse is a refusal people read in their language: catalogue message id
// with its arguments. Its English, for the log and the English pages, comes
// from the catalogue too, so that no handler writes a sentence.
func refuse(k trainer.Kind, id string, args ...any) *trainer.Error {
	return trainer.NewError(k, id, args...)
}

// The class pages' own refusals.
var (
	errClassDrive  = refuse(trainer.KindForbidden, "classes.err.drive")
	errClassNoRun  = class.ErrNoRun
	errClassNoFile = refuse(trainer.KindInvalid, "classes.roster.no_file")
)

// staffClass finds the class of the route's {id} for the signed-in staff
// member: a class of another site is not found for them, as another site's
// trainee is not (a director sees every site's).
func (s *Server) staffClass(r *http.Request) (*class.Class, error) {
	id, err := idParam(r)
	if err != nil {
		return nil, err
	}
	return s.drive.ForStaff(r.Context(), id, s.scopeSite(r.Context()))
}

// drivenClass is staffClass for what only those who drive the class may
// do (class.Class.Drives: its instructors, an administrator of its site, a
// director): 403 for another manager.
func (s *Server) drivenClass(r *http.Request) (*class.Class, error) {
	c, err := s.staffClass(r)
	if err != nil {
		return nil, err
	}
	if !c.Drives(visitOf(r.Context()).user) {
		return nil, errClassDrive
	}
	return c, nil
}

// handleClassList lists the classes of the staff member's site (every
// site's for a director), each with its instructors, roster and games.
func (s *Server) handleClassList(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	u := visitOf(ctx).user
	recs, err := s.db.ListClasses(ctx, trainer.ClassFilter{SiteID: s.scopeSite(ctx)})
	if err != nil {
		s.error(w, r, err)
		return
	}
	names, err := s.drive.Names(ctx)
	if err != nil {
		s.error(w, r, err)
		return
	}
	v := templates.ClassListView{Page: s.page(r, say.Msg("classes.list.title"), "classes"), CanCreate: class.CanCreate(u),
		ListsURL: "/classes/lists", Classes: view.ClassRows(recs, names, u)}
	s.render(w, r, http.StatusOK, templates.ClassListPage(v), nil)
}

// handleClassNew shows the form of a new class: the signed-in manager or
// administrator as its instructor, every game the kiosk offers.
func (s *Server) handleClassNew(w http.ResponseWriter, r *http.Request) {
	u := visitOf(r.Context()).user
	c := &class.Class{Games: s.plan.Games()}
	if class.CheckInstructor(u) == nil {
		c.Instructors = []int64{u.ID}
	}
	f, err := s.classForm(r, c, nil)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.ClassNewPage(templates.ClassNewView{Page: s.page(r, say.Msg("classes.new.title"), "classes"), Form: f}), nil)
}

// classForm is the new class's form filled with c: the active users of
// the staff member's site to choose instructors from (view.ClassForm keeps
// those who may instruct), the games, and errs on their fields.
func (s *Server) classForm(r *http.Request, c *class.Class, errs templates.Errors) (templates.ClassForm, error) {
	ctx := r.Context()
	staff, err := s.db.ListUsers(ctx, trainer.UserFilter{ActiveOnly: true, SiteID: s.homeSite(ctx)})
	if err != nil {
		return templates.ClassForm{}, err
	}
	return s.view.ClassForm(ctx, c, staff, errs), nil
}

// handleClassCreate creates a class from the form (class.Drive.Create):
// refused on its field with 422 when class.Validate, an instructor's check
// or the store refuses.
func (s *Server) handleClassCreate(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if !class.CanCreate(visitOf(ctx).user) {
		s.error(w, r, errClassDrive)
		return
	}
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	c, bad := view.ReadClass(r.PostForm)
	errs := view.ClassErrors(ctx, bad, nil)
	c.SiteID = s.homeSite(ctx)
	c.Normalize()
	if len(errs) == 0 {
		err := s.drive.Create(ctx, c)
		switch {
		case err == nil:
			s.redirect(w, r, classURL(c.ID))
			return
		case trainer.KindOf(err) == trainer.KindInternal:
			s.error(w, r, err)
			return
		}
		errs = view.ClassErrors(ctx, nil, err)
	}
	f, err := s.classForm(r, c, errs)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.render(w, r, http.StatusUnprocessableEntity,
		templates.ClassNewPage(templates.ClassNewView{Page: s.page(r, say.Msg("classes.new.title"), "classes"), Form: f}), nil)
}

// handleClassShow is a class's page: its roster with the practice tables,
// its games and instructors, its live drills with their reports, and, for
// those who drive it, the roster import and the way to the live drill.
func (s *Server) handleClassShow(w http.ResponseWriter, r *http.Request) {
	c, err := s.staffClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	v, err := s.classView(r, c)
	if err != nil {
		s.error(w, r, err)
		return
	}
	switch r.URL.Query().Get("saved") {
	case "tables":
		v.Notice = "classes.show.tables_saved"
	}
	s.render(w, r, http.StatusOK, templates.ClassShowPage(v), nil)
}

// classView is a class's page: every user of the kiosk, for the names of
// its roster, instructors and runs, and its runs.
func (s *Server) classView(r *http.Request, c *class.Class) (templates.ClassShowView, error) {
	ctx := r.Context()
	users, runs, err := s.drive.Page(ctx, c)
	if err != nil {
		return templates.ClassShowView{}, err
	}
	v := view.ClassShow(c, visitOf(ctx).user, users, runs)
	v.Page = s.page(r, say.Name(c.Name), "classes")
	return v, nil
}

// handleClassTables saves the practice table each member sits at (for a
// standing by teams): table_<id> on the form, empty for none.
func (s *Server) handleClassTables(w http.ResponseWriter, r *http.Request) {
	c, err := s.drivenClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	view.ReadTables(c, r.PostForm)
	if err := s.drive.SaveTables(r.Context(), c); err != nil {
		if trainer.KindOf(err) == trainer.KindInternal {
			s.error(w, r, err)
			return
		}
		v, verr := s.classView(r, c)
		if verr != nil {
			s.error(w, r, verr)
			return
		}
		v.TablesError = messageIn(loc(r), err)
		s.render(w, r, http.StatusUnprocessableEntity, templates.ClassShowPage(v), nil)
		return
	}
	s.live.Poke()
	s.redirect(w, r, classURL(c.ID)+"?saved=tables")
}

// classRoutes are the routes of classes and their live drills: the staff's
// (the class pages, the roster import, the projector and its controls, the
// reports) and the trainees' (the live page on the tablet).
func (s *Server) classRoutes(r chi.Router) {
	r.Group(func(r chi.Router) {
		r.Use(s.requireRole(managers...))
		r.Get("/classes", s.handleClassList)
		r.Get("/classes/new", s.handleClassNew)
		r.Post("/classes", s.handleClassCreate)
		r.Get("/classes/lists", s.handleClassLists)                   // the prepared lists, and a new one
		r.Post("/classes/lists", s.handleClassListCreate)             // saves a list
		r.Post("/classes/lists/{id}/delete", s.handleClassListDelete) // the owner's own only
		r.Get("/classes/{id}", s.handleClassShow)
		r.Post("/classes/{id}/tables", s.handleClassTables)           // the practice table each member sits at
		r.Post("/classes/{id}/roster/preview", s.handleRosterPreview) // the uploaded file, row by row; nothing saved
		r.Post("/classes/{id}/roster/import", s.handleRosterImport)   // every accepted row at once, or none
		r.Get("/classes/{id}/runs/{run}", s.handleClassReport)
		r.Get("/classes/{id}/runs/{run}/report.csv", s.handleClassReportCSV)
		r.Get("/classes/{id}/live", s.handleProjector)              // the projector's page
		r.Get("/classes/{id}/live/events", s.handleProjectorEvents) // its event stream
		r.Get("/classes/{id}/live/panel", s.handleProjectorPoll)    // ?key=&controls=: the fallback's poll
		r.Post("/classes/{id}/live/start", s.handleLiveStart)
		r.Post("/classes/{id}/live/question", s.handleLiveQuestion)
		r.Post("/classes/{id}/live/action", s.handleLiveAction) // pause, resume, add, lock, skip
		r.Post("/classes/{id}/live/standing", s.handleLiveStanding)
		r.Post("/classes/{id}/live/end", s.handleLiveEnd)
	})
	r.Group(func(r chi.Router) {
		r.Use(s.requireRole(trainees...))
		r.Get("/live/{id}", s.handleTabletShow)
		r.Post("/live/{id}/join", s.handleTabletJoin)
		r.Get("/live/{id}/events", s.handleTabletEvents)
		r.Get("/live/{id}/panel", s.handleTabletPoll) // ?key=&clock=: the fallback's poll
		r.Post("/live/{id}/questions/{question}/answer", s.handleTabletAnswer)
	})
}
