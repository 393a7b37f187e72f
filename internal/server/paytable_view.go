package server

import (
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/job"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The view models of the pay-table review page. They show what edge's
// Results say, as the background jobs stand; the only figure computed here
// is a what-if's difference, the changed table's edge less the table's.

// payTablesOption replaces one part of the page: the card or what-if a
// request is about.
type payTablesOption func(*templates.PayTablesView)

// payTablesView is the page of game, with its exact wagers as the jobs of
// exact stand and every simulated table as it was last asked for.
func (s *Server) payTablesView(r *http.Request, game string, exact map[string]*figureJob, opts ...payTablesOption) templates.PayTablesView {
	l := loc(r)
	v := templates.PayTablesView{Page: s.page(r, t(r, "nav.paytables"), "paytables"), House: s.house.Title, GameName: s.gameNameIn(l, game)}
	for _, g := range rulebook.GameSlugs {
		v.Games = append(v.Games, templates.GameTab{Slug: g, Name: s.gameNameIn(l, g),
			URL: templates.PayTablesURL + "?game=" + url.QueryEscape(g), Current: g == game})
	}
	for _, w := range edge.Wagers(game) {
		v.Wagers = append(v.Wagers, s.wagerView(l, game, w, exact[w.Name]))
	}
	for _, o := range opts {
		o(&v)
	}
	if waiting(v) {
		v.RefreshSeconds = 2
	}
	return v
}

// withSimCard shows card in place of its table's card.
func withSimCard(card templates.SimCard) payTablesOption {
	return func(v *templates.PayTablesView) {
		for i := range v.Wagers {
			for j := range v.Wagers[i].Sims {
				if v.Wagers[i].Sims[j].ID == card.ID {
					v.Wagers[i].Sims[j] = card
				}
			}
		}
	}
}

// withWhatIf shows f in place of its wager's what-if.
func withWhatIf(f templates.WhatIfForm) payTablesOption {
	return func(v *templates.PayTablesView) {
		for i := range v.Wagers {
			if v.Wagers[i].Wager == f.Wager {
				v.Wagers[i].WhatIf = &f
			}
		}
	}
}

// waiting reports whether anything on the page is still computing.
func waiting(v templates.PayTablesView) bool {
	for _, w := range v.Wagers {
		if w.Figures.Pending != nil {
			return true
		}
		for _, c := range w.Sims {
			if c.Slot.Pending != nil {
				return true
			}
		}
		if f := w.WhatIf; f != nil && f.Result != nil && f.Result.PollURL != "" {
			return true
		}
	}
	return false
}

func (s *Server) wagerView(l *i18n.Localizer, game string, w edge.Wager, j *figureJob) templates.WagerView {
	own := edge.HouseTable(s.house, w)
	wv := templates.WagerView{Wager: w.Name, Title: wagerTitle(l, w), HouseTable: own.Name, Exact: w.Method == edge.Exact}
	if bk := s.house.Book(game); bk != nil {
		if id, ok := bk.TableSection(w.Kind); ok {
			wv.Book = s.cite("", game, id)[0]
		}
	}
	for _, n := range edge.TableNames(s.book, s.house, w) {
		if n != own.Name {
			wv.Others = append(wv.Others, n)
		}
	}
	if wv.Exact {
		wv.Method = l.T("paytables.method_exact")
		wv.Figures = s.exactView(l, game, w, j)
	} else {
		wv.Method = l.T("paytables.method_simulated")
		for _, pt := range s.tables(w) {
			wv.Sims = append(wv.Sims, s.simCard(l, game, w, pt, 0))
		}
	}
	if wv.NoWhatIf = noWhatIf(l, w); wv.NoWhatIf == "" {
		f := s.whatIfForm(l, game, w, whatIfInput{}, nil)
		wv.WhatIf = &f
	}
	return wv
}

// tables are the tables of w the house could choose, its own first.
func (s *Server) tables(w edge.Wager) []games.PayTable {
	own := edge.HouseTable(s.house, w)
	out := []games.PayTable{own}
	for _, n := range edge.TableNames(s.book, s.house, w) {
		if pt, err := edge.FindTable(s.book, s.house, w, n); err == nil && n != own.Name {
			out = append(out, pt)
		}
	}
	return out
}

// exactView is an exact wager's tables as its job stands.
func (s *Server) exactView(l *i18n.Localizer, game string, w edge.Wager, j *figureJob) templates.FiguresView {
	f := templates.FiguresView{Wager: w.Name}
	if j == nil {
		return f
	}
	q := url.Values{"game": {game}, "wager": {w.Name}}
	st := j.Status()
	switch {
	case st.State != job.Done:
		f.Pending = progressView(st, templates.FiguresID(w.Name)+"-progress",
			templates.PayTablesURL+"?"+pollQuery(q), templates.PayTablesURL+"?game="+url.QueryEscape(game)+"#"+templates.WagerID(w.Name))
	case st.Err != nil:
		f.Problem = figureProblem(l, st.Err)
	default:
		own := edge.HouseTable(s.house, w).Name
		for _, res := range st.Value {
			t := s.tableFigures(l, res, res.Table == own, "", 0)
			t.Elapsed = ""
			f.Tables = append(f.Tables, t)
		}
		f.Elapsed = seconds1(st.Elapsed)
		// Notes every table shares are said once, above them.
		if len(f.Tables) > 0 && slices.IndexFunc(f.Tables, func(t templates.TableFigures) bool {
			return !slices.Equal(t.Notes, f.Tables[0].Notes)
		}) < 0 {
			f.Notes = f.Tables[0].Notes
			for i := range f.Tables {
				f.Tables[i].Notes = nil
			}
		}
	}
	return f
}

// simCard is one table of a simulated wager with its simulation of rounds,
// or (rounds 0) the longest one finished, else one running, else none.
func (s *Server) simCard(l *i18n.Localizer, game string, w edge.Wager, pt games.PayTable, rounds int64) templates.SimCard {
	id := templates.SimCardID(w.Name, pt.Name)
	c := templates.SimCard{ID: id, Table: pt.Name, Label: l.T("paytables.table_of", "Wager", wagerTitle(l, w), "Table", pt.Name),
		House: pt.Name == edge.HouseTable(s.house, w).Name, Rows: oddsRows(l, pt, "")}
	var j *figureJob
	if rounds != 0 {
		j, _ = s.simFigure(w, pt, rounds, false)
	} else {
		for _, n := range slices.Backward(simRounds(w)) {
			k, _ := s.simFigure(w, pt, n, false)
			if k == nil {
				continue
			}
			if st := k.Status(); st.State == job.Done && st.Err == nil {
				j, rounds = k, n
				break
			}
			if j == nil {
				j, rounds = k, n
			}
		}
	}
	q := url.Values{"game": {game}, "wager": {w.Name}, "table": {pt.Name}, "rounds": {strconv.FormatInt(rounds, 10)}}
	c.Slot = s.slot(l, j, id+"-progress", templates.PayTablesSimURL+"?"+pollQuery(q), templates.PayTablesSimURL+"?"+q.Encode()+"#"+id,
		func(t *templates.TableFigures) { t.House, t.Rows = c.House, c.Rows })
	c.Form = templates.SimForm{Game: game, Wager: w.Name, Table: pt.Name, Target: id, Rounds: roundsOptions(l, w, rounds)}
	return c
}

// slot is one figure as its job stands (nil: not asked for). decorate adds
// what the Result does not carry.
func (s *Server) slot(l *i18n.Localizer, j *figureJob, progressID, pollURL, refreshURL string, decorate func(*templates.TableFigures)) templates.FigureSlot {
	if j == nil {
		return templates.FigureSlot{}
	}
	st := j.Status()
	switch {
	case st.State != job.Done:
		return templates.FigureSlot{Pending: progressView(st, progressID, pollURL, refreshURL)}
	case st.Err != nil:
		return templates.FigureSlot{Problem: figureProblem(l, st.Err)}
	}
	t := s.tableFigures(l, st.Value[0], false, "", st.Elapsed)
	if decorate != nil {
		decorate(&t)
	}
	return templates.FigureSlot{Figures: &t}
}

// pollQuery is q for a poll: answered at once, without waiting.
func pollQuery(q url.Values) string {
	p := url.Values{}
	for k, v := range q {
		p[k] = v
	}
	p.Set("poll", "1")
	return p.Encode()
}

func progressView(st job.Status[[]*edge.Result], id, pollURL, refreshURL string) *templates.ProgressBar {
	p := &templates.ProgressBar{ID: id, Stage: st.Progress.Stage, Done: st.Progress.Done, Total: st.Progress.Total,
		Queued: st.State == job.Queued, PollURL: pollURL, RefreshURL: refreshURL}
	if st.State == job.Running {
		p.Elapsed = seconds1(st.Elapsed)
	}
	return p
}

// seconds1 writes a duration to the tenth of a second, "0.4 s"; under a
// tenth, to the hundredth.
func seconds1(d time.Duration) string {
	if d < 100*time.Millisecond {
		return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) + " s"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + " s"
}

// tableFigures shows one Result. changedRow marks the row a what-if changed.
func (s *Server) tableFigures(l *i18n.Localizer, res *edge.Result, house bool, changedRow string, elapsed time.Duration) templates.TableFigures {
	t := templates.TableFigures{
		Name: res.Table, House: house, Simulated: res.Method == edge.Simulation,
		Strategy: res.Strategy, Elapsed: seconds1(elapsed),
		HouseEdge:    templates.Figure{Value: num(res.HouseEdge), Exact: res.HouseEdgeExact, StdErr: num(res.StdErr)},
		HitFrequency: templates.Figure{Value: num(res.HitFrequency)},
	}
	// A copy: res is shared by every request that reads the cached figures.
	t.Notes = make([]string, len(res.Notes))
	for i, n := range res.Notes {
		t.Notes[i] = noteIn(l, n)
	}
	// Managers read "return" as the return to player, the stake included:
	// 1 − the house edge. edge's own Return (what the rows pay, the stake
	// not included) is shown only where there is no house edge.
	if res.HouseEdge != nil {
		t.Return = returnToPlayer(res)
	} else {
		t.Pays = templates.Figure{Value: num(res.Return)}
	}
	t.Label = "table " + res.Table
	if w, err := edge.FindWager(res.Game, res.Wager); err == nil {
		t.Label = l.T("paytables.table_of", "Wager", wagerTitle(l, w), "Table", res.Table)
	}
	t.Per = "paytables.per_unit" // a message id: the template says it
	if res.Per == "ante" {
		t.Per = "paytables.per_ante"
	}
	if t.Simulated {
		t.Rounds = templates.Count(res.Rounds)
		if res.Seed != nil {
			t.Seed = strconv.FormatUint(*res.Seed, 10)
		}
	} else {
		t.Combinations = templates.Count(res.Combinations)
	}
	for _, row := range res.Rows {
		hand := row.Hand // edge's words, as `trainer math` prints them
		if l.Tag() != i18n.Source {
			hand = lookup(l, "row."+row.Key, row.Hand)
		}
		t.Rows = append(t.Rows, templates.FigureRow{Hand: hand, Pays: row.Pays, Count: templates.Count(row.Count),
			Probability: string(row.Probability), Return: rowReturn(row), Changed: changedRow != "" && row.Key == changedRow})
	}
	for _, f := range res.Figures {
		name, note := figureLine(l, f)
		t.Extra = append(t.Extra, templates.FigureLine{Name: name, Value: string(f.Value), StdErr: num(f.StdErr), Note: note})
	}
	if changedRow == "" {
		t.Command = s.mathCommand(res)
	}
	return t
}

// mathCommand is the `trainer math` command that prints res.
func (s *Server) mathCommand(res *edge.Result) string {
	c := fmt.Sprintf("trainer math --game %s --wager %s --table %s", res.Game, res.Wager, shellWord(res.Table))
	if res.Method == edge.Simulation {
		c += fmt.Sprintf(" --rounds %d --seed %d", res.Rounds, simSeed)
	}
	if res.House != rulebook.DefaultHouse {
		c += " --house " + shellWord(res.House)
	}
	return c
}

// shellWord quotes s for a shell when it holds anything but plain letters.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func num(n *edge.Num) string {
	if n == nil {
		return ""
	}
	return string(*n)
}

