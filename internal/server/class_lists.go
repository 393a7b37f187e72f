package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// Prepared lists of questions (class.List): an instructor saves the
// questions of a lesson once and asks them again, in order, in any class
// that learns their games. A list is its maker's to change or delete, and
// every instructor's to use.

// listRows is how many questions the list form offers (a list holds up
// to class.MaxListItems; a longer one is saved in two).
const listRows = 12

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
	u := visitOf(ctx).user
	v := templates.ClassListsView{Page: s.page(r, say.Msg("classes.lists.title"), "classes")}
	lists, err := s.db.ListClassLists(ctx, 0)
	if err != nil {
		return v, err
	}
	names, err := s.userNames(ctx)
	if err != nil {
		return v, err
	}
	for _, l := range lists {
		items, err := listItems(l)
		if err != nil {
			return v, err
		}
		row := templates.ListRow{Name: l.Name, Owner: names[l.OwnerID]}
		for _, it := range items {
			row.Items = append(row.Items, s.listItemView(it))
		}
		if l.OwnerID == u.ID {
			row.DeleteAction = "/classes/lists/" + strconv.FormatInt(l.ID, 10) + "/delete"
		}
		v.Lists = append(v.Lists, row)
	}
	f := templates.ListForm{Action: "/classes/lists", Name: form.Get("name"), Errors: errs}
	for _, g := range s.plan.Games() {
		f.Games = append(f.Games, templates.ClassPick{Value: g, Name: say.Game(ctx, g)})
	}
	for _, k := range drills.Kinds {
		f.Kinds = append(f.Kinds, templates.ClassPick{Value: k, Name: k})
	}
	for _, lv := range s.plan.Levels() {
		f.Levels = append(f.Levels, templates.LevelPick{Level: lv.Level, Title: lv.Title})
	}
	for i := 1; i <= listRows; i++ {
		n := strconv.Itoa(i)
		row := templates.ListFormRow{N: i, Game: form.Get("game_" + n), Kind: form.Get("kind_" + n), Level: form.Get("level_" + n),
			Error: errs["q"+n]}
		if row.Level == "" {
			row.Level = "1"
		}
		f.Rows = append(f.Rows, row)
	}
	v.Form = f
	return v, nil
}

// handleClassListCreate saves a new list from the form: its rows with a
// game, in order. A refusal shows the form again (422), beside the row it
// concerns.
func (s *Server) handleClassListCreate(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	l, rows := decodeList(r.PostForm)
	l.OwnerID = visitOf(r.Context()).user.ID
	l.Normalize()
	err := l.Validate(s.plan)
	if err == nil {
		var items []byte
		if items, err = json.Marshal(l.Items); err == nil {
			err = s.db.SaveClassList(r.Context(), &trainer.ClassList{OwnerID: l.OwnerID, Name: l.Name, Items: items})
		}
	}
	if err == nil {
		s.redirect(w, r, "/classes/lists?done=saved")
		return
	}
	if trainer.KindOf(err) == trainer.KindInternal {
		s.error(w, r, err)
		return
	}
	errs := templates.Errors{}
	var ie *class.ItemError
	switch {
	case errors.As(err, &ie) && ie.Item-1 < len(rows):
		errs["q"+strconv.Itoa(rows[ie.Item-1])] = messageIn(loc(r), ie.Err)
	case strings.HasPrefix(errID(err), "class.list.name"), errors.Is(err, trainer.ErrClassListNameTaken):
		errs["name"] = messageIn(loc(r), err)
	default:
		errs[""] = messageIn(loc(r), err)
	}
	v, verr := s.listsView(r, r.PostForm, errs)
	if verr != nil {
		s.error(w, r, verr)
		return
	}
	s.render(w, r, http.StatusUnprocessableEntity, templates.ClassListsPage(v), nil)
}

// decodeList reads the list form: each row with a game is a question, and
// rows says which row of the form each question came from.
func decodeList(form url.Values) (*class.List, []int) {
	l := &class.List{Name: form.Get("name")}
	var rows []int
	for i := 1; i <= listRows; i++ {
		n := strconv.Itoa(i)
		game := strings.TrimSpace(form.Get("game_" + n))
		if game == "" {
			continue
		}
		level, _ := strconv.Atoi(form.Get("level_" + n))
		l.Items = append(l.Items, class.Item{Game: game, Kind: form.Get("kind_" + n), Level: level})
		rows = append(rows, i)
	}
	return l, rows
}

// errID is the catalogue id of err's message, "" for none.
func errID(err error) string {
	var e *trainer.Error
	if errors.As(err, &e) {
		return e.ID
	}
	return ""
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
