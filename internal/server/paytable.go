package server

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// The pay-table review page (issue 5): what each pay table of a game
// returns at the kiosk's house, computed by package edge in the background
// (package figure). Every address is a GET: a figure is a pure function of
// what the address names, so computing it fills a cache, and a page still
// waiting can simply be loaded again.

// handlePayTablesShow is the review page of ?game= (UTH when none): it
// starts the count of every exact wager not yet counted and waits up to
// Config.FigureWait for them. With &wager= an htmx request gets that
// wager's figures alone: the poll of its progress bar.
func (s *Server) handlePayTablesShow(w http.ResponseWriter, r *http.Request) {
	game, err := payTableGame(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	exact, err := s.figures.ExactAll(r.Context(), game, !isPoll(r))
	if err != nil {
		s.error(w, r, err)
		return
	}
	v := s.view.PayTables(r.Context(), s.page(r, say.Message{}, "paytables"), game, exact, s.figures)
	var frag templ.Component
	if name := r.URL.Query().Get("wager"); name != "" {
		i := slices.IndexFunc(v.Wagers, func(wv templates.WagerView) bool { return wv.Wager == name && wv.Exact })
		if i < 0 {
			s.error(w, r, errNoWager(game, name))
			return
		}
		frag = templates.PayTableFigures(v.Wagers[i].Figures)
	}
	s.render(w, r, http.StatusOK, templates.PayTablesPage(v), frag)
}

// handlePayTableSimulation runs (or finds) the simulation of one table of a
// main game for ?rounds=, and shows its card: the figures, or its progress.
// A ?rounds= that is not offered is 422, with the card saying so.
func (s *Server) handlePayTableSimulation(w http.ResponseWriter, r *http.Request) {
	game, err := payTableGame(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	q := r.URL.Query()
	wg, pt, err := s.simulatedTable(game, q.Get("wager"), q.Get("table"))
	if err != nil {
		s.error(w, r, err)
		return
	}
	status := http.StatusOK
	rounds, ok := view.ReadRounds(q.Get("rounds"), wg)
	var card templates.SimCard
	if !ok {
		status = http.StatusUnprocessableEntity
		card = s.view.SimCard(r.Context(), game, wg, pt, 0, s.figures)
		card.Slot = templates.FigureSlot{Problem: view.FieldProblem(r.Context(), "paytables.field_rounds", view.RoundsProblem(q.Get("rounds"), wg))}
	} else {
		j, err := s.figures.Sim(wg, pt, rounds, true)
		if err != nil {
			s.error(w, r, err)
			return
		}
		if !isPoll(r) {
			s.figures.Await(r.Context(), j)
		}
		card = s.view.SimCard(r.Context(), game, wg, pt, rounds, s.figures)
	}
	frag := templates.SimCardFragment(card)
	if wantsFragment(r) {
		s.render(w, r, status, nil, frag)
		return
	}
	exact, err := s.figures.ExactAll(r.Context(), game, !isPoll(r))
	if err != nil {
		s.error(w, r, err)
		return
	}
	v := s.view.PayTables(r.Context(), s.page(r, say.Message{}, "paytables"), game, exact, s.figures, view.WithSimCard(card))
	s.render(w, r, status, templates.PayTablesPage(v), frag)
}

// handlePayTableWhatIf prices one table of a wager with one row at new
// odds, beside the table itself. Input that names no table or row, or odds
// that are not odds, is 422 with the field named, and nothing is computed.
// With poll=1 htmx gets the result alone (the form is left as typed).
func (s *Server) handlePayTableWhatIf(w http.ResponseWriter, r *http.Request) {
	game, err := payTableGame(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	q := r.URL.Query()
	wg, err := edge.FindWager(game, q.Get("wager"))
	if err != nil {
		s.error(w, r, errNoWager(game, q.Get("wager")))
		return
	}
	in, errs := s.view.ReadWhatIf(r.Context(), q, wg)
	f := s.view.WhatIfForm(r.Context(), game, wg, in, errs)
	status := http.StatusOK
	if len(errs) > 0 {
		status = http.StatusUnprocessableEntity
	} else if f.Result, err = s.whatIfResult(r, game, wg, in); err != nil {
		s.error(w, r, err)
		return
	}
	var frag templ.Component = templates.WhatIfFragment(f)
	if isPoll(r) && f.Result != nil {
		frag = templates.WhatIfResultFragment(*f.Result)
	}
	if wantsFragment(r) {
		s.render(w, r, status, nil, frag)
		return
	}
	exact, err := s.figures.ExactAll(r.Context(), game, !isPoll(r))
	if err != nil {
		s.error(w, r, err)
		return
	}
	v := s.view.PayTables(r.Context(), s.page(r, say.Message{}, "paytables"), game, exact, s.figures, view.WithWhatIf(f))
	s.render(w, r, status, templates.PayTablesPage(v), frag)
}

// payTableGame reads ?game=, UTH when there is none. Returns KindNotFound
// for a game the kiosk does not have.
func payTableGame(r *http.Request) (string, error) {
	g := r.URL.Query().Get("game")
	switch {
	case g == "":
		return rulebook.GameSlugs[0], nil
	case !slices.Contains(rulebook.GameSlugs, g):
		return "", trainer.NewError(trainer.KindNotFound, "error.no_game", "Game", strconv.Quote(g))
	}
	return g, nil
}

// errNoWager refuses a wager the page never offers.
func errNoWager(game, wager string) error {
	return trainer.NewError(trainer.KindNotFound, "paytables.no_wager", "Game", say.GameWord(game), "Wager", strconv.Quote(wager))
}

// isPoll reports whether r is htmx asking again for a figure that was
// still computing.
func isPoll(r *http.Request) bool { return r.URL.Query().Get("poll") == "1" }

// simulatedTable finds a simulated wager of game and one of its tables.
// Returns KindNotFound for names the page never offers.
func (s *Server) simulatedTable(game, wager, table string) (edge.Wager, games.PayTable, error) {
	wg, err := edge.FindWager(game, wager)
	if err != nil || wg.Method != edge.Simulation {
		return wg, games.PayTable{}, errNoWager(game, wager)
	}
	pt, err := edge.FindTable(s.book, s.house, wg, table)
	if err != nil {
		return wg, pt, trainer.NewError(trainer.KindNotFound, "paytables.whatif.no_table", "Kind", view.TableKindWord(wg),
			"Sent", strconv.Quote(table), "Tables", strings.Join(edge.TableNames(s.book, s.house, wg), ", "))
	}
	return wg, pt, nil
}

// whatIfResult prices in's changed table beside its table
// (figure.Board.WhatIf), waiting for the figures as the page does.
func (s *Server) whatIfResult(r *http.Request, game string, w edge.Wager, in view.WhatIfInput) (*templates.WhatIfResult, error) {
	f, err := s.figures.WhatIf(r.Context(), w, in.PT, in.Changed, in.N, !isPoll(r))
	if err != nil {
		return nil, err
	}
	return s.view.WhatIfResult(r.Context(), game, w, in, f), nil
}
