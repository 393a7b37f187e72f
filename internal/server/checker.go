package server

import (
	"errors"
	"net/http"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/settle"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// maxCheckerForm bounds a posted hand-checker form (a pasted round included).
const maxCheckerForm = 64 << 10

// handleHandCheckerShow opens the hand checker on a new round of ?game= at
// ?house= (the kiosk's house by default).
func (s *Server) handleHandCheckerShow(w http.ResponseWriter, r *http.Request) {
	s.renderChecker(w, r, http.StatusOK, view.ReadChecker(r.URL.Query(), s.book, s.house.Name), templates.Errors{}, nil)
}

// handleHandCheckerPost carries out one tap of the hand checker: a card
// picked or taken back, a box added, the round settled or a pasted round
// loaded. The state travels in the form, so the answer is the form again
// (200), or 422 when the engine refuses the round, with the field at fault
// marked. Nothing is stored, so there is nothing to redirect after.
func (s *Server) handleHandCheckerPost(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxCheckerForm)
	if err := r.ParseForm(); err != nil {
		s.error(w, r, trainer.NewError(trainer.KindInvalid, "hc.refuse.unreadable"))
		return
	}
	st := view.ReadChecker(r.PostForm, s.book, s.house.Name)
	switch r.PostForm.Get("op") {
	case "settle":
		s.settleChecker(w, r, st, st.Round())
	case "load":
		loaded, in, bad := view.ReadLoad(r.PostForm.Get("load"), st)
		if bad != nil {
			s.renderChecker(w, r, http.StatusUnprocessableEntity, st, templates.Errors{}, nil, bad)
			return
		}
		s.settleChecker(w, r, loaded, in)
	default:
		h, _ := s.book.House(st.Round().House) // ReadChecker keeps only houses of the book
		st.Apply(r.PostForm.Get("op"), h)
		s.renderChecker(w, r, http.StatusOK, st, templates.Errors{}, nil)
	}
}

// settleChecker settles round in (the form's, or a pasted one) through the
// engine's one door, and shows the settlement or the field at fault.
func (s *Server) settleChecker(w http.ResponseWriter, r *http.Request, st view.CheckerState, in *games.Round) {
	res, err := settle.Round(s.book, in, s.house.Name)
	var fe *games.FieldError
	switch {
	case errors.As(err, &fe):
		s.renderChecker(w, r, http.StatusUnprocessableEntity, st, view.RefusalErrors(r.Context(), fe, in), nil, view.WithRefusal(fe, in))
	case err != nil:
		s.error(w, r, err)
	default:
		s.renderChecker(w, r, http.StatusOK, st, templates.Errors{}, res)
	}
}

func (s *Server) renderChecker(w http.ResponseWriter, r *http.Request, status int, st view.CheckerState,
	errs templates.Errors, res *games.Settlement, opts ...view.CheckerOption) {
	h, err := s.book.House(st.Round().House)
	if err != nil {
		h = s.house
	}
	f := s.view.Checker(r.Context(), st, h, errs, res, opts...)
	page := templates.HandCheckerPage(templates.HandCheckerView{Page: s.page(r, say.Msg("nav.hand_checker"), "hand-checker"), Form: f})
	s.render(w, r, status, page, templates.HandCheckerFragment(f))
}
