package server

import (
	"errors"
	"net/http"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/settle"
	"github.com/dealerkiosk/trainer/web/templates"
)

// maxCheckerForm bounds a posted hand-checker form (a pasted round included).
const maxCheckerForm = 64 << 10

// handleHandCheckerShow opens the hand checker on a new round of ?game= at
// ?house= (the kiosk's house by default).
func (s *Server) handleHandCheckerShow(w http.ResponseWriter, r *http.Request) {
	st := readCheckRound(r.URL.Query(), s.book, s.house.Name)
	s.renderChecker(w, r, http.StatusOK, st, templates.Errors{}, nil, "")
}

// handleHandCheckerPost carries out one tap of the hand checker: a card
// picked or taken back, a box added, the round settled or a pasted round
// loaded. The state travels in the form, so the answer is the form again
// (200), or 422 when the engine refuses the round, with the field at fault
// marked. Nothing is stored, so there is nothing to redirect after.
func (s *Server) handleHandCheckerPost(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxCheckerForm)
	if err := r.ParseForm(); err != nil {
		s.errorStatus(w, r, http.StatusBadRequest, t(r, "hc.refuse.unreadable"))
		return
	}
	st := readCheckRound(r.PostForm, s.book, s.house.Name)
	h, _ := s.book.House(st.in.House) // readCheckRound keeps only houses of the book
	op := r.PostForm.Get("op")
	errs := templates.Errors{}
	switch op {
	case "settle":
		s.settleChecker(w, r, st, &st.in)
	case "load":
		text := strings.TrimSpace(r.PostForm.Get("load"))
		var in games.Round
		if err := settle.Decode([]byte(text), &in); err != nil {
			s.renderChecker(w, r, http.StatusUnprocessableEntity, st, errs, nil, text, withLoadError(loc(r), err))
			return
		}
		if in.House == "" {
			in.House = st.in.House
		}
		loaded := fromRound(&in)
		if _, ok := templates.GameLayouts[in.Game]; !ok {
			loaded = st // the engine names the game; the form stays as it was
		}
		s.settleChecker(w, r, loaded, &in)
	default:
		st.apply(op, maxBoxes(h, st.in.Game))
		s.renderChecker(w, r, http.StatusOK, st, errs, nil, "")
	}
}

// settleChecker settles round in (the form's, or a pasted one) through the
// engine's one door, and shows the settlement or the field at fault.
func (s *Server) settleChecker(w http.ResponseWriter, r *http.Request, st *checkRound, in *games.Round) {
	res, err := settle.Round(s.book, in, s.house.Name)
	var fe *games.FieldError
	switch {
	case errors.As(err, &fe):
		errs := templates.Errors{}
		if c := controlFor(fe.Field, in); c != "" {
			errs[c], _ = checkerWordsIn(loc(r), fe, in.Game)
		}
		s.renderChecker(w, r, http.StatusUnprocessableEntity, st, errs, nil, "", withProblem(loc(r), fe, in))
	case err != nil:
		s.error(w, r, err)
	default:
		s.renderChecker(w, r, http.StatusOK, st, templates.Errors{}, res, "")
	}
}

// checkerOption adjusts the form's view before it is rendered.
type checkerOption func(*templates.HandCheckerForm)

// withProblem says why the round was not settled, linked to its control.
func withProblem(l *i18n.Localizer, fe *games.FieldError, in *games.Round) checkerOption {
	return func(f *templates.HandCheckerForm) {
		_, f.Problem = checkerWordsIn(l, fe, in.Game)
		switch c := controlFor(fe.Field, in); {
		case c == "" || c == "house" && len(f.Houses) < 2:
		case c == "boxes":
			f.ProblemID = "hc-boxes"
		case strings.HasSuffix(c, ".wagers") || strings.HasSuffix(c, ".multi_super"):
			f.ProblemID = templates.FieldID(strings.Split(c, ".")[0])
		default:
			f.ProblemID = templates.FieldID(c)
		}
	}
}

// withLoadError shows why a pasted round could not be read: the reader's
// own sentence in English, quoted in another language.
func withLoadError(l *i18n.Localizer, err error) checkerOption {
	return func(f *templates.HandCheckerForm) {
		f.LoadError = err.Error()
		if l.Lang() != i18n.Source {
			f.LoadError = l.T("hc.refuse.load", "Command", "trainer settle", "Engine", strings.TrimSuffix(err.Error(), "."))
		}
	}
}

func (s *Server) renderChecker(w http.ResponseWriter, r *http.Request, status int, st *checkRound,
	errs templates.Errors, res *games.Settlement, loadText string, opts ...checkerOption) {
	h, err := s.book.House(st.in.House)
	if err != nil {
		h = s.house
	}
	f := s.checkerForm(loc(r), st, h, errs, res)
	f.LoadText = loadText
	for _, o := range opts {
		o(&f)
	}
	page := templates.HandCheckerPage(templates.HandCheckerView{Page: s.page(r, t(r, "nav.hand_checker"), "hand-checker"), Form: f})
	s.render(w, r, status, page, templates.HandCheckerFragment(f))
}
