package server

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The pay-table review page (issue 5): what every pay table of a game
// returns at the kiosk's house, computed by package edge. Every address is a
// GET: a figure is a pure function of what the address names, so computing
// it fills a cache, and a page still waiting can simply be loaded again.

// handlePayTablesShow is the review page of ?game= (UTH when none): it
// starts the count of every exact wager not yet counted and waits up to
// figureWait for them. With &wager= an htmx request gets that wager's
// figures alone: the poll of its progress bar.
func (s *Server) handlePayTablesShow(w http.ResponseWriter, r *http.Request) {
	game, err := payTableGame(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	exact, err := s.startExact(r, game)
	if err != nil {
		s.error(w, r, err)
		return
	}
	v := s.payTablesView(r, game, exact)
	var frag templ.Component
	if name := r.URL.Query().Get("wager"); name != "" {
		i := slices.IndexFunc(v.Wagers, func(wv templates.WagerView) bool { return wv.Wager == name && wv.Exact })
		if i < 0 {
			s.error(w, r, trainer.Errorf(trainer.KindNotFound, "%s has no exact wager %q.", s.gameName(game), name))
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
	rounds, ok := readRounds(q.Get("rounds"), wg)
	var card templates.SimCard
	if !ok {
		status = http.StatusUnprocessableEntity
		card = s.simCard(loc(r), game, wg, pt, 0)
		card.Slot = templates.FigureSlot{Problem: loc(r).T("paytables.field_rounds") + ": " + messageIn(loc(r), roundsProblem(q.Get("rounds"), wg))}
	} else {
		j, err := s.simFigure(wg, pt, rounds, true)
		if err != nil {
			s.error(w, r, err)
			return
		}
		s.await(r, j)
		card = s.simCard(loc(r), game, wg, pt, rounds)
	}
	frag := templates.SimCardFragment(card)
	if wantsFragment(r) {
		s.render(w, r, status, nil, frag)
		return
	}
	exact, err := s.startExact(r, game)
	if err != nil {
		s.error(w, r, err)
		return
	}
	v := s.payTablesView(r, game, exact, withSimCard(card))
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
		s.error(w, r, trainer.Errorf(trainer.KindNotFound, "%s has no wager %q.", s.gameName(game), q.Get("wager")))
		return
	}
	in, errs := s.readWhatIf(loc(r), q, wg)
	f := s.whatIfForm(loc(r), game, wg, in, errs)
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
	exact, err := s.startExact(r, game)
	if err != nil {
		s.error(w, r, err)
		return
	}
	s.render(w, r, status, templates.PayTablesPage(s.payTablesView(r, game, exact, withWhatIf(f))), frag)
}

// payTableGame reads ?game=, UTH when there is none. Returns KindNotFound
// for a game the kiosk does not have.
func payTableGame(r *http.Request) (string, error) {
	g := r.URL.Query().Get("game")
	switch {
	case g == "":
		return rulebook.GameSlugs[0], nil
	case !slices.Contains(rulebook.GameSlugs, g):
		return "", trainer.Errorf(trainer.KindNotFound, "There is no game %q here.", g)
	}
	return g, nil
}

// startExact starts (or finds) the count of every exact wager of game and
// waits for them as await does.
func (s *Server) startExact(r *http.Request, game string) (map[string]*figureJob, error) {
	out := map[string]*figureJob{}
	var jobs []*figureJob
	for _, w := range edge.Wagers(game) {
		if w.Method != edge.Exact {
			continue
		}
		j, err := s.exactFigures(w)
		if err != nil {
			return nil, err
		}
		out[w.Name] = j
		jobs = append(jobs, j)
	}
	s.await(r, jobs...)
	return out, nil
}

// simulatedTable finds a simulated wager of game and one of its tables.
// Returns KindNotFound for names the page never offers.
func (s *Server) simulatedTable(game, wager, table string) (edge.Wager, games.PayTable, error) {
	wg, err := edge.FindWager(game, wager)
	if err != nil || wg.Method != edge.Simulation {
		return wg, games.PayTable{}, trainer.Errorf(trainer.KindNotFound, "%s has no simulated wager %q.", s.gameName(game), wager)
	}
	pt, err := edge.FindTable(s.book, s.house, wg, table)
	if err != nil {
		return wg, pt, trainer.Errorf(trainer.KindNotFound, "%s has no %s table %q.", s.gameName(game), wg.Kind, table)
	}
	return wg, pt, nil
}

// simRounds are the simulation lengths offered for w: a tenth of `trainer
// math`'s default (a second or two on the kiosk's machine), and the default.
func simRounds(w edge.Wager) []int64 { return []int64{w.Rounds / 10, w.Rounds} }

// readRounds reads a simulation length, which must be one of simRounds.
func readRounds(text string, w edge.Wager) (int64, bool) {
	n, err := strconv.ParseInt(strings.ReplaceAll(text, ",", ""), 10, 64)
	return n, err == nil && slices.Contains(simRounds(w), n)
}

// roundsProblem is the refusal of a simulation length text that is not one
// of simRounds (KindInvalid): it names the lengths offered, which the
// reader's language groups as it groups digits.
func roundsProblem(text string, w edge.Wager) *trainer.Error {
	ns := simRounds(w)
	short, long := ns[0], ns[len(ns)-1]
	return trainer.Errorf(trainer.KindInvalid, "Choose %s or %s rounds, not %s.", templates.Count(short), templates.Count(long), strconv.Quote(text)).
		In("approval.err.sim_rounds", "Short", short, "Long", long, "Sent", strconv.Quote(text))
}

// whatIfInput is a what-if as sent, and the tables it names once valid.
type whatIfInput struct {
	table, row, odds, rounds string
	pt, changed              games.PayTable
	n                        int64 // simulated rounds
}

// readWhatIf checks a what-if: the table, the row, the odds and (for a
// simulated wager) the rounds. Each message names what is wrong with the
// value sent.
func (s *Server) readWhatIf(l *i18n.Localizer, q url.Values, w edge.Wager) (whatIfInput, templates.Errors) {
	in := whatIfInput{table: q.Get("table"), row: q.Get("row"), odds: strings.TrimSpace(q.Get("odds")), rounds: q.Get("rounds")}
	errs := templates.Errors{}
	if why := noWhatIf(l, w); why != "" {
		errs["wager"] = why
		return in, errs
	}
	pt, err := edge.FindTable(s.book, s.house, w, in.table)
	if err != nil {
		errs["table"] = messageIn(l, noTable(l, w, in.table, edge.TableNames(s.book, s.house, w)))
	} else if !slices.ContainsFunc(pt.Rows, func(r games.PayRow) bool { return r.Key == in.row }) {
		errs["row"] = messageIn(l, noRow(l, pt, in.row))
	}
	var o games.Odds
	switch {
	case in.odds == "":
		errs["odds"] = l.T("paytables.enter_odds")
	default:
		if o, err = games.ParseOdds(in.odds); err != nil {
			errs["odds"] = messageIn(l, trainer.Errorf(trainer.KindInvalid, "%s is not odds like 3:2.", strconv.Quote(in.odds)).
				In("paytables.whatif.bad_odds", "Sent", strconv.Quote(in.odds)))
		}
	}
	if w.Method == edge.Simulation {
		var ok bool
		if in.n, ok = readRounds(in.rounds, w); !ok {
			errs["rounds"] = messageIn(l, roundsProblem(in.rounds, w))
		}
	}
	if len(errs) > 0 {
		return in, errs
	}
	in.pt = pt
	if in.changed, err = edge.WithRow(pt, in.row, o); err != nil {
		errs["odds"] = err.Error()
	}
	return in, errs
}

// noTable refuses a what-if's table that w has not (KindInvalid), naming
// the tables it has: their names are the rules files' own, the same in
// every language. English names the table's kind as it always did ("trips
// table"); another language names the wager as the page does (Kind).
func noTable(l *i18n.Localizer, w edge.Wager, sent string, names []string) *trainer.Error {
	tables := strings.Join(names, ", ")
	return trainer.Errorf(trainer.KindInvalid, "There is no %s table %s (tables: %s).", w.Kind, strconv.Quote(sent), tables).
		In("paytables.whatif.no_table", "Kind", wagerTitle(l, w), "Sent", strconv.Quote(sent), "Tables", tables)
}

// noRow refuses a what-if's row that pt has not (KindInvalid), naming the
// rows it has by their names, never their keys: in English as edge names
// them, in another language by the hands catalogue (row.<key>), which the
// message's arguments carry.
func noRow(l *i18n.Localizer, pt games.PayTable, sent string) *trainer.Error {
	english, names := make([]string, len(pt.Rows)), make([]string, len(pt.Rows))
	for i, r := range pt.Rows {
		english[i], names[i] = edge.RowName(r.Key), rowNameIn(l, r.Key)
	}
	return trainer.Errorf(trainer.KindInvalid, "Table %s has no row %s (rows: %s).", pt.Name, strconv.Quote(sent), strings.Join(english, ", ")).
		In("paytables.whatif.no_row", "Table", pt.Name, "Sent", strconv.Quote(sent), "Rows", strings.Join(names, ", "))
}

// noWhatIf says why a wager has no what-if, or "".
func noWhatIf(l *i18n.Localizer, w edge.Wager) string {
	if w.Game == uth.Slug && w.Name == "blind" {
		return l.T("paytables.no_what_if_blind")
	}
	return ""
}
