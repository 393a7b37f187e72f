package view

import (
	"cmp"
	"context"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The class at a glance (issue 23): one table of trainees × games on the
// managers' dashboard, by class or for everyone (docs/classes.md).

// StepReady is the glance's state beyond eval's steps: in training, and
// ready for the exam by eval.Ready. It is a filter's value (?state=ready).
const StepReady eval.Step = "ready"

// The columns the table sorts by (?sort=).
const (
	SortName     = "name"
	SortState    = "state"
	SortWeek     = "week"
	SortMonth    = "month"
	SortAccuracy = "accuracy"
	SortTime     = "time"
	SortActive   = "active"
)

var glanceSorts = []string{SortName, SortState, SortWeek, SortMonth, SortAccuracy, SortTime, SortActive}

// GlanceQuery is what the manager chose, read from the query (?class=
// &q=&sort=&dir=; the game and the state are CertFilter's).
type GlanceQuery struct {
	Class  int64
	Search string
	Sort   string // one of the Sort… columns, SortName when empty
	Desc   bool
}

// ReadGlanceQuery reads q: an unknown sort is the name's.
func ReadGlanceQuery(q url.Values) GlanceQuery {
	g := GlanceQuery{Search: strings.TrimSpace(q.Get("q")), Sort: q.Get("sort"), Desc: q.Get("dir") == "desc"}
	g.Class, _ = strconv.ParseInt(q.Get("class"), 10, 64)
	if !slices.Contains(glanceSorts, g.Sort) {
		g.Sort = SortName
	}
	return g
}

// GlanceFacts are what the class at a glance shows, as the handler read
// them.
type GlanceFacts struct {
	Query   GlanceQuery
	Classes []*trainer.Class
	// Games are the games in scope: the filter's, the class's, or every
	// game with a certification standard.
	Games   []string
	Figures map[practice.GlanceKey]*practice.GlanceFigures
	Active  []trainer.Activity
	// FreshnessYears is the house's limit on a programme's completion
	// (records.toml freshness_years): older, a line warns as the file does.
	FreshnessYears int
}

// glanceOrder is the states by urgency, for sorting by state: what asks
// for a manager first.
var glanceOrder = []eval.Step{eval.StepTableTest, StepReady, eval.StepExamFailed, eval.StepDue, eval.StepExpired,
	eval.StepRevoked, eval.StepInTraining, eval.StepCertified}

// glanceKey orders a trainee: sums over the lines shown.
type glanceKey struct {
	name           string
	state          int
	week, month    int
	accuracy, time float64 // the lowest accuracy, the slowest median against its target; -1 with no answer
	active         time.Time
}

// glance builds the table from rows (every trainee's certification in
// every game of f.Games, by trainee then game) under filter.
func glance(ctx context.Context, rows []CertRow, filter CertFilter, f GlanceFacts, now time.Time) templates.GlanceView {
	active := map[practice.GlanceKey]time.Time{}
	for _, a := range f.Active {
		active[practice.GlanceKey{UserID: a.UserID, Game: a.Game}] = a.At
	}
	var v templates.GlanceView
	v.Search = f.Query.Search
	type trainee struct {
		t   templates.GlanceTrainee
		key glanceKey
	}
	var out []trainee
	all := 0
	search := strings.ToLower(f.Query.Search)
	for i := 0; i < len(rows); {
		u := rows[i].User
		j := i
		for j < len(rows) && rows[j].User.ID == u.ID {
			j++
		}
		lines := rows[i:j]
		i = j
		all++
		if !searchFinds(search, u) {
			continue
		}
		tr := trainee{t: templates.GlanceTrainee{Name: u.Name, Badge: u.Badge, URL: templates.TraineeFileURL(u.ID)},
			key: glanceKey{name: strings.ToLower(u.Name), state: len(glanceOrder), accuracy: -1, time: -1}}
		for _, cr := range lines {
			k := practice.GlanceKey{UserID: u.ID, Game: cr.Game}
			fig, last := f.Figures[k], active[k]
			step := GlanceStep(cr, fig)
			if filter.Step != "" && step != filter.Step {
				continue
			}
			// A game neither practised nor begun is left out when
			// several games are shown: the trainee stays compact.
			if filter.Step == "" && len(f.Games) > 1 && last.IsZero() && step == eval.StepInTraining {
				continue
			}
			line := glanceLine(ctx, slices.Index(f.Games, cr.Game), cr, step, fig, last, now)
			if len(f.Games) > 1 { // one game goes without saying: the filter names it
				line.GameName = say.Game(ctx, cr.Game)
			}
			if y := f.FreshnessYears; y > 0 && records.Stale(cr.Completed, y, now) {
				line.Stale = say.T(ctx, "records.file.stale", "Years", y) // the dealer's file's warning
			}
			tr.t.Lines = append(tr.t.Lines, line)
			tr.key.add(step, fig, last)
		}
		if len(tr.t.Lines) == 0 {
			if filter.Step != "" {
				continue
			}
			tr.t.Lines = []templates.GlanceLine{{Cell: "cell-none", CertCell: templates.CertCell{State: say.T(ctx, "glance.not_started"),
				StateClass: string(eval.StepInTraining), Step: string(eval.StepInTraining)}, Week: "0", Month: "0",
				Accuracy: "—", Time: "—", Active: say.T(ctx, "glance.never")}}
		}
		out = append(out, tr)
	}
	slices.SortStableFunc(out, func(a, b trainee) int {
		c := a.key.compare(b.key, f.Query.Sort)
		if f.Query.Desc {
			c = -c
		}
		return cmp.Or(c, cmp.Compare(a.key.name, b.key.name))
	})
	for _, tr := range out {
		v.Trainees = append(v.Trainees, tr.t)
	}
	v.Count = traineeCount(ctx, len(v.Trainees), all, filter.Step != "" || search != "")
	v.Classes = glanceClasses(ctx, f)
	v.States = glanceStates(ctx, filter, f.Query)
	v.Columns = glanceColumns(ctx, filter, f.Query)
	v.Hidden = glanceHidden(filter, f.Query)
	return v
}

// GlanceStep is the state the class at a glance shows for cr: eval's
// step, or StepReady for a trainee in training whose practice (fig, nil
// for none) meets eval.Ready.
func GlanceStep(cr CertRow, fig *practice.GlanceFigures) eval.Step {
	step := cr.Status.Step()
	if step == eval.StepInTraining && fig != nil && fig.Ready {
		return StepReady
	}
	return step
}

// searchFinds reports whether the search (lower case, "" for none) finds
// u: a part of the name or of the badge, in any case.
func searchFinds(search string, u *trainer.User) bool {
	return search == "" || strings.Contains(strings.ToLower(u.Name), search) || strings.Contains(strings.ToLower(u.Badge), search)
}

// ListedRow is a certification the class at a glance lists, with the state
// it shows.
type ListedRow struct {
	CertRow
	Step eval.Step
}

// GlanceListed are the certifications of f.Rows (already narrowed to the
// chosen class and its games) that the class at a glance lists under its
// filter and its search, with the state each shows: what the
// certifications CSV exports, so that it lists the page's trainees.
func GlanceListed(f DashboardFacts) []ListedRow {
	search := strings.ToLower(f.Glance.Query.Search)
	var out []ListedRow
	for _, cr := range f.Rows {
		step := GlanceStep(cr, f.Glance.Figures[practice.GlanceKey{UserID: cr.User.ID, Game: cr.Game}])
		if searchFinds(search, cr.User) && f.Filter.Matches(step) {
			out = append(out, ListedRow{CertRow: cr, Step: step})
		}
	}
	return out
}

// add counts one line of the trainee in the sort key.
func (k *glanceKey) add(step eval.Step, fig *practice.GlanceFigures, last time.Time) {
	k.state = min(k.state, slices.Index(glanceOrder, step))
	if last.After(k.active) {
		k.active = last
	}
	if fig == nil || fig.Month == 0 {
		return
	}
	k.week += fig.Week
	k.month += fig.Month
	if acc := fig.Accuracy(); k.accuracy < 0 || acc < k.accuracy {
		k.accuracy = acc
	}
	if fig.Target > 0 {
		k.time = max(k.time, float64(fig.Median)/float64(fig.Target))
	}
}

// compare orders two trainees by column sort, ascending.
func (k glanceKey) compare(o glanceKey, sort string) int {
	switch sort {
	case SortState:
		return cmp.Compare(k.state, o.state)
	case SortWeek:
		return cmp.Compare(k.week, o.week)
	case SortMonth:
		return cmp.Compare(k.month, o.month)
	case SortAccuracy:
		return cmp.Compare(k.accuracy, o.accuracy)
	case SortTime:
		return cmp.Compare(k.time, o.time)
	case SortActive:
		return k.active.Compare(o.active)
	}
	return cmp.Compare(k.name, o.name)
}

// glanceLine is one trainee's line in one game.
func glanceLine(ctx context.Context, index int, cr CertRow, step eval.Step, fig *practice.GlanceFigures, last, now time.Time) templates.GlanceLine {
	l := templates.GlanceLine{Cell: "cell-" + strconv.Itoa(index), CertCell: certCell(ctx, cr.Game, cr.Status, now),
		Week: "0", Month: "0", Accuracy: "—", Time: "—", Active: say.T(ctx, "glance.never")}
	if step == StepReady {
		l.State, l.StateClass, l.Step = say.T(ctx, "glance.state_ready"), string(StepReady), string(StepReady)
		l.Date = "" // "no exam yet" goes without saying
	}
	if !last.IsZero() {
		l.Active = say.Date(ctx, last)
	}
	if fig == nil || fig.Month == 0 {
		return l
	}
	l.Week, l.Month = say.Number(ctx, int64(fig.Week)), say.Number(ctx, int64(fig.Month))
	l.Accuracy = say.Percent(fig.Right, fig.Month)
	l.Time = say.T(ctx, "glance.time_of", "Median", say.Seconds(ctx, fig.Median, 1), "Target", say.Seconds(ctx, fig.Target, 0))
	l.Slow = fig.Target > 0 && fig.Median > fig.Target
	for _, m := range fig.Weakest {
		l.Weakest = append(l.Weakest, say.Question(ctx, m.Skill)+" "+say.Share(m.Accuracy))
	}
	return l
}

// glanceURL is the dashboard's address with q's choices and filter's, one
// of them changed by set.
func glanceURL(filter CertFilter, q GlanceQuery, set func(url.Values)) string {
	v := url.Values{}
	for _, p := range glanceHidden(filter, q) {
		v.Set(p.Name, p.Value)
	}
	if q.Search != "" {
		v.Set("q", q.Search)
	}
	set(v)
	for k, vs := range v {
		if len(vs) == 0 || vs[0] == "" {
			delete(v, k)
		}
	}
	if len(v) == 0 {
		return "/manager"
	}
	return "/manager?" + v.Encode()
}

// glanceHidden are the choices the search form keeps.
func glanceHidden(filter CertFilter, q GlanceQuery) []templates.GlanceParam {
	var out []templates.GlanceParam
	add := func(name, value string) {
		if value != "" {
			out = append(out, templates.GlanceParam{Name: name, Value: value})
		}
	}
	if q.Class != 0 {
		add("class", strconv.FormatInt(q.Class, 10))
	}
	add("game", filter.Game)
	add("state", string(filter.Step))
	if q.Sort != SortName {
		add("sort", q.Sort)
	}
	if q.Desc {
		add("dir", "desc")
	}
	return out
}

// glanceStates are the state filter's links.
func glanceStates(ctx context.Context, filter CertFilter, q GlanceQuery) []templates.GlanceLink {
	link := func(st eval.Step, label string) templates.GlanceLink {
		return templates.GlanceLink{Label: label, Class: string(st), Current: filter.Step == st,
			URL: glanceURL(filter, q, func(v url.Values) { v.Set("state", string(st)) })}
	}
	out := []templates.GlanceLink{link("", say.T(ctx, "dash.every_state"))}
	for _, st := range glanceOrder {
		label := say.T(ctx, "glance.state_ready")
		if st != StepReady {
			label = say.Step(ctx, st)
		}
		out = append(out, link(st, label))
	}
	return out
}

// glanceColumns are the table's heads, each sortable column a link that
// sorts by it (again: the other way).
func glanceColumns(ctx context.Context, filter CertFilter, q GlanceQuery) []templates.GlanceColumn {
	col := func(sort, id string) templates.GlanceColumn {
		c := templates.GlanceColumn{Label: say.T(ctx, id)}
		desc := false
		if q.Sort == sort {
			c.Sort = "ascending"
			if q.Desc {
				c.Sort = "descending"
			}
			desc = !q.Desc
		}
		c.URL = glanceURL(filter, q, func(v url.Values) {
			v.Set("sort", sort)
			v.Del("dir")
			if desc {
				v.Set("dir", "desc")
			}
		})
		return c
	}
	return []templates.GlanceColumn{
		col(SortName, "glance.col_trainee"),
		col(SortState, "dash.state"),
		col(SortWeek, "glance.col_week"),
		col(SortMonth, "glance.col_month"),
		col(SortAccuracy, "glance.col_accuracy"),
		col(SortTime, "glance.col_time"),
		{Label: say.T(ctx, "glance.col_weakest")},
		col(SortActive, "glance.col_active"),
	}
}

// glanceClasses are the class chooser's options.
func glanceClasses(ctx context.Context, f GlanceFacts) []templates.ChoiceOption {
	if len(f.Classes) == 0 {
		return nil
	}
	out := []templates.ChoiceOption{{Value: "", Label: say.T(ctx, "glance.every_trainee"), Selected: f.Query.Class == 0}}
	for _, c := range f.Classes {
		out = append(out, templates.ChoiceOption{Value: strconv.FormatInt(c.ID, 10), Label: c.Name, Selected: c.ID == f.Query.Class})
	}
	return out
}