// returnToPlayer is 1 − the house edge of res, exact (with its fraction)
// where the edge is, and with the edge's standard error where simulated.
func returnToPlayer(res *edge.Result) templates.Figure {
	f := templates.Figure{StdErr: num(res.StdErr)}
	one := big.NewRat(1, 1)
	if e, ok := new(big.Rat).SetString(res.HouseEdgeExact); ok && res.HouseEdgeExact != "" {
		r := new(big.Rat).Sub(one, e)
		f.Value, f.Exact = string(edge.RatNum(r)), r.String()
		return f
	}
	if e, ok := new(big.Rat).SetString(string(*res.HouseEdge)); ok {
		f.Value = string(edge.RatNum(new(big.Rat).Sub(one, e)))
	}
	return f
}

// rowReturn is a row's share of the return to player, the stake included:
// probability × (odds + 1), that is edge's row return (probability × odds)
// plus the probability. "" where edge gives the row no return (the Blind).
func rowReturn(row edge.Row) string {
	if row.Return == nil {
		return ""
	}
	p, ok1 := new(big.Rat).SetString(string(row.Probability))
	r, ok2 := new(big.Rat).SetString(string(*row.Return))
	if !ok1 || !ok2 {
		return ""
	}
	return string(edge.RatNum(p.Add(p, r)))
}

