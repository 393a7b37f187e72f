package server

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
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
	s.render(w, r, http.StatusOK, templates.ContentPage(s.contentView(r, cq)), nil)
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
		s.error(w, r, trainer.Errorf(trainer.KindNotFound, "There is no kind of drill %q.", kind))
		return
	}
	if cq.seeds[kind], err = readSeed(q.Get("seed")); err != nil {
		s.error(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.ContentPage(s.contentView(r, cq)), templates.SampleFragment(s.sample(loc(r), cq, kind)))
}

// contentQuery is what the content page's address names.
type contentQuery struct {
	game  string
	level int
	seeds map[string]uint64 // by kind
}

// defaultSeed deals each kind's first sample.
const defaultSeed = 1

// readContent reads ?game=, ?level= and ?seed_<kind>=.
func (s *Server) readContent(q url.Values) (contentQuery, error) {
	cq := contentQuery{game: q.Get("game"), level: 1, seeds: map[string]uint64{}}
	switch {
	case cq.game == "":
		cq.game = rulebook.GameSlugs[0]
	case !slices.Contains(drills.GameSlugs(), cq.game):
		return cq, trainer.Errorf(trainer.KindNotFound, "There is no game %q here.", cq.game)
	}
	levels := len(s.gen.Config().Levels)
	if l := q.Get("level"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > levels {
			return cq, trainer.Errorf(trainer.KindInvalid, "There is no level %q: the levels are 1 to %d.", l, levels)
		}
		cq.level = n
	}
	for _, k := range drills.Kinds {
		cq.seeds[k] = defaultSeed
		if v := q.Get("seed_" + k); v != "" {
			n, err := readSeed(v)
			if err != nil {
				return cq, err
			}
			cq.seeds[k] = n
		}
	}
	return cq, nil
}

// readSeed reads a drill's seed. Returns KindInvalid for anything but a
// whole number of 0 or more.
func readSeed(v string) (uint64, error) {
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return 0, trainer.Errorf(trainer.KindInvalid, "The seed %q is not a whole number of 0 or more.", v)
	}
	return n, nil
}

// url is the page's address for cq, with each seed that is not the default.
func (cq contentQuery) url() string {
	q := url.Values{"game": {cq.game}, "level": {strconv.Itoa(cq.level)}}
	for _, k := range drills.Kinds {
		if cq.seeds[k] != defaultSeed {
			q.Set("seed_"+k, strconv.FormatUint(cq.seeds[k], 10))
		}
	}
	return templates.ContentURL + "?" + q.Encode()
}

// with returns cq with kind dealt from seed.
func (cq contentQuery) with(kind string, seed uint64) contentQuery {
	out := cq
	out.seeds = map[string]uint64{}
	for k, v := range cq.seeds {
		out.seeds[k] = v
	}
	out.seeds[kind] = seed
	return out
}

// newSeed is a seed for "another sample": small enough to read out and type
// into `trainer drill`, and never the one on screen.
func newSeed(old uint64) uint64 {
	for {
		if n := rand.Uint64N(1_000_000); n != old {
			return n
		}
	}
}

// drillCommand is the `trainer drill` command that prints spec's drill.
func (s *Server) drillCommand(spec drills.Spec) string {
	c := fmt.Sprintf("trainer drill --game %s --kind %s --level %d --seed %d", spec.Game, spec.Kind, spec.Level, spec.Seed)
	if s.house.Name != rulebook.DefaultHouse {
		c += " --house " + shellWord(s.house.Name)
	}
	return c
}
