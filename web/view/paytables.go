package view

import (
	"context"
	"errors"
	"math/big"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/edge"
	"github.com/dealerkiosk/trainer/internal/figure"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/games/uth"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/job"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The pay-table review page (issue 5): what every pay table of a game
// returns at the kiosk's house, computed by package edge in the background
// (package figure). The views show what edge's Results say, as the jobs
// stand; the only figure computed here is a what-if's difference, the
// changed table's edge less the table's.

// Figures are the pay tables' figures as they stand (figure.Board): a view
// only looks them up, never starts one.
type Figures interface {
	Lookup(w edge.Wager, pt games.PayTable, rounds int64) *figure.Job
}

// PayTablesOption replaces one part of the page: the card or what-if a
// request is about.
type PayTablesOption func(*templates.PayTablesView)

// PayTables is the page of game, with its exact wagers as their jobs
// (exact, by wager) stand and every simulated table as it was last asked
// for (figs).
func (k *Kiosk) PayTables(ctx context.Context, page templates.Page, game string, exact map[string]*figure.Job, figs Figures,
	opts ...PayTablesOption) templates.PayTablesView {
	l := i18n.FromContext(ctx)
	page.Title = say.Msg("nav.paytables")
	v := templates.PayTablesView{Page: page, House: k.House.Title, GameName: say.Game(ctx, game)}
	for _, g := range rulebook.GameSlugs {
		v.Games = append(v.Games, templates.GameTab{Slug: g, Name: say.Game(ctx, g),
			URL: templates.PayTablesURL + "?game=" + url.QueryEscape(g), Current: g == game})
	}
	for _, w := range edge.Wagers(game) {
		v.Wagers = append(v.Wagers, k.wagerView(l, game, w, exact[w.Name], figs))
	}
	for _, o := range opts {
		o(&v)
	}
	if waiting(v) {
		v.RefreshSeconds = 2
	}
	return v
}

// WithSimCard shows card in place of its table's card.
func WithSimCard(card templates.SimCard) PayTablesOption {
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

// WithWhatIf shows f in place of its wager's what-if.
func WithWhatIf(f templates.WhatIfForm) PayTablesOption {
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

func (k *Kiosk) wagerView(l *i18n.Localizer, game string, w edge.Wager, j *figure.Job, figs Figures) templates.WagerView {
	own := edge.HouseTable(k.House, w)
	wv := templates.WagerView{Wager: w.Name, Title: wagerTitle(l, w), HouseTable: own.Name, Exact: w.Method == edge.Exact}
	if bk := k.House.Book(game); bk != nil {
		if id, ok := bk.TableSection(w.Kind); ok {
			wv.Book = k.Cite(l.Lang(), game, id)[0]
		}
	}
	for _, n := range edge.TableNames(k.Book, k.House, w) {
		if n != own.Name {
			wv.Others = append(wv.Others, n)
		}
	}
	if wv.Exact {
		wv.Method = l.T("paytables.method_exact")
		wv.Figures = k.exactView(l, game, w, j)
	} else {
		wv.Method = l.T("paytables.method_simulated")
		for _, pt := range k.tables(w) {
			wv.Sims = append(wv.Sims, k.simCard(l, game, w, pt, 0, figs))
		}
	}
	if wv.NoWhatIf = noWhatIf(l, w); wv.NoWhatIf == "" {
		f := k.whatIfForm(l, game, w, WhatIfInput{}, nil)
		wv.WhatIf = &f
	}
	return wv
}

// tables are the tables of w the house could choose, its own first.
func (k *Kiosk) tables(w edge.Wager) []games.PayTable {
	own := edge.HouseTable(k.House, w)
	out := []games.PayTable{own}
	for _, n := range edge.TableNames(k.Book, k.House, w) {
		if pt, err := edge.FindTable(k.Book, k.House, w, n); err == nil && n != own.Name {
			out = append(out, pt)
		}
	}
	return out
}

// exactView is an exact wager's tables as its job stands.
func (k *Kiosk) exactView(l *i18n.Localizer, game string, w edge.Wager, j *figure.Job) templates.FiguresView {
	f := templates.FiguresView{Wager: w.Name}
	if j == nil {
		return f
	}
	q := url.Values{"game": {game}, "wager": {w.Name}}
	st := j.Status()
	switch {
	case st.State != job.Done:
		f.Pending = progressView(l, st, templates.FiguresID(w.Name)+"-progress",
			templates.PayTablesURL+"?"+pollQuery(q), templates.PayTablesURL+"?game="+url.QueryEscape(game)+"#"+templates.WagerID(w.Name))
	case st.Err != nil:
		f.Problem = FigureProblem(l, st.Err)
	default:
		own := edge.HouseTable(k.House, w).Name
		for _, res := range st.Value {
			t := k.tableFigures(l, res, res.Table == own, "", 0)
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
func (k *Kiosk) simCard(l *i18n.Localizer, game string, w edge.Wager, pt games.PayTable, rounds int64, figs Figures) templates.SimCard {
	id := templates.SimCardID(w.Name, pt.Name)
	title := k.tableTitle(l, w, pt.Name)
	c := templates.SimCard{ID: id, Table: pt.Name, Title: title, Label: l.T("paytables.table_of", "Wager", wagerTitle(l, w), "Table", title),
		House: pt.Name == edge.HouseTable(k.House, w).Name, Rows: oddsRows(l, pt, "")}
	var j *figure.Job
	if rounds != 0 {
		j = figs.Lookup(w, pt, rounds)
	} else {
		for _, n := range slices.Backward(SimRounds(w)) {
			sj := figs.Lookup(w, pt, n)
			if sj == nil {
				continue
			}
			if st := sj.Status(); st.State == job.Done && st.Err == nil {
				j, rounds = sj, n
				break
			}
			if j == nil {
				j, rounds = sj, n
			}
		}
	}
	q := url.Values{"game": {game}, "wager": {w.Name}, "table": {pt.Name}, "rounds": {strconv.FormatInt(rounds, 10)}}
	c.Slot = k.slot(l, j, id+"-progress", templates.PayTablesSimURL+"?"+pollQuery(q), templates.PayTablesSimURL+"?"+q.Encode()+"#"+id,
		func(t *templates.TableFigures) { t.House, t.Rows = c.House, c.Rows })
	c.Form = templates.SimForm{Game: game, Wager: w.Name, Table: pt.Name, Target: id, Rounds: roundsOptions(l, w, rounds)}
	return c
}

// slot is one figure as its job stands (nil: not asked for). decorate adds
// what the Result does not carry.
func (k *Kiosk) slot(l *i18n.Localizer, j *figure.Job, progressID, pollURL, refreshURL string, decorate func(*templates.TableFigures)) templates.FigureSlot {
	if j == nil {
		return templates.FigureSlot{}
	}
	st := j.Status()
	switch {
	case st.State != job.Done:
		return templates.FigureSlot{Pending: progressView(l, st, progressID, pollURL, refreshURL)}
	case st.Err != nil:
		return templates.FigureSlot{Problem: FigureProblem(l, st.Err)}
	}
	t := k.tableFigures(l, st.Value[0], false, "", st.Elapsed)
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

func progressView(l *i18n.Localizer, st job.Status[[]*edge.Result], id, pollURL, refreshURL string) *templates.ProgressBar {
	p := &templates.ProgressBar{ID: id, Stage: stageWords(l, st.Progress.Stage, st.Progress.Total), Done: st.Progress.Done, Total: st.Progress.Total,
		Queued: st.State == job.Queued, PollURL: pollURL, RefreshURL: refreshURL}
	if st.State == job.Running {
		p.Elapsed = seconds1(st.Elapsed)
	}
	return p
}

// seconds1 writes a duration in seconds to the tenth, "0.4" (the messages
// that show it write the unit in their language); under a tenth, to the
// hundredth.
func seconds1(d time.Duration) string {
	if d < 100*time.Millisecond {
		return strconv.FormatFloat(d.Seconds(), 'f', 2, 64)
	}
	return strconv.FormatFloat(d.Seconds(), 'f', 1, 64)
}

// tableTitle names pay table name of wager w as a manager reads it, never
// by its rules-file name: "This house's table", or "Another table: flush 5
// to 1, straight 4 to 1" with the rows it pays differently from the
// house's, as the rule books write them.
func (k *Kiosk) tableTitle(l *i18n.Localizer, w edge.Wager, name string) string {
	own := edge.HouseTable(k.House, w)
	if name == own.Name {
		return l.T("paytables.title_house")
	}
	pt, err := edge.FindTable(k.Book, k.House, w, name)
	if err != nil {
		return l.T("paytables.title_same")
	}
	_, nw := rulebook.TableDifference(own, pt, k.House.Currency)
	if nw.Text == "" {
		return l.T("paytables.title_same")
	}
	return l.T("paytables.title_other", "Rows", sayIn(l, nw.Text, nw.Why()))
}

// tableFigures shows one Result. changedRow marks the row a what-if changed.
func (k *Kiosk) tableFigures(l *i18n.Localizer, res *edge.Result, house bool, changedRow string, elapsed time.Duration) templates.TableFigures {
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
	t.Title = l.T("paytables.title_same")
	t.Label = t.Title
	if w, err := edge.FindWager(res.Game, res.Wager); err == nil {
		t.Title = k.tableTitle(l, w, res.Table)
		t.Label = l.T("paytables.table_of", "Wager", wagerTitle(l, w), "Table", t.Title)
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
	return t
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
	ns := SimRounds(w)
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
func (k *Kiosk) whatIfForm(l *i18n.Localizer, game string, w edge.Wager, in WhatIfInput, errs templates.Errors) templates.WhatIfForm {
	f := templates.WhatIfForm{ID: templates.WhatIfID(w.Name), Game: game, Wager: w.Name, Title: wagerTitle(l, w), Odds: in.Odds, Errors: errs}
	if f.Errors == nil {
		f.Errors = templates.Errors{}
	}
	tables := k.tables(w)
	if in.Table == "" {
		in.Table = tables[0].Name
	}
	var rows []string
	for _, pt := range tables {
		f.Tables = append(f.Tables, templates.Option{Value: pt.Name, Label: k.tableTitle(l, w, pt.Name), Selected: pt.Name == in.Table})
		for _, r := range pt.Rows {
			if !slices.Contains(rows, r.Key) {
				rows = append(rows, r.Key)
			}
		}
	}
	for _, k := range rows {
		f.Rows = append(f.Rows, templates.Option{Value: k, Label: rowNameIn(l, k), Selected: k == in.Row})
	}
	if w.Method == edge.Simulation {
		f.Rounds = roundsOptions(l, w, in.N)
	}
	return f
}

// WhatIfInput is a what-if as sent, and the tables it names once valid.
type WhatIfInput struct {
	Table, Row, Odds, Rounds string
	PT, Changed              games.PayTable
	N                        int64 // simulated rounds
}

// SimRounds are the simulation lengths offered for w: a tenth of `trainer
// math`'s default (a second or two on the kiosk's machine), and the default.
func SimRounds(w edge.Wager) []int64 { return []int64{w.Rounds / 10, w.Rounds} }

// WhatIfQuery is the what-if's address: its poll and the page at it.
func WhatIfQuery(game string, w edge.Wager, in WhatIfInput) url.Values {
	q := url.Values{"game": {game}, "wager": {w.Name}, "table": {in.Table}, "row": {in.Row}, "odds": {in.Odds}}
	if w.Method == edge.Simulation {
		q.Set("rounds", strconv.FormatInt(in.N, 10))
	}
	return q
}

// WhatIfResult prices in's changed table beside its table, as the figures
// f stand.
func (k *Kiosk) WhatIfResult(ctx context.Context, game string, w edge.Wager, in WhatIfInput, f figure.WhatIf) *templates.WhatIfResult {
	l := i18n.FromContext(ctx)
	res := &templates.WhatIfResult{ID: templates.WhatIfResultID(w.Name)}
	q := WhatIfQuery(game, w, in)
	pollURL := templates.PayTablesWhatIfURL + "?" + pollQuery(q)
	refreshURL := templates.PayTablesWhatIfURL + "?" + q.Encode() + "#" + templates.WhatIfID(w.Name)
	own := edge.HouseTable(k.House, w).Name
	if w.Method == edge.Simulation {
		res.Original = k.slot(l, f.Original, res.ID+"-original", pollURL, refreshURL, func(t *templates.TableFigures) {
			t.House, t.Rows, t.Label = in.PT.Name == own, oddsRows(l, in.PT, ""), beforeLabel(l, t.Label)
		})
		res.Changed = k.slot(l, f.Changed, res.ID+"-changed", pollURL, refreshURL, func(t *templates.TableFigures) {
			t.Changed, t.Rows = changeText(l, in), oddsRows(l, in.Changed, in.Row)
		})
		if res.Original.Figures != nil && res.Changed.Figures != nil {
			res.DifferenceOf = "paytables.of_house_edge"
			res.Difference = decimalDifference(res.Changed.Figures.HouseEdge.Value, res.Original.Figures.HouseEdge.Value)
			res.Note = l.T("paytables.same_rounds_note", "Rounds", l.Number(in.N))
		}
	} else {
		st := f.Exact.Status()
		switch {
		case st.State != job.Done:
			res.Original = templates.FigureSlot{Pending: progressView(i18n.FromContext(ctx), st, res.ID+"-progress", pollURL, refreshURL)}
		case st.Err != nil:
			res.Original = templates.FigureSlot{Problem: FigureProblem(l, st.Err)}
		default:
			orig, ch := f.OriginalResult, f.ChangedResult
			o := k.tableFigures(l, orig, orig.Table == own, "", 0)
			c := k.tableFigures(l, ch, false, in.Row, 0)
			o.Elapsed, c.Elapsed, c.Changed = "", "", changeText(l, in)
			o.Label = beforeLabel(l, o.Label)
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
	return res
}

// WhatIfForm is w's what-if form with in as sent (blank: the house's table,
// its first row) and errs on its fields.
func (k *Kiosk) WhatIfForm(ctx context.Context, game string, w edge.Wager, in WhatIfInput, errs templates.Errors) templates.WhatIfForm {
	return k.whatIfForm(i18n.FromContext(ctx), game, w, in, errs)
}

// SimCard is one table of a simulated wager with its simulation of rounds.
func (k *Kiosk) SimCard(ctx context.Context, game string, w edge.Wager, pt games.PayTable, rounds int64, figs Figures) templates.SimCard {
	return k.simCard(i18n.FromContext(ctx), game, w, pt, rounds, figs)
}

// NoWhatIf says why a wager has no what-if, or "".
func NoWhatIf(ctx context.Context, w edge.Wager) string { return noWhatIf(i18n.FromContext(ctx), w) }

// noWhatIf says why a wager has no what-if, or "".
func noWhatIf(l *i18n.Localizer, w edge.Wager) string {
	if w.Game == uth.Slug && w.Name == "blind" {
		return l.T("paytables.no_what_if_blind")
	}
	return ""
}

// FigureProblem says, for people, why a job gave no figure, in l's
// language: that the kiosk stopped it, or that it was not computed and why
// where the kiosk knows the reason (edgeWhy). Otherwise English quotes
// edge's one-line refusal, which is English, and another language says
// only that the figure was not computed (the log keeps the reason).
func FigureProblem(l *i18n.Localizer, err error) string {
	if errors.Is(err, context.Canceled) {
		return l.T("paytables.whatif.stopped")
	}
	if why, ok := edgeWhy(l, err); ok {
		return l.T("paytables.whatif.not_computed", "Why", why)
	}
	if l.Lang() == i18n.Source {
		return l.T("paytables.whatif.not_computed", "Why", err.Error())
	}
	return l.T("paytables.whatif.not_computed_bare")
}

// edgeWhy is why a house edge could not be computed, in l's language, where
// the kiosk knows the reason: a house whose hands play both hole cards
// (which the exact count does not cover), a computation that ran out of
// time, or a refusal with a message id.
func edgeWhy(l *i18n.Localizer, err error) (string, bool) {
	var e *trainer.Error
	switch {
	case errors.Is(err, edge.ErrBothHoleCards):
		return l.T("approval.edge.why_both_hole_cards"), true
	case errors.Is(err, context.DeadlineExceeded):
		return l.T("approval.edge.why_too_long"), true
	case errors.As(err, &e) && e.ID != "":
		if s := l.T(e.ID, e.Args...); s != e.ID {
			return strings.TrimSuffix(s, "."), true
		}
	}
	return "", false
}

// TableKindWord names the kind of table a what-if's table refusal is about:
// in English the table's kind, as edge names it ("trips"); in another
// language the wager, as the page does.
func TableKindWord(w edge.Wager) say.Word {
	return say.WordOf(func(ctx context.Context) string {
		if english := i18n.FromContext(ctx); english.Tag() == i18n.Source {
			return w.Kind
		}
		return wagerTitle(i18n.FromContext(ctx), w)
	})
}

// RowsWord names a table's rows, never by their keys: in English as edge
// names them, in another language by the hands catalogue (row.<key>).
func RowsWord(pt games.PayTable) say.Word {
	return say.WordOf(func(ctx context.Context) string {
		l := i18n.FromContext(ctx)
		names := make([]string, len(pt.Rows))
		for i, r := range pt.Rows {
			names[i] = edge.RowName(r.Key)
			if l.Tag() != i18n.Source {
				names[i] = rowNameIn(l, r.Key)
			}
		}
		return strings.Join(names, ", ")
	})
}

// changeText names a what-if's change in l's language: "flush 7:1", the
// row by the hands catalogue, the odds as written on the form.
func changeText(l *i18n.Localizer, in WhatIfInput) string {
	o, _ := in.Changed.Odds(in.Row)
	if l.Lang() == i18n.Source {
		return edge.RowName(in.Row) + " " + o.String()
	}
	return l.T("paytables.whatif.change", "Row", rowNameIn(l, in.Row), "Odds", o.String())
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

// WhatIfWords are a what-if's change ("flush 7:1") and the label of its
// table before the change, in l's language, for the tests that hold them
// to the catalogues.
func WhatIfWords(l *i18n.Localizer, pt games.PayTable, row string, o games.Odds, label string) (change, before string, err error) {
	in := WhatIfInput{Row: row, PT: pt}
	if in.Changed, err = edge.WithRow(pt, row, o); err != nil {
		return "", "", err
	}
	return changeText(l, in), beforeLabel(l, label), nil
}

// FieldProblem is a refusal err on a field named by message field: "Rounds:
// choose 100,000 or 1,000,000 rounds, not …".
func FieldProblem(ctx context.Context, field string, err error) string {
	return say.T(ctx, field) + ": " + say.Error(ctx, err)
}

// ReadRounds reads a simulation length, which must be one of SimRounds.
func ReadRounds(text string, w edge.Wager) (int64, bool) {
	n, err := strconv.ParseInt(strings.ReplaceAll(text, ",", ""), 10, 64)
	return n, err == nil && slices.Contains(SimRounds(w), n)
}

// RoundsProblem is the refusal of a simulation length text that is not one
// of SimRounds (KindInvalid): it names the lengths offered, which the
// reader's language groups as it groups digits.
func RoundsProblem(text string, w edge.Wager) error {
	ns := SimRounds(w)
	return trainer.NewError(trainer.KindInvalid, "approval.err.sim_rounds", "Short", ns[0], "Long", ns[len(ns)-1], "Sent", strconv.Quote(text))
}

// ReadWhatIf checks a what-if: the table, the row, the odds and (for a
// simulated wager) the rounds. Each message names what is wrong with the
// value sent.
func (k *Kiosk) ReadWhatIf(ctx context.Context, q url.Values, w edge.Wager) (WhatIfInput, templates.Errors) {
	in := WhatIfInput{Table: q.Get("table"), Row: q.Get("row"), Odds: strings.TrimSpace(q.Get("odds")), Rounds: q.Get("rounds")}
	errs := templates.Errors{}
	if why := NoWhatIf(ctx, w); why != "" {
		errs["wager"] = why
		return in, errs
	}
	pt, err := edge.FindTable(k.Book, k.House, w, in.Table)
	if err != nil {
		errs["table"] = say.Error(ctx, trainer.NewError(trainer.KindInvalid, "paytables.whatif.no_table", "Kind", TableKindWord(w),
			"Sent", strconv.Quote(in.Table), "Tables", strings.Join(edge.TableNames(k.Book, k.House, w), ", ")))
	} else if !slices.ContainsFunc(pt.Rows, func(r games.PayRow) bool { return r.Key == in.Row }) {
		errs["row"] = say.Error(ctx, trainer.NewError(trainer.KindInvalid, "paytables.whatif.no_row", "Table", pt.Name,
			"Sent", strconv.Quote(in.Row), "Rows", RowsWord(pt)))
	}
	var o games.Odds
	switch {
	case in.Odds == "":
		errs["odds"] = say.T(ctx, "paytables.enter_odds")
	default:
		if o, err = games.ParseOdds(in.Odds); err != nil {
			errs["odds"] = say.T(ctx, "paytables.whatif.bad_odds", "Sent", strconv.Quote(in.Odds))
		}
	}
	if w.Method == edge.Simulation {
		var ok bool
		if in.N, ok = ReadRounds(in.Rounds, w); !ok {
			errs["rounds"] = say.Error(ctx, RoundsProblem(in.Rounds, w))
		}
	}
	if len(errs) > 0 {
		return in, errs
	}
	in.PT = pt
	if in.Changed, err = edge.WithRow(pt, in.Row, o); err != nil {
		errs["odds"] = err.Error()
	}
	return in, errs
}

// stageWords says what a computation is doing, in the reader's language:
// the engine names its stages in English, for the command line ("counting
// 2,598,960 five-card hands", "dealing 100,000 rounds", "solving every deal
// by backward induction"), and the page says the same from the catalogue.
func stageWords(l *i18n.Localizer, stage string, total int64) string {
	switch {
	case stage == "":
		return ""
	case strings.HasPrefix(stage, "counting"):
		return l.T("paytables.stage_counting", "Count", l.Number(total))
	case strings.HasPrefix(stage, "dealing"):
		return l.T("paytables.stage_dealing", "Count", l.Number(total))
	case strings.HasPrefix(stage, "solving"):
		return l.T("paytables.stage_solving")
	}
	return l.T("paytables.stage_working")
}