// plainNote rewrites the notes edge writes for `trainer math`, which name
// its command-line flags, in the page's words.
func plainNote(n string) string {
	if strings.HasPrefix(n, "Instant Cash is paid on the Ante") {
		return "Instant Cash is paid on the Ante for a royal or straight flush in the first five cards: " +
			"what it pays on average is what it adds to the Ante. The rest of the Ante's fate depends on the player's decisions: " +
			"see the main game's figures above."
	}
	return strings.ReplaceAll(n, "--wager main", "the main game's figures above")
}

// wagerTitle names a wager of the pay-tables page in l's language
// (edge_wager.<game>.<name>; edge's Title in English).
func wagerTitle(l *i18n.Localizer, w edge.Wager) string {
	return lookup(l, "edge_wager."+w.Game+"."+w.Name, w.Title)
}

// edgeNotes are the catalogue's ids of the notes edge writes, by their
// English as plainNote says it on the page.
var edgeNotes = map[string]string{
	"Instant Cash is paid on the Ante for a royal or straight flush in the first five cards: what it pays on average is what it adds to the Ante. The rest of the Ante's fate depends on the player's decisions: see the main game's figures above.": "edge_note.instant",
	"How often the player's final seven cards make each Blind row. The Blind pays its row only when the player's hand also beats the dealer's (and loses when it is beaten), so its edge is part of the main game's figures above.":                  "edge_note.blind",
	"A fold forfeits Trips at this house: these figures are for a box that stays to the showdown.":                                                                                                                                                   "edge_note.fold_trips",
	"The five cards a player keeps bind at this house: the figures are for a player who keeps his best five.":                                                                                                                                        "edge_note.keeps_five",
	"Per unit of Ante: the Ante, the Blind and the Play together, at exact odds (no rounding to the smallest chip, no payout cap).":                                                                                                                  "edge_note.per_ante_uth",
	"Per unit of the Poker Bet, at exact odds (a half pay is exactly half).":                                                                                                                                                                         "edge_note.per_poker_bet",
	"Per unit of Ante: the Ante, the fees and the BET together, as the house settles them; each round is settled by the rules engine.":                                                                                                               "edge_note.per_ante_oracle",
	"Per unit of Ante: the Ante, the fees and the BET together (the Super aside), as the house settles them; each round is settled by the rules engine.":                                                                                             "edge_note.per_ante_lunar",
}

