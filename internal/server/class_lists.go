package server

import (
	"net/http"
	"net/url"

	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// Prepared lists of questions (class.List): an instructor saves the
// questions of a lesson once and asks them again, in order, in any class
// that learns their games. A list is its maker's to change or delete, and
// every instructor's to use.

// handleClassLists shows every prepared list and the form that makes one.
func (s *Server) handleClassLists(w http.ResponseWriter, r *http.Request) {
	v, err := s.listsView(r, nil, templates.Errors{})
	if err != nil {
		s.error(w, r, err)
		return
	}
	switch r.URL.Query().Get("done") {
	case "saved":
		v.Notice = "classes.lists.saved"
	case "deleted":
		v.Notice = "classes.lists.deleted"
	}
	s.render(w, r, http.StatusOK, templates.ClassListsPage(v), nil)
}

// listsView is the lists' page; form is the list being made (nil for an
// empty form).
func (s *Server) listsView(r *http.Request, form url.Values, errs templates.Errors) (templates.ClassListsView, error) {
	ctx := r.Context()
	lists, names, err := s.drive.ListsPage(ctx)
	if err != nil {
		return templates.ClassListsView{}, err
	}
	v, err := s.view.ClassLists(ctx, lists, names, visitOf(ctx).user, form, errs)
	v.Page = s.page(r, say.Msg("classes.lists.title"), "classes")
	return v, err
}

// handleClassListCreate saves a new list from the form (class.Drive.SaveList):
// its rows with a game, in order. A refusal shows the form again (422), beside the row it
// concerns.
func (s *Server) handleClassListCreate(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	l, rows := view.ReadList(r.PostForm)
	l.OwnerID = visitOf(r.Context()).user.ID
	err := s.drive.SaveList(r.Context(), l)
	if err == nil {
		s.redirect(w, r, "/classes/lists?done=saved")
		return
	}
	if trainer.KindOf(err) == trainer.KindInternal {
		s.error(w, r, err)
		return
	}
	v, verr := s.listsView(r, r.PostForm, view.ListErrors(r.Context(), err, rows))
	if verr != nil {
		s.error(w, r, verr)
		return
	}
	s.render(w, r, http.StatusUnprocessableEntity, templates.ClassListsPage(v), nil)
}

// handleClassListDelete deletes a list of the signed-in user's; another's
// is not found.
func (s *Server) handleClassListDelete(w http.ResponseWriter, r *http.Request) {
	id, err := idParam(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if err := s.db.DeleteClassList(r.Context(), id, visitOf(r.Context()).user.ID); err != nil {
		s.error(w, r, err)
		return
	}
	s.redirect(w, r, "/classes/lists?done=deleted")
}
