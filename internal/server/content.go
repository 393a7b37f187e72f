package server

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// The instructors' content page (issue 6): every ruling situation and
// sequence of play of the house with its ruling and citation, and a sample
// drill of each kind per game with its key. Instructors are managers here;
// trainees never reach it (routes.go), since it shows the keys.

// handleContentShow is the content page of ?game= (UTH when none) at
// ?level=, each kind's sample dealt from its ?seed_<kind>= (1 when none).
// Returns 404 for an unknown game and 400 for a level or seed that is not one.
func (s *Server) handleContentShow(w http.ResponseWriter, r *http.Request) {
	cq, err := s.readContent(r.URL.Query())
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.ContentPage(s.view.Content(r.Context(), s.page(r, say.Message{}, "content"), cq)), nil)
}

// handleContentSample is one kind's sample from ?seed=: alone for htmx ("another
// sample"), or the whole page with it.
func (s *Server) handleContentSample(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	cq, err := s.readContent(q)
	if err != nil {
		s.error(w, r, err)
		return
	}
	kind := q.Get("kind")
	if !slices.Contains(drills.Kinds, kind) {
		s.error(w, r, trainer.NewError(trainer.KindNotFound, "error.no_kind", "Kind", strconv.Quote(kind)))
		return
	}
	if cq.Seeds[kind], err = readSeed(q.Get("seed")); err != nil {
		s.error(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.ContentPage(s.view.Content(r.Context(), s.page(r, say.Message{}, "content"), cq)),
		templates.SampleFragment(s.view.Sample(r.Context(), cq, kind)))
}

// readContent reads ?game=, ?level= and ?seed_<kind>=.
func (s *Server) readContent(q url.Values) (view.ContentQuery, error) {
	cq := view.ContentQuery{Game: q.Get("game"), Level: 1, Seeds: map[string]uint64{}}
	switch {
	case cq.Game == "":
		cq.Game = rulebook.GameSlugs[0]
	case !slices.Contains(drills.GameSlugs(), cq.Game):
		return cq, trainer.NewError(trainer.KindNotFound, "error.no_game", "Game", strconv.Quote(cq.Game))
	}
	levels := len(s.gen.Config().Levels)
	if l := q.Get("level"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > levels {
			return cq, trainer.NewError(trainer.KindInvalid, "error.no_level", "Level", strconv.Quote(l), "Levels", levels)
		}
		cq.Level = n
	}
	for _, k := range drills.Kinds {
		cq.Seeds[k] = view.DefaultSeed
		if v := q.Get("seed_" + k); v != "" {
			n, err := readSeed(v)
			if err != nil {
				return cq, err
			}
			cq.Seeds[k] = n
		}
	}
	return cq, nil
}

// readSeed reads a drill's seed. Returns KindInvalid for anything but a
// whole number of 0 or more.
func readSeed(v string) (uint64, error) {
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return 0, trainer.NewError(trainer.KindInvalid, "error.bad_seed", "Seed", strconv.Quote(v))
	}
	return n, nil
}