// noteIn is a note of edge's in l's language: plainNote's words, from the
// catalogue when it has them.
func noteIn(l *i18n.Localizer, n string) string {
	p := plainNote(n)
	if id, ok := edgeNotes[p]; ok {
		return lookup(l, id, p)
	}
	return p
}

// oddsRows are a table's rows with what they pay, for a simulated table
// (whose Result has no rows) and a what-if's change.
func oddsRows(l *i18n.Localizer, pt games.PayTable, changed string) []templates.FigureRow {
	var out []templates.FigureRow
	for _, r := range pt.Rows {
		out = append(out, templates.FigureRow{Hand: rowNameIn(l, r.Key), Pays: r.Odds.String(), Changed: r.Key == changed})
	}
	return out
}

// roundsOptions offers the simulation lengths of w, with selected chosen
// (the shorter one when selected is 0).
func roundsOptions(l *i18n.Localizer, w edge.Wager, selected int64) []templates.Option {
	ns := simRounds(w)
	if !slices.Contains(ns, selected) {
		selected = ns[0]
	}
	var out []templates.Option
	for i, n := range ns {
		label := l.T("paytables.n_rounds", "Rounds", l.Number(n))
		if i == len(ns)-1 {
			label = l.T("paytables.n_rounds_math", "Rounds", l.Number(n))
		}
		out = append(out, templates.Option{Value: strconv.FormatInt(n, 10), Label: label, Selected: n == selected})
	}
	return out
}

// whatIfForm is w's what-if form with in as sent (blank: the house's table,
// its first row) and errs on its fields.
func (s *Server) whatIfForm(l *i18n.Localizer, game string, w edge.Wager, in whatIfInput, errs templates.Errors) templates.WhatIfForm {
	f := templates.WhatIfForm{ID: templates.WhatIfID(w.Name), Game: game, Wager: w.Name, Title: wagerTitle(l, w), Odds: in.odds, Errors: errs}
	if f.Errors == nil {
		f.Errors = templates.Errors{}
	}
	tables := s.tables(w)
	if in.table == "" {
		in.table = tables[0].Name
	}
	var rows []string
	for _, pt := range tables {
		f.Tables = append(f.Tables, templates.Option{Value: pt.Name, Label: pt.Name, Selected: pt.Name == in.table})
		for _, r := range pt.Rows {
			if !slices.Contains(rows, r.Key) {
				rows = append(rows, r.Key)
			}
		}
	}
	for _, k := range rows {
		f.Rows = append(f.Rows, templates.Option{Value: k, Label: rowNameIn(l, k), Selected: k == in.row})
	}
	if w.Method == edge.Simulation {
		f.Rounds = roundsOptions(l, w, in.n)
	}
	return f
}

// whatIfResult prices in's changed table beside its table: from the cached
// count for an exact wager (waiting for the count as the page does), or by
// two simulations of the same rounds.
func (s *Server) whatIfResult(r *http.Request, game string, w edge.Wager, in whatIfInput) (*templates.WhatIfResult, error) {
	res := &templates.WhatIfResult{ID: templates.WhatIfResultID(w.Name)}
	q := url.Values{"game": {game}, "wager": {w.Name}, "table": {in.table}, "row": {in.row}, "odds": {in.odds}}
	if w.Method == edge.Simulation {
		q.Set("rounds", strconv.FormatInt(in.n, 10))
	}
	pollURL := templates.PayTablesWhatIfURL + "?" + pollQuery(q)
	refreshURL := templates.PayTablesWhatIfURL + "?" + q.Encode() + "#" + templates.WhatIfID(w.Name)
	own := edge.HouseTable(s.house, w).Name
	if w.Method == edge.Simulation {
		jo, err := s.simFigure(w, in.pt, in.n, true)
		if err != nil {
			return nil, err
		}
		jc, err := s.simFigure(w, in.changed, in.n, true)
		if err != nil {
			return nil, err
		}
		s.await(r, jo, jc)
		res.Original = s.slot(loc(r), jo, res.ID+"-original", pollURL, refreshURL, func(t *templates.TableFigures) {
			t.House, t.Rows, t.Label = in.pt.Name == own, oddsRows(loc(r), in.pt, ""), beforeLabel(loc(r), t.Label)
		})
		res.Changed = s.slot(loc(r), jc, res.ID+"-changed", pollURL, refreshURL, func(t *templates.TableFigures) {
			t.Changed, t.Rows, t.Command = changeText(loc(r), in), oddsRows(loc(r), in.changed, in.row), ""
		})
		if res.Original.Figures != nil && res.Changed.Figures != nil {
			res.DifferenceOf = "paytables.of_house_edge"
			res.Difference = decimalDifference(res.Changed.Figures.HouseEdge.Value, res.Original.Figures.HouseEdge.Value)
			res.Note = t(r, "paytables.same_rounds_note", "Rounds", loc(r).Number(in.n))
		}
	} else {
		j, err := s.exactFigures(w)
		if err != nil {
			return nil, err
		}
		s.await(r, j)
		st := j.Status()
		switch {
		case st.State != job.Done:
			res.Original = templates.FigureSlot{Pending: progressView(st, res.ID+"-progress", pollURL, refreshURL)}
		case st.Err != nil:
			res.Original = templates.FigureSlot{Problem: figureProblem(loc(r), st.Err)}
		default:
			// The count is cached now: each table is priced in well under a millisecond.
			orig, err := s.calc.Compute(r.Context(), edge.Query{Wager: w, House: s.house, Table: &in.pt}, nil)
			if err != nil {
				return nil, fmt.Errorf("what-if %s: %w", in.pt.Name, err)
			}
			ch, err := s.calc.Compute(r.Context(), edge.Query{Wager: w, House: s.house, Table: &in.changed}, nil)
			if err != nil {
				return nil, fmt.Errorf("what-if %s: %w", in.changed.Name, err)
			}
			o := s.tableFigures(loc(r), orig, orig.Table == own, "", 0)
			c := s.tableFigures(loc(r), ch, false, in.row, 0)
			o.Elapsed, c.Elapsed, c.Changed = "", "", changeText(loc(r), in)
			o.Label = beforeLabel(loc(r), o.Label)
			res.Original, res.Changed = templates.FigureSlot{Figures: &o}, templates.FigureSlot{Figures: &c}
			switch {
			case orig.Edge != nil && ch.Edge != nil:
				res.DifferenceOf = "paytables.of_house_edge"
				res.Difference = string(edge.RatNum(new(big.Rat).Sub(ch.Edge, orig.Edge)))
			case orig.Ret != nil && ch.Ret != nil:
				res.DifferenceOf = "paytables.of_pays"
				res.Difference = string(edge.RatNum(new(big.Rat).Sub(ch.Ret, orig.Ret)))
			}
		}
	}
	if res.Original.Pending != nil || res.Changed.Pending != nil {
		res.PollURL = pollURL
	}
	return res, nil
}

// changeText names a what-if's change in l's language: "flush 7:1", the
// row by the hands catalogue, the odds as written on the form.
func changeText(l *i18n.Localizer, in whatIfInput) string {
	o, _ := in.changed.Odds(in.row)
	if l.Lang() == i18n.Source {
		return edge.RowName(in.row) + " " + o.String()
	}
	return l.T("paytables.whatif.change", "Row", rowNameIn(l, in.row), "Odds", o.String())
}

// beforeLabel marks the what-if's table as it stands, before the change.
func beforeLabel(l *i18n.Localizer, label string) string {
	return l.T("paytables.whatif.before", "Label", label)
}

// decimalDifference is a − b for two decimal texts (simulated figures), as
// exact decimal text: the difference of what is printed, not of floats.
func decimalDifference(a, b string) string {
	x, ok1 := new(big.Rat).SetString(a)
	y, ok2 := new(big.Rat).SetString(b)
	if !ok1 || !ok2 {
		return ""
	}
	d := x.Sub(x, y)
	for prec := 0; prec <= 40; prec++ {
		if scaled := new(big.Rat).Mul(d, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(prec)), nil))); scaled.IsInt() {
			return d.FloatString(prec)
		}
	}
	return d.FloatString(12)
}

// rowNameIn names a pay-table row in l's language (content/i18n/hands:
// row.<key>, games.RowWords's English).
func rowNameIn(l *i18n.Localizer, key string) string {
	return lookup(l, "row."+key, edge.RowName(key))
}
